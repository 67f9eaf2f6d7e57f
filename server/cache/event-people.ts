/**
 * The people of an event as DESIGN 5 needs them: who attends, their privacy settings,
 * latest positions, the zones, and who among them is connected or blocked. Loaded in
 * a few set-based queries and kept for a moment, because nearby people is the hottest
 * call of the product (every attendee's list refreshes when anyone moves; DESIGN 9
 * budgets 1,000 attendees at 50 concurrent requests, p99 ≤ 50 ms).
 *
 * How fresh the kept copy is:
 * - writes through this instance that change who is shown or how (joining, a profile
 *   or setting, a block or connection; `app.lifecycle`'s 'user.changed' and
 *   'user.sessionsEnded': ban, unban, deactivation, reactivation, deletion, a break
 *   taken or ended, a review hold set or lifted) mark the people concerned, who are read again (with their blocks and connections) before
 *   the copy is used next: a few small reads, not a thousand people (`forgetUsers`,
 *   `noteJoined`). A new position patches it in place;
 * - the same changes made on another instance arrive over the live bus
 *   (server/app.ts, 'changed' messages) and are read again the same way;
 * - a temporary ban or a break that ends by itself is compared with the clock whenever
 *   the copy is used (`hidingEndedBy`), so it ends on time on every instance;
 * - anything else (a change made outside the app, a message lost on the bus) shows
 *   within SNAPSHOT_TTL_MS plus the time a reload takes: an expired copy is served while
 *   the next one loads, so requests do not queue behind every reload.
 * Positions, and restricted-zone presence of people who do not share their location,
 * are read from the database like the rest; a report patches this instance's copy at
 * once (`noteZonePresence`) and reaches other instances' copies at their next reload.
 */
import { and, eq } from 'drizzle-orm';
import { type Fix, type Zone } from '../domain/geo';
import { type NearbyPerson, type RankIndex, inRestrictedZone, nearbyPerson, rankIndexOf } from '../domain/nearby';
import type { Lifecycle } from '../core/lifecycle';
import type { Db } from '../db/client';
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
import { isBanActive } from '../db/repositories/users';
import { isAway } from '../domain/status';
import { listZones } from '../db/repositories/zones';

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

/**
 * How long a loaded copy is used before it is loaded again (see the top of this file).
 * Every change to who is shown and how is re-read at once (forgetUsers, noteJoined),
 * on this instance and, announced over the live bus, on the others, so the expiry is a
 * safety net: for changes made outside the app, and on PostgreSQL for announcements
 * lost on the way (Redis pub/sub is at most once), which is why it is shorter there.
 * A full load holds the thread for tens of milliseconds (all of it on PGlite, whose
 * queries run on it), so it is kept rare.
 */
export const SNAPSHOT_TTL_MS = { pglite: 30_000, postgres: 5_000 } as const;
const SWEEP_ABOVE = 64;

interface Entry {
  loadedAt: number;
  value: Promise<EventPeople | null>;
  /** Set once loaded, so invalidation can look inside without waiting. */
  loaded?: EventPeople | null;
  /** Attendees whose row or relations changed since: read again before the next use. */
  stale?: Set<string>;
  /** Users who changed while it was still loading (it may have read them before the change). */
  pendingStale?: Set<string>;
}

/** A newer copy loading while the expired one is still served, and what changed meanwhile. */
interface Reload {
  value: Promise<void>;
  /** Users changed while it loaded: it may have read them before the change. */
  changed: Set<string>;
  /** Positions reported while it loaded, applied to it when it arrives. */
  positions: Map<string, ZonePresence>;
}

/** What a position report says of a person: their kept position, and the zones they are in. */
interface ZonePresence {
  stored: Fix | null;
  restricted: boolean;
  /** When they were last in a quiet zone (ms), or null. */
  quietAt: number | null;
}

interface PeopleState {
  ttlMs: number;
  snapshots: Map<string, Entry>;
  reloads: Map<string, Reload>;
}

