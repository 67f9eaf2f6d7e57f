/** SPEC 7 "Users, chat and connections": one-to-one chat, ice breakers and contact exchange. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserQuerySchema } from '../../contract/common';
import { IceBreakerSchema } from '../../contract/discovery';
import {
  ChatMessageSchema,
  ContactExchangeAnswerSchema,
  ContactExchangeBodySchema,
  HistoryQuerySchema,
  IceBreakersQuerySchema,
  OtherUserParamsSchema,
  SendChatAnswerSchema,
  SendChatBodySchema,
} from '../../contract/social';
import { actor } from '../plugins/guard';
import { chatHistory, iceBreakersWith, sendChatMessage, sendContactExchange } from '../use-cases/chat';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat/:otherUserId',
    {
      schema: { params: OtherUserParamsSchema, querystring: HistoryQuerySchema, response: { 200: z.array(ChatMessageSchema) } },
    },
    async (request) => chatHistory(app, actor(request), request.params.otherUserId, request.query),
  );

  app.get(
    '/ice-breakers/:otherUserId',
    {
      schema: {
        params: OtherUserParamsSchema,
        querystring: IceBreakersQuerySchema,
        response: { 200: z.array(IceBreakerSchema) },
      },
    },
    async (request) => iceBreakersWith(app, actor(request), request.params.otherUserId, request.query.event_id ?? null),
  );

  app.post(
    '/chat/send',
    { schema: { querystring: UserQuerySchema, body: SendChatBodySchema, response: { 200: SendChatAnswerSchema } } },
    async (request) => {
      const message = await sendChatMessage(app, actor(request), request.body);
      return { success: true as const, message };
    },
  );

  app.post(
    '/contact-exchange',
    {
      schema: { querystring: UserQuerySchema, body: ContactExchangeBodySchema, response: { 200: ContactExchangeAnswerSchema } },
    },
    async (request) => {
      const exchange = await sendContactExchange(app, actor(request), request.body);
      return { success: true as const, exchange };
    },
  );
};
