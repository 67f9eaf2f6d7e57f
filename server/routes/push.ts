/** Web Push (issue 41): the VAPID key, and this device's subscription kept or removed. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { PushKeySchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '../../contract/push';
import { actor } from '../plugins/guard';
import { pushKey, subscribePush, unsubscribePush } from '../use-cases/push';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    {
      config: { auth: 'none' },
      schema: {
        operationId: 'getPushKey',
        summary: 'Get the key browsers subscribe to pushes with',
        description:
          "The server's VAPID public key (RFC 8292), base64url: PushManager.subscribe's `applicationServerKey`. Made at the " +
          'first start and kept in the database, unless VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set.',
        tags: ['Push'],
        answer: 'The public key.',
        response: { 200: PushKeySchema },
      },
    },
    async () => pushKey(app),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        operationId: 'subscribePush',
        summary: "Keep this device's push subscription",
        description:
          "A browser's PushSubscription as its JSON gives it, kept for this session: logging out removes it, and so " +
          "do a password change, deactivation and a ban (all of the person's). An endpoint another account subscribed " +
          'moves to this one. The endpoint must be https on a browser push service (Google, Mozilla, Apple, Microsoft) ' +
          'or an origin listed in PUSH_ENDPOINT_ALLOW; the server never requests it to check. Extensions: `language` ' +
          "(the device's), `previews` (whether pushes may name the sender and quote a message; off when absent) and " +
          '`kinds` (what to push; everything when absent). Posting again updates them.',
        tags: ['Push'],
        answer: 'Kept.',
        errors: { 400: 'The endpoint is not a push service allowed here, or a key is not base64url.' },
        querystring: UserQuerySchema,
        body: PushSubscriptionBodySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => subscribePush(app, actor(request), request.userSession!.tokenHash, request.body),
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        operationId: 'unsubscribePush',
        summary: "Remove this device's push subscription",
        description: "No more pushes to this endpoint. An endpoint that is not one of the user's changes nothing.",
        tags: ['Push'],
        answer: 'Removed (or there was none).',
        querystring: UserQuerySchema,
        body: PushUnsubscribeBodySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => unsubscribePush(app, actor(request), request.body),
  );
};
