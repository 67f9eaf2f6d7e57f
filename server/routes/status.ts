/**
 * SPEC 3's User status, and taking a break (issue 16): GET and PUT /users/status
 * (use-cases/status.ts); and the person's presence (issue 39): GET /users/presence.
 * Extensions: SPEC 7 names no call for either.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserQuerySchema } from '../../contract/common';
import { StatusAnswerSchema, StatusBodySchema, UserStatusSchema } from '../../contract/status';
import { PresenceSchema } from '../../contract/presence';
import { actor } from '../plugins/guard';
import { getPresence } from '../use-cases/presence';
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

  app.get(
    '/users/presence',
    {
      schema: {
        operationId: 'getUserPresence',
        summary: 'Who can see the user now, and whether requests to them wait',
        description:
          'Worked out by the same rules that decide what others get in nearby people, recommendations, attendee ' +
          'lists, search and connection requests. `visible_to_strangers` and `visible_to_connections`: whether ' +
          'someone not connected, and a connection, find the user in nearby people now; `requests_held`: whether ' +
          'new connection requests wait quietly. `reasons` says why, one per cause, each with a `code` ' +
          '(`on_break`, `unavailable`, `privacy_private`, `privacy_friends`, `anonymous`, `battery_low`, ' +
          '`safe_space`, `quiet_zone`, `restricted_zone`) and its English `text`; it is empty with default ' +
          'settings and never empty while something is hidden or held. An anonymous user is visible but ' +
          'unnamed: both flags true, reason `anonymous`.',
        tags: ['Safety'],
        answer: "The user's presence.",
        querystring: UserQuerySchema,
        response: { 200: PresenceSchema },
      },
    },
    async (request) => getPresence(app, actor(request)),
  );
};
