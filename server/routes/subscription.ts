import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const subscriptionRoutes: FastifyPluginAsyncZod = async () => {};
