/**
 * The events list, a kept read (cache/kept.ts): GET /events is the first call of every
 * person who opens the app (a thousand at the door of one event), and its rows change
 * only when an event is made, edited or cancelled ('event.changed', on every instance
 * over the live bus).
 *
 * Who attends each event, and what a viewer may see of them, comes from the event's
 * kept people (cache/event-people.ts); a roster per kept copy lays out once what every
 * stranger sees, so a viewer with no block or connection among the attendees costs a
 * look-up, not a pass over a thousand people.
 */
import { asc, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventRow } from '../db/repositories/events';
import { events } from '../db/schema';
import type { NearbyPerson } from '../domain/nearby';
import type { AttendeeWithPhoto } from '../../contract/social';
import { isVisibleTo, projectFor } from '../domain/visibility';
import type { EventPeople } from './event-people';
import { keptReads } from './kept';
import { tag } from './tags';
import { type Relations, standingWith } from './relations';

/** Past events stay in the list this long after they end. */
export const PAST_EVENTS_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

/** Events that ended at most a week before `since`, soonest first. */
async function readRows(db: Db, since: Date): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(gte(events.endTime, new Date(since.getTime() - PAST_EVENTS_SHOWN_MS)))
    .orderBy(asc(events.startTime), asc(events.id));
}

/**
 * The list of GET /events: events in progress and upcoming first, soonest first; then
 * those that ended in the last 7 days, the most recently ended first.
 */
export async function listedEventRows(db: Db, now: Date): Promise<EventRow[]> {
  const t = now.getTime();
  const kept = await keptReads(db).read('events', t, async () => ({ value: await readRows(db, now), tags: [] }), { tags: [tag.events] });
  // Kept rows cover a week back from when they were read; the week is counted from now.
  const shown = kept.filter((e) => e.endTime.getTime() >= t - PAST_EVENTS_SHOWN_MS);
  const current = shown.filter((e) => e.endTime.getTime() > t);
  const past = shown
    .filter((e) => e.endTime.getTime() <= t)
    .sort((a, b) => b.endTime.getTime() - a.endTime.getTime() || (a.id < b.id ? -1 : 1));
  return [...current, ...past];
}

/** An event's attendees laid out once per kept copy of its people (a view of the copy, gone with it). */
interface Roster {
  /** Every attendee, in joining order. */
  ordered: NearbyPerson[];
  /** Those any stranger may see (DESIGN 5, purpose 'attendees'), in joining order. */
  toStrangers: string[];
  /** Active attendees: not deactivated, not banned. */
  active: number;
}

const rosters = new WeakMap<EventPeople, Roster>();
const STRANGER = { connected: false, blockedEitherWay: false, inRestrictedZone: false };

function rosterOf(people: EventPeople): Roster {
  let roster = rosters.get(people);
  if (roster) return roster;
  const order = (p: NearbyPerson) => people.joined.get(p.candidate.id) ?? 0;
  const ordered = [...people.attendees.values()].sort(
    (a, b) => order(a) - order(b) || (a.candidate.id < b.candidate.id ? -1 : 1),
  );
  // Nobody is shown themself, so '' stands for a viewer who is none of them.
  const toStrangers = ordered.filter((p) => isVisibleTo('', p.candidate, STRANGER, 'attendees')).map((p) => p.candidate.id);
  const active = ordered.filter((p) => p.candidate.is_active && !p.candidate.is_banned).length;
  rosters.set(people, (roster = { ordered, toStrangers, active }));
  return roster;
}

/** What a viewer sees of an event's attendees: the ids they may see, the count, and whether they attend. */
export function attendeesAsSeen(
  viewerId: string,
  people: EventPeople,
  rel: Relations,
): { attendees: string[]; count: number; attending: boolean } {
  const roster = rosterOf(people);
  const attending = people.attendees.has(viewerId);
  const related = (ids: ReadonlySet<string>) => {
    for (const id of ids) if (people.attendees.has(id)) return true;
    return false;
  };
  if (!attending && !related(rel.blocked) && !related(rel.connected)) {
    return { attendees: roster.toStrangers, count: roster.active, attending };
  }
  const attendees: string[] = [];
  for (const p of roster.ordered) {
    const id = p.candidate.id;
    const relation = { connected: rel.connected.has(id), blockedEitherWay: rel.blocked.has(id), inRestrictedZone: false };
    if (isVisibleTo(viewerId, p.candidate, relation, 'attendees')) attendees.push(id);
  }
  return { attendees, count: roster.active, attending };
}

/**
 * GET /events/{id}/attendees-with-photos: a page of the attendees the viewer may see, in
 * joining order, as DESIGN 5 shows them, each with where the two stand.
 */
export function attendeesWithPhotosAsSeen(
  viewerId: string,
  people: EventPeople,
  rel: Relations,
  page: { limit: number; offset: number },
  now: Date,
): AttendeeWithPhoto[] {
  const out: AttendeeWithPhoto[] = [];
  let skipped = 0;
  for (const p of rosterOf(people).ordered) {
    if (out.length >= page.limit) break;
    const id = p.candidate.id;
    const connected = rel.connected.has(id);
    const seen = projectFor(viewerId, p.candidate, { connected, blockedEitherWay: rel.blocked.has(id), inRestrictedZone: false }, 'attendees');
    if (!seen) continue;
    if (skipped++ < page.offset) continue;
    out.push({
      id: seen.id,
      name: seen.name,
      username: seen.username,
      photo_data: seen.photo_data,
      age: seen.age,
      occupation: seen.occupation,
      communication_style: seen.communication_style,
      interests: seen.interests,
      connection_status: standingWith(rel, id, now),
    });
  }
  return out;
}
