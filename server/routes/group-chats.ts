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
      schema: {
        operationId: 'listGroupChats',
        summary: "List an event's group chats",
        tags: ['Chat'],
        answer: "The event's chat and those of the user's interest groups there.",
        errors: { 403: 'The user has not joined the event.', 404: 'No such event.' },
        params: IdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: z.array(GroupChatSchema) },
      },
    },
    async (request) => eventGroupChats(app, actor(request), request.params.id),
  );

  app.get(
    '/group-chats/:id/messages',
    {
      schema: {
        operationId: 'getGroupChatHistory',
        summary: "Get a group chat's messages",
        description:
          'A page of the `limit` newest messages before `before`, oldest first. Senders the user may not see ' +
          'appear as "Anonymous attendee", without an id.',
        tags: ['Chat'],
        answer: 'The messages, oldest first.',
        errors: {
          400: '`before` is not a message of this chat.',
          403: "The user has not joined the event, or is not a member of the chat's interest group.",
          404: 'No such group chat.',
        },
        params: IdParamsSchema,
        querystring: GroupHistoryQuerySchema,
        response: { 200: z.array(GroupMessageSchema) },
      },
    },
    async (request) => groupHistory(app, actor(request), request.params.id, request.query),
  );

  app.post(
    '/group-chats/:id/messages',
    {
      schema: {
        operationId: 'sendGroupMessage',
        summary: 'Send a message to a group chat',
        description: 'Everyone in the chat hears `group_message` live. Rate limited together with one-to-one messages.',
        tags: ['Chat'],
        answer: 'Done, with the stored message.',
        errors: {
          400: '`group_id` is not the chat of the path.',
          403: "The user has not joined the event, or is not a member of the chat's interest group.",
          404: 'No such group chat.',
          429: 'Messages are coming too fast.',
        },
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
