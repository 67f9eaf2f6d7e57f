/**
 * Helpers for the events, discovery, users and privacy-matrix tests: an app with a
 * recording Realtime, and short ways to make events, zones and relations.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Event } from '../../contract/events';
import type { NearbyEntry, SafeZone } from '../../contract/discovery';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/client';
import { lifetime } from '../../server/cache/kept';
import { SESSION_CACHE_TTL_MS } from '../../server/plugins/session';
import { orderedPair } from '../../server/db/repositories/relations';
import { connections, safeZones, users } from '../../server/db/schema';
import type { LiveMessage, Realtime } from '../../server/core/realtime';
import { type FakeClock, registerUser, testApp, type TestApp, type TestUser } from './helpers';
import { changedOutside } from './social-helpers';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A Realtime that remembers what was published. */
export class RecordingRealtime implements Realtime {
  readonly toEventCalls: Array<{ eventId: string; message: LiveMessage }> = [];
  readonly toUsersCalls: Array<{ userIds: readonly string[]; message: LiveMessage }> = [];
  async toUsers(userIds: readonly string[], message: LiveMessage): Promise<void> {
    this.toUsersCalls.push({ userIds, message });
  }
  async toEvent(eventId: string, message: LiveMessage): Promise<void> {
    this.toEventCalls.push({ eventId, message });
  }
  async disconnectUser(): Promise<void> {}
  async close(): Promise<void> {}
  locationUpdatesFor(eventId: string): number {
    return this.toEventCalls.filter((c) => c.eventId === eventId && c.message.type === 'location_update').length;
  }
}

export interface DiscoveryTestApp extends TestApp {
  realtime: RecordingRealtime;
  db: Db;
}

/** tests/server/helpers.ts's testApp, with a RecordingRealtime. */
export async function discoveryApp(opts: { clock?: FakeClock; config?: Partial<Config> } = {}): Promise<DiscoveryTestApp> {
  const realtime = new RecordingRealtime();
  const t = await testApp({ ...opts, realtime });
  return { ...t, db: t.database.db, realtime };
}

/** A location nobody else uses, so the duplicate rule never bites by accident. */
export const uniqueLocation = (): string => `Hall ${randomBytes(4).toString('hex')}`;

/** A valid POST /events body starting in an hour and lasting three. */
export function eventBody(clock: FakeClock, over: Record<string, unknown> = {}): Record<string, unknown> {
  const start = clock.now().getTime() + HOUR;
  return {
    name: 'Quiet coffee meetup',
    description: 'Small tables, no pressure.',
    location: uniqueLocation(),
    event_type: 'networking',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 3 * HOUR).toISOString(),
    anxiety_friendly_features: ['quiet_spaces', 'small_groups'],
    ...over,
  };
}

export async function createEvent(
  t: { app: FastifyInstance; clock: FakeClock },
  owner: TestUser,
  over: Record<string, unknown> = {},
): Promise<Event> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events?user_id=${owner.user.id}`,
    headers: owner.headers,
    payload: eventBody(t.clock, over),
  });
  if (res.statusCode !== 200) throw new Error(`create event failed ${res.statusCode}: ${res.body}`);
  return res.json() as Event;
}

/** An event happening now (started an hour ago, ends in two). */
export const happeningNow = (clock: FakeClock, over: Record<string, unknown> = {}) => ({
  start_time: new Date(clock.now().getTime() - HOUR).toISOString(),
  end_time: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
  ...over,
});

export async function joinEvent(app: FastifyInstance, u: TestUser, eventId: string): Promise<void> {
  const res = await app.inject({ method: 'POST', url: `/api/events/${eventId}/join?user_id=${u.user.id}`, headers: u.headers });
  if (res.statusCode !== 200) throw new Error(`join failed ${res.statusCode}: ${res.body}`);
}

export async function addZone(db: Db, eventId: string, zone: Partial<Omit<SafeZone, 'id'>> = {}): Promise<SafeZone> {
  const [row] = await db
    .insert(safeZones)
    .values({
      eventId,
      name: zone.name ?? 'Zone',
      description: zone.description ?? '',
      zoneType: zone.zone_type ?? 'safe_space',
      latitude: zone.latitude ?? 52.52,
      longitude: zone.longitude ?? 13.405,
      radiusMeters: zone.radius_meters ?? 50,
    })
    .returning();
  return {
    id: row!.id,
    name: row!.name,
    description: row!.description,
    zone_type: row!.zoneType as SafeZone['zone_type'],
    latitude: row!.latitude,
    longitude: row!.longitude,
    radius_meters: row!.radiusMeters,
  };
}

export async function connect(db: Db, a: string, b: string): Promise<void> {
  const [user1, user2] = orderedPair(a, b);
  await db.insert(connections).values({ user1, user2 });
  changedOutside(db, { users: [a, b] });
}

export async function setUserColumns(db: Db, userId: string, changes: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
  changedOutside(db, { users: [userId] });
}

export async function putPrivacy(app: FastifyInstance, u: TestUser, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'PUT', url: `/api/users/privacy?user_id=${u.user.id}`, headers: u.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`privacy failed ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function reportLocation(app: FastifyInstance, u: TestUser, eventId: string, latitude: number, longitude: number) {
  return app.inject({
    method: 'POST',
    url: '/api/location/update',
    headers: u.headers,
    payload: { user_id: u.user.id, event_id: eventId, latitude, longitude },
  });
}

export async function discover(app: FastifyInstance, u: TestUser, eventId: string, query = ''): Promise<NearbyEntry[]> {
  const res = await app.inject({ method: 'GET', url: `/api/discover/${eventId}?user_id=${u.user.id}${query}`, headers: u.headers });
  if (res.statusCode !== 200) throw new Error(`discover failed ${res.statusCode}: ${res.body}`);
  return res.json() as NearbyEntry[];
}

export async function search(app: FastifyInstance, u: TestUser, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/users/search?user_id=${u.user.id}`, headers: u.headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`search failed ${res.statusCode}: ${res.body}`);
  return res.json() as Array<{ id: string; name: string; is_anonymous: boolean; interests: string[]; photo_data: string | null }>;
}

/**
 * Lets the kept copy of every event's people grow too old to be served at all
 * (server/cache/event-people.ts), and the kept sessions expire
 * (server/plugins/session.ts), for changes made behind the app's back, as another
 * instance would make them: the next request reads them again.
 */
export function expireKeptCopies(t: Pick<TestApp, 'clock' | 'database'>): void {
  t.clock.advance(Math.max(lifetime('eventPeople').maxAgeMs, SESSION_CACHE_TTL_MS));
}

/** A point `meters` north of (lat, lng). */
export const north = (lat: number, lng: number, meters: number) => ({ latitude: lat + meters / 111_195, longitude: lng });

export { registerUser };
