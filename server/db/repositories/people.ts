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
 *   'user.sessionsEnded': ban, unban, deactivation, reactivation, deletion) mark the
 *   people concerned, who are read again (with their blocks and connections) before
 *   the copy is used next: a few small reads, not a thousand people (`forgetUsers`,
 *   `noteJoined`). A new position patches it in place;
 * - the same changes made on another instance arrive over the live bus
 *   (server/app.ts, 'changed' messages) and are read again the same way;
 * - anything else (a change made outside the app, a message lost on the bus) shows
 *   within SNAPSHOT_TTL_MS plus the time a reload takes: an expired copy is served while
 *   the next one loads, so requests do not queue behind every reload.
 * Positions, and restricted-zone presence of people who do not share their location,
 * are read from the database like the rest; a report patches this instance's copy at
 * once (`noteZonePresence`) and reaches other instances' copies at their next reload.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { IceBreaker } from '../../../contract/discovery';
import type { CommunicationStyle, VisibilityMode } from '../../../contract/constants';
import type { CompatProfile } from '../../domain/compatibility';
import { type Point, type Zone } from '../../domain/geo';
import {
  ICE_BREAKERS_MAX,
  type IceBreakerDraft,
  type IceBreakerEvent,
  iceBreakers as generateIceBreakers,
} from '../../domain/ice-breakers';
import { type NearbyPerson, type RankIndex, inRestrictedZone, nearbyPerson, rankIndexOf } from '../../domain/nearby';
import type { PrivacySettings, VisibleCandidate } from '../../domain/visibility';
import type { Db, Queryable } from '../client';
import { blocks, connectionRequests, connections, eventAttendees, events, iceBreakers, restrictedPresence, userLocations, users } from '../schema';
import { type UserRow, isBanActive } from './users';
import { listZones } from './zones';

/** The columns a person is judged and shown by: never the password hash. */
export const personColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  age: users.age,
  occupation: users.occupation,
  interests: users.interests,
  socialPreferences: users.socialPreferences,
  personalityTraits: users.personalityTraits,
  communicationStyle: users.communicationStyle,
  photoData: users.photoData,
  socialBattery: users.socialBattery,
  isAvailable: users.isAvailable,
  visibilityMode: users.visibilityMode,
  showLocation: users.showLocation,
  showInterests: users.showInterests,
  showProfilePicture: users.showProfilePicture,
  autoHideInRestrictedZones: users.autoHideInRestrictedZones,
  anonymousBrowsing: users.anonymousBrowsing,
  safeSpaceMode: users.safeSpaceMode,
  isActive: users.isActive,
  isBanned: users.isBanned,
  bannedUntil: users.bannedUntil,
};
export type PersonRow = Pick<UserRow, keyof typeof personColumns>;

export function privacyOf(row: CandidateRow): PrivacySettings {
  return {
    visibility_mode: row.visibilityMode as VisibilityMode,
    show_location: row.showLocation,
    show_interests: row.showInterests,
    show_profile_picture: row.showProfilePicture,
    auto_hide_in_restricted_zones: row.autoHideInRestrictedZones,
    anonymous_browsing: row.anonymousBrowsing,
    safe_space_mode: row.safeSpaceMode,
  };
}

/** A person without their photo (lists that never show one do not read it). */
export type CandidateRow = Omit<PersonRow, 'photoData'> & { photoData?: string | null };

/** A user as DESIGN 5's `projectFor` takes them; the one mapping every list uses. */
export function candidateOf(row: CandidateRow, now: Date): VisibleCandidate {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    age: row.age,
    occupation: row.occupation,
    interests: row.interests,
    social_preferences: row.socialPreferences,
    personality_traits: row.personalityTraits,
    communication_style: row.communicationStyle as CommunicationStyle,
    photo_data: row.photoData ?? null,
    is_active: row.isActive,
    is_banned: isBanActive(row, now),
    is_available: row.isAvailable,
    privacy: privacyOf(row),
  };
}

export interface EventInfo {
  id: string;
  name: string;
  eventType: string;
  startTime: Date;
  endTime: Date;
}

