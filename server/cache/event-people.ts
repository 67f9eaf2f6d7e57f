/**
 * The people of an event as DESIGN 5 needs them: who attends, their privacy settings,
 * latest positions, the zones, and who among them is connected or blocked. Loaded in
 * a few set-based queries and kept (cache/kept.ts, KEPT_FOR.eventPeople), because nearby
 * people is the hottest call of the product (every attendee's list refreshes when anyone
 * moves; DESIGN 9 budgets 1,000 attendees at 50 concurrent requests, p99 ≤ 50 ms).
 *
 * How fresh the kept copy is:
 * - a change to who is shown or how (a profile or setting, a ban, unban, deactivation,
 *   reactivation or deletion, a break taken or ended, a review hold, a block or
 *   connection: `profile:` and `relations:` tags; someone joining: `joined:`), on this
 *   instance or announced by another over the live bus, marks the people concerned, who
 *   are read again (with their blocks and connections) before the copy is used next: a
 *   few small reads, not a thousand people. A new position patches it in place;
 * - an edit of the event (its zones among it) retires the copy (`event-row:`);
 * - a temporary ban or a break that ends by itself is compared with the clock whenever
 *   the copy is used (`hidingEndedBy`), so it ends on time on every instance;
 * - anything else (a change made outside the app, a message lost on the bus) shows
 *   within its time plus the time a reload takes: an expired copy is served while the
 *   next one loads, so requests do not queue behind every reload.
 * Positions, and restricted-zone presence of people who do not share their location,
 * are read from the database like the rest; a report patches this instance's copy at
 * once (`noteZonePresence`), and every other instance's over the live bus.
 */
import { and, eq } from 'drizzle-orm';
import { type Zone, squareRestricted } from '../domain/geo';
import { type NearbyPerson, nearbyPerson, quietMayBeTold } from '../domain/nearby';
import { type RankIndex, rankIndexOf } from '../domain/ranking';
import type { Db } from '../db/client';
import type { Lifecycle, PositionNote } from '../core/lifecycle';
import { eventAttendees } from '../db/schema';
import {
  type AttendeeRow,
  type EventInfo,
  type PersonRow,
  attendeeRows,
  candidateOf,
  findEventInfo,
  personColumns,
  relationRows,
} from '../db/repositories/people';
import { isBanActive } from '../domain/bans';
import { isAway } from '../domain/status';
import { listZones } from '../db/repositories/zones';
import { type KeptParts, keptReads } from './kept';
import { tag } from './tags';

export type { EventInfo };

export interface EventPeople {
  event: EventInfo;
  zones: Zone[];
  /** Every attendee, active or not (the view decides who shows). */
  attendees: Map<string, NearbyPerson>;
  /** The rows they were prepared from (a reload reuses the people whose row did not change). */
  rows: Map<string, PersonRow>;
  /** When each joined (ms), for lists in joining order. */
  joined: Map<string, number>;
  /** For each attendee, the attendees they blocked or were blocked by. */
  blocked: Map<string, Set<string>>;
  /** For each attendee, the attendees they are connected to. */
  connected: Map<string, Set<string>>;
  /** The attendees prepared for ranking (domain/nearby.ts rankPage). */
  ranking: RankIndex;
}

function adjacency(pairs: Array<{ a: string; b: string }>): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  const add = (x: string, y: string) => {
    let s = m.get(x);
    if (!s) m.set(x, (s = new Set()));
    s.add(y);
  };
  for (const { a, b } of pairs) {
    add(a, b);
    add(b, a);
  }
  return m;
}

/**
 * `base` with every pair touching one of `ids` replaced by `pairs` (read again for
 * them). Copy on write: the sets of everyone else are shared with `base`, which
 * requests still using it keep seeing unchanged.
 */
function replaceEdges(
  base: Map<string, Set<string>>,
  ids: ReadonlySet<string>,
  pairs: Array<{ a: string; b: string }>,
): Map<string, Set<string>> {
  const m = new Map(base);
  const copied = new Set<string>();
  const own = (x: string): Set<string> => {
    let s = m.get(x);
    if (!copied.has(x)) {
      s = new Set(s);
      m.set(x, s);
      copied.add(x);
    }
    return s!;
  };
  for (const id of ids) {
    for (const other of base.get(id) ?? []) own(other).delete(id);
    m.delete(id);
    copied.delete(id);
  }
  for (const { a, b } of pairs) {
    own(a).add(b);
    own(b).add(a);
  }
  for (const x of copied) if (m.get(x)!.size === 0) m.delete(x);
  return m;
}

