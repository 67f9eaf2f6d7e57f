/**
 * SPEC 7 GET /business-card/{userId}: a card is shown to its owner and their
 * connections only; to anyone else, and when there is none, it does not exist (404), so
 * the client shows none. PUT and DELETE /business-card are the documented extension
 * that lets a user keep their own card from the profile.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { OptionalUserQuerySchema } from '../../contract/media';
import { BusinessCardBodySchema, BusinessCardSchema, UserIdParamsSchema } from '../../contract/plans';
import { actor } from '../plugins/guard';
import { businessCardOf, removeBusinessCard, saveBusinessCard } from '../use-cases/business-card';

export const businessCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-card/:userId',
    {
      schema: {
        operationId: 'getBusinessCard',
        summary: "Get someone's business card",
        description: 'A card is shown to its owner and their connections only; to anyone else it does not exist.',
        tags: ['Connections'],
        answer: 'The card.',
        errors: { 404: 'No card, or none the user may see.' },
        params: UserIdParamsSchema,
        querystring: OptionalUserQuerySchema,
        response: { 200: BusinessCardSchema },
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