export interface EventPeople {
  event: EventInfo;
  zones: Zone[];
  /** Every attendee, active or not (the view decides who shows). */
  attendees: Map<string, NearbyPerson>;
  /** The rows they were prepared from (a reload reuses the people whose row did not change). */
  rows: Map<string, PersonRow>;
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
/** Viewer-and-event pairs whose ice breakers are kept in memory. */
const ICE_BREAKER_CACHE_PAIRS = 5_000;
/** Generated suggestions kept by what they were generated from (see draftsFor). */
const DRAFT_CACHE_ENTRIES = 8_000;
const drafts = new Map<string, readonly IceBreakerDraft[]>();

/**
 * The domain's suggestions for a pair, remembered by everything they depend on (the
 * viewer's interests and occupation, what the viewer may see of the other's, the
 * event's name), so a list opened again does not generate them again. Keyed by
 * content, it can never answer suggestions built from data that has since changed.
 */
function draftsFor(a: CompatProfile, b: CompatProfile, event: IceBreakerEvent | null): readonly IceBreakerDraft[] {
  const sep = '\u0000';
  const key = [a.interests.join(sep), a.occupation ?? '', b.interests.join(sep), b.occupation ?? '', event?.name ?? ''].join('\u0001');
  let found = drafts.get(key);
  if (!found) {
    found = generateIceBreakers(a, b, event);
    if (drafts.size >= DRAFT_CACHE_ENTRIES) drafts.delete(drafts.keys().next().value!);
    drafts.set(key, found);
  }
  return found;
}

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
  positions: Map<string, { stored: Point | null; restricted: boolean }>;
}

interface PeopleState {
  ttlMs: number;
  snapshots: Map<string, Entry>;
  reloads: Map<string, Reload>;
  /** Stored ice breakers by `${viewer}:${event}`, then the other's id, then the text (see iceBreakersForMany). */
  iceBreakers: Map<string, Map<string, Map<string, IceBreaker>>>;
}

const states = new WeakMap<object, PeopleState>();
function stateOf(db: Db): PeopleState {
  let s = states.get(db);
  if (!s) {
    s = {
      ttlMs: SNAPSHOT_TTL_MS.postgres,
      snapshots: new Map(),
      reloads: new Map(),
      iceBreakers: new Map(),
    };
    states.set(db, s);
  }
  return s;
}

/** Called once by the app with its database's kind; until then the shorter expiry applies. */
export function configurePeopleCache(db: Db, kind: keyof typeof SNAPSHOT_TTL_MS): void {
  stateOf(db).ttlMs = SNAPSHOT_TTL_MS[kind];
}

/** An attendee as read: their row, latest stored position, and restricted presence without one. */
interface AttendeeRow {
  person: PersonRow;
  location: Point | null;
  /** Inside a restricted zone while hiding their location (restricted_presence). */
  restrictedUnseen: boolean;
}

/**
 * The attendees (all, or only `ids`) with their latest positions. Plain indexed reads
 * rather than one join: the join's plan depended on fresh table statistics, which
 * PGlite never gathers by itself, and without them it compared every attendee with
 * every position.
 */
async function attendeeRows(db: Db, eventId: string, ids: readonly string[] | null): Promise<AttendeeRow[]> {
  const [rows, positions, presence] = await Promise.all([
    db
      .select({ person: personColumns })
      .from(eventAttendees)
      .innerJoin(users, eq(users.id, eventAttendees.userId))
      .where(and(eq(eventAttendees.eventId, eventId), ids ? inArray(eventAttendees.userId, [...ids]) : undefined)),
    db
      .select({ userId: userLocations.userId, latitude: userLocations.latitude, longitude: userLocations.longitude })
      .from(userLocations)
      .where(and(eq(userLocations.eventId, eventId), ids ? inArray(userLocations.userId, [...ids]) : undefined)),
    db
      .select({ userId: restrictedPresence.userId })
      .from(restrictedPresence)
      .where(and(eq(restrictedPresence.eventId, eventId), ids ? inArray(restrictedPresence.userId, [...ids]) : undefined)),
  ]);
  const at = new Map(positions.map((p) => [p.userId, { latitude: p.latitude, longitude: p.longitude }]));
  const unseen = new Set(presence.map((p) => p.userId));
  return rows.map((r) => ({ person: r.person, location: at.get(r.person.id) ?? null, restrictedUnseen: unseen.has(r.person.id) }));
}

