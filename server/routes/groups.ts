import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const groupsRoutes: FastifyPluginAsyncZod = async () => {};
