/**
 * Opening moves and "Happy to be approached" (issue 43). A person puts up to three short
 * prompts on their card (PUT /users/opening-moves); everyone who may see their nearby
 * card sees them (`opening_moves` of GET /discover) and may answer one with a line
 * (POST /opening-moves/{id}/answer), which sends the owner a connection request whose
 * message holds the prompt and the answer, under every rule of a request. A person may
 * also say they are happy to be approached (PUT /users/open-to-hello): others see
 * `open_to_hello` on their card, unless a break, a low battery or a quiet zone holds it.
 */
import { z } from 'zod';
import { IdSchema, UserQuerySchema } from './common';
import { OPENING_MOVES_MAX, OPENING_MOVE_ANSWER_MAX, OPENING_MOVE_TEXT_MAX } from './opening-move-words';
import { lines, line } from './text';

export * from './opening-move-words';

export const OpeningMoveSchema = z.object({ id: IdSchema, text: z.string() });

/** PUT /users/opening-moves body: the whole list, replaced; an empty list takes them all down. */
export const OpeningMovesBodySchema = z.object({
  prompts: z
    .array(
      line({ message: 'must be text' })
        .min(1, { message: 'must not be empty' })
        .max(OPENING_MOVE_TEXT_MAX, { message: `must be at most ${OPENING_MOVE_TEXT_MAX} characters` }),
      { message: 'must be a list of prompts' },
    )
    .max(OPENING_MOVES_MAX, { message: `at most ${OPENING_MOVES_MAX} prompts` }),
});
export type OpeningMovesBody = z.input<typeof OpeningMovesBodySchema>;

export const OpeningMovesAnswerSchema = z.object({ success: z.literal(true), opening_moves: z.array(OpeningMoveSchema) });
export type OpeningMovesAnswer = z.infer<typeof OpeningMovesAnswerSchema>;

/** PUT /users/open-to-hello query. */
export const OpenToHelloQuerySchema = UserQuerySchema.extend({
  open: z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true'),
});

export const OpenToHelloAnswerSchema = z.object({ success: z.literal(true), open_to_hello: z.boolean() });
export type OpenToHelloAnswer = z.infer<typeof OpenToHelloAnswerSchema>;

/** POST /opening-moves/{id}/answer body: the answer, and the event where the asker saw the card. */
export const OpeningMoveAnswerBodySchema = z.object({
  answer: lines({ message: 'is required' })
    .min(1, { message: 'must not be empty' })
    .max(OPENING_MOVE_ANSWER_MAX, { message: `must be at most ${OPENING_MOVE_ANSWER_MAX} characters` }),
  event_id: IdSchema,
});
export type OpeningMoveAnswerBody = z.input<typeof OpeningMoveAnswerBodySchema>;
