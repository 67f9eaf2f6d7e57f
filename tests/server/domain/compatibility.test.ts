import { describe, it, expect } from 'vitest';
import {
  compatibility,
  sharedItems,
  FALLBACK_REASON,
  MAX_REASONS,
  type CompatProfile,
} from '../../../server/domain/compatibility';

const profile = (p: Partial<CompatProfile> = {}): CompatProfile => ({
  interests: [],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  social_battery: 8,
  occupation: null,
  ...p,
});

const SAMPLES: CompatProfile[] = [
  profile(),
  profile({ interests: ['hiking', 'jazz', 'photography'], social_preferences: ['small groups'], communication_style: 'introverted', social_battery: 3, occupation: 'Designer' }),
  profile({ interests: ['Jazz', ' Hiking ', 'cooking'], social_preferences: ['Small Groups', 'quiet spaces'], personality_traits: ['curious'], communication_style: 'balanced', social_battery: 7, occupation: 'designer' }),
  profile({ interests: ['board games', 'sci-fi', 'running', 'python', 'chess'], personality_traits: ['curious', 'good listener'], communication_style: 'extroverted', social_battery: 10 }),
  profile({ interests: ['Python', 'PYTHON', 'chess', 'hiking'], social_preferences: ['one-on-one'], personality_traits: ['Good   Listener'], communication_style: 'introverted', social_battery: 1, occupation: 'Engineer' }),
  profile({ interests: Array.from({ length: 30 }, (_, i) => `topic ${i}`), social_preferences: ['quiet spaces'], communication_style: 'extroverted', social_battery: 5, occupation: 'engineer ' }),
  profile({ interests: ['topic 1', 'topic 2', 'jazz'], social_preferences: ['Quiet Spaces', 'small groups'], personality_traits: ['calm', 'curious', 'kind', 'funny'], social_battery: 4 }),
  profile({ interests: ['', '   ', 'art'], communication_style: 'balanced', social_battery: Number.NaN }),
];

const pairs = (): Array<[CompatProfile, CompatProfile]> =>
  SAMPLES.flatMap((a) => SAMPLES.map((b): [CompatProfile, CompatProfile] => [a, b]));

describe('sharedItems', () => {
  it("matches case- and space-insensitively and keeps a's spelling", () => {
    expect(sharedItems([' Hiking', 'JAZZ ', 'cooking'], ['jazz', 'hiking '])).toEqual(['Hiking', 'JAZZ']);
  });
  it("deduplicates and keeps a's order", () => {
    expect(sharedItems(['b', 'a', 'B', 'c', 'A'], ['A', 'b', 'c'])).toEqual(['b', 'a', 'c']);
  });
  it('collapses inner whitespace when matching', () => {
    expect(sharedItems(['board   games'], ['Board Games'])).toEqual(['board games']);
  });
  it('ignores blank items and empty lists', () => {
    expect(sharedItems(['', '  ', 'x'], ['', 'X'])).toEqual(['x']);
    expect(sharedItems([], ['a'])).toEqual([]);
    expect(sharedItems(['a'], [])).toEqual([]);
  });
});

describe('compatibility: range, symmetry, determinism', () => {
  it('scores every sample pair in [0,1], rounded to 2 decimals', () => {
    for (const [a, b] of pairs()) {
      const { overall_score } = compatibility(a, b);
      expect(overall_score).toBeGreaterThanOrEqual(0);
      expect(overall_score).toBeLessThanOrEqual(1);
      expect(Math.round(overall_score * 100) / 100).toBe(overall_score);
    }
  });
  it('is exactly symmetric, reasons included', () => {
    for (const [a, b] of pairs()) {
      expect(compatibility(a, b)).toEqual(compatibility(b, a));
    }
  });
  it('is deterministic and does not mutate its inputs', () => {
    for (const [a, b] of pairs()) {
      const before = JSON.stringify([a, b]);
      expect(compatibility(a, b)).toEqual(compatibility(a, b));
      expect(JSON.stringify([a, b])).toBe(before);
    }
  });
  it('gives 1 to identical full profiles and keeps reasons between 1 and 4', () => {
    const full = profile({
      interests: Array.from({ length: 10 }, (_, i) => `i${i}`),
      social_preferences: ['a', 'b', 'c'],
      personality_traits: ['x', 'y', 'z'],
      occupation: 'Nurse',
    });
    expect(compatibility(full, full).overall_score).toBe(1);
    for (const [a, b] of pairs()) {
      const n = compatibility(a, b).compatibility_reasons.length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(MAX_REASONS);
    }
  });
});

