import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const photosRoutes: FastifyPluginAsyncZod = async () => {};
