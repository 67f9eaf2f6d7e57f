import { describe, expect, it } from 'vitest';
import {
  compatibility,
  compatibilityOf,
  compatibilityScore,
  prepareProfile,
  type CompatProfile,
} from '../../../server/domain/compatibility';
import {
  DISTANCE_BAND_LIMITS,
  compatProfileOf,
  compatibilityWith,
  helloShown,
  nearbyEntry,
  nearbyJson,
  nearbyPerson,
  shownDistance,
  shownUser,
  publicProfileOf,
  quietMayBeTold,
  rechargingAs,
  type NearbyPerson,
} from '../../../server/domain/nearby';
import { rankIndexOf, rankNearby, rankPage, type ViewerRelations } from '../../../server/domain/ranking';
import { COARSE_CELL_M, LOCATE_FLOOR_M, type Point, ZONE_WIDE_M, cellOf, distanceMeters, reportRestricted, squareRestricted, type Zone } from '../../../server/domain/geo';
import { PRIVACY_DEFAULTS, type PrivacySettings } from '../../../contract/discovery';
import { projectFor, type VisibleCandidate } from '../../../server/domain/visibility';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const VIEWER = id(1);

function candidate(n: number, over: Partial<VisibleCandidate> = {}, privacy: Partial<PrivacySettings> = {}): VisibleCandidate {
  return {
    id: id(n),
    username: `user${n}`,
    name: `User ${n}`,
    age: 30,
    occupation: 'Designer',
    interests: ['hiking', 'jazz'],
    social_preferences: ['small groups'],
    personality_traits: ['curious'],
    communication_style: 'balanced',
    photo_data: null,
    is_active: true,
    is_banned: false,
    is_available: true,
    is_away: false,
    under_review: false,
    social_battery: 4,
    privacy: { ...PRIVACY_DEFAULTS, ...privacy },
    ...over,
  };
}

const person = (c: VisibleCandidate, opts: { battery?: number; at?: { latitude: number; longitude: number } | null; restricted?: boolean } = {}) =>
  nearbyPerson(c, opts.battery ?? 8, opts.at ? { ...opts.at, at: 0 } : null, opts.restricted ?? false, null, `p-${c.id}`);

/** The distance shown between two positions: a band of the distance between their 200 m squares. */
const shown = (a: Point, b: Point) => shownDistance(a, b)!;

function rank(viewer: NearbyPerson, people: NearbyPerson[], rel: ViewerRelations = {}, purpose: 'nearby' | 'recommendations' = 'nearby') {
  const vp = prepareProfile(compatProfileOf(viewer.candidate, viewer.social_battery));
  return { vp, list: rankNearby(viewer, vp, people, rel, purpose) };
}

const P = (meters: number) => ({ latitude: 52.52 + meters / 111_195, longitude: 13.405 });

describe('prepared compatibility', () => {
  const profiles: CompatProfile[] = [
    { interests: [], social_preferences: [], personality_traits: [], communication_style: 'balanced', social_battery: 8 },
    { interests: ['Jazz', ' hiking ', 'jazz'], social_preferences: ['Small Groups'], personality_traits: ['calm'], communication_style: 'introverted', social_battery: 3, occupation: 'Nurse' },
    { interests: ['jazz', 'chess', 'board   games'], social_preferences: ['small groups', 'quiet'], personality_traits: ['Calm', 'kind'], communication_style: 'extroverted', social_battery: 10, occupation: 'nurse ' },
    { interests: Array.from({ length: 12 }, (_, i) => `t${i}`), social_preferences: [], personality_traits: [], communication_style: 'balanced', social_battery: Number.NaN, occupation: null },
  ];
  it('scores exactly as compatibility() does, reasons included', () => {
    for (const a of profiles) {
      for (const b of profiles) {
        const pa = prepareProfile(a);
        const pb = prepareProfile(b);
        expect(compatibilityScore(pa, pb)).toBe(compatibility(a, b).overall_score);
        expect(compatibilityOf(pa, pb)).toEqual(compatibility(a, b));
      }
    }
  });
});

