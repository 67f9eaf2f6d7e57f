import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const groupChatsRoutes: FastifyPluginAsyncZod = async () => {};
