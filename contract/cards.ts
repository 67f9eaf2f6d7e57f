/**
 * Contact cards (issue 18 item 5): each contact exchange (POST /contact-exchange, SPEC 3
 * "Contact exchange") is a card offered by its sender to one person. The recipient keeps
 * it or declines it privately; the sender sees what they shared with whom and may take it
 * back (revoke), which removes it from the recipient's Cards at once.
 */
import { z } from 'zod';
import { EXCHANGE_TYPES } from './constants';
import { IdSchema, IsoDateSchema } from './common';
import type { Said } from './said';

/** A card offered to me (GET /cards), newest first; `kept` once I chose to keep it. */
export const CardSchema = z.object({
  id: IdSchema,
  from_user: IdSchema,
  from_name: z.string(),
  contact_data: z.record(z.string(), z.string()),
  exchange_type: z.enum(EXCHANGE_TYPES),
  event_id: IdSchema.nullable(),
  created_at: IsoDateSchema,
  kept: z.boolean(),
});
export type Card = z.infer<typeof CardSchema>;

/** A card I shared (GET /cards/shared): with whom, and which details (their keys). */
export const SharedCardSchema = z.object({
  id: IdSchema,
  to_user: IdSchema,
  to_name: z.string(),
  fields: z.array(z.string()),
  created_at: IsoDateSchema,
});
export type SharedCard = z.infer<typeof SharedCardSchema>;

export const CardParamsSchema = z.object({ id: IdSchema });

/** One refusal for every card that is not the actor's to see or change: as if it never was. */
export const CARD_NOT_FOUND: Said = /*i18n*/ { id: 'error.cardNotFound', message: 'Card not found' };
