/** SPEC 7: an event's group chats, their history (extension) and posting to them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import {
  GroupChatSchema,
  GroupHistoryQuerySchema,
  GroupMessageAnswerSchema,
  GroupMessageBodySchema,
  GroupMessageSchema,
  OptionalUserQuerySchema,
} from '../../contract/social';
import { badRequest } from '../errors';
import { actor } from '../plugins/guard';
import { eventGroupChats, groupHistory, postGroupMessage } from '../use-cases/group-chats';

export const groupChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/group-chats',
    {
      schema: { params: IdParamsSchema, querystring: OptionalUserQuerySchema, response: { 200: z.array(GroupChatSchema) } },
    },
    async (request) => eventGroupChats(app, actor(request), request.params.id),
  );

  app.get(
    '/group-chats/:id/messages',
    {
      schema: { params: IdParamsSchema, querystring: GroupHistoryQuerySchema, response: { 200: z.array(GroupMessageSchema) } },
    },
    async (request) => groupHistory(app, actor(request), request.params.id, request.query),
  );

  app.post(
    '/group-chats/:id/messages',
    {
      schema: {
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: GroupMessageBodySchema,
        response: { 200: GroupMessageAnswerSchema },
      },
    },
    async (request) => {
      if (request.body.group_id !== request.params.id) throw badRequest('group_id: must be the group chat of the path');
      const message = await postGroupMessage(app, actor(request), request.params.id, request.body.message);
      return { success: true as const, message };
    },
  );
};
