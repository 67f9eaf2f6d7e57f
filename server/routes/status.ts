/**
 * SPEC 3's User status, and taking a break (issue 16): GET and PUT /users/status
 * (use-cases/status.ts). Extensions: SPEC 7 names no call for the status.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserQuerySchema } from '../../contract/common';
import { StatusAnswerSchema, StatusBodySchema, UserStatusSchema } from '../../contract/status';
import { actor } from '../plugins/guard';
import { getStatus, setStatus } from '../use-cases/status';

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/status',
    {
      schema: {
        operationId: 'getUserStatus',
        summary: "Get the user's status",
        description:
          'Available or away (on a break), with the line and emoji the user shows their connections, and when a ' +
          'break ends by itself (`until`; null: until they come back). A break that has run out reads as ' +
          'available, and is ended now if no one has yet (its held requests arrive, and "Welcome back" is said).',
        tags: ['Safety'],
        answer: "The user's status.",
        querystring: UserQuerySchema,
        response: { 200: UserStatusSchema },
      },
    },
    async (request) => getStatus(app, actor(request)),
  );

  app.put(
    '/users/status',
    {
      schema: {
        operationId: 'setUserStatus',
        summary: "Set the user's status, or take a break",
        description:
          'Replaces the whole status. `away` is a break: the user is left out of nearby people, search, ' +
          'recommendations and attendee lists; connection requests to them wait quietly; their notifications ' +
          'are stored but not sent live. It lasts until `until` (an ISO date and time the app works out: in an ' +
          'hour, in three hours, tomorrow morning; at most 30 days ahead) or, without one, until they set ' +
          '`available`. When a break ends, by itself or by the user, the held requests arrive and the user gets ' +
          'a "Welcome back" notification, once. Only connections see the status (on connections).',
        tags: ['Safety'],
        answer: 'Done, with the status as it now stands.',
        errors: { 400: '`until` is in the past, more than 30 days ahead, or given with `available`.' },
        querystring: UserQuerySchema,
        body: StatusBodySchema,
        response: { 200: StatusAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, status: await setStatus(app, actor(request), request.body) }),
  );
};
