/**
 * Attendees' per-event pseudonyms (event_attendees.pseudonym, issue 40): who one names,
 * for someone who may learn it, and which one names a person to someone outside an
 * event's lists (an inbox, a notification), where no event says which.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../client';
import { eventAttendees, events } from '../schema';

/**
 * The person a pseudonym names and its event, when `viewerId` attends or attended that
 * event too (nobody else may learn whom it names); else null. One indexed read.
 */
export async function pseudonymHolder(db: Queryable, pseudonym: string, viewerId: string): Promise<{ userId: string; eventId: string } | null> {
  const viewer = alias(eventAttendees, 'viewer');
  const [row] = await db
    .select({ userId: eventAttendees.userId, eventId: eventAttendees.eventId })
    .from(eventAttendees)
    .innerJoin(viewer, and(eq(viewer.eventId, eventAttendees.eventId), eq(viewer.userId, viewerId)))
    .where(eq(eventAttendees.pseudonym, pseudonym))
    .limit(1);
  return row ?? null;
}

/**
 * `targetId`'s pseudonym as `viewerId` knows them: at `eventId` when both attend it, else
 * at the latest-starting event both attend or attended (the one they most likely met at);
 * null when they share none.
 */
export async function sharedPseudonym(db: Queryable, viewerId: string, targetId: string, eventId: string | null): Promise<string | null> {
  const viewer = alias(eventAttendees, 'viewer');
  const [row] = await db
    .select({ pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .innerJoin(viewer, and(eq(viewer.eventId, eventAttendees.eventId), eq(viewer.userId, viewerId)))
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(eq(eventAttendees.userId, targetId))
    .orderBy(...(eventId ? [desc(sql`${eventAttendees.eventId} = ${eventId}`)] : []), desc(events.startTime), eventAttendees.eventId)
    .limit(1);
  return row?.pseudonym ?? null;
}

/** sharedPseudonym (no event named) for several people at once: one read, whoever they are. */
export async function sharedPseudonyms(db: Queryable, viewerId: string, targetIds: readonly string[]): Promise<Map<string, string>> {
  if (targetIds.length === 0) return new Map();
  const viewer = alias(eventAttendees, 'viewer');
  const rows = await db
    .selectDistinctOn([eventAttendees.userId], { userId: eventAttendees.userId, pseudonym: eventAttendees.pseudonym })
    .from(eventAttendees)
    .innerJoin(viewer, and(eq(viewer.eventId, eventAttendees.eventId), eq(viewer.userId, viewerId)))
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(inArray(eventAttendees.userId, [...targetIds]))
    .orderBy(eventAttendees.userId, desc(events.startTime), eventAttendees.eventId);
  return new Map(rows.map((r) => [r.userId, r.pseudonym]));
}
