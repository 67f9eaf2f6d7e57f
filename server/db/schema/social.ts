/**
 * Relations between people: connection requests, connections, blocks, contact cards,
 * connect codes, groups and meetings.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns';
import { userRef, users } from './accounts';
import { eventRef, events, safeZones } from './events';

/**
 * Pending requests. Accepting turns one into a connection. Declining removes it from
 * the recipient's side for good (declined_at), while the sender keeps seeing
 * request_sent: a decline is never shown (DESIGN 5).
 */
export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: id(),
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    message: text('message'),
    // Held quietly while the recipient is in safe space mode (DESIGN 5).
    held: boolean('held').notNull().default(false),
    declinedAt: ts('declined_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('connection_requests_pair').on(t.fromUser, t.toUser),
    index('connection_requests_to').on(t.toUser),
  ],
);

/** One row per pair, user1 < user2, so a pair is connected at most once. */
export const connections = pgTable(
  'connections',
  {
    id: id(),
    user1: userRef('user1'),
    user2: userRef('user2'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    connectionType: text('connection_type').notNull().default('mutual_interest'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('connections_pair').on(t.user1, t.user2),
    index('connections_user2').on(t.user2),
    // An event's analytics and feed count the connections made there.
    index('connections_event').on(t.eventId),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

export const contactExchanges = pgTable(
  'contact_exchanges',
  {
    id: id(),
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    exchangeType: text('exchange_type').notNull(),
    contactData: jsonb('contact_data').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    // A card offered is kept or declined by its recipient; a decline is private (issue 18).
    keptAt: ts('kept_at'),
    declinedAt: ts('declined_at'),
    // The sender took it back: gone from the recipient's Cards at once.
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('contact_exchanges_to').on(t.toUser), index('contact_exchanges_from').on(t.fromUser)],
);

/**
 * QR connect tokens (issue 19): the short-lived code an attendee's card shows, signed
 * and stored so it works once; `short_code` is the fallback to type.
 */
export const connectTokens = pgTable(
  'connect_tokens',
  {
    nonce: text('nonce').primaryKey(),
    userId: userRef('user_id'),
    shortCode: text('short_code').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedBy: uuid('used_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('connect_tokens_short_code').on(t.shortCode), index('connect_tokens_user').on(t.userId, t.expiresAt)],
);

export const groups = pgTable('groups', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default('general'),
  isPrivate: boolean('is_private').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);

/**
 * A short 1:1 meeting between two connections at an event (issue 19). `proposed_by` is
 * the one waiting for an answer (a suggested time swaps it); a decline is private, so
 * the proposer keeps seeing "proposed" until it lapses at its start time.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    eventId: eventRef(),
    proposerId: userRef('proposer_id'),
    inviteeId: userRef('invitee_id'),
    proposedBy: userRef('proposed_by'),
    startTime: ts('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    place: text('place').notNull(),
    zoneId: uuid('zone_id').references(() => safeZones.id, { onDelete: 'set null' }),
    /** proposed, accepted, declined (seen only by the one who declined) or cancelled. */
    status: text('status').notNull().default('proposed'),
    cancelledBy: uuid('cancelled_by'),
    cancelNote: text('cancel_note'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('meetings_proposer').on(t.proposerId, t.startTime),
    index('meetings_invitee').on(t.inviteeId, t.startTime),
  ],
);

/**
 * Reminder jobs (issue 19): one per person and meeting, due 5 minutes before its start,
 * claimed once (row locking on PostgreSQL), so a reminder is sent once with several
 * instances and still after a restart.
 */
export const meetingReminders = pgTable(
  'meeting_reminders',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    dueAt: ts('due_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('meeting_reminders_due').on(t.sentAt, t.dueAt)],
);