describe('compatibility: scoring', () => {
  it('gives two empty profiles with the same style and energy some common ground, no more', () => {
    const s = compatibility(profile(), profile()).overall_score;
    expect(s).toBeGreaterThan(0.4);
    expect(s).toBeLessThanOrEqual(0.5);
  });

  it('rises strictly with shared interests when list sizes stay fixed (0..10 of 10)', () => {
    const a = profile({ interests: Array.from({ length: 10 }, (_, i) => `shared${i}`) });
    let prev = -1;
    for (let k = 0; k <= 10; k++) {
      const b = profile({
        interests: [...Array.from({ length: k }, (_, i) => `SHARED${i}`), ...Array.from({ length: 10 - k }, (_, i) => `other${i}`)],
      });
      const s = compatibility(a, b).overall_score;
      expect(s).toBeGreaterThan(prev);
      prev = s;
    }
  });

  it('rises strictly when the same new interest is added to both (0..10), for several backgrounds', () => {
    for (const extra of [0, 1, 3, 10]) {
      for (const style of ['introverted', 'extroverted'] as const) {
        let prev = -1;
        for (let k = 0; k <= 10; k++) {
          const sharedList = Array.from({ length: k }, (_, i) => `s${i}`);
          const a = profile({ interests: [...sharedList, ...Array.from({ length: extra }, (_, i) => `a${i}`)], communication_style: style });
          const b = profile({ interests: [...Array.from({ length: extra }, (_, i) => `b${i}`), ...sharedList], social_battery: 2 });
          const s = compatibility(a, b).overall_score;
          expect(s, `extra=${extra} k=${k}`).toBeGreaterThan(prev);
          prev = s;
        }
      }
    }
  });

  it('weighs a shared interest more than a shared preference or trait', () => {
    const i = compatibility(profile({ interests: ['x'] }), profile({ interests: ['x'] })).overall_score;
    const p = compatibility(profile({ social_preferences: ['x'] }), profile({ social_preferences: ['x'] })).overall_score;
    const t = compatibility(profile({ personality_traits: ['x'] }), profile({ personality_traits: ['x'] })).overall_score;
    const none = compatibility(profile(), profile()).overall_score;
    expect(i).toBeGreaterThan(p);
    expect(p).toBeGreaterThan(t);
    expect(t).toBeGreaterThan(none);
  });

  it('ranks communication styles: same > neighbours > opposite', () => {
    const s = (x: CompatProfile['communication_style'], y: CompatProfile['communication_style']) =>
      compatibility(profile({ communication_style: x }), profile({ communication_style: y })).overall_score;
    expect(s('introverted', 'introverted')).toBeGreaterThan(s('introverted', 'balanced'));
    expect(s('introverted', 'balanced')).toBeGreaterThan(s('introverted', 'extroverted'));
    expect(s('balanced', 'extroverted')).toBe(s('introverted', 'balanced'));
  });

  it('falls as the batteries drift apart, never rising', () => {
    // The battery is how someone feels right now, so it moves the score a little: 0.06
    // across the whole scale, which two decimals do not show at every step.
    const s = (gap: number) => compatibility(profile({ social_battery: 1 }), profile({ social_battery: 1 + gap })).overall_score;
    for (let gap = 1; gap <= 9; gap++) expect(s(gap)).toBeLessThanOrEqual(s(gap - 1));
    expect(s(0) - s(9)).toBeCloseTo(0.06, 5);
    expect(s(3)).toBeLessThan(s(0));
  });

  it('counts a shared occupation, case-insensitively', () => {
    const with_ = compatibility(profile({ occupation: 'Designer' }), profile({ occupation: ' designer' })).overall_score;
    const without = compatibility(profile({ occupation: 'Designer' }), profile({ occupation: 'Baker' })).overall_score;
    expect(with_).toBeGreaterThan(without);
    expect(compatibility(profile({ occupation: '' }), profile({ occupation: '' })).overall_score).toBe(
      compatibility(profile({ occupation: null }), profile({ occupation: null })).overall_score,
    );
  });

  it('treats spelling variants as the same interest', () => {
    const x = compatibility(profile({ interests: ['  Hiking', 'JAZZ'] }), profile({ interests: ['hiking', 'jazz  '] }));
    const y = compatibility(profile({ interests: ['hiking', 'jazz'] }), profile({ interests: ['hiking', 'jazz'] }));
    expect(x.overall_score).toBe(y.overall_score);
  });

  it('keeps a kind floor: nothing in common at all is 0.14, red', () => {
    const worst = compatibility(
      profile({ interests: ['a'], communication_style: 'introverted', social_battery: 1 }),
      profile({ interests: ['b'], communication_style: 'extroverted', social_battery: 10 }),
    ).overall_score;
    expect(worst).toBe(0.14);
    for (const [a, b] of pairs()) expect(compatibility(a, b).overall_score).toBeGreaterThanOrEqual(worst);
  });
});

