import { describe, expect, it } from 'vitest';
import {
  compatibility,
  compatibilityOf,
  compatibilityScore,
  prepareProfile,
  type CompatProfile,
} from '../../../server/domain/compatibility';
import {
  DISTANCE_STEP_M,
  compatProfileOf,
  compatibilityWith,
  inRestrictedZone,
  nearbyPerson,
  projectedUser,
  publicProfileOf,
  rankNearby,
  type NearbyPerson,
} from '../../../server/domain/nearby';
import type { Zone } from '../../../server/domain/geo';
import { DEFAULT_PRIVACY, projectFor, type PrivacySettings, type VisibleCandidate } from '../../../server/domain/visibility';

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
    privacy: { ...DEFAULT_PRIVACY, ...privacy },
    ...over,
  };
}

const person = (c: VisibleCandidate, opts: { battery?: number; at?: { latitude: number; longitude: number } | null; restricted?: boolean } = {}) =>
  nearbyPerson(c, opts.battery ?? 8, opts.at ?? null, opts.restricted ?? false);

const noRelation = (_other: string) => ({ connected: false, blockedEitherWay: false });

function rank(viewer: NearbyPerson, people: NearbyPerson[], rel = noRelation, purpose: 'nearby' | 'recommendations' = 'nearby') {
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
  it('orders by compatibility, then the nearer, unknown distances last, then by id', () => {
    const viewer = person(candidate(1, { interests: ['hiking', 'jazz', 'chess'] }), { at: P(0) });
    const best = person(candidate(2, { interests: ['hiking', 'jazz', 'chess'] }));
    const far = person(candidate(3, { interests: ['hiking'] }), { at: P(300) });
    const near = person(candidate(4, { interests: ['hiking'] }), { at: P(40) });
    const unknownB = person(candidate(6, { interests: ['hiking'] }));
    const unknownA = person(candidate(5, { interests: ['hiking'] }));
    const { list } = rank(viewer, [unknownB, far, best, unknownA, near, viewer]);
    expect(list.map((r) => r.person.candidate.id)).toEqual([id(2), id(4), id(3), id(5), id(6)]);
    expect(list.map((r) => r.distance_m)).toEqual([null, 40, 300, null, null]);
  });

  it('rounds distances to DISTANCE_STEP_M and gives none when either hides their location', () => {
    const viewer = person(candidate(1), { at: P(0) });
    const a = person(candidate(2), { at: P(123) });
    const hidden = person(candidate(3, {}, { show_location: false }), { at: P(50) });
    const { list } = rank(viewer, [a, hidden]);
    const by = new Map(list.map((r) => [r.person.candidate.id, r.distance_m]));
    expect(by.get(id(2))).toBe(125);
    expect(by.get(id(2))! % DISTANCE_STEP_M).toBe(0);
    expect(by.get(id(3))).toBeNull();
    const shy = person(candidate(1, {}, { show_location: false }), { at: P(0) });
    expect(rank(shy, [a]).list[0]!.distance_m).toBeNull();
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
    const rel = (other: string) => ({ connected: other === id(4), blockedEitherWay: false });
    for (const purpose of ['nearby', 'recommendations'] as const) {
      const { list } = rank(viewer, people, rel, purpose);
      const expected = people.flatMap((p) => {
        const u = projectFor(VIEWER, p.candidate, { ...rel(p.candidate.id), inRestrictedZone: p.restricted }, purpose);
        return u ? [u] : [];
      });
      expect(list.map((r) => projectedUser(VIEWER, r, purpose)).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(expected);
      expect(list.map((r) => r.person.candidate.id).sort()).toEqual([id(2), id(4), id(7), id(9)]);
    }
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
      const user = projectedUser(VIEWER, r, 'nearby');
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
    const { list } = rank(viewer, [viewer, person(candidate(2))], (other) => ({ connected: false, blockedEitherWay: other === id(2) }));
    expect(list).toEqual([]);
  });
});

describe('inRestrictedZone', () => {
  const zone = (n: number, zone_type: Zone['zone_type'], radius_meters: number): Zone => ({
    id: id(100 + n),
    name: `z${n}`,
    description: '',
    zone_type,
    latitude: 52.52,
    longitude: 13.405,
    radius_meters,
  });
  it('asks whether the smallest zone containing the point is restricted', () => {
    const big = zone(1, 'restricted', 500);
    const small = zone(2, 'safe_space', 20);
    expect(inRestrictedZone([big], P(100))).toBe(true);
    expect(inRestrictedZone([big, small], P(0))).toBe(false);
    expect(inRestrictedZone([big, small], P(100))).toBe(true);
    expect(inRestrictedZone([big], P(600))).toBe(false);
    expect(inRestrictedZone([big], null)).toBe(false);
  });
});
