import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const chatRoutes: FastifyPluginAsyncZod = async () => {};
