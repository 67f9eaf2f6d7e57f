/**
 * Small groups, "pods" (issue 43 item 3): who waits to be put in one at an event, and each
 * pod formed (its `groups` row, category 'pod', holds its name and members; its chat is the
 * group chat naming it in `pod_id`).
 */
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { userRef } from './accounts';
import { eventRef, safeZones } from './events';
import { groups } from './social';

/** An attendee waiting for a pod at an event; the row goes when they are put in one or leave. */
export const podQueue = pgTable(
  'pod_queue',
  {
    eventId: eventRef(),
    userId: userRef('user_id'),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('pod_queue_user').on(t.userId)],
);

/** A pod formed at an event: its group (same id), where and when its members meet. */
export const pods = pgTable(
  'pods',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    eventId: eventRef(),
    meetingPoint: text('meeting_point').notNull(),
    zoneId: uuid('zone_id').references(() => safeZones.id, { onDelete: 'set null' }),
    startsAt: ts('starts_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pods_event').on(t.eventId)],
);
