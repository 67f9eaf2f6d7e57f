import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventAnalyticsSchema, type EventAnalytics } from '../../../contract/media';
import { samplePairs } from '../../../server/domain/analytics';
import { chatMessages, photos, users } from '../../../server/db/schema';
import { compatibility, type CompatProfile } from '../../../server/domain/compatibility';
import { registerUser, uniqueName, type TestUser } from '../helpers';
import { attend, connect, insertEvent, mediaTestApp, updateUser, type MediaTestApp } from '../media-helpers';

let t: MediaTestApp;
beforeAll(async () => {
  t = await mediaTestApp();
});
afterAll(async () => t.close());

const MIN = 60_000;
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

const analytics = (u: TestUser, eventId: string, userId: string | null = u.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/events/${eventId}/analytics${userId ? `?user_id=${userId}` : ''}`,
    headers: u.headers,
  });

async function read(u: TestUser, eventId: string): Promise<EventAnalytics> {
  const res = await analytics(u, eventId);
  expect(res.statusCode, res.body).toBe(200);
  return EventAnalyticsSchema.parse(res.json());
}

interface Profile {
  interests: string[];
  style: 'introverted' | 'balanced' | 'extroverted';
  battery: number;
  preferences?: string[];
  traits?: string[];
}

/** A user row straight in the database, with a profile that sets their compatibility. */
async function person(p: Profile): Promise<{ id: string; profile: CompatProfile }> {
  const username = uniqueName('an');
  const [row] = await t.db
    .insert(users)
    .values({
      username,
      name: username,
      email: `${username}@example.com`,
      passwordHash: 'not-a-login',
      interests: p.interests,
      socialPreferences: p.preferences ?? [],
      personalityTraits: p.traits ?? [],
      communicationStyle: p.style,
      socialBattery: p.battery,
    })
    .returning({ id: users.id });
  const profile: CompatProfile = {
    interests: p.interests,
    social_preferences: p.preferences ?? [],
    personality_traits: p.traits ?? [],
    communication_style: p.style,
    social_battery: p.battery,
    occupation: null,
  };
  return { id: row!.id, profile };
}

const score = (a: { profile: CompatProfile }, b: { profile: CompatProfile }) => compatibility(a.profile, b.profile).overall_score;
const band = (s: number) => (s > 0.7 ? 'green' : s > 0.4 ? 'yellow' : 'red');
const round2 = (x: number) => Math.round(x * 100) / 100;

async function message(from: string, to: string, eventId: string | null, createdAt: Date) {
  await t.db.insert(chatMessages).values({ fromUser: from, toUser: to, eventId, message: 'hi', createdAt });
}

describe('GET /api/events/:id/analytics', () => {
  it('computes every figure from the data', async () => {
    const viewer = await registerUser(t.app);
    const close = { interests: ['jazz', 'hiking', 'chess', 'film'], preferences: ['small groups'], traits: ['curious'] };
    const a = await person({ ...close, style: 'balanced', battery: 7 });
    const b = await person({ ...close, style: 'balanced', battery: 7 });
    const c = await person({ interests: ['knitting'], style: 'extroverted', battery: 2 });
    const banned = await person({ interests: [], style: 'balanced', battery: 5 });
    const gone = await person({ interests: [], style: 'balanced', battery: 5 });
    const outsider = await person({ interests: [], style: 'balanced', battery: 5 });
    const eventId = await insertEvent(t.db);
    const elsewhere = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id, a.id, b.id, c.id, banned.id, gone.id);
    await updateUser(t.db, banned.id, { isBanned: true, bannedUntil: null });
    await updateUser(t.db, gone.id, { isActive: false });

    // One live conversation (a and b, both ways); the rest do not count.
    await message(a.id, b.id, eventId, ago(30 * MIN));
    await message(b.id, a.id, eventId, ago(10 * MIN));
    await message(a.id, c.id, eventId, ago(3 * 60 * MIN)); // too long ago
    await message(c.id, viewer.user.id, elsewhere, ago(5 * MIN)); // another event
    await message(c.id, viewer.user.id, null, ago(5 * MIN)); // no event
    await message(a.id, banned.id, eventId, ago(5 * MIN)); // not an active attendee
    await message(a.id, outsider.id, eventId, ago(5 * MIN)); // not an attendee

    // Connections made here: a-b half an hour ago, a-c five hours ago; b-c elsewhere.
    await connect(t.db, a.id, b.id, eventId, ago(30 * MIN));
    await connect(t.db, a.id, c.id, eventId, ago(5 * 60 * MIN));
    await connect(t.db, b.id, c.id, elsewhere, ago(10 * MIN));

    await t.db.insert(photos).values([
      { eventId, userId: a.id, photoData: 'AA==' },
      { eventId, userId: b.id, photoData: 'AA==' },
      { eventId: elsewhere, userId: b.id, photoData: 'AA==' },
    ]);

    const got = await read(viewer, eventId);
    const ab = score(a, b);
    const ac = score(a, c);
    expect(ab).toBeGreaterThan(0.7); // the fixture spans two bands
    expect(ac).toBeLessThanOrEqual(0.4);
    expect(got).toEqual({
      total_attendees: 4,
      active_conversations: 1,
      successful_connections: 2,
      photos_shared: 2,
      average_compatibility_score: round2((ab + ac) / 2),
      engagement_metrics: { connection_rate: 0.75, compatibility_distribution: { red: 1, yellow: 0, green: 1 } },
      connections_by_hour: got.connections_by_hour,
    });
    // Now is 10:00, so the chart runs from 23:00 the day before to the current hour.
    expect(got.connections_by_hour).toHaveLength(12);
    expect(got.connections_by_hour[0]).toEqual({ hour: '2026-11-21T23:00:00.000Z', count: 0 });
    expect(got.connections_by_hour[11]).toEqual({ hour: '2026-11-22T10:00:00.000Z', count: 0 });
    const counts = Object.fromEntries(got.connections_by_hour.map((h) => [h.hour.slice(11, 13), h.count]));
    expect(counts).toMatchObject({ '05': 1, '09': 1 });
    expect(got.connections_by_hour.reduce((n, h) => n + h.count, 0)).toBe(2);
  });

  it('before anyone connects, averages over the attendee pairs', async () => {
    const viewer = await registerUser(t.app);
    const people = await Promise.all([
      person({ interests: ['jazz', 'film'], style: 'balanced', battery: 8 }),
      person({ interests: ['jazz'], style: 'introverted', battery: 3 }),
      person({ interests: ['film', 'chess'], style: 'extroverted', battery: 9 }),
    ]);
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, ...people.map((p) => p.id));
    await attend(t.db, eventId, viewer.user.id);
    const viewerProfile: CompatProfile = {
      interests: viewer.user.interests,
      social_preferences: viewer.user.social_preferences,
      personality_traits: viewer.user.personality_traits,
      communication_style: viewer.user.communication_style,
      social_battery: viewer.user.social_battery,
      occupation: viewer.user.occupation,
    };
    const everyone = [...people, { id: viewer.user.id, profile: viewerProfile }];
    const scores: number[] = [];
    for (let i = 0; i < everyone.length; i++)
      for (let j = i + 1; j < everyone.length; j++) scores.push(score(everyone[i]!, everyone[j]!));
    expect(scores).toHaveLength(6);
    const bands = { red: 0, yellow: 0, green: 0 };
    for (const s of scores) bands[band(s)]++;

    const got = await read(viewer, eventId);
    expect(got.total_attendees).toBe(4);
    expect(got.successful_connections).toBe(0);
    expect(got.engagement_metrics.connection_rate).toBe(0);
    expect(got.average_compatibility_score).toBe(round2(scores.reduce((x, y) => x + y, 0) / scores.length));
    expect(got.engagement_metrics.compatibility_distribution).toEqual(bands);
  });

  it('answers zeros for an event of one', async () => {
    const viewer = await registerUser(t.app);
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    const got = await read(viewer, eventId);
    expect(got).toMatchObject({
      total_attendees: 1,
      active_conversations: 0,
      successful_connections: 0,
      photos_shared: 0,
      average_compatibility_score: 0,
      engagement_metrics: { connection_rate: 0, compatibility_distribution: { red: 0, yellow: 0, green: 0 } },
    });
    expect(got.connections_by_hour.every((h) => h.count === 0)).toBe(true);
  });

  it('samples at most 200 pairs in a large event', async () => {
    const viewer = await registerUser(t.app);
    const eventId = await insertEvent(t.db);
    const crowd = [];
    for (let i = 0; i < 24; i++) crowd.push(await person({ interests: [`i${i % 3}`], style: 'balanced', battery: 1 + (i % 10) }));
    await attend(t.db, eventId, viewer.user.id, ...crowd.map((p) => p.id));
    const got = await read(viewer, eventId);
    const d = got.engagement_metrics.compatibility_distribution;
    expect(got.total_attendees).toBe(25);
    expect(d.red + d.yellow + d.green).toBe(200); // of 300 pairs
    expect(await read(viewer, eventId)).toEqual(got);
  });

  it('answers 401 without a session, 403 for another acting id or a non-attendee, 404 for an unknown event', async () => {
    const viewer = await registerUser(t.app);
    const other = await registerUser(t.app);
    const eventId = await insertEvent(t.db);
    await attend(t.db, eventId, viewer.user.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/analytics` })).statusCode).toBe(401);
    expect((await analytics(viewer, eventId, other.user.id)).statusCode).toBe(403);
    expect((await analytics(other, eventId)).statusCode).toBe(403);
    expect((await analytics(viewer, crypto.randomUUID())).statusCode).toBe(404);
    const bad = await analytics(viewer, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    expect((await analytics(viewer, eventId, null)).statusCode).toBe(200);
  });
});

describe('samplePairs', () => {
  it('takes every pair when there are few', () => {
    expect(samplePairs(4, 200)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(samplePairs(1, 200)).toEqual([]);
    expect(samplePairs(0, 200)).toEqual([]);
  });

  it('spreads a capped sample over all pairs, the same every time', () => {
    const pairs = samplePairs(1000, 200);
    expect(pairs).toHaveLength(200);
    expect(new Set(pairs.map(([i, j]) => `${i}-${j}`)).size).toBe(200);
    for (const [i, j] of pairs) expect(0 <= i && i < j && j < 1000).toBe(true);
    expect(pairs[0]).toEqual([0, 1]);
    expect(pairs.at(-1)![0]).toBeGreaterThan(800); // reaches the end, not just the first rows
    expect(samplePairs(1000, 200)).toEqual(pairs);
  });
});
