import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const connectionsRoutes: FastifyPluginAsyncZod = async () => {};
