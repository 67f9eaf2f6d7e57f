/**
 * DESIGN 5 / issue 40 item 2: nothing another attendee sees may locate a person closer
 * than 50 m, however many viewers combine. The outside probe's attack, run for real:
 * several targets at random points; eight attendees standing still on a ring 150-300 m
 * out, each reading nearby people once; one attendee walking a loop around them at a
 * walker's pace, reading nearby people after every report. The attacker then puts every
 * reading together two ways and keeps the better guess for each target:
 *
 * - knowing the rule (Kerckhoffs): every point of the area whose shown distance to every
 *   reading's position is what was read could be the target; the guess is their middle;
 * - not knowing it: the numbers taken as distances, the least-squares fit on a 4 m grid.
 *
 * With distances between 50 m squares in 50 m steps the first found every target's square
 * (median error about 19 m, issue 40); the median error must stay above 50 m.
 *
 * The second attack adds the zones, which every attendee reads: targets stand in small
 * quiet rooms and small restricted rooms, and the attacker also uses whether each is in
 * the list at all (auto-hide), "recharging" and "Happy to be approached". Told exactly
 * while someone was inside a 25 m room, these placed them within it (issue 40 item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fix, type Point, type Zone, currentZone, squareRestricted, walkable } from '../../server/domain/geo';
import { quietMayBeTold, shownDistance } from '../../server/domain/nearby';
import {
  addZone,
  createEvent,
  discover,
  discoveryApp,
  happeningNow,
  joinEvent,
  reportLocation,
  setUserColumns,
  type DiscoveryTestApp,
} from './discovery-helpers';
import { registerUser, type TestUser } from './helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const ORIGIN = { latitude: 48.137, longitude: 11.575 };
const M_PER_DEG_LAT = 111_195;
const mPerDegLon = M_PER_DEG_LAT * Math.cos((ORIGIN.latitude * Math.PI) / 180);
type Xy = readonly [north: number, east: number];
/** A point `north` and `east` metres from ORIGIN. */
const at = ([north, east]: Xy): Point => ({
  latitude: ORIGIN.latitude + north / M_PER_DEG_LAT,
  longitude: ORIGIN.longitude + east / mPerDegLon,
});
const metres = (a: Xy, b: Xy): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** A small seeded generator (mulberry32), so the scene is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface Reading {
  from: Xy;
  d: number;
}

/** Where the attacker searches: everything within 360 m of the middle (the targets are within 120 m, their 200 m squares within 320 m), every 3 m (the least-squares fit every 4 m). */
const SEARCH_M = 360;
const SEARCH_STEP_M = 3;
const FIT_STEP_M = 4;

/**
 * The middle of every point of a grid (centre `middle`, `reach` metres each way, every `step`)
 * that fits the most of `count` readings, `fits(x, i)` saying whether reading i would have
 * been shown from x: the attacker who knows the rules.
 */
function middleOfBestFits(middle: Xy, reach: number, step: number, count: number, fits: (x: Point) => (i: number) => boolean): Xy {
  let best = -1;
  let sumN = 0;
  let sumE = 0;
  let points = 0;
  for (let n = middle[0] - reach; n <= middle[0] + reach; n += step) {
    for (let e = middle[1] - reach; e <= middle[1] + reach; e += step) {
      const fitsFrom = fits(at([n, e]));
      let matches = 0;
      for (let i = 0; i < count; i++) {
        if (fitsFrom(i)) matches++;
        else if (matches + (count - i - 1) < best) break;
      }
      if (matches < best) continue;
      if (matches > best) [best, sumN, sumE, points] = [matches, 0, 0, 0];
      sumN += n;
      sumE += e;
      points++;
    }
  }
  return [sumN / points, sumE / points];
}

/** Knowing the rule: the middle of every point the readings are consistent with (or, if none, of the best-matching). */
function ruleAwareGuess(readings: Reading[]): Xy {
  const froms = readings.map((r) => at(r.from));
  return middleOfBestFits([0, 0], SEARCH_M, SEARCH_STEP_M, readings.length, (x) => (i) => shownDistance(froms[i]!, x) === readings[i]!.d);
}

/** Not knowing it: the point whose distances to the readings' positions fit the numbers best. */
function leastSquaresGuess(readings: Reading[]): Xy {
  let best = Number.POSITIVE_INFINITY;
  let guess: Xy = [0, 0];
  for (let n = -SEARCH_M; n <= SEARCH_M; n += FIT_STEP_M) {
    for (let e = -SEARCH_M; e <= SEARCH_M; e += FIT_STEP_M) {
      let sum = 0;
      for (const r of readings) sum += (metres([n, e], r.from) - r.d) ** 2;
      if (sum < best) [best, guess] = [sum, [n, e]];
    }
  }
  return guess;
}

async function report(u: TestUser, eventId: string, p: Xy): Promise<void> {
  const q = at(p);
  expect((await reportLocation(t.app, u, eventId, q.latitude, q.longitude)).statusCode).toBe(200);
}

