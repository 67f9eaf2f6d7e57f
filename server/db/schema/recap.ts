/**
 * After an event (issue 43 item 4) and the end of a chat (item 5): private notes on the
 * people of a recap, the once-only nudge to look at it, and chats resting for both.
 */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { userRef, users } from './accounts';
import { eventRef } from './events';

/** A note the writer keeps on someone of their recap of an event; only the writer ever reads it. */
export const recapNotes = pgTable(
  'recap_notes',
  {
    eventId: eventRef(),
    writerId: userRef('writer_id'),
    subjectId: userRef('subject_id'),
    note: text('note').notNull(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.writerId, t.subjectId] })],
);

/** The recap nudge sent to an attendee the day after an event, one row per attendance: sent once. */
export const recapNudges = pgTable(
  'recap_nudges',
  {
    eventId: eventRef(),
    userId: userRef('user_id'),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * A one-to-one chat resting for both (issue 43 item 5, "I'm heading off"): messages still
 * arrive, without toasts or pushes, and both see it. One row per pair, `userA` < `userB`.
 */
export const chatRests = pgTable(
  'chat_rests',
  {
    userA: userRef('user_a'),
    userB: userRef('user_b'),
    restedBy: uuid('rested_by').references(() => users.id, { onDelete: 'cascade' }),
    since: ts('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userA, t.userB] }), index('chat_rests_b').on(t.userB)],
);
