/**
 * Opening moves and "Happy to be approached" (issue 43), the parts the app needs without
 * zod: the limits, the shape of a prompt, and the request message an answer sends.
 */

import type { Said } from './said';

/** Said when a prompt is gone, or is not one the person may see (404). */
export const OPENING_MOVE_NOT_FOUND: Said = /*i18n*/ { id: 'error.openingMoveNotFound', message: 'This opening move is no longer there' };

/** At most this many prompts on a card. */
export const OPENING_MOVES_MAX = 3;
/** A prompt's length after trimming. */
export const OPENING_MOVE_TEXT_MAX = 140;
/** An answer's length after trimming. */
export const OPENING_MOVE_ANSWER_MAX = 280;

/** One prompt as others see it on a nearby card: its id (for answering or reporting) and its words. */
export interface OpeningMove {
  id: string;
  text: string;
}

/**
 * The connection request's message an answer sends: the prompt in quotes, then the
 * answer, in no language of its own (both are the people's own words). At most
 * 140 + 280 + 3 characters, well within a request message's 500.
 */
export const answerMessage = (prompt: string, answer: string): string => `“${prompt}”\n${answer}`;