/** SPEC 1's bands. */
const band = (s: number) => (s > 0.7 ? 'green' : s > 0.4 ? 'yellow' : 'red');
const STYLES = ['introverted', 'balanced', 'extroverted'] as const;
const OTHERS = Array.from({ length: 8 }, (_, i) => `other ${i}`);

describe('compatibility: calibration of the bands', () => {
  it('puts three shared interests and the same style in green, whatever the batteries and list lengths', () => {
    for (const style of STYLES) {
      for (const [ba, bb] of [[1, 10], [8, 8], [10, 2]] as const) {
        for (const extra of [0, 3, 8]) {
          const a = profile({ interests: ['jazz', 'hiking', 'chess', ...OTHERS.slice(0, extra)], communication_style: style, social_battery: ba });
          const b = profile({ interests: ['Chess', 'Jazz', 'Hiking', ...OTHERS.map((o) => `${o}!`).slice(0, extra)], communication_style: style, social_battery: bb });
          const s = compatibility(a, b).overall_score;
          expect(s, `${style} ${ba}/${bb} +${extra}`).toBeGreaterThan(0.7);
        }
      }
    }
  });

  it('puts three shared interests and a neighbouring style in green when something else is shared too', () => {
    const a = profile({ interests: ['jazz', 'hiking', 'chess', 'film'], social_preferences: ['small groups'], communication_style: 'introverted', social_battery: 3 });
    const b = profile({ interests: ['jazz', 'hiking', 'chess', 'tea'], social_preferences: ['small groups', 'quiet corners'], communication_style: 'balanced', social_battery: 8 });
    expect(band(compatibility(a, b).overall_score)).toBe('green');
  });

  it('calls one shared interest, or the same style with a shared preference, some common ground', () => {
    const one = compatibility(
      profile({ interests: ['jazz', 'film', 'tea'], communication_style: 'introverted', social_battery: 2 }),
      profile({ interests: ['jazz', 'chess', 'running'], communication_style: 'balanced', social_battery: 9 }),
    ).overall_score;
    expect(band(one)).toBe('yellow');
    const style = compatibility(
      profile({ interests: ['film'], social_preferences: ['small groups'], communication_style: 'introverted', social_battery: 3 }),
      profile({ interests: ['chess'], social_preferences: ['small groups', 'outdoor walks'], communication_style: 'introverted', social_battery: 9 }),
    ).overall_score;
    expect(band(style)).toBe('yellow');
  });

  it('leaves nothing shared with opposite styles in red', () => {
    const s = compatibility(
      profile({ interests: ['film', 'tea'], social_preferences: ['big parties'], communication_style: 'extroverted', social_battery: 5 }),
      profile({ interests: ['chess'], social_preferences: ['quiet corners'], communication_style: 'introverted', social_battery: 6 }),
    ).overall_score;
    expect(band(s)).toBe('red');
  });
});

