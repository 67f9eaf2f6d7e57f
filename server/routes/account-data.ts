/**
 * Your account is yours (issue 42, beyond SPEC 7): everything held about you as one JSON
 * document (use-cases/export.ts), and deleting it for good (use-cases/erasure.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountBodySchema } from '../../contract/account';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { actor } from '../plugins/guard';
import { USER_COOKIE, clearSessionCookie } from '../plugins/session';
import { deleteAccount } from '../use-cases/account';
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

  app.delete(
    '/account',
    {
      schema: {
        operationId: 'deleteMyAccount',
        summary: 'Delete your account for good',
        description:
          'The current password says it is you; a wrong one changes nothing (attempts count like a password ' +
          'change). Erased: name, username, email, photo, profile and settings, contact cards, positions, events ' +
          'joined, connections, requests, blocks, photos and likes, notifications, push devices, passkeys, the ' +
          'calendar feed and every session (sockets close on every instance). What others hold stays theirs ' +
          'without you: messages they received show "Former attendee"; events you made stay for their attendees ' +
          'with no organizer named; meetings still to come are called off and the other person told. Reports ' +
          'about you are kept for moderators for 30 days under a bare id. The username and email are free again ' +
          '(an email under a ban in force stays refused until the ban would have ended).',
        tags: ['Account'],
        answer: 'Done: the account is gone, and the answer clears the session cookie.',
        errors: { 400: 'The password is wrong.', 429: 'Too many attempts.' },
        querystring: UserQuerySchema,
        body: DeleteAccountBodySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request, reply) => {
      await deleteAccount(app, actor(request).id, request.body.password, request.ip);
      clearSessionCookie(reply, USER_COOKIE, app.config.secureCookies);
      return { success: true as const };
    },
  );
};
