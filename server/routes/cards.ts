/**
 * Contact cards (issue 18 item 5; not in SPEC 7): the cards offered to the user, keeping
 * and declining them, what the user shared, and taking it back. POST /contact-exchange
 * (routes/chat.ts) offers the cards.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SuccessSchema, UserQuerySchema } from '../../contract/common';
import { CardParamsSchema, CardSchema, SharedCardSchema } from '../../contract/cards';
import { actor } from '../plugins/guard';
import { cardsOf, declineCard, keepCard, revokeCard, sharedCardsOf } from '../use-cases/cards';

const NOT_YOURS = 'No such card offered to the user (never, declined, taken back by its sender, or from someone blocked either way).';

export const cardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cards',
    {
      schema: {
        operationId: 'listCards',
        summary: 'List the cards offered to me',
        description:
          'Every contact exchange (`POST /contact-exchange`) is a card offered to its recipient. Listed here until the ' +
          'recipient declines it or its sender revokes it; cards from people blocked either way are left out. `kept` ' +
          'says whether the recipient chose to keep it.',
        tags: ['Chat'],
        answer: 'The cards, newest first.',
        querystring: UserQuerySchema,
        response: { 200: z.array(CardSchema) },
      },
    },
    async (request) => cardsOf(app, actor(request)),
  );

  app.get(
    '/cards/shared',
    {
      schema: {
        operationId: 'listSharedCards',
        summary: 'List what I shared, and with whom',
        description:
          'The cards the user offered and has not revoked, with the keys of the details each holds. A card its ' +
          'recipient declined stays listed: a decline is private. Each recipient is named as the chat with them names them.',
        tags: ['Chat'],
        answer: 'The shared cards, newest first.',
        querystring: UserQuerySchema,
        response: { 200: z.array(SharedCardSchema) },
      },
    },
    async (request) => sharedCardsOf(app, actor(request)),
  );

  app.post(
    '/cards/:id/keep',
    {
      schema: {
        operationId: 'keepCard',
        summary: 'Keep a card offered to me',
        description: 'Only its recipient may. Keeping it again changes nothing.',
        tags: ['Chat'],
        answer: 'Done: kept.',
        errors: { 404: NOT_YOURS },
        params: CardParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await keepCard(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/cards/:id/decline',
    {
      schema: {
        operationId: 'declineCard',
        summary: 'Decline a card offered to me, privately',
        description:
          'Only its recipient may. It leaves their Cards for good; its sender is not told and sees no change ' +
          '(their Shared with still lists it).',
        tags: ['Chat'],
        answer: 'Done: declined.',
        errors: { 404: NOT_YOURS },
        params: CardParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await declineCard(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );

  app.delete(
    '/cards/:id',
    {
      schema: {
        operationId: 'revokeCard',
        summary: 'Take back a card I shared',
        description:
          'Only its sender may. It leaves the recipient\'s Cards at once: they hear `card_revoked` live with the ' +
          "card's id. Their notification of it never held the details.",
        tags: ['Chat'],
        answer: 'Done: revoked.',
        errors: { 404: 'No such card shared by the user, or already revoked.' },
        params: CardParamsSchema,
        querystring: UserQuerySchema,
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      await revokeCard(app, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