/** Hidden by a restricted zone: their kept position's whole square lies in one, or their last report without one was in one a square wide (geo.ts zoneMayShow). */
const restrictedOf = (zones: Zone[], r: AttendeeRow): boolean => r.restrictedUnseen || squareRestricted(zones, r.location);
/** Whether others may be told of the quiet zone they are in (quietMayBeTold). */
const quietToldOf = (zones: Zone[], r: AttendeeRow): boolean =>
  r.quietZoneId !== null && quietMayBeTold(zones.find((z) => z.id === r.quietZoneId) ?? null, r.location);

function toNearby(zones: Zone[], r: AttendeeRow, now: Date): NearbyPerson {
  const card = { openingMoves: r.person.openingMoves, openToHello: r.person.openToHello };
  return nearbyPerson(candidateOf(r.person, now), r.person.socialBattery, r.location, restrictedOf(zones, r), r.quietAt, r.pseudonym, card, quietToldOf(zones, r));
}

/** A ban or a break that has ended since the person was prepared: the same row is judged otherwise now. */
function judgedOtherwiseNow(prepared: NearbyPerson, row: PersonRow, now: Date): boolean {
  return prepared.candidate.is_banned !== isBanActive(row, now) || prepared.candidate.is_away !== isAway(row, now);
}

/** Whether two reads of a person would be judged and shown alike (positions aside). */
function samePerson(a: PersonRow, b: PersonRow): boolean {
  for (const k of Object.keys(personColumns) as Array<keyof PersonRow>) {
    const x = a[k];
    const y = b[k];
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y)) {
      // Lists of words, or of opening moves ({ id, text }: compared by their fields).
      const differ = (v: unknown, w: unknown) =>
        v !== w && (typeof v !== 'object' || typeof w !== 'object' || JSON.stringify(v) !== JSON.stringify(w));
      if (x.length !== y.length || x.some((v, i) => differ(v, y[i]))) return false;
      continue;
    }
    if (x instanceof Date && y instanceof Date && x.getTime() === y.getTime()) continue;
    return false;
  }
  return true;
}

/** Attendees read at once by a full load (loadEventPeople). */
export const ATTENDEE_PAGE = 1_000;

async function loadEventPeople(
  db: Db,
  eventId: string,
  now: Date,
  previous: EventPeople | null = null,
): Promise<EventPeople | null> {
  const event = await findEventInfo(db, eventId);
  if (!event) return null;
  const [zones, { blockRows, connectionRows }] = await Promise.all([listZones(db, eventId), relationRows(db, eventId, null)]);
  const attendees = new Map<string, NearbyPerson>();
  const personRows = new Map<string, PersonRow>();
  const joined = new Map<string, number>();
  // Reloading: people who did not change keep their prepared
  // profiles, which are most of the work of a load after the reads themselves.
  const sameZones = previous !== null && JSON.stringify(previous.zones) === JSON.stringify(zones);
  const take = (rows: AttendeeRow[]) => {
    for (const r of rows) {
      const id = r.person.id;
      const before = sameZones ? previous.attendees.get(id) : undefined;
      const beforeRow = previous?.rows.get(id);
      let person: NearbyPerson;
      if (before && beforeRow && before.pseudonym === r.pseudonym && samePerson(beforeRow, r.person) && !judgedOtherwiseNow(before, r.person, now)) {
        person = before;
        person.location = r.location;
        person.restricted = restrictedOf(zones, r);
        person.quietAt = r.quietAt;
        person.quietTold = quietToldOf(zones, r);
      } else {
        person = toNearby(zones, r, now);
      }
      attendees.set(id, person);
      personRows.set(id, r.person);
      joined.set(id, r.joinedAt);
    }
  };
  // An event larger than a page (as its last copy says) is read a page at a time, other work
  // running between the pages: 10,000 attendees in one read held the event loop for 200-250
  // ms, and every call and live message waited (issue 44). A smaller one in one read.
  if ((previous?.attendees.size ?? 0) <= ATTENDEE_PAGE) take(await attendeeRows(db, eventId, null));
  else {
    for (let after: string | null = null; ; ) {
      const rows = await attendeeRows(db, eventId, { after, limit: ATTENDEE_PAGE });
      take(rows);
      if (rows.length < ATTENDEE_PAGE) break;
      after = rows.at(-1)!.person.id;
    }
  }
  return {
    event,
    zones,
    attendees,
    rows: personRows,
    joined,
    blocked: adjacency(blockRows),
    connected: adjacency(connectionRows),
    ranking: rankIndexOf(attendees.values()),
  };
}

