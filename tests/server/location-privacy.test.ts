/**
 * DESIGN 5: nothing another attendee sees may locate a person closer than 50 m, however
 * many positions the viewer reports. An attacker who reports made-up positions and reads
 * nearby people after each (the outside probe solved a position to about 1.4 m this way,
 * from 5 m distance steps) learns no more than the 200 m square the person is in (issue
 * 40: 50 m squares were not enough once several viewers combined; see
 * location-multilateration.test.ts for that attack).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COARSE_CELL_M, WALKING, cellOf, distanceMeters, type Point } from '../../server/domain/geo';
import { DISTANCE_BAND_LIMITS, shownDistance } from '../../server/domain/nearby';
import {
  createEvent,
  discover,
  discoveryApp,
  happeningNow,
  joinEvent,
  reportLocation,
  type DiscoveryTestApp,
} from './discovery-helpers';
import { registerUser, type TestUser } from './helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const ORIGIN = { latitude: 52.52, longitude: 13.405 };
const M_PER_DEG_LAT = 111_195;
const mPerDegLon = M_PER_DEG_LAT * Math.cos((ORIGIN.latitude * Math.PI) / 180);
/** A point `north` and `east` metres from ORIGIN. */
const at = (north: number, east: number): Point => ({
  latitude: ORIGIN.latitude + north / M_PER_DEG_LAT,
  longitude: ORIGIN.longitude + east / mPerDegLon,
});

async function scene() {
  const attacker = await registerUser(t.app);
  const target = await registerUser(t.app);
  const event = await createEvent(t, attacker, happeningNow(t.clock));
  await joinEvent(t.app, target, event.id);
  // Somewhere the attacker does not know, at no special place on the grid.
  const secret = at(37.3, -21.8);
  expect((await reportLocation(t.app, target, event.id, secret.latitude, secret.longitude)).statusCode).toBe(200);
  return { attacker, target, event, secret };
}

async function seenDistance(viewer: TestUser, targetId: string, eventId: string): Promise<number | null> {
  const entry = (await discover(t.app, viewer, eventId)).find((e) => e.user.id === targetId);
  return entry?.distance_m ?? null;
}

describe('locating another attendee from the distances they are shown', () => {
  it('walking all around them at a walker’s pace, an attacker still cannot tell where in a 200 m square they are', async () => {
    const { attacker, target, event, secret } = await scene();
    const observations: Array<{ from: Point; d: number }> = [];
    // A square walk around the target, 20 m a step, a report every 10 s: 400 m of path.
    const path: Array<[number, number]> = [];
    for (let n = -100; n <= 100; n += 20) path.push([n, -100]);
    for (let e = -80; e <= 100; e += 20) path.push([100, e]);
    for (let n = 80; n >= -100; n -= 20) path.push([n, 100]);
    for (let e = 80; e >= -80; e -= 20) path.push([-100, e]);
    for (const [n, e] of path) {
      t.clock.advance(10_000);
      const p = at(n, e);
      expect((await reportLocation(t.app, attacker, event.id, p.latitude, p.longitude)).statusCode).toBe(200);
      const d = await seenDistance(attacker, target.user.id, event.id);
      expect(d).not.toBeNull();
      observations.push({ from: p, d: d! });
    }
    // What anyone sees is one of a few bands' figures, never finer.
    const figures = DISTANCE_BAND_LIMITS.map((b) => b.shownM);
    for (const o of observations) expect(figures).toContain(o.d);

    // The attacker knows the rule and every position they reported: every point the
    // answers are consistent with is where the target could be.
    const consistent: Array<[number, number]> = [];
    for (let n = -300; n <= 300; n += 1) {
      for (let e = -300; e <= 300; e += 1) {
        const x = at(n, e);
        if (observations.every((o) => shownDistance(o.from, x) === o.d)) consistent.push([n, e]);
      }
    }
    const truth = [37.3, -21.8];
    expect(consistent.some(([n, e]) => Math.abs(n - truth[0]!) <= 1 && Math.abs(e - truth[1]!) <= 1)).toBe(true);
    const span = (i: 0 | 1) => Math.max(...consistent.map((c) => c[i])) - Math.min(...consistent.map((c) => c[i]));
    expect(span(0)).toBeGreaterThanOrEqual(COARSE_CELL_M - 1);
    expect(span(1)).toBeGreaterThanOrEqual(COARSE_CELL_M - 1);
    expect(distanceMeters(secret, at(truth[0]!, truth[1]!))).toBeLessThan(0.01);
  });

  it('reports that jump faster than a person walks are not used for anyone’s distances', async () => {
    const { attacker, target, event } = await scene();
    const start = at(0, 0);
    await reportLocation(t.app, attacker, event.id, start.latitude, start.longitude);
    const before = await seenDistance(attacker, target.user.id, event.id);
    // Ten seconds later, "there" is 500 m away: the zone check answers for it, distances do not move.
    for (const [n, e] of [
      [500, 0],
      [0, 500],
      [-500, 0],
      [37, -21],
    ]) {
      t.clock.advance(10_000);
      const jump = at(n!, e!);
      expect((await reportLocation(t.app, attacker, event.id, jump.latitude, jump.longitude)).statusCode).toBe(200);
      expect(await seenDistance(attacker, target.user.id, event.id)).toBe(before);
    }
    // Someone who really went there is believed once a walker could have made it.
    t.clock.advance(((500 - WALKING.slackM) / WALKING.metresPerSecond) * 1000);
    const far = at(500, 0);
    await reportLocation(t.app, attacker, event.id, far.latitude, far.longitude);
    expect(await seenDistance(attacker, target.user.id, event.id)).toBeGreaterThan(before!);
  });

  it('shows the same distance on every refresh while neither leaves their 200 m square', async () => {
    const { attacker, target, event } = await scene();
    const seen = new Set<number | null>();
    const spots = [
      [-100.2, 10.1],
      [-101.0, 10.9],
      [-100.6, 11.4],
    ] as const;
    const cells = new Set(spots.map(([n, e]) => JSON.stringify(cellOf(at(n, e)))));
    expect(cells.size).toBe(1);
    for (const [n, e] of spots) {
      t.clock.advance(10_000);
      const p = at(n!, e!);
      await reportLocation(t.app, attacker, event.id, p.latitude, p.longitude);
      seen.add(await seenDistance(attacker, target.user.id, event.id));
    }
    expect(seen.size).toBe(1);
  });
});
