/**
 * The people of an event as DESIGN 5 needs them: who attends, their privacy settings,
 * latest positions, the zones, and who among them is connected or blocked. Loaded in
 * five set-based queries and kept for a moment, because nearby people is the hottest
 * call of the product (every attendee's list refreshes when anyone moves; DESIGN 9
 * budgets 1,000 attendees at 50 concurrent requests, p99 ≤ 50 ms).
 *
 * How fresh the kept copy is:
 * - writes through this instance's routes that change who is shown (joining, privacy,
 *   battery, availability, blocking) drop it at once, a new position patches it, and
 *   `app.lifecycle`'s 'user.sessionsEnded' (ban, deactivation, deletion) drops it too;
 * - anything else shows within SNAPSHOT_TTL_MS: a new connection (so friends-only and
 *   anonymity lift a moment late: less is shown, never more), a profile edit, and any
 *   write on another instance. Modules that change people may call `forgetUsers` to be
 *   seen at once.
 * Zone presence of people who do not share their location lives in this process only
 * (`noteZonePresence`): with several instances, each knows the reports it received.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { IceBreaker } from '../../../contract/discovery';
import type { CommunicationStyle, VisibilityMode } from '../../../contract/constants';
import type { CompatProfile } from '../../domain/compatibility';
import { type Point, type Zone } from '../../domain/geo';
import { ICE_BREAKERS_MAX, iceBreakers as generateIceBreakers } from '../../domain/ice-breakers';
import { type NearbyPerson, inRestrictedZone, nearbyPerson } from '../../domain/nearby';
import type { PrivacySettings, VisibleCandidate } from '../../domain/visibility';
import type { Db, Queryable } from '../client';
import { blocks, connections, eventAttendees, events, iceBreakers, userLocations, users } from '../schema';
import { toIceBreaker } from './ice-breakers';
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

export function privacyOf(row: PersonRow): PrivacySettings {
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

/** A user as DESIGN 5's `projectFor` takes them. */
export function candidateOf(row: PersonRow, now: Date): VisibleCandidate {
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
    photo_data: row.photoData,
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
  /** For each attendee, the attendees they blocked or were blocked by. */
  blocked: Map<string, Set<string>>;
  /** For each attendee, the attendees they are connected to. */
  connected: Map<string, Set<string>>;
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
 * How long a loaded copy is used before it is loaded again (see the top of this file).
 * PGlite serves exactly one instance (DESIGN 2), where every change that hides someone
 * drops the copy at once, so only harmless lag is left to the expiry. PostgreSQL may
 * serve several instances, whose changes this one hears of only by the expiry.
 */
export const SNAPSHOT_TTL_MS = { pglite: 5_000, postgres: 1_000 } as const;
const SWEEP_ABOVE = 64;
/** Viewer-and-event pairs whose ice breakers are kept in memory. */
const ICE_BREAKER_CACHE_PAIRS = 5_000;

interface Entry {
  loadedAt: number;
  value: Promise<EventPeople | null>;
  /** Set once loaded, so invalidation can look inside without waiting. */
  loaded?: EventPeople | null;
}

interface PeopleState {
  ttlMs: number;
  snapshots: Map<string, Entry>;
  /** Stored ice breakers by `${viewer}:${event}`, then `${other}\n${text}` (see iceBreakersForMany). */
  iceBreakers: Map<string, Map<string, IceBreaker>>;
  /**
   * Who is in a restricted zone without a stored position: people with show_location
   * off report positions only for the zone check (DESIGN 5), yet auto-hide must still
   * hide them. Kept in this process, keyed `${eventId}:${userId}`; see
   * `noteZonePresence`.
   */
  restrictedWithoutPosition: Map<string, number>;
}

const states = new WeakMap<object, PeopleState>();
function stateOf(db: Db): PeopleState {
  let s = states.get(db);
  if (!s) {
    s = { ttlMs: SNAPSHOT_TTL_MS.postgres, snapshots: new Map(), iceBreakers: new Map(), restrictedWithoutPosition: new Map() };
    states.set(db, s);
  }
  return s;
}

/** Called once by the app with its database's kind; until then the shorter expiry applies. */
export function configurePeopleCache(db: Db, kind: keyof typeof SNAPSHOT_TTL_MS): void {
  stateOf(db).ttlMs = SNAPSHOT_TTL_MS[kind];
}

async function loadEventPeople(db: Db, eventId: string, now: Date, state: PeopleState): Promise<EventPeople | null> {
  const [event] = await db
    .select({ id: events.id, name: events.name, eventType: events.eventType, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return null;
  const attendeeOf = (col: typeof blocks.blockerId | typeof connections.user1) =>
    sql`exists (select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${eventId} and ${eventAttendees.userId} = ${col})`;
  const [rows, zones, blockRows, connectionRows] = await Promise.all([
    db
      .select({ person: personColumns, latitude: userLocations.latitude, longitude: userLocations.longitude })
      .from(eventAttendees)
      .innerJoin(users, eq(users.id, eventAttendees.userId))
      .leftJoin(userLocations, and(eq(userLocations.userId, eventAttendees.userId), eq(userLocations.eventId, eventId)))
      .where(eq(eventAttendees.eventId, eventId)),
    listZones(db, eventId),
    db
      .select({ a: blocks.blockerId, b: blocks.blockedId })
      .from(blocks)
      .where(and(attendeeOf(blocks.blockerId), attendeeOf(blocks.blockedId))),
    db
      .select({ a: connections.user1, b: connections.user2 })
      .from(connections)
      .where(and(attendeeOf(connections.user1), attendeeOf(connections.user2))),
  ]);
  const attendees = new Map<string, NearbyPerson>();
  for (const r of rows) {
    const location = r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude } : null;
    const restricted =
      inRestrictedZone(zones, location) || state.restrictedWithoutPosition.has(`${eventId}:${r.person.id}`);
    attendees.set(r.person.id, nearbyPerson(candidateOf(r.person, now), r.person.socialBattery, location, restricted));
  }
  return {
    event,
    zones,
    attendees,
    blocked: adjacency(blockRows),
    connected: adjacency(connectionRows),
  };
}

/**
 * The event's people, from the kept copy when it is fresh. Concurrent callers share
 * one load, so an expiry under load costs one set of queries, not fifty.
 */
export function eventPeople(db: Db, eventId: string, now: Date): Promise<EventPeople | null> {
  const state = stateOf(db);
  const t = now.getTime();
  const hit = state.snapshots.get(eventId);
  if (hit && t - hit.loadedAt < state.ttlMs && t >= hit.loadedAt) return hit.value;
  if (state.snapshots.size > SWEEP_ABOVE) {
    for (const [id, e] of state.snapshots) if (t - e.loadedAt >= state.ttlMs) state.snapshots.delete(id);
  }
  const entry: Entry = { loadedAt: t, value: loadEventPeople(db, eventId, now, state) };
  state.snapshots.set(eventId, entry);
  entry.value.then(
    (v) => {
      entry.loaded = v;
      // An unknown event is not kept: it may be created a moment later.
      if (v === null && state.snapshots.get(eventId) === entry) state.snapshots.delete(eventId);
    },
    () => {
      if (state.snapshots.get(eventId) === entry) state.snapshots.delete(eventId);
    },
  );
  return entry.value;
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
  forgetEvent(db, eventId);
  const fresh = await eventPeople(db, eventId, now);
  return fresh ? { people: fresh, attending: fresh.attendees.has(userId) } : null;
}

/** Drop the kept copy of an event (someone joined). */
export function forgetEvent(db: Db, eventId: string): void {
  stateOf(db).snapshots.delete(eventId);
}

/**
 * Drop every kept copy that holds one of these users (their settings changed, they
 * blocked someone, their sessions ended). Copies still loading are dropped too: they
 * may have read the old values.
 */
export function forgetUsers(db: Db, userIds: readonly string[]): void {
  const state = stateOf(db);
  for (const [eventId, entry] of state.snapshots) {
    const v = entry.loaded;
    if (v && !userIds.some((id) => v.attendees.has(id))) continue;
    state.snapshots.delete(eventId);
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
  now: Date,
): void {
  const state = stateOf(db);
  const key = `${eventId}:${userId}`;
  if (stored === null && restricted) state.restrictedWithoutPosition.set(key, now.getTime());
  else state.restrictedWithoutPosition.delete(key);
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

/** Zone presence of events that ended long ago is of no use; called with the location purge. */
export function forgetZonePresenceBefore(db: Db, cutoffMs: number): void {
  const map = stateOf(db).restrictedWithoutPosition;
  for (const [key, at] of map) if (at < cutoffMs) map.delete(key);
}

/**
 * Ice breakers of the viewer towards each of `others` at an event, in the rows
 * `ensureIceBreakers` uses, for many pairs in one read and at most one batched insert.
 * The suggestions are generated afresh from what the viewer may see of the other now
 * and matched to the stored rows by text: an unchanged suggestion keeps its id (a chat
 * message may name it), and one built on something the other has since hidden (an
 * interest, their occupation) is no longer offered.
 */
export async function iceBreakersForMany(
  db: Db,
  viewer: { id: string; profile: CompatProfile },
  others: ReadonlyArray<{ id: string; profile: CompatProfile }>,
  event: { id: string; name: string; eventType: string },
  now: Date,
): Promise<Map<string, IceBreaker[]>> {
  if (others.length === 0) return new Map();
  const eventFacts = { name: event.name, event_type: event.eventType };
  const wanted = new Map(others.map((o) => [o.id, generateIceBreakers(viewer.profile, o.profile, eventFacts)]));
  const key = (otherId: string, text: string) => `${otherId}\n${text}`;
  // Stored rows never change, so the ones seen are kept in memory (least recently used
  // go first): a list opened again costs no query at all.
  const cache = stateOf(db).iceBreakers;
  const cacheKey = `${viewer.id}:${event.id}`;
  const known = cache.get(cacheKey) ?? new Map<string, IceBreaker>();
  cache.delete(cacheKey);
  cache.set(cacheKey, known);
  if (cache.size > ICE_BREAKER_CACHE_PAIRS) cache.delete(cache.keys().next().value!);

  const read = async (q: Queryable, ids: string[]) => {
    const rows = await q
      .select()
      .from(iceBreakers)
      .where(and(eq(iceBreakers.userA, viewer.id), eq(iceBreakers.eventId, event.id), inArray(iceBreakers.userB, ids)))
      .orderBy(asc(iceBreakers.createdAt), asc(iceBreakers.id));
    // The first stored wins, should two first visits have raced.
    for (const r of rows) if (!known.has(key(r.userB, r.suggestionText))) known.set(key(r.userB, r.suggestionText), toIceBreaker(r));
  };
  const missingOf = (ids: Iterable<string>) =>
    [...ids].flatMap((id) => (wanted.get(id) ?? []).filter((d) => !known.has(key(id, d.suggestion_text))).map((d) => ({ id, d })));

  let pending = [...new Set(missingOf(wanted.keys()).map((m) => m.id))];
  if (pending.length > 0) await read(db, pending);
  pending = [...new Set(missingOf(pending).map((m) => m.id))];
  if (pending.length > 0) {
    await db.transaction(async (tx) => {
      // One writer per viewer and event at a time, so a suggestion is stored once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ice:${viewer.id}:${event.id}`}))`);
      await read(tx, pending);
      const missing = missingOf(pending);
      if (missing.length === 0) return;
      const rows = await tx
        .insert(iceBreakers)
        .values(
          missing.map(({ id, d }, i) => ({
            userA: viewer.id,
            userB: id,
            eventId: event.id,
            suggestionText: d.suggestion_text,
            category: d.category,
            createdAt: new Date(now.getTime() + i),
          })),
        )
        .returning();
      for (const r of rows) known.set(key(r.userB, r.suggestionText), toIceBreaker(r));
    });
  }
  const out = new Map<string, IceBreaker[]>();
  for (const [id, drafts] of wanted) {
    out.set(id, drafts.flatMap((d) => known.get(key(id, d.suggestion_text)) ?? []).slice(0, ICE_BREAKERS_MAX));
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
): Promise<Array<{ person: PersonRow; connected: boolean; blocked: boolean }>> {
  // Spelled out: in a select list Drizzle leaves a column unqualified, and inside these
  // subqueries a bare "id" would name the connection's own id.
  const userId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;
  const connected = sql<boolean>`exists (select 1 from ${connections} c where (c.user1 = ${viewerId} and c.user2 = ${userId}) or (c.user2 = ${viewerId} and c.user1 = ${userId}))`;
  const blocked = sql<boolean>`exists (select 1 from ${blocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${userId}) or (b.blocked_id = ${viewerId} and b.blocker_id = ${userId}))`;
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
    .select({ person: personColumns, connected, blocked })
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`${anonymousToViewer}`, sql`lower(${users.name})`, asc(users.id))
    .limit(limit);
}
