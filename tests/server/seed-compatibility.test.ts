/**
 * The compatibility score calibrated on the demo (issue 13, item 7): at each event
 * happening now, every pair of attendees is scored, and the best pairs are green, the
 * event shows a spread of bands, and people who share several interests and their style
 * land in green. Then a demo login's nearby people show the same through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommunicationStyle } from '../../contract/constants';
import { NearbyEntrySchema } from '../../contract/discovery';
import { seedDemo } from '../../server/db/seed';
import { eventAttendees, events, users } from '../../server/db/schema';
import { type CompatProfile, compatibility, sharedItems } from '../../server/domain/compatibility';
import { sessionCookie, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await seedDemo(t.database.db, t.clock.now());
});
afterAll(async () => t.close());

type Band = 'green' | 'yellow' | 'red';
const band = (s: number): Band => (s > 0.7 ? 'green' : s > 0.4 ? 'yellow' : 'red');

interface Pair {
  names: string;
  score: number;
  sharedInterests: number;
  sameStyle: boolean;
}

/** Every pair of attendees of each event happening now, scored on their full profiles. */
async function livePairs(): Promise<Map<string, Pair[]>> {
  const now = t.clock.now();
  const db = t.database.db;
  const live = (await db.select().from(events)).filter((e) => e.startTime <= now && e.endTime > now);
  const out = new Map<string, Pair[]>();
  for (const e of live) {
    const people = await db
      .select({ user: users })
      .from(eventAttendees)
      .innerJoin(users, eq(users.id, eventAttendees.userId))
      .where(eq(eventAttendees.eventId, e.id));
    const profiles = people.map(({ user: u }) => ({
      username: u.username,
      profile: {
        interests: u.interests,
        social_preferences: u.socialPreferences,
        personality_traits: u.personalityTraits,
        communication_style: u.communicationStyle as CommunicationStyle,
        social_battery: u.socialBattery,
        occupation: u.occupation,
      } satisfies CompatProfile,
    }));
    const pairs: Pair[] = [];
    for (let i = 0; i < profiles.length; i++) {
      for (let j = i + 1; j < profiles.length; j++) {
        const a = profiles[i]!;
        const b = profiles[j]!;
        pairs.push({
          names: `${a.username} & ${b.username}`,
          score: compatibility(a.profile, b.profile).overall_score,
          sharedInterests: sharedItems(a.profile.interests, b.profile.interests).length,
          sameStyle: a.profile.communication_style === b.profile.communication_style,
        });
      }
    }
    out.set(e.name, pairs);
  }
  return out;
}

describe('compatibility on the demo events', () => {
  it('has three events happening now, each with enough attendees to judge', async () => {
    const byEvent = await livePairs();
    expect(byEvent.size).toBe(3);
    for (const pairs of byEvent.values()) expect(pairs.length).toBeGreaterThanOrEqual(100);
  });

  it('scores the best pairs of every event over 0.7', async () => {
    for (const [event, pairs] of await livePairs()) {
      const best = Math.max(...pairs.map((p) => p.score));
      expect(best, event).toBeGreaterThan(0.7);
    }
  });

  it('shows a spread at every event: some green, some yellow, red not the majority, green a minority', async () => {
    for (const [event, pairs] of await livePairs()) {
      const count: Record<Band, number> = { green: 0, yellow: 0, red: 0 };
      for (const p of pairs) count[band(p.score)]++;
      const share = (b: Band) => count[b] / pairs.length;
      expect(count.green, `${event}: ${JSON.stringify(count)}`).toBeGreaterThan(0);
      expect(count.yellow, `${event}: ${JSON.stringify(count)}`).toBeGreaterThan(0);
      expect(count.red, `${event}: ${JSON.stringify(count)}`).toBeGreaterThan(0);
      expect(share('red'), `${event}: ${JSON.stringify(count)}`).toBeLessThan(0.5);
      expect(share('green'), `${event}: ${JSON.stringify(count)}`).toBeLessThan(0.5);
    }
  });

  it('puts every pair sharing three or more interests and the same communication style over 0.7', async () => {
    const close = [...(await livePairs()).values()].flat().filter((p) => p.sharedInterests >= 3 && p.sameStyle);
    expect(close.length).toBeGreaterThan(0);
    for (const p of close) expect(p.score, p.names).toBeGreaterThan(0.7);
  });

  it('shows maya, the first demo login, people nearby from green down, best first', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username_or_email: 'maya', password: 'wallflower' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const maya = login.json().user as { id: string };
    const headers = { cookie: sessionCookie(login) };
    const [event] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.name, 'Quiet Founders Meetup'));
    const res = await t.app.inject({ method: 'GET', url: `/api/discover/${event!.id}?user_id=${maya.id}&limit=100`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const entries = NearbyEntrySchema.array().parse(res.json());
    const scores = entries.map((e) => e.compatibility.overall_score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(band(scores[0]!)).toBe('green');
    expect(new Set(scores.map(band)).size).toBeGreaterThanOrEqual(2);
  });
});