describe('rankNearby', () => {
  it('orders by compatibility, then the nearer band, unknown distances last, then by id', () => {
    const viewer = person(candidate(1, { interests: ['hiking', 'jazz', 'chess'] }), { at: P(0) });
    const best = person(candidate(2, { interests: ['hiking', 'jazz', 'chess'] }));
    const far = person(candidate(3, { interests: ['hiking'] }), { at: P(1500) });
    const near = person(candidate(4, { interests: ['hiking'] }), { at: P(40) });
    const unknownB = person(candidate(6, { interests: ['hiking'] }));
    const unknownA = person(candidate(5, { interests: ['hiking'] }));
    const { list } = rank(viewer, [unknownB, far, best, unknownA, near, viewer]);
    expect(list.map((r) => r.person.candidate.id)).toEqual([id(2), id(4), id(3), id(5), id(6)]);
    expect(list.map((r) => r.distance_m)).toEqual([null, shown(P(0), P(40)), shown(P(0), P(1500)), null, null]);
    expect(shown(P(0), P(40))).toBeLessThan(shown(P(0), P(1500)));
  });

  it('orders people in the same band by id, not by how near they really are (issue 40)', () => {
    const viewer = person(candidate(1), { at: P(0) });
    const further = person(candidate(2), { at: P(180) });
    const nearer = person(candidate(3), { at: P(5) });
    const { list } = rank(viewer, [nearer, further]);
    expect(list.map((r) => [r.person.candidate.id, r.distance_m])).toEqual([
      [id(2), 300],
      [id(3), 300],
    ]);
  });

  it('shows a band of the distance between 200 m squares, none when either hides their location', () => {
    const viewer = person(candidate(1), { at: P(0) });
    const a = person(candidate(2), { at: P(123) });
    const hidden = person(candidate(3, {}, { show_location: false }), { at: P(50) });
    const { list } = rank(viewer, [a, hidden]);
    const by = new Map(list.map((r) => [r.person.candidate.id, r.distance_m]));
    expect(by.get(id(2))).toBe(shown(P(0), P(123)));
    expect(DISTANCE_BAND_LIMITS.map((b) => b.shownM)).toContain(by.get(id(2)));
    expect(by.get(id(3))).toBeNull();
    const shy = person(candidate(1, {}, { show_location: false }), { at: P(0) });
    expect(rank(shy, [a]).list[0]!.distance_m).toBeNull();
  });

  it('bands by the squares alone: close is at least a square wide, venue up to 1 km between squares, far beyond', () => {
    const square = (p: Point) => JSON.stringify(cellOf(p));
    // Anywhere in the same square, or the next one, is close by.
    expect(shown(P(0), P(1))).toBe(300);
    expect(shown(P(0), P(COARSE_CELL_M))).toBe(300);
    expect(shown(P(0), P(700))).toBe(1000);
    expect(shown(P(0), P(3000))).toBe(2000);
    // Two points of one square are the same to every viewer.
    const [x, y] = [P(10), P(11)];
    expect(square(x)).toBe(square(y));
    for (const v of [P(-2000), P(-600), P(-150), P(400), P(1200)]) expect(shown(v, x)).toBe(shown(v, y));
    // Never a figure between the bands'.
    const figures = DISTANCE_BAND_LIMITS.map((b) => b.shownM);
    for (let m = 0; m < 5000; m += 37) expect(figures).toContain(shown(P(0), P(m)));
    expect(distanceMeters(P(0), P(COARSE_CELL_M))).toBeCloseTo(COARSE_CELL_M, 0);
  });

  it('keeps exactly the people projectFor shows, and answers them as projectFor does', () => {
    const viewer = person(candidate(1));
    const people = [
      person(candidate(2)),
      person(candidate(3, {}, { visibility_mode: 'private' })),
      person(candidate(4, {}, { visibility_mode: 'friends' })),
      person(candidate(5, { is_available: false })),
      person(candidate(6), { restricted: true }),
      person(candidate(7, {}, { auto_hide_in_restricted_zones: false }), { restricted: true }),
      person(candidate(8, { is_banned: true })),
      person(candidate(9, {}, { visibility_mode: 'anonymous', show_interests: false })),
    ];
    const rel = { connected: new Set([id(4)]) };
    for (const purpose of ['nearby', 'recommendations'] as const) {
      const { list } = rank(viewer, people, rel, purpose);
      const expected = people.flatMap((p) => {
        const relation = { connected: p.candidate.id === id(4), blockedEitherWay: false, inRestrictedZone: p.restricted };
        const u = projectFor(VIEWER, p.candidate, relation, purpose, p.pseudonym);
        return u ? [u] : [];
      });
      expect(list.map((r) => shownUser(VIEWER, r, purpose).user).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(expected);
      expect(list.map((r) => r.person.candidate.id).sort()).toEqual([id(2), id(4), id(7), id(9)]);
    }
  });

  it('keeps one projection per way of being seen, its JSON the same user, and asks the gate for every viewer', () => {
    const anonymous = person(candidate(2, { occupation: 'Nurse' }, { visibility_mode: 'anonymous' }));
    const viewer = person(candidate(1));
    const asStranger = rank(viewer, [anonymous]).list[0]!;
    const asConnection = rank(viewer, [anonymous], { connected: new Set([id(2)]) }).list[0]!;
    const seenByStranger = shownUser(VIEWER, asStranger, 'nearby');
    const seenByConnection = shownUser(VIEWER, asConnection, 'nearby');
    expect(seenByStranger.user).toMatchObject({ is_anonymous: true, occupation: null, name: 'Anonymous attendee' });
    expect(seenByConnection.user).toMatchObject({ is_anonymous: false, occupation: 'Nurse', name: 'User 2' });
    for (const shown of [seenByStranger, seenByConnection]) expect(JSON.parse(shown.json)).toEqual(shown.user);
    // Asked again by another viewer, the kept projection is answered.
    expect(shownUser(id(9), asStranger, 'nearby')).toBe(seenByStranger);
    // Someone the gate refuses (here: the person themself) is never answered.
    expect(() => shownUser(id(2), asStranger, 'nearby')).toThrow();
  });

  it('scores on what the viewer may see: hidden interests and an anonymous occupation do not count', () => {
    const viewer = person(candidate(1, { interests: ['hiking', 'jazz', 'chess'], occupation: 'Nurse' }));
    const people = [
      person(candidate(2, { interests: ['hiking', 'jazz', 'chess'], occupation: 'Nurse' }, { show_interests: false })),
      person(candidate(3, { interests: ['hiking', 'jazz', 'chess'], occupation: 'Nurse' }, { visibility_mode: 'anonymous' })),
      person(candidate(4, { interests: ['hiking', 'jazz', 'chess'], occupation: 'Nurse' })),
    ];
    const { vp, list } = rank(viewer, people);
    for (const r of list) {
      const user = shownUser(VIEWER, r, 'nearby').user;
      const expected = compatibility(compatProfileOf(viewer.candidate, 8), publicProfileOf(user, r.person.social_battery));
      expect(r.score).toBe(expected.overall_score);
      expect(compatibilityWith(vp, r)).toEqual(expected);
    }
    const reasons = (n: number) => compatibilityWith(vp, list.find((r) => r.person.candidate.id === id(n))!).compatibility_reasons.join(' ');
    expect(reasons(2)).not.toMatch(/hiking/);
    expect(reasons(3)).not.toMatch(/Nurse/);
    expect(reasons(4)).toMatch(/hiking/);
    expect(list[0]!.person.candidate.id).toBe(id(4));
  });

  it('never lists the viewer, nor someone blocked either way', () => {
    const viewer = person(candidate(1));
    const { list } = rank(viewer, [viewer, person(candidate(2))], { blocked: new Set([id(2)]) });
    expect(list).toEqual([]);
  });
});

describe('zones, no finer than the 200 m squares (issue 40)', () => {
  const zone = (n: number, zone_type: Zone['zone_type'], radius_meters: number, at: Point = P(0)): Zone => ({
    id: id(100 + n),
    name: `z${n}`,
    description: '',
    zone_type,
    ...at,
    radius_meters,
  });
  /** Every point of `p`'s square, every 10 m. */
  const squareOf = (p: Point): Point[] => {
    const c = cellOf(p);
    const out: Point[] = [];
    for (let n = -95; n <= 95; n += 10)
      for (let e = -95; e <= 95; e += 10)
        out.push({ latitude: c.latitude + n / 111_195, longitude: c.longitude + e / (111_195 * Math.cos((c.latitude * Math.PI) / 180)) });
    return out;
  };
  it('auto-hide: only while the whole square of the kept position lies in a restricted zone, the same anywhere in it', () => {
    // A 20 m room: hiding people exactly while inside would place them in it, so it hides nobody.
    const tiny = zone(1, 'restricted', 20);
    for (const q of squareOf(P(0))) expect(squareRestricted([tiny], q)).toBe(false);
    // A restricted wing holding the whole square: everyone in the square alike.
    const wing = zone(2, 'restricted', 400);
    for (const q of squareOf(P(0))) expect(squareRestricted([wing], q)).toBe(true);
    expect(squareRestricted([wing], P(1000))).toBe(false);
    expect(squareRestricted([wing], null)).toBe(false);
    // Another kind of zone hides nobody; a quiet room nested in the wing hides its people too (shown, they would be in it).
    expect(squareRestricted([zone(3, 'safe_space', 400)], P(0))).toBe(false);
    expect(squareRestricted([wing, zone(4, 'safe_space', 20)], P(0))).toBe(true);
  });

  it('auto-hide without a kept position: inside a restricted zone at least a square wide', () => {
    expect(reportRestricted([zone(1, 'restricted', 20)], P(0))).toBe(false);
    expect(reportRestricted([zone(2, 'restricted', ZONE_WIDE_M)], P(50))).toBe(true);
    expect(reportRestricted([zone(2, 'restricted', ZONE_WIDE_M)], P(150))).toBe(false);
    // The smallest zone decides which zone the report is in.
    expect(reportRestricted([zone(3, 'restricted', 500), zone(4, 'safe_space', 20)], P(0))).toBe(false);
  });

  it('quiet zones: told only when that places the person no closer than their square (with a position kept) or the zone (without)', () => {
    const room = zone(7, 'safe_space', 25);
    // A small quiet room is told to nobody, with or without a position.
    expect(quietMayBeTold(room, P(0))).toBe(false);
    expect(quietMayBeTold(room, null)).toBe(false);
    // A zone holding the whole square: being in the square says "in the zone" already.
    const hall = zone(8, 'safe_space', 400);
    for (const q of squareOf(P(0))) expect(quietMayBeTold(hall, q)).toBe(true);
    // A zone a square wide is told of to those who see no distance, not with the square known (only part of it would be left).
    const wide = zone(9, 'safe_space', ZONE_WIDE_M);
    expect(quietMayBeTold(wide, null)).toBe(true);
    expect(quietMayBeTold(wide, P(0))).toBe(false);
    expect(quietMayBeTold(zone(10, 'safe_space', ZONE_WIDE_M - 1), null)).toBe(false);
    expect(quietMayBeTold(null, P(0))).toBe(false);
    // Knowing only "inside a disc of radius r", the best guess leaves r/√2 of median error.
    expect(ZONE_WIDE_M / Math.SQRT2).toBeGreaterThan(LOCATE_FLOOR_M);
  });

  it('"recharging" and the held "Happy to be approached" follow quietTold, for connections too', () => {
    const now = 1_000_000;
    const inRoom = (told: boolean) => {
      const c = candidate(2);
      return nearbyPerson(c, 8, { ...P(0), at: now }, false, now - 1_000, `p-${c.id}`, { openingMoves: [], openToHello: true }, told);
    };
    expect(rechargingAs(inRoom(true), true, now)).toBe(true);
    expect(rechargingAs(inRoom(true), false, now)).toBe(true);
    expect(helloShown(inRoom(true), now)).toBe(false);
    // Too small to tell: neither a connection nor a stranger is told, and the badge stays.
    expect(rechargingAs(inRoom(false), true, now)).toBe(false);
    expect(rechargingAs(inRoom(false), false, now)).toBe(false);
    expect(helloShown(inRoom(false), now)).toBe(true);
  });
});

describe('rankPage', () => {
  /** mulberry32: the same crowd every run. */
  function rng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let x = a;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
  }
  const random = rng(42);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const some = (xs: readonly string[], max: number) => xs.filter(() => random() < max / xs.length);
  const WORDS = ['Hiking', 'hiking ', 'jazz', 'Jazz', 'chess', 'tea', 'film', 'board  games', 'python', 'yoga'];
  const PREFS = ['small groups', 'Small Groups', 'quiet', 'outdoors'];
  const TRAITS = ['calm', 'kind', 'curious', 'Curious'];
  const MODES = ['public', 'public', 'public', 'friends', 'private', 'anonymous'] as const;

  const crowd = Array.from({ length: 300 }, (_, i) => {
    const c = candidate(
      i + 2,
      {
        // Small lists from few words: many people score alike, so ties are decided
        // by distance and id often, at the edge of every page too.
        interests: some(WORDS, 1.5),
        social_preferences: some(PREFS, 0.5),
        personality_traits: some(TRAITS, 0.5),
        communication_style: pick(['balanced', 'balanced', 'introverted'] as const),
        occupation: pick(['Nurse', 'nurse', 'Designer', null]),
        is_available: random() > 0.1,
        is_banned: random() < 0.03,
        is_active: random() > 0.03,
      },
      {
        visibility_mode: pick(MODES),
        show_interests: random() > 0.2,
        show_location: random() > 0.2,
        auto_hide_in_restricted_zones: random() > 0.5,
      },
    );
    // Few distinct positions and batteries, so scores and distances tie often.
    return person(c, {
      battery: pick([4, 8]),
      at: random() < 0.8 ? P(Math.floor(random() * 4) * 500) : null,
      restricted: random() < 0.1,
    });
  });
  const viewer = person(candidate(1, { interests: ['hiking', 'jazz', 'tea'], occupation: 'Nurse' }), { at: P(0) });
  const vp = prepareProfile(compatProfileOf(viewer.candidate, viewer.social_battery));
  const connected = new Set(crowd.filter(() => random() < 0.15).map((p) => p.candidate.id));
  const blocked = new Set(crowd.filter(() => random() < 0.05).map((p) => p.candidate.id));

  /** The order spelled out from the domain functions alone, person by person. */
  function bruteForce(purpose: 'nearby' | 'recommendations', withoutConnections: boolean) {
    return crowd
      .flatMap((p) => {
        const id = p.candidate.id;
        const rel = { connected: connected.has(id), blockedEitherWay: blocked.has(id), inRestrictedZone: p.restricted };
        if (withoutConnections && rel.connected) return [];
        const user = projectFor(VIEWER, p.candidate, rel, purpose, p.pseudonym);
        if (!user) return [];
        const score = compatibility(compatProfileOf(viewer.candidate, 8), publicProfileOf(user, p.social_battery)).overall_score;
        const shareBoth = viewer.candidate.privacy.show_location && p.candidate.privacy.show_location && p.location;
        const d = shareBoth ? shown(viewer.location!, p.location!) : null;
        return [{ id, score, d }];
      })
      .sort((x, y) => y.score - x.score || (x.d === y.d ? 0 : x.d === null ? 1 : y.d === null ? -1 : x.d - y.d) || (x.id < y.id ? -1 : 1));
  }

  it('has ties of score at the edges of the pages it is asked for (or it would prove little)', () => {
    const order = bruteForce('nearby', false);
    for (const edge of [30, 35, 40, 100]) expect(order[edge - 1]!.score).toBe(order[edge]!.score);
  });

  it.each([
    [0, 30],
    [0, 1],
    [5, 30],
    [10, 30],
    [0, 100],
    [150, 100],
    [0, 1000],
    [290, 30],
  ])('answers the page offset %i, limit %i of the order spelled out person by person', (offset, limit) => {
    // In any order of the people: as listed, and best score first but each tie worst
    // first (so a tie at the edge of the page is decided after the page has filled).
    const order = bruteForce('nearby', false);
    const at = new Map(order.map((e, i) => [e.id, i]));
    const score = new Map(order.map((e) => [e.id, e.score]));
    const tiesReversed = [...crowd].sort((x, y) => {
      const [a, b] = [x.candidate.id, y.candidate.id];
      return (score.get(b) ?? -1) - (score.get(a) ?? -1) || (at.get(b) ?? 0) - (at.get(a) ?? 0);
    });
    for (const people of [crowd, tiesReversed]) {
      const index = rankIndexOf(people);
      for (const purpose of ['nearby', 'recommendations'] as const) {
        for (const withoutConnections of [false, true]) {
          const expected = bruteForce(purpose, withoutConnections).slice(offset, offset + limit);
          const page = rankPage(index, viewer, vp, { connected, blocked }, { purpose, withoutConnections, offset, limit });
          expect(page.map((r) => [r.person.candidate.id, r.score, r.distance_m])).toEqual(expected.map((e) => [e.id, e.score, e.d]));
        }
      }
    }
  });

  it('follows a new position and restricted-zone presence patched into the people in place', () => {
    const index = rankIndexOf(crowd);
    const someone = crowd.find(
      (p) => p.candidate.privacy.visibility_mode === 'public' && p.candidate.is_available && p.candidate.is_active && !p.candidate.is_banned && !blocked.has(p.candidate.id) && p.candidate.privacy.auto_hide_in_restricted_zones,
    )!;
    const wasRestricted = someone.restricted;
    const shown = () => rankPage(index, viewer, vp, { connected, blocked }, { purpose: 'nearby' }).some((r) => r.person === someone);
    someone.restricted = false;
    expect(shown()).toBe(true);
    someone.restricted = true;
    expect(shown()).toBe(false);
    someone.restricted = wasRestricted;
  });
});

