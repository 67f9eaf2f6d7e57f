/** SPEC 7 events: the list, one event, creating one under the duplicate rule, joining. */
import type { CreateEventBody, Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { eventPeople } from '../cache/event-people';
import { attendeesAsSeen, listedEventRows } from '../cache/events';
import { relationsOf } from '../cache/relations';
import { type EventRow, addAttendee, createEvent as storeEvent, findEvent, toEvent } from '../db/repositories/events';
import { peopleByIds } from '../db/repositories/insights';
import { candidateOf } from '../db/repositories/people';
import { maybePurgeExpiredLocations } from '../db/repositories/locations';
import { isAttendee } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import { shownEvent } from '../domain/access';
import { sharedAuthor } from '../domain/visibility';
import { badRequest, conflict } from '../errors';
import type { Ctx } from './context';

export const EVENT_ENDED = 'This event has already ended';

/**
 * Events as the viewer sees them: for each, the attendees DESIGN 5 lets them see, the
 * count of active attendees, whether they attend, and its maker when they may see who
 * that is. From kept copies (cache/events.ts, cache/event-people.ts, cache/relations.ts):
 * on a warm instance no query at all.
 */
async function eventsAsSeen(ctx: Ctx, rows: EventRow[], me: UserRow, now: Date): Promise<Event[]> {
  const rel = await relationsOf(ctx.db, me.id, now);
  const seen = await Promise.all(rows.map((row) => eventPeople(ctx.db, row.id, now)));
  // A maker who no longer attends (rare) is read on its own.
  const away = rows.flatMap((row, i) => (row.createdBy && !seen[i]?.attendees.has(row.createdBy) ? [row.createdBy] : []));
  const others = away.length ? await peopleByIds(ctx.db, away) : new Map();
  return rows.map((row, i) => {
    const people = seen[i];
    const { attendees, count, attending } = people
      ? attendeesAsSeen(me.id, people, rel)
      : { attendees: [], count: 0, attending: false };
    let maker: string | null = null;
    if (row.createdBy) {
      const person = people?.attendees.get(row.createdBy)?.candidate ?? (others.get(row.createdBy) && candidateOf(others.get(row.createdBy)!, now));
      const relation = { connected: rel.connected.has(row.createdBy), blockedEitherWay: rel.blocked.has(row.createdBy), inRestrictedZone: false };
      if (person && !relation.blockedEitherWay) maker = sharedAuthor(me.id, person, relation).id;
    }
    return toEvent(row, attendees, count, attending, maker);
  });
}

export async function listEvents(ctx: Ctx, me: UserRow): Promise<Event[]> {
  const now = ctx.clock();
  // The list is loaded by everyone often: a cheap moment to apply the position retention rule.
  await maybePurgeExpiredLocations(ctx.db, now);
  // Events an admin took down are no longer listed (issue 16).
  const rows = (await listedEventRows(ctx.db, now)).filter((row) => row.hiddenAt === null);
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
  if (Date.parse(body.end_time) <= now.getTime()) throw badRequest('end_time: must be in the future');
  const row = await storeEvent(ctx.db, body, me.id, now);
  if (!row) throw conflict(MESSAGES.duplicateEvent);
  ctx.lifecycle.emit('event.changed', row.id);
  // Its one attendee is its maker, who is not listed to themself.
  return toEvent(row, [], 1, true, me.id);
}

export async function joinEvent(ctx: Ctx, me: UserRow, eventId: string): Promise<void> {
  const now = ctx.clock();
  const event = shownEvent(await findEvent(ctx.db, eventId));
  // Joining again is harmless, even after the end; joining anew an event that is over is not.
  if (event.endTime <= now && !(await isAttendee(ctx.db, event.id, me.id))) throw badRequest(EVENT_ENDED);
  if (await addAttendee(ctx.db, event.id, me.id, now)) ctx.lifecycle.emit('event.joined', event.id, me.id);
}