describe('eight still attendees and one walking attendee combining what they are shown', () => {
  it('cannot place any of several people closer than 50 m (median error over the targets)', async () => {
    const rng = seeded(40_2);
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));

    // Six people somewhere within 120 m of the middle, at no special place on any grid.
    const targets: Array<{ user: TestUser; secret: Xy }> = [];
    for (let i = 0; i < 6; i++) {
      const user = await registerUser(t.app);
      await joinEvent(t.app, user, event.id);
      const secret: Xy = [(rng() * 2 - 1) * 120, (rng() * 2 - 1) * 120];
      await report(user, event.id, secret);
      targets.push({ user, secret });
    }
    const readings = new Map<string, Reading[]>(targets.map((x) => [x.user.user.id, []]));
    const note = (entries: Awaited<ReturnType<typeof discover>>, from: Xy) => {
      for (const entry of entries) {
        const list = readings.get(entry.user.id);
        if (list && entry.distance_m !== null) list.push({ from, d: entry.distance_m });
      }
    };

    // Eight standing still around them, 150-300 m out, each reading once.
    for (let k = 0; k < 8; k++) {
      const viewer = await registerUser(t.app);
      await joinEvent(t.app, viewer, event.id);
      const angle = ((k + rng() * 0.5) * Math.PI) / 4;
      const radius = 150 + rng() * 150;
      const from: Xy = [radius * Math.cos(angle), radius * Math.sin(angle)];
      await report(viewer, event.id, from);
      note(await discover(t.app, viewer, event.id), from);
    }

    // One walking a 360 m square around them, 20 m every 10 s (2 m/s, a walker's pace, so
    // every report is kept), reading nearby people after each.
    const walker = await registerUser(t.app);
    await joinEvent(t.app, walker, event.id);
    const path: Xy[] = [];
    for (let n = -180; n < 180; n += 20) path.push([n, -180]);
    for (let e = -180; e < 180; e += 20) path.push([180, e]);
    for (let n = 180; n > -180; n -= 20) path.push([n, 180]);
    for (let e = 180; e > -180; e -= 20) path.push([-180, e]);
    let last: Fix | null = null;
    for (const p of path) {
      t.clock.advance(10_000);
      // A walk the server believes (geo.ts walkable), so every reading is from where the attacker says.
      const now = t.clock.now().getTime();
      expect(walkable(last, at(p), now)).toBe(true);
      last = { ...at(p), at: now };
      await report(walker, event.id, p);
      note(await discover(t.app, walker, event.id), p);
    }

    const aware: number[] = [];
    const fitted: number[] = [];
    const better: number[] = [];
    for (const { user, secret } of targets) {
      const list = readings.get(user.user.id)!;
      // Every viewer saw every target, with a distance.
      expect(list).toHaveLength(8 + path.length);
      const a = metres(ruleAwareGuess(list), secret);
      const f = metres(leastSquaresGuess(list), secret);
      aware.push(a);
      fitted.push(f);
      better.push(Math.min(a, f));
    }
    const figures = { ruleAware: median(aware), leastSquares: median(fitted), better: median(better) };
    console.info(`issue 40 attack, median error over ${targets.length} targets (m):`, figures, { aware, fitted });
    expect(figures.ruleAware).toBeGreaterThan(50);
    expect(figures.leastSquares).toBeGreaterThan(50);
    expect(figures.better).toBeGreaterThan(50);
  }, 60_000);
});