const restrictedOf = (zones: Zone[], r: AttendeeRow): boolean => r.restrictedUnseen || inRestrictedZone(zones, r.location);

/** Blocks and connections between attendees (all, or those touching `ids`). */
async function relationRows(db: Db, eventId: string, ids: readonly string[] | null) {
  type Col = typeof blocks.blockerId | typeof connections.user1;
  const attendeeOf = (col: Col) =>
    sql`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${eventId} and ${eventAttendees.userId} = ${col})`;
  const touching = (x: Col, y: Col) =>
    ids ? or(inArray(x, [...ids]), inArray(y, [...ids])) : undefined;
  const [blockRows, connectionRows] = await Promise.all([
    db
      .select({ a: blocks.blockerId, b: blocks.blockedId })
      .from(blocks)
      .where(and(touching(blocks.blockerId, blocks.blockedId), attendeeOf(blocks.blockerId), attendeeOf(blocks.blockedId))),
    db
      .select({ a: connections.user1, b: connections.user2 })
      .from(connections)
      .where(and(touching(connections.user1, connections.user2), attendeeOf(connections.user1), attendeeOf(connections.user2))),
  ]);
  return { blockRows, connectionRows };
}

function toNearby(zones: Zone[], r: AttendeeRow, now: Date): NearbyPerson {
  return nearbyPerson(candidateOf(r.person, now), r.person.socialBattery, r.location, restrictedOf(zones, r));
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
  const [event] = await db
    .select({ id: events.id, name: events.name, eventType: events.eventType, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return null;
  const [rows, zones, { blockRows, connectionRows }] = await Promise.all([
    attendeeRows(db, eventId, null),
    listZones(db, eventId),
    relationRows(db, eventId, null),
  ]);
  const attendees = new Map<string, NearbyPerson>();
  const personRows = new Map<string, PersonRow>();
  // Reloading (PostgreSQL: every second): people who did not change keep their prepared
  // profiles, which are most of the work of a load after the reads themselves.
  const sameZones = previous !== null && JSON.stringify(previous.zones) === JSON.stringify(zones);
  for (const r of rows) {
    const id = r.person.id;
    const before = sameZones ? previous.attendees.get(id) : undefined;
    const beforeRow = previous?.rows.get(id);
    let person: NearbyPerson;
    if (before && beforeRow && samePerson(beforeRow, r.person) && before.candidate.is_banned === isBanActive(r.person, now)) {
      person = before;
      person.location = r.location;
      person.restricted = restrictedOf(zones, r);
    } else {
      person = toNearby(zones, r, now);
    }
    attendees.set(id, person);
    personRows.set(id, r.person);
  }
  return {
    event,
    zones,
    attendees,
    rows: personRows,
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
  for (const id of ids) {
    attendees.delete(id);
    personRows.delete(id);
  }
  for (const r of rows) {
    attendees.set(r.person.id, toNearby(base.zones, r, now));
    personRows.set(r.person.id, r.person);
  }
  return {
    event: base.event,
    zones: base.zones,
    attendees,
    rows: personRows,
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
    if (!hit.stale || !hit.loaded) return hit.value;
    const entry: Entry = { loadedAt: hit.loadedAt, value: refreshEventPeople(db, hit.loaded, hit.stale, now) };
    return track(state, eventId, entry).value;
  }
  if (state.snapshots.size > SWEEP_ABOVE) {
    for (const [id, e] of state.snapshots) if (t - e.loadedAt >= state.ttlMs * SERVE_EXPIRED_FOR_TTLS) state.snapshots.delete(id);
  }
  return track(state, eventId, { loadedAt: t, value: loadEventPeople(db, eventId, now, hit?.loaded ?? null) }).value;
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
  stored: Point | null,
  restricted: boolean,
): void {
  const state = stateOf(db);
  state.reloads.get(eventId)?.positions.set(userId, { stored, restricted });
  const entry = state.snapshots.get(eventId);
  if (!entry) return;
  const patch = (v: EventPeople | null) => {
    const person = v?.attendees.get(userId);
    if (!person) return;
    person.location = stored;
    person.restricted = restricted;
  };
  // A copy still loading may have read the position before this report: patch it once loaded.
  if (entry.loaded !== undefined) patch(entry.loaded);
  else void entry.value.then(patch, () => {});
}

export const toIceBreaker = (r: typeof iceBreakers.$inferSelect): IceBreaker => ({
  id: r.id,
  suggestion_text: r.suggestionText,
  category: r.category,
});

/**
 * Ice breakers of the viewer towards each of `others` at an event (or outside any
 * event, `event` null), for many pairs in one read and at most one batched insert; the
 * one way ice breakers are made (nearby people, recommendations, a chat). They are
 * stored so a chat message of type ice_breaker can name the one it used. The
 * suggestions are generated afresh from what the viewer may see of the other now and
 * matched to the stored rows by text: an unchanged suggestion keeps its id, and one
 * built on something the other has since hidden (an interest, their occupation) is no
 * longer offered.
 */
export async function iceBreakersForMany(
  db: Db,
  viewer: { id: string; profile: CompatProfile },
  others: ReadonlyArray<{ id: string; profile: CompatProfile }>,
  event: { id: string; name: string; eventType: string } | null,
  now: Date,
): Promise<Map<string, IceBreaker[]>> {
  if (others.length === 0) return new Map();
  const eventFacts = event ? { name: event.name, event_type: event.eventType } : null;
  const eventId = event?.id ?? null;
  const wanted = new Map(others.map((o) => [o.id, draftsFor(viewer.profile, o.profile, eventFacts)]));
  // Stored rows never change, so the ones seen are kept in memory (least recently used
  // go first): a list opened again costs no query at all.
  const cache = stateOf(db).iceBreakers;
  const cacheKey = `${viewer.id}:${eventId ?? '-'}`;
  const known = cache.get(cacheKey) ?? new Map<string, Map<string, IceBreaker>>();
  cache.delete(cacheKey);
  cache.set(cacheKey, known);
  if (cache.size > ICE_BREAKER_CACHE_PAIRS) cache.delete(cache.keys().next().value!);
  const stored = (otherId: string, text: string) => known.get(otherId)?.get(text);
  const remember = (r: typeof iceBreakers.$inferSelect) => {
    let mine = known.get(r.userB);
    if (!mine) known.set(r.userB, (mine = new Map()));
    // The first stored wins, should two first visits have raced.
    if (!mine.has(r.suggestionText)) mine.set(r.suggestionText, toIceBreaker(r));
  };

  const read = async (q: Queryable, ids: string[]) => {
    const rows = await q
      .select()
      .from(iceBreakers)
      .where(
        and(
          eq(iceBreakers.userA, viewer.id),
          eventId ? eq(iceBreakers.eventId, eventId) : isNull(iceBreakers.eventId),
          inArray(iceBreakers.userB, ids),
        ),
      )
      .orderBy(asc(iceBreakers.createdAt), asc(iceBreakers.id));
    for (const r of rows) remember(r);
  };
  const missingOf = (ids: Iterable<string>) => {
    const out: Array<{ id: string; d: IceBreakerDraft }> = [];
    for (const id of ids) for (const d of wanted.get(id) ?? []) if (!stored(id, d.suggestion_text)) out.push({ id, d });
    return out;
  };

  let pending = [...new Set(missingOf(wanted.keys()).map((m) => m.id))];
  if (pending.length > 0) await read(db, pending);
  pending = [...new Set(missingOf(pending).map((m) => m.id))];
  if (pending.length > 0) {
    await db.transaction(async (tx) => {
      // One writer per viewer and event at a time, so a suggestion is stored once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ice:${viewer.id}:${eventId ?? '-'}`}))`);
      await read(tx, pending);
      const missing = missingOf(pending);
      if (missing.length === 0) return;
      const rows = await tx
        .insert(iceBreakers)
        .values(
          missing.map(({ id, d }, i) => ({
            userA: viewer.id,
            userB: id,
            eventId,
            suggestionText: d.suggestion_text,
            category: d.category,
            createdAt: new Date(now.getTime() + i),
          })),
        )
        .returning();
      for (const r of rows) remember(r);
    });
  }
  const out = new Map<string, IceBreaker[]>();
  for (const [id, suggestions] of wanted) {
    const list: IceBreaker[] = [];
    for (const d of suggestions) {
      const found = stored(id, d.suggestion_text);
      if (found && list.length < ICE_BREAKERS_MAX) list.push(found);
    }
    out.set(id, list);
  }
  return out;
}

export interface SearchFilter {
  query: string;
  interests: string[];
  professional_industry: string | null;
  communication_style: string | null;
  age_range: [number, number] | null;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * POST /users/search (SPEC 3, 5). Narrows in SQL to people the searcher could see and
 * who match; the caller still passes every row through `projectFor`, which decides.
 * Someone the searcher would see anonymously matches on interests only: matching
 * their hidden name, occupation or age would tell who they are.
 */
export async function searchPeople(
  db: Queryable,
  viewerId: string,
  f: SearchFilter,
  now: Date,
  limit: number,
): Promise<Array<{ person: PersonRow; connected: boolean; blocked: boolean; sent: boolean; received: boolean }>> {
  // Spelled out: in a select list Drizzle leaves a column unqualified, and inside these
  // subqueries a bare "id" would name the connection's own id.
  const userId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
  const connected = sql<boolean>`exists (select 1 from ${connections} c where (c.user1 = ${viewerId} and c.user2 = ${userId}) or (c.user2 = ${viewerId} and c.user1 = ${userId}))`;
  const blocked = sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${userId}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${userId}))`;
  // As on attendee cards: every request of the viewer's counts (the sender is never told of
  // a decline); a request to the viewer counts unless it is held or declined.
  const sent = sql<boolean>`exists (select 1 from ${connectionRequests} r where r.from_user = ${viewerId} and r.to_user = ${userId})`;
  const received = sql<boolean>`exists (select 1 from ${connectionRequests} r where r.to_user = ${viewerId} and r.from_user = ${userId} and not r.held and r.declined_at is null)`;
  const anonymousToViewer = sql`(${users.visibilityMode} = 'anonymous' and not ${connected})`;
  const conditions = [
    sql`${users.id} <> ${viewerId}`,
    sql`${users.isActive}`,
    sql`not (${users.isBanned} and (${users.bannedUntil} is null or ${users.bannedUntil} > ${now.toISOString()}::timestamptz))`,
    sql`(${users.visibilityMode} in ('public', 'anonymous') or (${users.visibilityMode} = 'friends' and ${connected}))`,
    sql`not ${blocked}`,
  ];
  if (f.query) {
    const p = containsPattern(f.query);
    conditions.push(
      sql`not ${anonymousToViewer} and (${users.name} ilike ${p} or ${users.username} ilike ${p} or coalesce(${users.occupation}, '') ilike ${p})`,
    );
  }
  if (f.professional_industry) {
    conditions.push(sql`not ${anonymousToViewer} and coalesce(${users.occupation}, '') ilike ${containsPattern(f.professional_industry)}`);
  }
  if (f.communication_style) {
    conditions.push(sql`not ${anonymousToViewer} and ${users.communicationStyle} = ${f.communication_style}`);
  }
  if (f.age_range) {
    conditions.push(sql`not ${anonymousToViewer} and ${users.age} between ${f.age_range[0]} and ${f.age_range[1]}`);
  }
  const wanted = [...new Set(f.interests.map((i) => i.trim().replace(/\s+/g, ' ').toLowerCase()).filter(Boolean))];
  if (wanted.length > 0) {
    // Hidden interests are not searchable either.
    conditions.push(
      sql`${users.showInterests} and exists (select 1 from jsonb_array_elements_text(${users.interests}) i where lower(regexp_replace(btrim(i), '\\s+', ' ', 'g')) in (${sql.join(
        wanted.map((w) => sql`${w}`),
        sql`, `,
      )}))`,
    );
  }
  return db
    .select({ person: personColumns, connected, blocked, sent, received })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`${anonymousToViewer}`, sql`lower(${users.name})`, asc(users.id))
    .limit(limit);
}
