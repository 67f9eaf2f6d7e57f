/**
 * Events (SPEC 3, 7): listing with the attendees a viewer may see, creation under the
 * duplicate rule, joining, and the per-object check "attendee of this event" (DESIGN 4).
 */
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CreateEventBody, Event } from '../../../contract/events';
import { DUPLICATE_EVENT_WINDOW_MS } from '../../../contract/constants';
import { isDuplicateEvent } from '../../../contract/rules';
import { projectFor } from '../../domain/visibility';
import type { Db, Queryable } from '../client';
import { eventAttendees, events, groupChats, users } from '../schema';
import { recordFeed } from './feed';
import { authorAs, peopleByIds, type ViewerContext } from './insights';
import { candidateOf, personColumns } from './people';
import { blockedIdsOf, connectionIdsOf } from './relations';
import { isBanActive } from './users';

export type EventRow = typeof events.$inferSelect;

/** Past events stay in the list this long after they end. */
export const PAST_EVENTS_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;


export async function findEvent(db: Queryable, id: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** The event and whether `userId` attends it, in one query; null for an unknown event. */
export async function findEventWithAttendance(
  db: Queryable,
  eventId: string,
  userId: string,
): Promise<{ event: EventRow; attending: boolean } | null> {
  const [row] = await db
    .select({
      event: events,
      attending: sql<boolean>`exists (select 1 from ${eventAttendees} a where a.event_id = ${eventId} and a.user_id = ${userId})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ? { event: row.event, attending: !!row.attending } : null;
}

/**
 * Events as `viewerId` sees them: for each, the ids of the attendees DESIGN 5 lets them
 * see, the count of active attendees, whether they attend and its maker when they may
 * see who that is. Set-based: one query for the attendees of all the events, one for
 * their makers and two for the viewer's blocks and connections.
 */
export async function eventsAsSeenBy(db: Queryable, rows: EventRow[], viewerId: string, now: Date): Promise<Event[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((e) => e.id);
  // The photo is not needed to decide who is seen, and can be large.
  const { photoData: _photo, ...columns } = personColumns;
  const [attendeeRows, makers, blocked, connected] = await Promise.all([
    db
      .select({ eventId: eventAttendees.eventId, person: columns })
      .from(eventAttendees)
      .innerJoin(users, eq(users.id, eventAttendees.userId))
      .where(inArray(eventAttendees.eventId, ids))
      .orderBy(asc(eventAttendees.joinedAt), asc(eventAttendees.userId)),
    peopleByIds(db, rows.flatMap((e) => (e.createdBy ? [e.createdBy] : []))),
    blockedIdsOf(db, viewerId),
    connectionIdsOf(db, viewerId),
  ]);
  const viewer: ViewerContext = { id: viewerId, blocked, connected, now };
  const byEvent = new Map<string, { visible: string[]; count: number; attending: boolean }>();
  for (const id of ids) byEvent.set(id, { visible: [], count: 0, attending: false });
  for (const { eventId, person } of attendeeRows) {
    const e = byEvent.get(eventId)!;
    if (person.id === viewerId) e.attending = true;
    if (person.isActive && !isBanActive(person, now)) e.count++;
    const rel = {
      connected: connected.has(person.id),
      blockedEitherWay: blocked.has(person.id),
      inRestrictedZone: false,
    };
    if (projectFor(viewerId, candidateOf({ ...person, photoData: null }, now), rel, 'attendees')) e.visible.push(person.id);
  }
  return rows.map((row) => {
    const e = byEvent.get(row.id)!;
    const maker = row.createdBy ? makers.get(row.createdBy) : undefined;
    return toEvent(row, e.visible, e.count, e.attending, maker ? authorAs(viewer, maker).id : null);
  });
}

export function toEvent(row: EventRow, attendees: string[], attendeeCount: number, isAttending: boolean, createdBy: string | null): Event {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    event_type: row.eventType,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    attendees,
    attendee_count: attendeeCount,
    anxiety_friendly_features: row.anxietyFriendlyFeatures,
    is_attending: isAttending,
    created_by: createdBy,
  };
}

/**
 * The list of GET /events: events in progress and upcoming first, soonest first; then
 * those that ended in the last 7 days, the most recently ended first.
 */
export async function listEventRows(db: Queryable, now: Date): Promise<EventRow[]> {
  const rows = await db
    .select()
    .from(events)
    .where(gte(events.endTime, new Date(now.getTime() - PAST_EVENTS_SHOWN_MS)))
    .orderBy(asc(events.startTime), asc(events.id));
  const t = now.getTime();
  const current = rows.filter((e) => e.endTime.getTime() > t);
  const past = rows
    .filter((e) => e.endTime.getTime() <= t)
    .sort((a, b) => b.endTime.getTime() - a.endTime.getTime() || (a.id < b.id ? -1 : 1));
  return [...current, ...past];
}

const locationKey = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Creates the event with its creator attending and its group chat for everyone
 * (DESIGN 6), unless an existing event breaks the duplicate rule: then null. Creations
 * at one location are serialised, so two people submitting the same event at once
 * cannot both succeed.
 */
export async function createEvent(
  db: Db,
  body: Omit<CreateEventBody, 'anxiety_friendly_features'> & { anxiety_friendly_features: string[] },
  creatorId: string,
  now: Date,
): Promise<EventRow | null> {
  const start = new Date(body.start_time);
  const end = new Date(body.end_time);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`event-location:${locationKey(body.location)}`}))`);
    const near = await tx
      .select({ location: events.location, startTime: events.startTime })
      .from(events)
      .where(
        and(
          gte(events.startTime, new Date(start.getTime() - DUPLICATE_EVENT_WINDOW_MS)),
          lte(events.startTime, new Date(start.getTime() + DUPLICATE_EVENT_WINDOW_MS)),
        ),
      );
    const candidate = { location: body.location, start_time: start.toISOString() };
    if (near.some((e) => isDuplicateEvent({ location: e.location, start_time: e.startTime.toISOString() }, candidate)))
      return null;
    const [row] = await tx
      .insert(events)
      .values({
        name: body.name,
        description: body.description,
        location: body.location,
        eventType: body.event_type,
        startTime: start,
        endTime: end,
        anxietyFriendlyFeatures: [...new Set(body.anxiety_friendly_features)],
        createdBy: creatorId,
        createdAt: now,
      })
      .returning();
    await tx.insert(eventAttendees).values({ eventId: row!.id, userId: creatorId, joinedAt: now });
    await tx.insert(groupChats).values({ eventId: row!.id, communityId: null, name: `${row!.name} — everyone`, createdAt: now });
    await recordFeed(tx, { eventId: row!.id, actorId: creatorId, kind: 'joined', at: now });
    return row!;
  });
}

/** Answers true when the user joined now, false when they already attended. */
export async function addAttendee(db: Db, eventId: string, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(eventAttendees)
      .values({ eventId, userId, joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: eventAttendees.userId });
    if (added.length === 0) return false;
    await recordFeed(tx, { eventId, actorId: userId, kind: 'joined', at: now });
    return true;
  });
}
