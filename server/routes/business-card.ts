import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const businessCardRoutes: FastifyPluginAsyncZod = async () => {};
