/** Extension (issue 13): the Chats inbox and its read markers, kept on the server. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserQuerySchema } from '../../contract/common';
import { ConversationReadAnswerSchema, ConversationReadBodySchema, ConversationsAnswerSchema } from '../../contract/social';
import { actor } from '../plugins/guard';
import { conversationsOf, markRead } from '../use-cases/conversations';

export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/conversations',
    {
      schema: {
        operationId: 'listConversations',
        summary: 'List the conversations',
        description:
          'Every one-to-one chat the user has messages in and every group chat they belong to, newest activity ' +
          'first, each with its last message and how many messages from others came after the user last read it ' +
          '(without a mark: all of the other person\'s messages, or in a group chat those since the user joined ' +
          'it). People blocked either way, and people who have left or are banned, are left out; everyone else ' +
          'appears as the chat shows them. Read marks are kept on the server, so counts hold on every device.',
        tags: ['Chat'],
        answer: 'The conversations and the sum of their unread messages.',
        querystring: UserQuerySchema,
        response: { 200: ConversationsAnswerSchema },
      },
    },
    async (request) => conversationsOf(app, actor(request), request.query.user_id),
  );

  app.put(
    '/conversations/read',
    {
      schema: {
        operationId: 'markConversationRead',
        summary: 'Mark a conversation read',
        description:
          'Everything in the conversation up to now is read, on every device: a one-to-one chat (`id` the other ' +
          "person's id) or a group chat (`id` the chat's id).",
        tags: ['Chat'],
        answer: 'Done, with the unread messages left in all conversations.',
        errors: {
          400: '`id` is the user themself.',
          404: 'No such conversation of the user: an unknown person, one blocked either way, or a group chat they are not in.',
        },
        querystring: UserQuerySchema,
        body: ConversationReadBodySchema,
        response: { 200: ConversationReadAnswerSchema },
      },
    },
    async (request) => {
      const unread_total = await markRead(app, actor(request), request.query.user_id, request.body);
      return { success: true as const, unread_total };
    },
  );
};
