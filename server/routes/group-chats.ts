/** SPEC 7: an event's group chats, their history (extension) and posting to them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import {
  GroupChatPeopleSchema,
  GroupChatSchema,
  GroupHistoryQuerySchema,
  GroupMessageAnswerSchema,
  GroupMessageBodySchema,
  GroupMessageSchema,
  OptionalUserQuerySchema,
} from '../../contract/social';
import { badRequest } from '../core/errors';
import { actor } from '../plugins/guard';
import { answerThen } from './answer-first';
import {
  eventGroupChats,
  groupChatPeople,
  groupHistory,
  joinGroupChat,
  listenToGroupChat,
  postGroupMessage,
  stopListening,
} from '../use-cases/group-chats';

export const groupChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:id/group-chats',
    {
      schema: {
        operationId: 'listGroupChats',
        summary: "List an event's group chats",
        tags: ['Chat'],
        description:
          "Extension (issue 18): the chats of interest groups the user listens to or joined are listed too; " +
          "(issue 43) and the chats of the user's small groups (pods) there, to their members only. " +
          "A pod's chat closes when its event ends (`closed`: true): its members still read it, a post answers 403.",
        answer: "The event's chat, those of the user's interest groups there, and their pods' chats, each saying whether it is `closed`.",
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
          403: "The user has not joined the event, or neither belongs to the chat's interest group nor listens to its chat.",
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
        description:
          'Everyone in the chat hears `group_message` live. Rate limited together with one-to-one messages. ' +
          "Extension (issue 18): the first message makes the poster a member of the chat (and of its interest group), " +
          'no longer listening; the chat\'s people hear `group_chat_people` with the new counts.',
        tags: ['Chat'],
        answer: 'Done, with the stored message.',
        errors: {
          400: '`group_id` is not the chat of the path.',
          403: "The user has not joined the event, or neither belongs to the chat's interest group nor listens to its chat; or it is a small group's chat whose event has ended (read-only).",
          404: 'No such group chat (a small group\'s chat, to anyone not in the group).',
          429: 'Messages are coming too fast.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: GroupMessageBodySchema,
        response: { 200: GroupMessageAnswerSchema },
      },
    },
    async (request, reply) => {
      if (request.body.group_id !== request.params.id) throw badRequest(/*i18n*/ { id: 'error.field.groupIdPath', message: 'group_id: must be the group chat of the path' });
      const { message, tell } = await postGroupMessage(app, actor(request), request.params.id, request.body.message);
      return answerThen(reply, { success: true as const, message }, tell);
    },
  );

  // Just listening (issue 18): listeners read everything and are only ever counted.
  const people = {
    members:
      'Members as the user may see them (DESIGN 5: "Anonymous attendee" without an id when hidden), the user first; ' +
      'nobody blocked either way. Listeners are never listed, to anyone: only their number.',
    errors: {
      403: 'The user has not joined the event.',
      404: 'No such group chat.',
    },
  };

  app.get(
    '/group-chats/:id/people',
    {
      schema: {
        operationId: 'getGroupChatPeople',
        summary: "Get a group chat's members and how many listen",
        description:
          "Extension (issue 18). The event's chat's members are the attendees who posted there or pressed \"Join in\"; " +
          "an interest group's chat's are the group's members and those who posted or joined. " +
          people.members,
        tags: ['Chat'],
        answer: 'The members, how many listen, and the user\'s own place (`member`, `listener` or null).',
        errors: { ...people.errors, 403: "The user has not joined the event, or may not read this interest group's chat." },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: GroupChatPeopleSchema },
      },
    },
    async (request) => groupChatPeople(app, actor(request), request.params.id),
  );

  app.post(
    '/group-chats/:id/listen',
    {
      schema: {
        operationId: 'listenToGroupChat',
        summary: 'Listen to a group chat',
        description:
          "Extension (issue 18). Any attendee may listen to the event's chat or any of its interest groups' chats: " +
          'read everything (and hear its messages live, and find the chat in the Chats inbox) without being listed. ' +
          'A member stays a member. ' +
          "The chat's people hear `group_chat_people` with the new count. " +
          people.members,
        tags: ['Chat'],
        answer: 'The chat\'s people, as GET /group-chats/{id}/people answers them.',
        errors: people.errors,
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: GroupChatPeopleSchema },
      },
    },
    async (request) => listenToGroupChat(app, actor(request), request.params.id),
  );

  app.delete(
    '/group-chats/:id/listen',
    {
      schema: {
        operationId: 'stopListeningToGroupChat',
        summary: 'Stop listening to a group chat',
        description:
          'Extension (issue 18). A listener stops listening (an interest group\'s chat leaves their list); a member stays a member.',
        tags: ['Chat'],
        answer: 'The chat\'s people, as GET /group-chats/{id}/people answers them.',
        errors: people.errors,
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: GroupChatPeopleSchema },
      },
    },
    async (request) => stopListening(app, actor(request), request.params.id),
  );

  app.post(
    '/group-chats/:id/join',
    {
      schema: {
        operationId: 'joinGroupChat',
        summary: 'Join a group chat without posting',
        description:
          'Extension (issue 18): "Join in". The user becomes a member, listed as one; in an interest group\'s chat, ' +
          "a member of the interest group too. The chat's people hear `group_chat_people` with the new counts.",
        tags: ['Chat'],
        answer: 'The chat\'s people, as GET /group-chats/{id}/people answers them.',
        errors: people.errors,
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: GroupChatPeopleSchema },
      },
    },
    async (request) => joinGroupChat(app, actor(request), request.params.id),
  );
};
