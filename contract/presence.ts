/** GET /users/presence (issue 39 item 1): the zod schema of presence-words.ts's answer. */
import { z } from 'zod';
import { PRESENCE_REASON_CODES, type Presence } from './presence-words';

export { PRESENCE_REASON_CODES, PRESENCE_REASONS, presenceSummary, reasonSaid, type Presence, type PresenceReason, type PresenceReasonCode } from './presence-words';

export const PresenceReasonSchema = z.object({
  code: z.enum(PRESENCE_REASON_CODES),
  /** The reason in English; the app says it in another language by `code`. */
  text: z.string(),
});

export const PresenceSchema = z.object({
  /** Whether someone not connected to the person finds them in nearby people now. */
  visible_to_strangers: z.boolean(),
  /** Whether the person's connections find them in nearby people now. */
  visible_to_connections: z.boolean(),
  /** Whether new connection requests to the person wait quietly, without a notification. */
  requests_held: z.boolean(),
  /** Whether the person chose "Happy to be approached" (issue 43). */
  open_to_hello: z.boolean(),
  /** Whether others see it now: held (false) during a break, at a social battery of 3 or lower, or in a quiet zone others are told of (one too small to be told holds nothing others see). */
  open_to_hello_shown: z.boolean(),
  /** Why anything is hidden, held or unnamed; empty with default settings. */
  reasons: z.array(PresenceReasonSchema),
}) satisfies z.ZodType<Presence>;
