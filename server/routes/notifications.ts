import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};
