/**
 * The events list, a kept read (cache/kept.ts): GET /events is the first call of every
 * person who opens the app (a thousand at the door of one event), and its rows change
 * only when an event is made, edited or cancelled ('event.changed', on every instance
 * over the live bus).
 *
 * Who attends each event, and what a viewer may see of them, comes from the event's
 * kept people (cache/event-people.ts); a roster per kept copy lays out once what every
 * attendee with no block or connection among them sees, so such a viewer costs a
 * look-up, not a pass over a thousand people, and someone who does not attend costs a
 * look at their own connections.
 */
import { asc, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventRow } from '../db/repositories/events';
import { events } from '../db/schema';
import type { NearbyPerson } from '../domain/nearby';
import type { AttendeeWithPhoto } from '../../contract/social';
import { isAnonymousTo, isVisibleTo, projectFor } from '../domain/visibility';
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
  /** Where each attendee stands in `ordered`. */
  place: Map<string, number>;
  /** Those any attendee with no block or connection among them may see (DESIGN 5, purpose 'attendees'), in joining order. */
  toStrangers: string[];
  /** The same, as a set. */
  seenByStrangers: Set<string>;
  /** `toStrangers` as strangers are told them: anonymous attendees by their pseudonym (issue 40). */
  toStrangersShown: string[];
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
  const place = new Map(ordered.map((p, i) => [p.candidate.id, i]));
  // Nobody is shown themself, so '' stands for a viewer who is none of them.
  const toStrangers = ordered.filter((p) => isVisibleTo('', p.candidate, STRANGER, 'attendees')).map((p) => p.candidate.id);
  const toStrangersShown = toStrangers.map((id) => shownIdOf(people, '', id, false));
  rosters.set(people, (roster = { ordered, place, toStrangers, seenByStrangers: new Set(toStrangers), toStrangersShown }));
  return roster;
}

/**
 * The id the viewer knows an attendee by: their own, or their pseudonym at this event
 * where they are anonymous to the viewer (DESIGN 5, issue 40).
 */
function shownIdOf(people: EventPeople, viewerId: string, id: string, connected: boolean): string {
  const p = people.attendees.get(id);
  if (!p || id === viewerId || !isAnonymousTo(p.candidate, { connected })) return id;
  // Every attendee of a kept copy has one; fail closed all the same.
  if (p.pseudonym === null) throw new Error('an anonymous attendee must have a pseudonym');
  return p.pseudonym;
}

/** `ids` (in joining order) with `id` put in its place. */
function withPlaced(roster: Roster, ids: readonly string[], id: string): string[] {
  const at = roster.place.get(id)!;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (roster.place.get(ids[mid]!)! < at) lo = mid + 1;
    else hi = mid;
  }
  return [...ids.slice(0, lo), id, ...ids.slice(lo)];
}

/**
 * What a viewer sees of an event's attendees (issue 40, DESIGN 5): the ids they may see
 * and how many those are, and whether they attend. Strangers learn nobody's attendance:
 * someone who does not attend sees only their connections there, and an attendee sees
 * whom the attendees list shows them (purpose 'attendees': not private, not friends-only
 * to a stranger, not away, not blocked either way), and themself. The count is always
 * the length of that list, so it never reveals one hidden person.
 */
export function attendeesAsSeen(
  viewerId: string,
  people: EventPeople,
  rel: Relations,
): { attendees: string[]; ids: readonly string[]; count: number; attending: boolean } {
  const roster = rosterOf(people);
  const attending = people.attendees.has(viewerId);
  const ids = seenIdsOf(viewerId, people, rel, roster, attending);
  // As the viewer is told them: anonymous attendees by their pseudonym at the event (issue 40).
  // The list any attendee sees is told alike to all, unless the viewer is anonymous themself.
  const shared = ids === roster.toStrangers && !isAnonymousTo(people.attendees.get(viewerId)!.candidate, { connected: false });
  const attendees = shared ? roster.toStrangersShown : ids.map((id) => shownIdOf(people, viewerId, id, rel.connected.has(id)));
  return { attendees, ids, count: ids.length, attending };
}

/** attendeesAsSeen's people by their own ids (what analytics counts by). */
function seenIdsOf(viewerId: string, people: EventPeople, rel: Relations, roster: Roster, attending: boolean): readonly string[] {
  const seen = (id: string, p: NearbyPerson) =>
    isVisibleTo(viewerId, p.candidate, { connected: rel.connected.has(id), blockedEitherWay: rel.blocked.has(id), inRestrictedZone: false }, 'attendees');
  if (!attending) {
    // A person's connections are few: no pass over the attendees.
    const ids: string[] = [];
    for (const id of rel.connected) {
      const p = people.attendees.get(id);
      if (p && seen(id, p)) ids.push(id);
    }
    ids.sort((a, b) => roster.place.get(a)! - roster.place.get(b)!);
    return ids;
  }
  const related = (ids: ReadonlySet<string>) => {
    for (const id of ids) if (people.attendees.has(id)) return true;
    return false;
  };
  if (!related(rel.blocked) && !related(rel.connected)) {
    // As any attendee sees them: shared by everyone it fits, the viewer put in their place otherwise.
    return roster.seenByStrangers.has(viewerId) ? roster.toStrangers : withPlaced(roster, roster.toStrangers, viewerId);
  }
  const ids: string[] = [];
  for (const p of roster.ordered) {
    const id = p.candidate.id;
    if (id === viewerId || seen(id, p)) ids.push(id);
  }
  return ids;
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
    const seen = projectFor(viewerId, p.candidate, { connected, blockedEitherWay: rel.blocked.has(id), inRestrictedZone: false }, 'attendees', p.pseudonym);
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
