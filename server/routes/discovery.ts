import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const discoveryRoutes: FastifyPluginAsyncZod = async () => {};