describe('compatibility: reasons', () => {
  it('names shared interests alphabetically, preferring the lower-case spelling', () => {
    const r = compatibility(profile({ interests: ['Jazz', 'hiking', 'cooking'] }), profile({ interests: ['hiking', 'jazz'] }));
    expect(r.compatibility_reasons[0]).toBe('You both enjoy hiking and jazz');
  });

  it('lists at most three interests and counts the rest', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    const r = compatibility(profile({ interests: list }), profile({ interests: [...list].reverse() }));
    expect(r.compatibility_reasons[0]).toBe('You both enjoy a, b, c and 2 more');
    const one = compatibility(profile({ interests: ['chess'] }), profile({ interests: ['Chess'] }));
    expect(one.compatibility_reasons[0]).toBe('You both enjoy chess');
    const three = compatibility(profile({ interests: ['a', 'b', 'c'] }), profile({ interests: ['c', 'b', 'a'] }));
    expect(three.compatibility_reasons[0]).toBe('You both enjoy a, b and c');
  });

  it('mentions preferences, occupation, style and energy', () => {
    const r = compatibility(
      profile({ social_preferences: ['small groups'], occupation: 'Designer', social_battery: 8 }),
      profile({ social_preferences: ['Small groups'], occupation: 'designer', social_battery: 7 }),
    ).compatibility_reasons;
    expect(r).toEqual([
      'You both work as a designer',
      'You both prefer small groups',
      'You have similar communication styles',
      "You're both feeling similarly energetic right now",
    ]);
  });

  it('uses "an" before a vowel in occupations', () => {
    const r = compatibility(profile({ occupation: 'engineer' }), profile({ occupation: 'Engineer' })).compatibility_reasons;
    expect(r).toContain('You both work as an engineer');
    const say = (occupation: string) =>
      compatibility(profile({ occupation }), profile({ occupation })).compatibility_reasons.find((x) => x.startsWith('You both work'));
    expect(say('UX researcher')).toBe('You both work as a UX researcher');
    expect(say('Illustrator')).toBe('You both work as an illustrator');
  });

  it('mentions shared traits and a calm chat when both batteries are low', () => {
    const r = compatibility(
      profile({ personality_traits: ['curious', 'kind'], communication_style: 'introverted', social_battery: 2 }),
      profile({ personality_traits: ['Kind', 'curious'], communication_style: 'extroverted', social_battery: 4 }),
    ).compatibility_reasons;
    expect(r).toEqual(['You have traits in common: curious and kind', 'You might both enjoy a calm, low-key chat right now']);
  });

  it('keeps at most four reasons, interests first', () => {
    const p = profile({ interests: ['x'], social_preferences: ['y'], personality_traits: ['z'], occupation: 'Chef' });
    const r = compatibility(p, p).compatibility_reasons;
    expect(r).toHaveLength(4);
    expect(r[0]).toBe('You both enjoy x');
    expect(r).not.toContain("You're both feeling similarly energetic right now");
  });

  it('offers one gentle reason when nothing is shared', () => {
    const r = compatibility(
      profile({ interests: ['a'], communication_style: 'introverted', social_battery: 1, occupation: 'Chef' }),
      profile({ interests: ['b'], communication_style: 'extroverted', social_battery: 10, occupation: 'Pilot' }),
    ).compatibility_reasons;
    expect(r).toEqual([FALLBACK_REASON]);
  });
});