const states = new WeakMap<object, PeopleState>();
function stateOf(db: Db): PeopleState {
  let s = states.get(db);
  if (!s) {
    s = {
      ttlMs: SNAPSHOT_TTL_MS.postgres,
      snapshots: new Map(),
      reloads: new Map(),
    };
    states.set(db, s);
  }
  return s;
}

/** Called once by the app with its database's kind; until then the shorter expiry applies. */
export function configurePeopleCache(db: Db, kind: keyof typeof SNAPSHOT_TTL_MS): void {
  stateOf(db).ttlMs = SNAPSHOT_TTL_MS[kind];
}

const restrictedOf = (zones: Zone[], r: AttendeeRow): boolean => r.restrictedUnseen || inRestrictedZone(zones, r.location);

function toNearby(zones: Zone[], r: AttendeeRow, now: Date): NearbyPerson {
  return nearbyPerson(candidateOf(r.person, now), r.person.socialBattery, r.location, restrictedOf(zones, r), r.quietAt);
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
      if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
      continue;
    }
    if (x instanceof Date && y instanceof Date && x.getTime() === y.getTime()) continue;
    return false;
  }
  return true;
}

async function loadEventPeople(
  db: Db,
  eventId: string,
  now: Date,
  previous: EventPeople | null = null,
): Promise<EventPeople | null> {
  const event = await findEventInfo(db, eventId);
  if (!event) return null;
  const [rows, zones, { blockRows, connectionRows }] = await Promise.all([
    attendeeRows(db, eventId, null),
    listZones(db, eventId),
    relationRows(db, eventId, null),
  ]);
  const attendees = new Map<string, NearbyPerson>();
  const personRows = new Map<string, PersonRow>();
  const joined = new Map<string, number>();
  // Reloading (PostgreSQL: every second): people who did not change keep their prepared
  // profiles, which are most of the work of a load after the reads themselves.
  const sameZones = previous !== null && JSON.stringify(previous.zones) === JSON.stringify(zones);
  for (const r of rows) {
    const id = r.person.id;
    const before = sameZones ? previous.attendees.get(id) : undefined;
    const beforeRow = previous?.rows.get(id);
    let person: NearbyPerson;
    if (before && beforeRow && samePerson(beforeRow, r.person) && !judgedOtherwiseNow(before, r.person, now)) {
      person = before;
      person.location = r.location;
      person.restricted = restrictedOf(zones, r);
      person.quietAt = r.quietAt;
    } else {
      person = toNearby(zones, r, now);
    }
    attendees.set(id, person);
    personRows.set(id, r.person);
    joined.set(id, r.joinedAt);
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

/** Keeps `entry` under `eventId` once it has loaded; drops it if it failed or found no event. */
function track(state: PeopleState, eventId: string, entry: Entry): Entry {
  state.snapshots.set(eventId, entry);
  entry.value.then(
    (v) => {
      entry.loaded = v;
      if (v && entry.pendingStale) entry.stale = entry.pendingStale;
      entry.pendingStale = undefined;
      // An unknown event is not kept: it may be created a moment later.
      if (v === null && state.snapshots.get(eventId) === entry) state.snapshots.delete(eventId);
    },
    () => {
      if (state.snapshots.get(eventId) === entry) state.snapshots.delete(eventId);
    },
  );
  return entry;
}

/**
 * An expired copy is served on while a newer one loads, for at most this many expiries
 * (then callers wait for the load): requests do not queue behind every reload, and a
 * copy that cannot be reloaded (the database is away) is not served for ever.
 */
const SERVE_EXPIRED_FOR_TTLS = 3;
/** After this long a kept copy is not used at all: the next caller waits for a new one. */
export const SNAPSHOT_MAX_AGE_MS = {
  pglite: SNAPSHOT_TTL_MS.pglite * SERVE_EXPIRED_FOR_TTLS,
  postgres: SNAPSHOT_TTL_MS.postgres * SERVE_EXPIRED_FOR_TTLS,
} as const;

/**
 * The event's people, from the kept copy when it is fresh (with the people changed
 * since read again). Concurrent callers share one load, so an expiry under load costs
 * one set of queries, not fifty; and an expired copy is served while its successor
 * loads (SERVE_EXPIRED_FOR_TTLS).
 */
export function eventPeople(db: Db, eventId: string, now: Date): Promise<EventPeople | null> {
  const state = stateOf(db);
  const t = now.getTime();
  const hit = state.snapshots.get(eventId);
  const age = hit ? t - hit.loadedAt : Infinity;
  if (hit && age >= 0 && age < state.ttlMs * SERVE_EXPIRED_FOR_TTLS) {
    if (age >= state.ttlMs && hit.loaded) reloadInBackground(db, state, eventId, hit.loaded, now);
    if (hit.loaded === undefined && hit.pendingStale) {
      // Changed while loading: whoever asks now gets the loaded copy with them read again.
      const ids = hit.pendingStale;
      hit.pendingStale = undefined;
      const value = hit.value.then((v) => (v ? refreshEventPeople(db, v, ids, now) : null));
      return track(state, eventId, { loadedAt: hit.loadedAt, value }).value;
    }
    // A temporary ban or a break that has run out since the copy was read ends now, not at the next load.
    if (hit.loaded) {
      const ended = hidingEndedBy(hit.loaded, t);
      if (ended.length) markStale(state, eventId, hit, ended);
    }
    if (!hit.stale || !hit.loaded) return hit.value;
    const entry: Entry = { loadedAt: hit.loadedAt, value: refreshEventPeople(db, hit.loaded, hit.stale, now) };
    return track(state, eventId, entry).value;
  }
  if (state.snapshots.size > SWEEP_ABOVE) {
    for (const [id, e] of state.snapshots) if (t - e.loadedAt >= state.ttlMs * SERVE_EXPIRED_FOR_TTLS) state.snapshots.delete(id);
  }
  return track(state, eventId, { loadedAt: t, value: loadEventPeople(db, eventId, now, hit?.loaded ?? null) }).value;
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

/** Loads a newer copy of the event while `current` is served; it replaces it when it arrives. */
function reloadInBackground(db: Db, state: PeopleState, eventId: string, current: EventPeople, now: Date): void {
  if (state.reloads.has(eventId)) return;
  const reload: Reload = { value: Promise.resolve(), changed: new Set(), positions: new Map() };
  state.reloads.set(eventId, reload);
  reload.value = loadEventPeople(db, eventId, now, current).then(
    (fresh) => {
      if (state.reloads.get(eventId) !== reload) return; // forgotten meanwhile
      state.reloads.delete(eventId);
      if (fresh === null) {
        state.snapshots.delete(eventId);
        return;
      }
      for (const [userId, p] of reload.positions) {
        const person = fresh.attendees.get(userId);
        if (!person) continue;
        person.location = p.stored;
        person.restricted = p.restricted;
        person.quietAt = p.quietAt;
      }
      const entry: Entry = { loadedAt: now.getTime(), value: Promise.resolve(fresh), loaded: fresh };
      if (reload.changed.size > 0) entry.stale = reload.changed;
      state.snapshots.set(eventId, entry);
    },
    () => {
      // Tried again by the next request; the expired copy is served a little longer.
      if (state.reloads.get(eventId) === reload) state.reloads.delete(eventId);
    },
  );
}

/** Waits for the copies loading in the background (shutdown, tests). */
export async function settleReloads(db: Db): Promise<void> {
  await Promise.all([...stateOf(db).reloads.values()].map((r) => r.value));
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
  noteJoined(db, eventId, userId);
  const fresh = await eventPeople(db, eventId, now);
  return fresh ? { people: fresh, attending: fresh.attendees.has(userId) } : null;
}

/**
 * Marks users of a kept copy to be read again before its next use; a copy still loading
 * may have read them before the change, so it reads them again once loaded.
 */
function markStale(state: PeopleState, eventId: string, entry: Entry, ids: readonly string[]): void {
  if (ids.length === 0 || entry.loaded === null) return;
  const reload = state.reloads.get(eventId);
  if (reload) for (const id of ids) reload.changed.add(id);
  const into = entry.loaded === undefined ? (entry.pendingStale ??= new Set()) : (entry.stale ??= new Set());
  for (const id of ids) into.add(id);
}

/** Someone joined the event: they are read into the kept copy before it is used next. */
export function noteJoined(db: Db, eventId: string, userId: string): void {
  const state = stateOf(db);
  const entry = state.snapshots.get(eventId);
  if (entry) markStale(state, eventId, entry, [userId]);
}

/** Drop the kept copy of an event altogether. */
export function forgetEvent(db: Db, eventId: string): void {
  const state = stateOf(db);
  state.snapshots.delete(eventId);
  state.reloads.delete(eventId);
}

/**
 * These users changed (their settings or profile, a block or connection of theirs,
 * their sessions ended): every kept copy that holds one of them (or may: one still
 * loading) reads them, and their blocks and connections, again before it is used next.
 */
export function forgetUsers(db: Db, userIds: readonly string[]): void {
  const state = stateOf(db);
  for (const [eventId, entry] of state.snapshots) {
    const v = entry.loaded;
    // Someone not in this copy may be in the one reloading (they joined meanwhile).
    const reload = state.reloads.get(eventId);
    if (reload) for (const id of userIds) reload.changed.add(id);
    markStale(state, eventId, entry, v === undefined ? userIds : v ? userIds.filter((id) => v.attendees.has(id)) : []);
  }
}

/**
 * A new position report: patch the kept copy in place instead of dropping it, because
 * positions arrive every 10 s from every attendee. `stored` is null when the position
 * was used only for the zone check.
 */
export function noteZonePresence(
  db: Db,
  eventId: string,
  userId: string,
  stored: Fix | null,
  restricted: boolean,
  quietAt: number | null = null,
): void {
  const state = stateOf(db);
  state.reloads.get(eventId)?.positions.set(userId, { stored, restricted, quietAt });
  const entry = state.snapshots.get(eventId);
  if (!entry) return;
  const patch = (v: EventPeople | null) => {
    const person = v?.attendees.get(userId);
    if (!person) return;
    person.location = stored;
    person.restricted = restricted;
    person.quietAt = quietAt;
  };
  // A copy still loading may have read the position before this report: patch it once loaded.
  if (entry.loaded !== undefined) patch(entry.loaded);
  else void entry.value.then(patch, () => {});
}


/**
 * Keeps this database's kept copies in step with every change to who is shown and how
 * (a ban, deactivation or deletion, an edit of a profile or setting, a block or
 * connection, a join), made on this instance or announced by another (server/app.ts).
 * Answers how to stop following, which also waits for copies still loading.
 */
export function followLifecycle(db: Db, kind: keyof typeof SNAPSHOT_TTL_MS, lifecycle: Lifecycle): () => Promise<void> {
  configurePeopleCache(db, kind);
  const forget = (userId: string) => forgetUsers(db, [userId]);
  const forgetPair = (a: string, b: string) => forgetUsers(db, [a, b]);
  const joined = (eventId: string, userId: string) => noteJoined(db, eventId, userId);
  lifecycle.on('user.sessionsEnded', forget);
  lifecycle.on('user.changed', forget);
  lifecycle.on('relation.changed', forgetPair);
  lifecycle.on('event.joined', joined);
  // An event edited (its zones among it) is read anew.
  const changed = (eventId: string) => forgetEvent(db, eventId);
  lifecycle.on('event.changed', changed);
  return async () => {
    lifecycle.off('event.changed', changed);
    lifecycle.off('user.sessionsEnded', forget);
    lifecycle.off('user.changed', forget);
    lifecycle.off('relation.changed', forgetPair);
    lifecycle.off('event.joined', joined);
    // A copy still loading in the background must not outlive the database it reads.
    await settleReloads(db);
  };
}
