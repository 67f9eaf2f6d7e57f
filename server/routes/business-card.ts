/**
 * SPEC 7 GET /business-card/{userId}: a card is shown to its owner and their
 * connections only; to anyone else, and when there is none, the answer is `null` (200),
 * which the client shows as none (issue 39: not a 404 on every profile load). PUT and DELETE /business-card are the documented extension
 * that lets a user keep their own card from the profile.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { OptionalUserQuerySchema } from '../../contract/media';
import { BusinessCardAnswerSchema, BusinessCardBodySchema, BusinessCardSchema, UserIdParamsSchema } from '../../contract/plans';
import { actor } from '../plugins/guard';
import { businessCardOf, removeBusinessCard, saveBusinessCard } from '../use-cases/business-card';

export const businessCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-card/:userId',
    {
      schema: {
        operationId: 'getBusinessCard',
        summary: "Get someone's business card",
        description:
          'A card is shown to its owner and their connections only. When there is no card, or the user may not see it, the answer is `null` (never 404), so both look the same.',
        tags: ['Connections'],
        answer: 'The card, or `null` when there is none the user may see.',
        params: UserIdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: BusinessCardAnswerSchema },
      },
    },
    async (request) => businessCardOf(app, actor(request), request.params.userId),
  );

  app.put(
    '/business-card',
    {
      schema: {
        operationId: 'saveBusinessCard',
        summary: 'Save the business card',
        tags: ['Connections'],
        answer: 'The card as saved.',
        querystring: UserQuerySchema,
        body: BusinessCardBodySchema,
        response: { 200: BusinessCardSchema },
      },
    },
    async (request) => saveBusinessCard(app, actor(request), request.body),
  );

  app.delete(
    '/business-card',
    {
      schema: {
        operationId: 'deleteBusinessCard',
        summary: 'Delete the business card',
        tags: ['Connections'],
        answer: 'Done: the card is gone.',
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await removeBusinessCard(app, actor(request));
      return { success: true as const };
    },
  );
};
