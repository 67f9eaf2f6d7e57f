/**
 * Events as the admin Events screen sees them: every event (hidden ones too) with its
 * maker and attendee count, and taking one down (hide, show again, delete).
 */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { eventAttendees, events, groups, pods, users } from '../schema';

export type EventRow = typeof events.$inferSelect;

const attendeeCount = sql<number>`(select count(*)::int from ${eventAttendees} a where a.event_id = ${events.id})`;

const columns = {
  event: events,
  attendees: attendeeCount,
  maker: { id: users.id, name: users.name, username: users.username },
};

/** An event with its attendee count and its maker (null once their account is gone). */
export type AdminEventRow = { event: EventRow; attendees: number; maker: { id: string; name: string; username: string } | null };

/** Newest start first. */
export async function listAdminEvents(db: Queryable, page: { page: number; limit: number }): Promise<{ rows: AdminEventRow[]; total: number }> {
  const [total] = await db.select({ n: count() }).from(events);
  const rows = await db
    .select(columns)
    .from(events)
    .leftJoin(users, eq(users.id, events.createdBy))
    .orderBy(desc(events.startTime), desc(events.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdminEvent(db: Queryable, id: string): Promise<AdminEventRow | null> {
  const [row] = await db.select(columns).from(events).leftJoin(users, eq(users.id, events.createdBy)).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** The event, held until the transaction ends, so two admins cannot both act on one state. */
export async function lockEvent(db: Queryable, id: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function setEventHidden(db: Queryable, id: string, hidden: { at: Date; reason: string } | null): Promise<void> {
  await db
    .update(events)
    .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null })
    .where(eq(events.id, id));
}

/**
 * Deletes the event; its attendance, chats, photos, feed and zones go with it (foreign keys),
 * and its pods' groups (issue 43), which name no event of their own, before it.
 */
export async function deleteEvent(db: Queryable, id: string): Promise<void> {
  await db.delete(groups).where(inArray(groups.id, db.select({ id: pods.id }).from(pods).where(eq(pods.eventId, id))));
  await db.delete(events).where(eq(events.id, id));
}
