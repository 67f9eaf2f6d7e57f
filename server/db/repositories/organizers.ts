/**
 * Who organizes an event besides its creator (issue 17), and the announcements its
 * organizers sent. Who may use the organizer tools is access/events.ts.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { eventAnnouncements, eventOrganizers, events } from '../schema';
import type { EventRow } from './events';

/** The event (taken down or not) and whether `userId` co-organizes it, in one query; null for an unknown event. */
export async function findEventWithOrganizing(
  db: Queryable,
  eventId: string,
  userId: string,
): Promise<{ event: EventRow; coOrganizer: boolean } | null> {
  const [row] = await db
    .select({
      event: events,
      coOrganizer: sql<boolean>`exists (select 1 from ${eventOrganizers} o where o.event_id = ${eventId} and o.user_id = ${userId})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ? { event: row.event, coOrganizer: !!row.coOrganizer } : null;
}

/** The co-organizers, in the order they were named. */
export async function coOrganizerIds(db: Queryable, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: eventOrganizers.userId })
    .from(eventOrganizers)
    .where(eq(eventOrganizers.eventId, eventId))
    .orderBy(asc(eventOrganizers.addedAt), asc(eventOrganizers.userId));
  return rows.map((r) => r.userId);
}

/** Answers true when they became a co-organizer now, false when they already were. */
export async function addCoOrganizer(db: Queryable, eventId: string, userId: string, addedBy: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(eventOrganizers)
    .values({ eventId, userId, addedBy, addedAt: now })
    .onConflictDoNothing()
    .returning({ userId: eventOrganizers.userId });
  return rows.length > 0;
}

export type AnnouncementRow = typeof eventAnnouncements.$inferSelect;

/** When the event's announcements since `since` were sent, oldest first (the cap's window). */
export async function announcementTimesSince(db: Queryable, eventId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: eventAnnouncements.createdAt })
    .from(eventAnnouncements)
    .where(and(eq(eventAnnouncements.eventId, eventId), gt(eventAnnouncements.createdAt, since)))
    .orderBy(asc(eventAnnouncements.createdAt));
  return rows.map((r) => r.at);
}

export async function insertAnnouncement(db: Queryable, eventId: string, authorId: string, message: string, now: Date): Promise<AnnouncementRow> {
  const [row] = await db.insert(eventAnnouncements).values({ eventId, authorId, message, createdAt: now }).returning();
  return row!;
}

/** The newest `limit` announcements, newest first, each with who of the organizers sent it (kept, not shown). */
export async function listAnnouncements(db: Queryable, eventId: string, limit: number): Promise<AnnouncementRow[]> {
  return db
    .select()
    .from(eventAnnouncements)
    .where(eq(eventAnnouncements.eventId, eventId))
    .orderBy(desc(eventAnnouncements.createdAt), desc(eventAnnouncements.id))
    .limit(limit);
}