describe('the same attack on people in small quiet and restricted rooms, with the zones read', () => {
  /** What a viewer standing anywhere is shown of someone at `x` besides the distance, by the rules in force (Kerckhoffs). */
  interface Shown {
    listed: boolean;
    recharging: boolean;
    hello: boolean;
  }
  const shownAt = (zones: Zone[], x: Point): Shown => {
    // The targets keep every default: location shown, auto-hide on, "Happy to be approached" on.
    const here = currentZone(zones, x);
    const quietTold = here?.zone_type === 'safe_space' && quietMayBeTold(here, x);
    return { listed: !squareRestricted(zones, x), recharging: quietTold, hello: !quietTold };
  };

  interface Seen {
    from: Xy;
    /** null: not in the list. */
    entry: { d: number | null; recharging: boolean; hello: boolean } | null;
  }

  /** Where the attacker searches around a room: the rooms are within 100 m of the middle of the walk, their squares within 300 m. */
  const ROOM_SEARCH_M = 360;
  const ROOM_STEP_M = 4;

  /** Knowing the rules: the middle of every point near the room whose every reading is what would have been shown from there. */
  function zoneAwareGuess(zones: Zone[], room: Xy, seen: Seen[]): Xy {
    const froms = seen.map((r) => at(r.from));
    return middleOfBestFits(room, ROOM_SEARCH_M, ROOM_STEP_M, seen.length, (x) => {
      const here = shownAt(zones, x);
      return (i) => {
        const { entry } = seen[i]!;
        return entry === null
          ? !here.listed
          : here.listed && entry.recharging === here.recharging && entry.hello === here.hello && shownDistance(froms[i]!, x) === entry.d;
      };
    });
  }

  it('cannot place anyone in a 20-30 m room closer than 50 m (median error over the targets of each kind)', async () => {
    const rng = seeded(40_22);
    const organizer = await registerUser(t.app);
    const event = await createEvent(t, organizer, happeningNow(t.clock));
    // Six rooms, 1.5 km apart (their 200 m squares never meet), each at no special place on the grid.
    const rooms: Array<{ kind: 'safe_space' | 'restricted'; centre: Xy }> = [];
    for (let k = 0; k < 6; k++) {
      const centre: Xy = [(rng() * 2 - 1) * 100, 1500 * k + (rng() * 2 - 1) * 100];
      rooms.push({ kind: k % 2 === 0 ? 'safe_space' : 'restricted', centre });
    }
    const zones: Zone[] = [];
    for (const [k, room] of rooms.entries()) {
      const radius_meters = 20 + 2 * k;
      zones.push({ ...(await addZone(t.db, event.id, { name: `Room ${k}`, zone_type: room.kind, ...at(room.centre), radius_meters })) });
    }

    // Two people in each room, anywhere inside it, happy to be approached, reporting every 40 s from where they stand.
    const targets: Array<{ user: TestUser; secret: Xy; room: number }> = [];
    for (const [k, room] of rooms.entries()) {
      for (let i = 0; i < 2; i++) {
        const r = zones[k]!.radius_meters * Math.sqrt(rng());
        const a = rng() * 2 * Math.PI;
        const secret: Xy = [room.centre[0] + r * Math.cos(a), room.centre[1] + r * Math.sin(a)];
        const user = await registerUser(t.app);
        await joinEvent(t.app, user, event.id);
        await setUserColumns(t.db, user.user.id, { openToHello: true });
        targets.push({ user, secret, room: k });
      }
    }
    const reportTargets = async () => {
      for (const x of targets) await report(x.user, event.id, x.secret);
    };
    await reportTargets();

    const seen = new Map<string, Seen[]>(targets.map((x) => [x.user.user.id, []]));
    const note = (entries: Awaited<ReturnType<typeof discover>>, from: Xy, room: number) => {
      for (const x of targets) {
        if (x.room !== room) continue;
        const entry = entries.find((e) => e.user.id === x.user.user.id);
        seen.get(x.user.user.id)!.push({
          from,
          entry: entry ? { d: entry.distance_m, recharging: entry.recharging, hello: entry.open_to_hello } : null,
        });
      }
    };

    for (const [k, room] of rooms.entries()) {
      const around = (p: Xy): Xy => [room.centre[0] + p[0], room.centre[1] + p[1]];
      // Eight standing still around the room, 150-300 m out, each reading once.
      for (let v = 0; v < 8; v++) {
        const viewer = await registerUser(t.app);
        await joinEvent(t.app, viewer, event.id);
        const angle = ((v + rng() * 0.5) * Math.PI) / 4;
        const radius = 150 + rng() * 150;
        const from = around([radius * Math.cos(angle), radius * Math.sin(angle)]);
        await report(viewer, event.id, from);
        note(await discover(t.app, viewer, event.id), from, k);
      }
      // One walking a 360 m square around it, 40 m every 20 s, reading after each report.
      const walker = await registerUser(t.app);
      await joinEvent(t.app, walker, event.id);
      const path: Xy[] = [];
      for (let n = -180; n < 180; n += 40) path.push([n, -180]);
      for (let e = -180; e < 180; e += 40) path.push([180, e]);
      for (let n = 180; n > -180; n -= 40) path.push([n, 180]);
      for (let e = 180; e > -180; e -= 40) path.push([-180, e]);
      let last: Fix | null = null;
      for (const [i, step] of path.entries()) {
        const p = around(step);
        t.clock.advance(20_000);
        // The targets' quiet presence stays fresh (QUIET_PRESENCE_FRESH_MS) as it would with the app open.
        if (i % 2 === 0) await reportTargets();
        const now = t.clock.now().getTime();
        expect(walkable(last, at(p), now)).toBe(true);
        last = { ...at(p), at: now };
        await report(walker, event.id, p);
        note(await discover(t.app, walker, event.id), p, k);
      }
    }

    const errors = { safe_space: [] as number[], restricted: [] as number[] };
    for (const { user, secret, room } of targets) {
      const list = seen.get(user.user.id)!;
      expect(list).toHaveLength(8 + 36);
      // Given the room too (the strongest attacker: which room is not left to guess).
      errors[rooms[room]!.kind].push(metres(zoneAwareGuess(zones, rooms[room]!.centre, list), secret));
    }
    const figures = { quiet: median(errors.safe_space), restricted: median(errors.restricted) };
    console.info('issue 40 attack with the zones read, median error over the targets in each kind of room (m):', figures, errors);
    expect(figures.quiet).toBeGreaterThan(50);
    expect(figures.restricted).toBeGreaterThan(50);
  }, 120_000);
});
