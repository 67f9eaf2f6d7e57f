import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../db/client';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'none' },
      schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
