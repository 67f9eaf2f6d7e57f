/**
 * The recap of an event (issue 43 item 4): the people a person connected with, chatted
 * with, met or exchanged contact details with at the event, from the moment they joined
 * it, each as the event shows them, with a note only the person themself ever reads; and
 * "I'm heading off" (item 5), which rests a one-to-one chat for both people.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, PublicUserSchema } from './common';
import { PUSH_LANGUAGES } from './push-kinds';
import { HEADING_OFF_LINE_IDS } from './kind-endings';
import { lines } from './text';
import { ChatMessageSchema } from './social';

export const RECAP_HOW = ['connected', 'chatted', 'met', 'exchanged'] as const;
export type RecapHow = (typeof RECAP_HOW)[number];
export const RECAP_NOTE_MAX = 1000;

export const RecapPersonSchema = z.object({
  user: PublicUserSchema,
  how: z.array(z.enum(RECAP_HOW)),
  /** The reader's own note on them, never shown to anyone else; null when none. */
  note: z.string().nullable(),
  /** Whether they shared contact details with the reader that the recap's vCard file holds. */
  has_card: z.boolean(),
});
export type RecapPerson = z.infer<typeof RecapPersonSchema>;
export const RecapSchema = z.object({ people: z.array(RecapPersonSchema) });
export type Recap = z.infer<typeof RecapSchema>;

export const RecapParamsSchema = z.object({ id: IdSchema });
export const RecapNoteParamsSchema = z.object({ id: IdSchema, userId: IdSchema });
export const RecapNoteBodySchema = z.object({
  note: lines({ message: 'must be text' }).max(RECAP_NOTE_MAX, { message: `must be at most ${RECAP_NOTE_MAX} characters` }),
});
export const RecapNoteAnswerSchema = z.object({ success: z.literal(true), note: z.string().nullable() });

/** Whether a one-to-one chat rests, who rested it (from the reader's side) and since when. */
export const ChatRestSchema = z.object({
  resting: z.boolean(),
  by_me: z.boolean().nullable(),
  since: IsoDateSchema.nullable(),
});
export type ChatRest = z.infer<typeof ChatRestSchema>;
export const ChatRestBodySchema = z.object({
  line_id: z.enum(HEADING_OFF_LINE_IDS, { message: `must be one of ${HEADING_OFF_LINE_IDS.join(', ')}` }),
  /** The language the line is sent in: the sender's (the app's). */
  language: z.enum(PUSH_LANGUAGES, { message: `must be one of ${PUSH_LANGUAGES.join(', ')}` }).default('en'),
  event_id: IdSchema.nullish().transform((v) => v ?? null),
});
export type ChatRestBody = z.input<typeof ChatRestBodySchema>;
export const ChatRestAnswerSchema = z.object({ success: z.literal(true), message: ChatMessageSchema, rest: ChatRestSchema });
