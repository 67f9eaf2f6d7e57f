/**
 * Issue 43: opening moves (prompts on a person's card that anyone nearby may answer) and
 * "Happy to be approached" (use-cases/opening-moves.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, UserQuerySchema } from '../../contract/common';
import {
  OPENING_MOVES_MAX,
  OPENING_MOVE_ANSWER_MAX,
  OPENING_MOVE_TEXT_MAX,
  OpenToHelloAnswerSchema,
  OpenToHelloQuerySchema,
  OpeningMoveAnswerBodySchema,
  OpeningMovesAnswerSchema,
  OpeningMovesBodySchema,
} from '../../contract/opening-moves';
import { ConnectionRequestAnswerSchema } from '../../contract/social';
import { actor } from '../plugins/guard';
import { answerOpeningMove, setOpenToHello, setOpeningMoves } from '../use-cases/opening-moves';

export const openingMovesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/users/opening-moves',
    {
      schema: {
        operationId: 'setOpeningMoves',
        summary: "Set the prompts on the user's card (opening moves)",
        description:
          `The whole list, replaced: 0 to ${OPENING_MOVES_MAX} prompts of 1 to ${OPENING_MOVE_TEXT_MAX} characters ` +
          'each after trimming; an empty list takes them all down. A prompt whose words stay the same keeps its ' +
          "id. Everyone who finds the user in nearby people by name sees them (`opening_moves` of " +
          'GET /discover/{eventId}) and may answer one (POST /opening-moves/{id}/answer). Prompts can be ' +
          'reported (POST /reports, `target_type` opening_move).',
        tags: ['Discovery'],
        answer: 'Done, with the prompts as stored and their ids.',
        querystring: UserQuerySchema,
        body: OpeningMovesBodySchema,
        response: { 200: OpeningMovesAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, opening_moves: await setOpeningMoves(app, actor(request), request.body.prompts) }),
  );

  app.put(
    '/users/open-to-hello',
    {
      schema: {
        operationId: 'setOpenToHello',
        summary: 'Say whether the user is happy to be approached',
        description:
          'Others see `open_to_hello` on the user\'s nearby card, and people who are open to a hello themselves ' +
          'find them first. It is held (others see false) while the user is on a break, at a social battery of 3 ' +
          'or lower, or in a quiet zone others are told of (not one so small it would say where they are), and comes ' +
          'back by itself; GET /users/presence says when it is held.',
        tags: ['Discovery'],
        answer: 'Done, with the choice as stored.',
        querystring: OpenToHelloQuerySchema,
        response: { 200: OpenToHelloAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, open_to_hello: await setOpenToHello(app, actor(request), request.query.open) }),
  );

  app.post(
    '/opening-moves/:id/answer',
    {
      schema: {
        operationId: 'answerOpeningMove',
        summary: 'Answer an opening move',
        description:
          `Sends the prompt's owner a connection request whose message holds the prompt and the answer (1 to ` +
          `${OPENING_MOVE_ANSWER_MAX} characters after trimming). Every rule of POST /connections/request ` +
          'applies: blocks, breaks and safe space hold or refuse it, the cap of waiting requests, a decline is ' +
          'never shown, and a request lapses after 48 hours. The prompt must be on a card the user sees by name ' +
          'in nearby people at `event_id` now.',
        tags: ['Connections'],
        answer: 'Done: `request_sent`, or `connected` when the interest was mutual.',
        errors: {
          400: 'The prompt is the user\'s own.',
          403: 'The user has not joined the event.',
          404: 'No such prompt, or not one the user may see at that event (or no such event).',
          409: "Already connected, or the user's earlier request to the owner lapsed.",
          429: 'Too many requests waiting for an answer; the detail says the limit.',
        },
        params: IdParamsSchema,
        querystring: UserQuerySchema,
        body: OpeningMoveAnswerBodySchema,
        response: { 200: ConnectionRequestAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      status: await answerOpeningMove(app, actor(request), request.params.id, request.body),
    }),
  );
};
