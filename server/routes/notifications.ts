/** SPEC 7: a user's own notifications, and marking one read; marking all read is an extension. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, SuccessSchema, UserQuerySchema } from '../../contract/common';
import { NotificationSchema, NotificationsParamsSchema, OptionalUserQuerySchema, ReadAllAnswerSchema } from '../../contract/social';
import { actor } from '../plugins/guard';
import { markAllRead, markRead, notificationsOf } from '../use-cases/notifications';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/:userId',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'List the notifications',
        tags: ['Notifications'],
        answer: "The user's latest notifications, newest first.",
        errors: { 403: "`userId` is not the session's own id.", 404: null },
        params: NotificationsParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: z.array(NotificationSchema) },
      },
    },
    async (request) => notificationsOf(app, actor(request), request.params.userId),
  );

  app.put(
    '/notifications/read-all',
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Mark all notifications read',
        description: 'Every unread notification of the user becomes read; nobody else\'s changes.',
        tags: ['Notifications'],
        answer: 'Done, with how many became read.',
        querystring: UserQuerySchema,
        response: { 200: ReadAllAnswerSchema },
      },
    },
    async (request) => {
      const marked = await markAllRead(app, actor(request), request.query.user_id);
      return { success: true as const, marked };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark a notification read',
        description: "Someone else's notification answers 404, as a missing one does.",
        tags: ['Notifications'],
        answer: 'Done: read.',
        errors: { 404: 'No such notification of the user.' },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await markRead(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
