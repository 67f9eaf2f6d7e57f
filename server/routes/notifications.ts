/** SPEC 7: a user's own notifications, and marking one read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { NotificationSchema, NotificationsParamsSchema, OptionalUserQuerySchema } from '../../contract/social';
import { actor } from '../plugins/guard';
import { markRead, notificationsOf } from '../use-cases/notifications';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/:userId',
    {
      schema: {
        params: NotificationsParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: z.array(NotificationSchema) },
      },
    },
    async (request) => notificationsOf(app, actor(request), request.params.userId),
  );

  app.put(
    '/notifications/:id/read',
    { schema: { params: IdParamsSchema, querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await markRead(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