/**
 * `base` with the attendees `ids` (and their blocks and connections) read again: a
 * changed profile, setting or relation, or someone who joined, costs a few small reads
 * instead of loading a thousand people again. Someone no longer attending (or gone)
 * drops out.
 */
async function refreshEventPeople(db: Db, base: EventPeople, ids: ReadonlySet<string>, now: Date): Promise<EventPeople> {
  const eventId = base.event.id;
  const list = [...ids];
  const [rows, { blockRows, connectionRows }] = await Promise.all([
    attendeeRows(db, eventId, list),
    relationRows(db, eventId, list),
  ]);
  const attendees = new Map(base.attendees);
  const personRows = new Map(base.rows);
  const joined = new Map(base.joined);
  for (const id of ids) {
    attendees.delete(id);
    personRows.delete(id);
    joined.delete(id);
  }
  for (const r of rows) {
    attendees.set(r.person.id, toNearby(base.zones, r, now));
    personRows.set(r.person.id, r.person);
    joined.set(r.person.id, r.joinedAt);
  }
  return {
    event: base.event,
    zones: base.zones,
    attendees,
    rows: personRows,
    joined,
    blocked: replaceEdges(base.blocked, ids, blockRows),
    connected: replaceEdges(base.connected, ids, connectionRows),
    ranking: rankIndexOf(attendees.values()),
  };
}

const PROFILE = tag.profile('');
const RELATIONS = tag.relations('');

/** The people a changed tag names for this event's copy: its attendees whose row or relations changed, and whoever joined it. */
function peopleParts(db: Db, eventId: string, now: Date): KeptParts<EventPeople | null> {
  const joined = tag.joined(eventId, '');
  return {
    of(t, people) {
      if (t.startsWith(joined)) return t.slice(joined.length);
      const id = t.startsWith(PROFILE) ? t.slice(PROFILE.length) : t.startsWith(RELATIONS) ? t.slice(RELATIONS.length) : null;
      // A copy still loading may hold anyone.
      return id !== null && (people === undefined || people?.attendees.has(id)) ? id : null;
    },
    dueBy: (people, t) => (people ? hidingEndedBy(people, t) : []),
    refresh: (people, ids) => refreshEventPeople(db, people!, ids, now),
  };
}

/**
 * The event's people, from the kept copy (with the people changed since read again).
 * Concurrent callers share one load, so an expiry under load costs one set of queries,
 * not fifty; and an expired copy is served while its successor loads.
 */
export function eventPeople(db: Db, eventId: string, now: Date): Promise<EventPeople | null> {
  return keptReads(db).read<EventPeople | null>(
    `event-people:${eventId}`,
    now.getTime(),
    async (previous) => {
      const value = await loadEventPeople(db, eventId, now, previous ?? null);
      // An unknown event is not kept: it may be created a moment later.
      return { value, tags: value ? [] : null };
    },
    { kind: 'eventPeople', tags: [tag.eventRow(eventId)], parts: peopleParts(db, eventId, now) },
  );
}

/**
 * Per kept copy, what hides its attendees for a while and ends by itself, by when it
 * ends, soonest first (worked out once): temporary bans, and breaks with an end (issue 16).
 */
const hidingOf = new WeakMap<EventPeople, Array<{ id: string; end: number }>>();

/**
 * Attendees kept out of sight by a temporary ban or a break that ends by `t`: usually
 * none, found without a pass. No timer per person: the clock is compared when the copy
 * is used, so it holds on every instance and across restarts.
 */
