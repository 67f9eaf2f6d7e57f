/** The demo seed: a fresh database gets a full, deterministic demo; a second run does nothing. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { openPglite, type Database, type Db } from '../../server/db/client';
import { seedDemo, type DemoLogin } from '../../server/db/seed';
import {
  admins,
  businessCards,
  connections,
  eventAttendees,
  events,
  groupChats,
  microCommunities,
  microCommunityMembers,
  safeZones,
  subscriptionPlans,
  userLocations,
  users,
} from '../../server/db/schema';
import { verifyPassword } from '../../server/domain/passwords';
import { isStrongAdminPassword } from '../../contract/rules';
import { EVENT_FILTERS, EVENT_TYPES, eventMatchesFilter } from '../../contract/constants';

const NOW = new Date('2026-06-13T12:00:00Z');

const count = async (db: Db, table: PgTable): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

const TABLES = {
  users,
  admins,
  events,
  eventAttendees,
  groupChats,
  safeZones,
  microCommunities,
  microCommunityMembers,
  userLocations,
  subscriptionPlans,
  connections,
  businessCards,
};

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) out[name] = await count(db, table);
  return out;
}

/** Distance in metres between two points (equirectangular; fine at this scale). */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}

describe('seedDemo', () => {
  let first: Database;
  let second: Database;
  let db: Db;
  let result: { logins: DemoLogin[] } | null;

  beforeAll(async () => {
    [first, second] = await Promise.all([openPglite(null), openPglite(null)]);
    db = first.db;
    result = await seedDemo(db, NOW);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const liveEvents = async () =>
    (await db.select().from(events).orderBy(asc(events.startTime))).filter(
      (e) => e.startTime <= NOW && e.endTime > NOW,
    );

  it('returns the admin and three attendee logins that work', async () => {
    expect(result).not.toBeNull();
    const logins = result!.logins;
    // No published password: the demo admin's is made for this installation.
    expect(logins[0]).toEqual({ role: 'admin', username: 'admin', password: expect.any(String) });
    const adminPassword = logins[0]!.password;
    expect(adminPassword).not.toBe('Wallflower2026');
    expect(isStrongAdminPassword(adminPassword)).toBe(true);
    const attendees = logins.filter((l) => l.role === 'attendee');
    expect(attendees).toHaveLength(3);
    expect(attendees[0]!.username).toBe('maya');
    for (const l of attendees) {
      expect(l.password).toBe('wallflower');
      const [u] = await db.select().from(users).where(eq(users.username, l.username));
      expect(u).toBeDefined();
      expect(u!.visibilityMode).toBe('public');
      expect(await verifyPassword(u!.passwordHash, l.password)).toBe(true);
    }
    const [admin] = await db.select().from(admins);
    expect(await verifyPassword(admin!.passwordHash, adminPassword)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'Wallflower2026')).toBe(false);
  });

  it('creates 36+ varied attendees sharing one password hash', async () => {
    const rows = await db.select().from(users);
    expect(rows.length).toBeGreaterThanOrEqual(36);
    expect(new Set(rows.map((u) => u.passwordHash)).size).toBe(1);
    for (const u of rows) {
      expect(u.username).toMatch(/^[a-z0-9_.]+$/);
      expect(u.email).toMatch(/@example\.com$/);
      expect(u.interests.length).toBeGreaterThanOrEqual(2);
      expect(u.interests.length).toBeLessThanOrEqual(6);
      expect(u.socialBattery).toBeGreaterThanOrEqual(1);
      expect(u.socialBattery).toBeLessThanOrEqual(10);
      if (u.age !== null) {
        expect(u.age).toBeGreaterThanOrEqual(20);
        expect(u.age).toBeLessThanOrEqual(60);
      }
      expect(u.photoData).toBeNull();
    }
    expect(new Set(rows.map((u) => u.communicationStyle))).toEqual(new Set(['introverted', 'balanced', 'extroverted']));
    const by = (mode: string) => rows.filter((u) => u.visibilityMode === mode).length;
    expect(by('friends')).toBe(3);
    expect(by('private')).toBe(2);
    expect(by('anonymous')).toBe(3);
    expect(rows.filter((u) => !u.showInterests)).toHaveLength(2);
    expect(rows.filter((u) => !u.showProfilePicture)).toHaveLength(2);
    expect(rows.filter((u) => u.anonymousBrowsing)).toHaveLength(2);
    expect(rows.filter((u) => u.safeSpaceMode)).toHaveLength(2);
    expect(rows.some((u) => !u.isAvailable)).toBe(true);
    expect(rows.some((u) => u.age === null)).toBe(true);
    expect(rows.some((u) => u.occupation === null)).toBe(true);
  });

  it('every attendee goes to 2 to 4 events', async () => {
    const rows = await db
      .select({ userId: eventAttendees.userId, n: sql<number>`count(*)::int` })
      .from(eventAttendees)
      .groupBy(eventAttendees.userId);
    expect(rows).toHaveLength(await count(db, users));
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(2);
      expect(r.n).toBeLessThanOrEqual(4);
    }
  });

  it("creates 6 events, 3+ in progress, each of a form type, every form type and filter chip used", async () => {
    const rows = await db.select().from(events);
    expect(rows).toHaveLength(6);
    expect((await liveEvents()).length).toBeGreaterThanOrEqual(3);
    const types = new Set(rows.map((e) => e.eventType));
    expect([...types].sort()).toEqual([...EVENT_TYPES].sort());
    for (const f of EVENT_FILTERS) expect(rows.filter((e) => eventMatchesFilter(e.eventType, f)).length, f).toBeGreaterThan(0);
    for (const e of rows) {
      expect(e.endTime.getTime()).toBeGreaterThan(e.startTime.getTime());
      if (e.startTime > NOW) expect(e.startTime.getTime() - NOW.getTime()).toBeLessThan(7 * 24 * 3600_000);
      expect(e.latitude).not.toBeNull();
      expect(e.longitude).not.toBeNull();
      expect(e.anxietyFriendlyFeatures.length).toBeGreaterThan(0);
      // The creator attends.
      expect(e.createdBy).not.toBeNull();
      const att = await db.select().from(eventAttendees).where(eq(eventAttendees.eventId, e.id));
      expect(att.map((a) => a.userId)).toContain(e.createdBy);
    }
  });

  it('gives each event one group chat for everyone', async () => {
    const rows = await db.select().from(events);
    const chats = await db.select().from(groupChats);
    for (const e of rows) {
      const everyone = chats.filter((c) => c.eventId === e.id && c.communityId === null);
      expect(everyone).toHaveLength(1);
      expect(everyone[0]!.name).toBe(`${e.name} — everyone`);
    }
  });

  it('each in-progress event has 15+ attendees, a zone of each type and communities with chats', async () => {
    const chats = await db.select().from(groupChats);
    for (const e of await liveEvents()) {
      const att = await db.select().from(eventAttendees).where(eq(eventAttendees.eventId, e.id));
      expect(att.length).toBeGreaterThanOrEqual(15);

      const zones = await db.select().from(safeZones).where(eq(safeZones.eventId, e.id));
      expect(zones.map((z) => z.zoneType).sort()).toEqual(['other', 'restricted', 'safe_space']);

      const communities = await db.select().from(microCommunities).where(eq(microCommunities.eventId, e.id));
      expect(communities.length).toBeGreaterThanOrEqual(3);
      expect(communities.length).toBeLessThanOrEqual(4);
      const attendeeIds = new Set(att.map((a) => a.userId));
      for (const c of communities) {
        const chat = chats.filter((g) => g.communityId === c.id);
        expect(chat).toHaveLength(1);
        expect(chat[0]!.eventId).toBe(e.id);
        const members = await db
          .select({ userId: microCommunityMembers.userId, interests: users.interests })
          .from(microCommunityMembers)
          .innerJoin(users, eq(users.id, microCommunityMembers.userId))
          .where(eq(microCommunityMembers.communityId, c.id));
        expect(members.length).toBeGreaterThan(0);
        for (const m of members) {
          expect(attendeeIds.has(m.userId)).toBe(true);
          expect(m.interests).toContain(c.interestTag);
        }
      }

      // Positions: some attendees, all near the centre.
      const locs = await db.select().from(userLocations).where(eq(userLocations.eventId, e.id));
      expect(locs.length).toBeGreaterThan(att.length / 3);
      for (const l of locs) {
        expect(attendeeIds.has(l.userId)).toBe(true);
        expect(metres(l, { latitude: e.latitude!, longitude: e.longitude! })).toBeLessThanOrEqual(155);
      }
    }
  });

  it('creates exactly one admin, a super admin', async () => {
    const rows = await db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe('admin');
    expect(rows[0]!.role).toBe('super_admin');
  });

  it('creates the three plans, Free at 0', async () => {
    const plans = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortOrder));
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Premium', 'Professional']);
    expect(plans[0]!.price).toBe(0);
    expect(plans[1]!.price).toBeGreaterThan(0);
    for (const p of plans) expect(p.features.length).toBeGreaterThan(0);
  });

  it('adds ordered connections and some business cards', async () => {
    const rows = await db.select().from(connections);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const c of rows) expect(c.user1 < c.user2).toBe(true);
    expect(await count(db, businessCards)).toBeGreaterThanOrEqual(2);
  });

  it('a second run returns null and changes nothing', async () => {
    const before = await counts(db);
    expect(await seedDemo(db, NOW)).toBeNull();
    expect(await counts(db)).toEqual(before);
  });

  it('is deterministic across fresh databases', async () => {
    const again = await seedDemo(second.db, NOW);
    // Everything but the admin's password, which is made anew for each installation.
    const withoutAdmin = (r: typeof result) => r!.logins.filter((l) => l.role !== 'admin');
    expect(withoutAdmin(again)).toEqual(withoutAdmin(result));
    expect(again!.logins[0]!.password).not.toBe(result!.logins[0]!.password);
    const snapshot = async (d: Db) =>
      (await d.select().from(users).orderBy(asc(users.username))).map((u) => ({
        username: u.username,
        interests: u.interests,
        visibility: u.visibilityMode,
        battery: u.socialBattery,
      }));
    expect(await snapshot(second.db)).toEqual(await snapshot(db));
    const communityTags = async (d: Db) =>
      (await d.select().from(microCommunities)).map((c) => `${c.name}:${c.interestTag}`).sort();
    expect(await communityTags(second.db)).toEqual(await communityTags(db));
    expect(await counts(second.db)).toEqual(await counts(db));
  });
});
