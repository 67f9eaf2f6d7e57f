/** SPEC 7 events: the list, one event, creating one under the duplicate rule, joining. */
import { type CreateEventBody, DEFAULT_TIME_ZONE, type Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { type EventFilter, eventMatchesFilter } from '../../contract/constants';
import { type EventPeople, eventPeople } from '../cache/event-people';
import { attendeesAsSeen, listedEventRows } from '../cache/events';
import { type Relations, relationsOf } from '../cache/relations';
import { type EventRow, addAttendee, createEvent as storeEvent, findEvent, toEvent } from '../db/repositories/events';
import { type Person, candidateOf, peopleByIds } from '../db/repositories/people';
import { maybePurgeExpiredLocations } from '../db/repositories/locations';
import { isAttendee } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import { organizerRoleOf, shownEvent } from '../access/events';
import { type SharedAuthor, sharedAuthor } from '../domain/visibility';
import { badRequest, conflict } from '../core/errors';
import type { Ctx } from './context';
import type { Said } from '../../contract/said';

export const EVENT_ENDED: Said = /*i18n*/ { id: 'error.eventEnded', message: 'This event has already ended' };
export const END_NOT_FUTURE: Said = /*i18n*/ { id: 'error.field.endNotFuture', message: 'end_time: must be in the future' };

/**
 * Someone who made or organizes an event as the viewer may see them (DESIGN 5's shared
 * spaces): their name and id, or "Anonymous attendee"; null for someone blocked either way
 * or gone. `person` comes from the event's kept people, or from `others` for one who no
 * longer attends.
 */
export function organizerAsSeen(
  me: UserRow,
  rel: Relations,
  id: string,
  people: EventPeople | null,
  others: ReadonlyMap<string, Person>,
  now: Date,
): SharedAuthor | null {
  const row = others.get(id);
  const person = people?.attendees.get(id)?.candidate ?? (row && candidateOf(row, now));
  const relation = { connected: rel.connected.has(id), blockedEitherWay: rel.blocked.has(id), inRestrictedZone: false };
  return person && !relation.blockedEitherWay ? sharedAuthor(me.id, person, relation) : null;
}

/** Of these people, each with their event's kept people, those not held there (no longer attending: rare), read on their own. */
export async function peopleAway(ctx: Ctx, wanted: ReadonlyArray<[id: string, people: EventPeople | null]>): Promise<Map<string, Person>> {
  const away = wanted.filter(([id, people]) => !people?.attendees.has(id)).map(([id]) => id);
  return away.length ? peopleByIds(ctx.db, away) : new Map();
}

/**
 * Events as the viewer sees them: for each, the attendees DESIGN 5 lets them see (issue
 * 40: a stranger only their connections, an attendee themself too) and how many those
 * are, whether they attend, its maker when they may see who that is, and their own part
 * in organizing it (issue 17). From kept copies (cache/events.ts,
 * cache/event-people.ts, cache/relations.ts): on a warm instance no query at all.
 */
async function eventsAsSeen(ctx: Ctx, rows: EventRow[], me: UserRow, now: Date): Promise<Event[]> {
  const rel = await relationsOf(ctx.db, me.id, now);
  const seen = await Promise.all(rows.map((row) => eventPeople(ctx.db, row.id, now)));
  const others = await peopleAway(ctx, rows.flatMap((row, i) => (row.createdBy ? [[row.createdBy, seen[i] ?? null] as const] : [])));
  return rows.map((row, i) => {
    const people = seen[i] ?? null;
    const { attendees, count, attending } = people
      ? attendeesAsSeen(me.id, people, rel)
      : { attendees: [], count: 0, attending: false };
    const maker = row.createdBy ? (organizerAsSeen(me, rel, row.createdBy, people, others, now)?.id ?? null) : null;
    const role = organizerRoleOf(row, people?.event.coOrganizers ?? [], me.id);
    return toEvent(row, attendees, count, attending, maker, role);
  });
}

/** The events list, only those `filter` finds (contract/constants.ts EVENT_FILTER_TYPES). */
export async function listEvents(ctx: Ctx, me: UserRow, filter: EventFilter = 'all'): Promise<Event[]> {
  const now = ctx.clock();
  // The list is loaded by everyone often: a cheap moment to apply the position retention rule.
  await maybePurgeExpiredLocations(ctx.db, now);
  // Events an admin took down are no longer listed (issue 16).
  const rows = (await listedEventRows(ctx.db, now)).filter((row) => row.hiddenAt === null && eventMatchesFilter(row.eventType, filter));
  return eventsAsSeen(ctx, rows, me, now);
}

export async function getEvent(ctx: Ctx, me: UserRow, eventId: string): Promise<Event> {
  const now = ctx.clock();
  // The kept list holds every event ended within the week; an older one is read on its own.
  const row = shownEvent((await listedEventRows(ctx.db, now)).find((e) => e.id === eventId) ?? (await findEvent(ctx.db, eventId)));
  const [event] = await eventsAsSeen(ctx, [row], me, now);
  return event!;
}

export async function createEvent(
  ctx: Ctx,
  me: UserRow,
  body: Omit<CreateEventBody, 'anxiety_friendly_features'> & { anxiety_friendly_features: string[] },
): Promise<Event> {
  const now = ctx.clock();
  if (Date.parse(body.end_time) <= now.getTime()) throw badRequest(END_NOT_FUTURE);
  const row = await storeEvent(ctx.db, { ...body, time_zone: body.time_zone ?? DEFAULT_TIME_ZONE }, me.id, now);
  if (!row) throw conflict(MESSAGES.duplicateEvent);
  ctx.lifecycle.emit('event.changed', row.id);
  // Its maker attends it from now on: what is kept of the events they attend is read again.
  ctx.lifecycle.emit('event.joined', row.id, me.id);
  // Its one attendee is its maker, who is listed and counted to themself (cache/events.ts attendeesAsSeen).
  return toEvent(row, [me.id], 1, true, me.id, 'organizer');
}

export async function joinEvent(ctx: Ctx, me: UserRow, eventId: string): Promise<void> {
  const now = ctx.clock();
  const event = shownEvent(await findEvent(ctx.db, eventId));
  // Joining again is harmless, even after the end; joining anew an event that is over is not.
  if (event.endTime <= now && !(await isAttendee(ctx.db, event.id, me.id))) throw badRequest(EVENT_ENDED);
  if (await addAttendee(ctx.db, event.id, me.id, now)) ctx.lifecycle.emit('event.joined', event.id, me.id);
}
