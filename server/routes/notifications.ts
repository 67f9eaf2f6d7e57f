/** SPEC 7: a user's own notifications, and marking one read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { NOTIFICATIONS_MAX, NotificationSchema, NotificationsParamsSchema, OptionalUserQuerySchema } from '../../contract/social';
import { listNotifications, markNotificationRead } from '../db/repositories/notifications';
import { forbidden, notFound } from '../errors';
import { actor } from '../plugins/guard';

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
    async (request) => {
      const me = actor(request);
      if (request.params.userId !== me.id) throw forbidden('You can only read your own notifications');
      return listNotifications(app.db, me.id, NOTIFICATIONS_MAX);
    },
  );

  app.put(
    '/notifications/:id/read',
    { schema: { params: IdParamsSchema, querystring: UserQuerySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      // Someone else's notification answers like a missing one: its existence is not theirs to learn.
      if (!(await markNotificationRead(app.db, request.params.id, actor(request).id))) throw notFound('Notification not found');
      return { success: true as const };
    },
  );
};
