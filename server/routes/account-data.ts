/**
 * Your account is yours (issue 42, beyond SPEC 7): everything held about you as one JSON
 * document (use-cases/export.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserQuerySchema } from '../../contract/common';
import { actor } from '../plugins/guard';
import { exportStream } from '../use-cases/export';

export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/export',
    {
      config: { rateLimit: app.routeLimits.exportData },
      schema: {
        operationId: 'exportMyData',
        summary: 'Download everything held about you',
        description:
          'One JSON document, streamed as it is read: the profile and settings, sessions, events joined, created ' +
          'and organized, 1:1 messages both ways and your own group messages, requests sent and received, ' +
          'connections, blocks you made, meetings, contact cards shared and received, reports you made (never ' +
          'reports about you), photos (as data), likes, notifications, positions, passkeys and the calendar feed ' +
          '(names and dates only). Never a password hash, token or key; other people only by the name you are ' +
          'shown for them. A few downloads an hour.',
        tags: ['Account'],
        answer: 'The document, as an attachment (`wallflower-data.json`).',
        errors: { 429: 'Downloaded a few times just now; try again in an hour.' },
        querystring: UserQuerySchema,
        produces: ['application/json'],
        response: { 200: z.string().describe('The export document (JSON)') },
      },
    },
    async (request, reply) => {
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="wallflower-data.json"')
        .header('cache-control', 'private, no-store');
      // A stream as it is read: the schema documents the answer, it is not serialised.
      return reply.send(exportStream(app, actor(request).id) as unknown as string);
    },
  );
};
