import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const liveRoutes: FastifyPluginAsyncZod = async () => {};
