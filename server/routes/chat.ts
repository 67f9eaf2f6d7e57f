/** SPEC 7 "Users, chat and connections": one-to-one chat, ice breakers and contact exchange. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { IceBreakerSchema } from '../../contract/discovery';
import {
  ChatBreakAnswerSchema,
  ChatBreakBodySchema,
  ChatMessageSchema,
  ChatMuteSchema,
  ChatPartnerSchema,
  ContactExchangeAnswerSchema,
  ContactExchangeBodySchema,
  HistoryQuerySchema,
  IceBreakersQuerySchema,
  OtherUserParamsSchema,
  SendChatAnswerSchema,
  SendChatBodySchema,
} from '../../contract/social';
import { actor } from '../plugins/guard';
import {
  chatHistory,
  chatMutes,
  chatPartnerView,
  iceBreakersWith,
  sendChatMessage,
  sendContactExchange,
  takeChatBreak,
  unmuteChat,
} from '../use-cases/chat';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat/:otherUserId',
    {
      schema: {
        operationId: 'getChatHistory',
        summary: 'Get the chat with someone',
        description:
          'A page of the `limit` newest messages before `before`, oldest first. The history stays readable ' +
          'when the other person has left or been banned.',
        tags: ['Chat'],
        answer: 'The messages, oldest first.',
        errors: {
          400: '`otherUserId` is the user themself, or `before` is not a message of this chat.',
          404: 'No such user, or blocked either way.',
        },
        params: OtherUserParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: z.array(ChatMessageSchema) },
      },
    },
    async (request) => chatHistory(app, actor(request), request.params.otherUserId, request.query),
  );

  app.get(
    '/chat/:otherUserId/partner',
    {
      schema: {
        operationId: 'getChatPartner',
        summary: 'Get the person a chat is with',
        description:
          'The other person as the user may see them, for opening a chat from its address (after a reload or ' +
          'from a notification). Only about someone the user may know of: a connection, a request pending either ' +
          'way, someone who attends or attended an event with them, or a one-to-one chat between them; anyone ' +
          'else answers as an unknown id. A connection who hides from lists is ' +
          'still named; someone else hidden from the user, or who has left, is an anonymous attendee. ' +
          '`can_message` says whether a message would be taken now: the two are connected, or share an event ' +
          'that is not over (to someone in safe space mode, connections only).',
        tags: ['Chat'],
        answer: 'The other person as the user may see them, and whether the user may write to them now.',
        errors: {
          400: '`otherUserId` is the user themself.',
          404: 'No such user, blocked either way, or a stranger to the user (nothing known of each other).',
        },
        params: OtherUserParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: ChatPartnerSchema },
      },
    },
    async (request) => chatPartnerView(app, actor(request), request.params.otherUserId),
  );

  app.get(
    '/ice-breakers/:otherUserId',
    {
      schema: {
        operationId: 'getIceBreakers',
        summary: 'Get ice breakers for someone',
        description:
          'Drawn only from what the user may see of the other person now, and only about someone the user may know ' +
          'of (as for the chat partner). A suggestion has the same id wherever it ' +
          'is offered to the user about this person at this event (here, nearby people, recommendations), and ' +
          'names it in POST /chat/send.',
        tags: ['Chat'],
        answer: 'Ice breakers to start a chat with.',
        errors: { 400: '`otherUserId` is the user themself.', 404: 'No such user, blocked either way, or a stranger to the user.' },
        params: OtherUserParamsSchema,
        querystring: IceBreakersQuerySchema,
        response: { 200: z.array(IceBreakerSchema) },
      },
    },
    async (request) => iceBreakersWith(app, actor(request), request.params.otherUserId, request.query.event_id ?? null),
  );

  app.post(
    '/chat/send',
    {
      schema: {
        operationId: 'sendChatMessage',
        summary: 'Send a chat message',
        description:
          'A repeated `client_id` answers the original message, so an offline outbox never sends twice. ' +
          'Connections may always write; a stranger only while both attend the same event that is not over; ' +
          'a person in safe space mode hears from connections only. Messages, here and in group chats, are ' +
          'rate limited per user. The recipient hears `new_message` live, with `from_name`: the sender as their chat names ' +
          'them ("Anonymous attendee" when anonymous or hidden to them).',
        tags: ['Chat'],
        answer: 'Done, with the stored message.',
        errors: {
          400: '`to_user` is the user themself, or the ice breaker is missing or not of this chat (one offered to either of the two, at the message\'s event or at none, or one a message used before).',
          403: 'The two are not connected and share no event that is not over, or the recipient is in safe space mode and not connected to the user.',
          404: 'No such user, or blocked either way.',
          429: 'Messages are coming too fast.',
        },
        querystring: UserQuerySchema,
        body: SendChatBodySchema,
        response: { 200: SendChatAnswerSchema },
      },
    },
    async (request) => {
      const message = await sendChatMessage(app, actor(request), request.body);
      return { success: true as const, message };
    },
  );

  app.post(
    '/chat/break',
    {
      schema: {
        operationId: 'takeChatBreak',
        summary: 'Close a chat kindly and mute it for a while',
        description:
          '"I need a break" (issue 18): sends the chosen kind closing line (`line_id`, one of `CLOSING_LINES` in ' +
          '`contract/exit-plan.ts`) as an ordinary text message, by the rules of `POST /chat/send` (who may write ' +
          'to whom, blocks, the rate limit; the recipient hears `new_message` live), then mutes the chat for the ' +
          'user for `mute_minutes` (30, 60 or 180; a new break replaces the end of the last). While it is muted the ' +
          "other person's messages still arrive and are stored, but come quietly: `new_message` carries " +
          '`quiet: true` and no notification is made. The other person is never told: they see the line as any message.',
        tags: ['Chat'],
        answer: 'The message sent, and when the mute ends.',
        errors: {
          400: '`to_user` is the user themself, or `line_id` or `mute_minutes` is not one offered.',
          403: 'The two are not connected and share no event that is not over, or the recipient is in safe space mode and not connected to the user.',
          404: 'No such user, or blocked either way.',
          429: 'Messages are coming too fast.',
        },
        querystring: UserQuerySchema,
        body: ChatBreakBodySchema,
        response: { 200: ChatBreakAnswerSchema },
      },
    },
    async (request) => takeChatBreak(app, actor(request), request.body),
  );

  app.get(
    '/chat/mutes',
    {
      schema: {
        operationId: 'listChatMutes',
        summary: 'List the chats the user has muted',
        description: 'Chats muted with `POST /chat/break` whose mute is not over yet, the soonest to end first.',
        tags: ['Chat'],
        answer: 'The other person of each muted chat, and until when it is muted.',
        querystring: UserQuerySchema,
        response: { 200: z.array(ChatMuteSchema) },
      },
    },
    async (request) => chatMutes(app, actor(request)),
  );

  app.delete(
    '/chat/:otherUserId/mute',
    {
      schema: {
        operationId: 'unmuteChat',
        summary: 'Unmute a chat',
        description: "Ends a mute now: the other person's messages notify the user again. They are never told either way.",
        tags: ['Chat'],
        answer: 'Done: the chat is no longer muted.',
        errors: { 404: 'The user has not muted this chat, or its mute is over.' },
        params: OtherUserParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await unmuteChat(app, actor(request), request.params.otherUserId);
      return { success: true as const };
    },
  );

  app.post(
    '/contact-exchange',
    {
      schema: {
        operationId: 'offerContactDetails',
        summary: 'Offer contact details to someone',
        description:
          'The other person hears `contact_exchange_request` live. Who may offer details to whom is as for ' +
          'messages: connections, or strangers at an event both attend that is not over; safe space mode applies.',
        tags: ['Chat'],
        answer: 'Done, with the exchange.',
        errors: {
          400: '`to_user` is the user themself.',
          403: 'The two are not connected and share no event that is not over, or the recipient is in safe space mode and not connected to the user.',
          404: 'No such user, or blocked either way.',
        },
        querystring: UserQuerySchema,
        body: ContactExchangeBodySchema,
        response: { 200: ContactExchangeAnswerSchema },
      },
    },
    async (request) => {
      const exchange = await sendContactExchange(app, actor(request), request.body);
      return { success: true as const, exchange };
    },
  );
};