describe('nearbyJson', () => {
  it('writes exactly what JSON.stringify writes of the entries, the projections from their kept text', () => {
    const viewer = person(candidate(1), { at: P(0) });
    const people = [
      person(candidate(2, { name: 'Zoë "Z" O\'Neil', interests: ['jazz', 'ünïcode ☕'] }), { at: P(40) }),
      person(candidate(3, {}, { visibility_mode: 'anonymous', show_location: false })),
      person(candidate(4, { photo_data: 'data:image/webp;base64,AAAA' })),
    ];
    const { vp, list } = rank(viewer, people);
    const breaker = { id: id(50), suggestion_text: 'What\'s "good" here? \\ ☕', category: 'shared_interest' };
    const parts = list.map((ranked, i) => ({
      ranked,
      shown: shownUser(VIEWER, ranked, 'nearby'),
      compatibility: compatibilityWith(vp, ranked),
      ice_breakers: JSON.stringify(i === 0 ? [breaker, breaker] : []),
      connection_status: i === 1 ? ('request_sent' as const) : ('none' as const),
      recharging: i === 2,
      opening_moves: i === 0 ? JSON.stringify([{ id: id(51), text: 'Ask me about "sourdough" \\ 🍞' }]) : '[]',
      open_to_hello: i === 1,
    }));
    expect(list.some((r) => r.distance_m === null) && list.some((r) => r.distance_m !== null)).toBe(true);
    const expected = JSON.stringify(parts.map(nearbyEntry));
    expect(JSON.parse(nearbyJson(parts))).toEqual(JSON.parse(expected));
    // Twice: the second time from the projections' kept text.
    expect(JSON.parse(nearbyJson(parts))).toEqual(JSON.parse(expected));
    expect(nearbyJson([])).toBe('[]');
  });
});