function hidingEndedBy(people: EventPeople, t: number): string[] {
  let ends = hidingOf.get(people);
  if (!ends) {
    ends = [];
    for (const [id, row] of people.rows) {
      const candidate = people.attendees.get(id)?.candidate;
      if (row.isBanned && row.bannedUntil && candidate?.is_banned) ends.push({ id, end: row.bannedUntil.getTime() });
      if (row.statusUntil && candidate?.is_away) ends.push({ id, end: row.statusUntil.getTime() });
    }
    ends.sort((a, b) => a.end - b.end);
    hidingOf.set(people, ends);
  }
  const ended: string[] = [];
  for (const e of ends) {
    if (e.end > t) break;
    ended.push(e.id);
  }
  return ended;
}

/**
 * The event's people and whether `userId` attends. Someone who joined through another
 * instance is not in this instance's copy yet: ask the database before refusing them.
 */
export async function eventPeopleFor(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
): Promise<{ people: EventPeople; attending: boolean } | null> {
  const people = await eventPeople(db, eventId, now);
  if (!people) return null;
  if (people.attendees.has(userId)) return { people, attending: true };
  const [row] = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    .limit(1);
  if (!row) return { people, attending: false };
  // Read into this instance's copy before it is used next.
  keptReads(db).changed([tag.joined(eventId, userId)]);
  const fresh = await eventPeople(db, eventId, now);
  return fresh ? { people: fresh, attending: fresh.attendees.has(userId) } : null;
}

/**
 * A new position report: patch the kept copy in place instead of dropping it, because
 * positions arrive every 10 s from every attendee. The note's `fix` is null when the
 * position was used only for the zone check; `restricted` and `quietTold` are judged as a
 * load judges them (restrictedOf, quietMayBeTold).
 */
export function noteZonePresence(db: Db, eventId: string, userId: string, note: PositionNote): void {
  // A copy still loading, or reloading, may have read the position before this report: it is patched once loaded.
  keptReads(db).patch<EventPeople | null>(
    `event-people:${eventId}`,
    note.at,
    (people) => {
      const person = people?.attendees.get(userId);
      if (person) {
        person.location = note.fix;
        person.restricted = note.restricted;
        person.quietAt = note.quietAt;
        person.quietTold = note.quietTold;
      }
      return people;
    },
    { underWay: true },
  );
}

/**
 * Every position report kept, through this instance or (over the live bus) another, is
 * taken into this instance's copy at once ('position.kept'): the copies of several
 * instances need not be read again for positions. Answers how to stop.
 */
export function followPositions(db: Db, lifecycle: Lifecycle): () => void {
  const note = (eventId: string, userId: string, n: PositionNote) => noteZonePresence(db, eventId, userId, n);
  lifecycle.on('position.kept', note);
  return () => lifecycle.off('position.kept', note);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A PositionNote as the bus carries it, or null for anything that does not read as one. */
function positionNoteOf(v: unknown): PositionNote | null {
  if (!v || typeof v !== 'object') return null;
  const n = v as Record<string, unknown>;
  const f = n.fix as Record<string, unknown> | null | undefined;
  const fix = f === null ? null : f && typeof f === 'object' && finite(f.latitude) && finite(f.longitude) && finite(f.at) ? f : undefined;
  if (!finite(n.at) || fix === undefined || typeof n.restricted !== 'boolean' || typeof n.quietTold !== 'boolean') return null;
  if (n.quietAt !== null && !finite(n.quietAt)) return null;
  return {
    at: n.at,
    fix: fix && { latitude: fix.latitude as number, longitude: fix.longitude as number, at: fix.at as number },
    restricted: n.restricted,
    quietAt: n.quietAt as number | null,
    quietTold: n.quietTold,
  };
}

/** A position report kept: whose, at which event, and the note. */
export type KeptPosition = [eventId: string, userId: string, note: PositionNote];

/** The position reports another instance announced (their JSON list): those that read as one; the rest are dropped. */
export function positionsOf(json: string): KeptPosition[] {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(v)) return [];
  const kept: KeptPosition[] = [];
  for (const item of v) {
    if (!Array.isArray(item) || item.length !== 3 || typeof item[0] !== 'string' || typeof item[1] !== 'string') continue;
    const note = positionNoteOf(item[2]);
    if (note) kept.push([item[0], item[1], note]);
  }
  return kept;
}
