/**
 * Events (SPEC 3, 7): the rows, their answer shape, creation under the duplicate rule,
 * joining, and whether someone attends. The list as a viewer sees it is put together
 * from kept copies (use-cases/events.ts, cache/events.ts).
 */
import { and, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { CreateEventBody, Event, OrganizerRole } from '../../../contract/events';
import { DUPLICATE_EVENT_WINDOW_MS } from '../../../contract/constants';
import { isDuplicateEvent } from '../../../contract/rules';
import { sentence, type Said } from '../../../contract/said';
import type { Db, Queryable } from '../client';
import { eventAttendees, events, groupChats } from '../schema';
import { recordFeed } from './feed';

export type EventRow = typeof events.$inferSelect;

export async function findEvent(db: Queryable, id: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** The event and whether `userId` attends it, in one query; null for an unknown event or one taken down. */
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
    .where(and(eq(events.id, eventId), isNull(events.hiddenAt)))
    .limit(1);
  return row ? { event: row.event, attending: !!row.attending } : null;
}

export function toEvent(
  row: EventRow,
  attendees: string[],
  attendeeCount: number,
  isAttending: boolean,
  createdBy: string | null,
  organizerRole: OrganizerRole | null,
): Event {
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
    time_zone: row.timeZone,
    organizer_role: organizerRole,
  };
}

const locationKey = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Serialises creations and moves of events at one location until the transaction ends,
 * so two people submitting the same event at once cannot both succeed.
 */
export async function lockEventLocation(tx: Queryable, location: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`event-location:${locationKey(location)}`}))`);
}

/** An event as the duplicate rule compares it. */
export interface EventPlace {
  location: string;
  start: Date;
  timeZone: string;
}

/** Whether another event (not `exceptId`) breaks the duplicate rule with this one; under lockEventLocation. */
export async function breaksDuplicateRule(tx: Queryable, e: EventPlace, exceptId: string | null = null): Promise<boolean> {
  const near = await tx
    .select({ location: events.location, startTime: events.startTime, timeZone: events.timeZone })
    .from(events)
    .where(
      and(
        gte(events.startTime, new Date(e.start.getTime() - DUPLICATE_EVENT_WINDOW_MS)),
        lte(events.startTime, new Date(e.start.getTime() + DUPLICATE_EVENT_WINDOW_MS)),
        exceptId ? ne(events.id, exceptId) : undefined,
      ),
    );
  const candidate = { location: e.location, start_time: e.start.toISOString(), time_zone: e.timeZone };
  return near.some((o) => isDuplicateEvent({ location: o.location, start_time: o.startTime.toISOString(), time_zone: o.timeZone }, candidate));
}

/**
 * Creates the event with its creator attending and its group chat for everyone
 * (DESIGN 6), unless an existing event breaks the duplicate rule: then null.
 */
export async function createEvent(
  db: Db,
  body: Omit<CreateEventBody, 'anxiety_friendly_features' | 'time_zone'> & { anxiety_friendly_features: string[]; time_zone: string },
  creatorId: string,
  now: Date,
): Promise<EventRow | null> {
  const start = new Date(body.start_time);
  const end = new Date(body.end_time);
  return db.transaction(async (tx) => {
    await lockEventLocation(tx, body.location);
    if (await breaksDuplicateRule(tx, { location: body.location, start, timeZone: body.time_zone })) return null;
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
        timeZone: body.time_zone,
        createdBy: creatorId,
        createdAt: now,
      })
      .returning();
    await tx.insert(eventAttendees).values({ eventId: row!.id, userId: creatorId, joinedAt: now });
    await tx.insert(groupChats).values({ eventId: row!.id, communityId: null, ...chatName(eventChatName({ event: row!.name })), createdAt: now });
    await recordFeed(tx, { eventId: row!.id, actorId: creatorId, kind: 'joined', at: now });
    return row!;
  });
}

/** The name of an event's group chat for everyone, said in each person's language. */
export const eventChatName = sentence(
  /*i18n*/ { id: 'chat.eventChat', message: '{event} — everyone' },
  ({ event }: { event: string }) => `${event} — everyone`,
);

/** A group chat's name as stored: its English, and its message id and values. */
export const chatName = (said: Said) => ({ name: said.message, nameCode: said.id, nameParams: said.values ?? {} });

/** What an organizer may change of an event (issue 17). */
export type EventChanges = Partial<
  Pick<EventRow, 'name' | 'description' | 'location' | 'eventType' | 'startTime' | 'endTime' | 'anxietyFriendlyFeatures' | 'timeZone'>
>;

/** Stores the changes; a new name renames the event's chat for everyone with it. */
export async function changeEvent(tx: Queryable, id: string, changes: EventChanges): Promise<EventRow> {
  const [row] = await tx.update(events).set(changes).where(eq(events.id, id)).returning();
  if (changes.name !== undefined) {
    await tx
      .update(groupChats)
      .set(chatName(eventChatName({ event: changes.name })))
      .where(and(eq(groupChats.eventId, id), isNull(groupChats.communityId), isNull(groupChats.podId)));
  }
  return row!;
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
