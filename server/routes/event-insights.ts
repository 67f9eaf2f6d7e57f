import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const eventInsightsRoutes: FastifyPluginAsyncZod = async () => {};
