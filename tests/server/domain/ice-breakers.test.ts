import { describe, it, expect } from 'vitest';
import type { CompatProfile } from '../../../server/domain/compatibility';
import { iceBreakerFacts, iceBreakers, iceBreakersFrom, stableHash, ICE_BREAKERS_MAX, ICE_BREAKERS_MIN } from '../../../server/domain/ice-breakers';

type P = CompatProfile & { name?: string };
const profile = (p: Partial<P> = {}): P => ({
  interests: [],
  social_preferences: [],
  personality_traits: [],
  communication_style: 'balanced',
  social_battery: 8,
  occupation: null,
  ...p,
});

const SAMPLES: P[] = [
  profile(),
  profile({ name: 'Ana', interests: ['photography', 'hiking', 'jazz', 'chess', 'tea'], occupation: 'Designer' }),
  profile({ name: 'Ben', interests: ['Jazz', 'HIKING', 'Photography', 'tea', 'chess'], occupation: 'designer' }),
  profile({ name: 'Cy', interests: ['running'], occupation: 'Engineer' }),
  profile({ name: 'Di', interests: ['running', 'hiking'], occupation: '  ' }),
];
const EVENTS = [null, undefined, { name: 'Quiet Coders Meetup', event_type: 'networking' }, { name: '', event_type: 'party' }];
const CATEGORIES = new Set(['shared_interest', 'occupation', 'event', 'general']);

describe('iceBreakers: shape', () => {
  it('always returns 3 to 5 distinct, valid suggestions, deterministically', () => {
    for (const a of SAMPLES) {
      for (const b of SAMPLES) {
        for (const e of EVENTS) {
          const out = iceBreakers(a, b, e);
          expect(out.length).toBeGreaterThanOrEqual(ICE_BREAKERS_MIN);
          expect(out.length).toBeLessThanOrEqual(ICE_BREAKERS_MAX);
          const texts = out.map((x) => x.suggestion_text.toLowerCase());
          expect(new Set(texts).size).toBe(texts.length);
          for (const x of out) {
            expect(CATEGORIES.has(x.category)).toBe(true);
            expect(x.suggestion_text.trim().length).toBeGreaterThan(0);
          }
          expect(iceBreakers(a, b, e)).toEqual(out);
        }
      }
    }
  });
});

describe('iceBreakers: made of the pair’s facts alone', () => {
  it('makes the same suggestions from the same facts (what the repository keeps them by)', () => {
    for (const a of SAMPLES) for (const b of SAMPLES) for (const e of EVENTS) expect(iceBreakersFrom(iceBreakerFacts(a, b, e))).toEqual(iceBreakers(a, b, e));
    // What is not shared, and the event's kind, change nothing.
    const a = profile({ interests: ['jazz', 'chess', 'knitting'], occupation: 'Nurse' });
    const b = profile({ interests: ['Chess', 'surfing'], occupation: 'Pilot' });
    const b2 = profile({ interests: ['rowing', 'chess'], occupation: ' pilot ', social_battery: 2 });
    const ev = { name: 'Quiet Coders Meetup', event_type: 'networking' };
    expect(iceBreakerFacts(a, b, ev)).toEqual({ ...iceBreakerFacts(a, b2, { ...ev, event_type: 'party' }), occupation: 'Pilot' });
    expect(iceBreakerFacts(a, b, ev)).toEqual({ shared: ['chess'], occupation: 'Pilot', sameOccupation: false, eventName: 'Quiet Coders Meetup' });
    expect(iceBreakerFacts(profile({ occupation: 'PILOT' }), b2, null)).toMatchObject({ occupation: 'pilot', sameOccupation: true, eventName: '' });
  });
});

describe('iceBreakers: content', () => {
  it('puts up to three shared interests first, one each', () => {
    const a = SAMPLES[1] as P;
    const b = SAMPLES[2] as P;
    const out = iceBreakers(a, b, { name: 'Quiet Coders Meetup', event_type: 'networking' });
    expect(out.map((x) => x.category)).toEqual(['shared_interest', 'shared_interest', 'shared_interest', 'occupation', 'event']);
    expect(out[0]?.suggestion_text).toContain('photography');
    expect(out[1]?.suggestion_text).toContain('hiking');
    expect(out[2]?.suggestion_text).toContain('jazz');
  });

  it('does not invent shared interests', () => {
    const out = iceBreakers(profile({ interests: ['chess'] }), profile({ interests: ['knitting'] }));
    expect(out.some((x) => x.category === 'shared_interest')).toBe(false);
    expect(out.some((x) => /chess|knitting/i.test(x.suggestion_text))).toBe(false);
  });

  it('varies the template with the interest text', () => {
    const interests = ['photography', 'hiking', 'jazz', 'chess', 'tea', 'pottery', 'climbing', 'anime', 'poetry'];
    const openings = new Set(
      interests.map((i) => {
        const t = iceBreakers(profile({ interests: [i] }), profile({ interests: [i] }))[0]?.suggestion_text ?? '';
        return t.replace(i, '#');
      }),
    );
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });

  it("asks about b's occupation, or notes a shared one", () => {
    const other = iceBreakers(profile({ occupation: 'Baker' }), profile({ occupation: 'designer' }));
    expect(other.find((x) => x.category === 'occupation')?.suggestion_text).toBe(
      "What's the most interesting part of working as a designer?",
    );
    const an = iceBreakers(profile(), profile({ occupation: 'engineer' }));
    expect(an.find((x) => x.category === 'occupation')?.suggestion_text).toContain('as an engineer');
    const ux = iceBreakers(profile(), profile({ occupation: 'UX researcher' }));
    expect(ux.find((x) => x.category === 'occupation')?.suggestion_text).toContain('as a UX researcher?');
    const capital = iceBreakers(profile(), profile({ occupation: 'Illustrator' }));
    expect(capital.find((x) => x.category === 'occupation')?.suggestion_text).toContain('as an illustrator?');
    const same = iceBreakers(profile({ occupation: 'Designer' }), profile({ occupation: 'designer' }));
    expect(same.find((x) => x.category === 'occupation')?.suggestion_text).toBe(
      'I work as a designer too — how did you get into it?',
    );
  });

  it('skips the occupation when b has none (or it is hidden)', () => {
    for (const occupation of [null, undefined, '', '   ']) {
      const out = iceBreakers(profile({ occupation: 'Designer' }), profile({ occupation }));
      expect(out.some((x) => x.category === 'occupation')).toBe(false);
      expect(out.some((x) => /designer/i.test(x.suggestion_text))).toBe(false);
    }
  });

  it('asks what brought them to the event', () => {
    const out = iceBreakers(profile(), profile(), { name: 'Board Game Night', event_type: 'party' });
    expect(out).toContainEqual({
      suggestion_text: 'What brought you to Board Game Night?',
      suggestion_code: 'iceBreaker.event',
      suggestion_params: { event: 'Board Game Night' },
      category: 'event',
    });
    expect(iceBreakers(profile(), profile(), null).some((x) => x.category === 'event')).toBe(false);
  });

  it('falls back to gentle general openers', () => {
    const out = iceBreakers(profile(), profile());
    expect(out).toHaveLength(3);
    expect(out.every((x) => x.category === 'general')).toBe(true);
  });

  it("never mentions b's name, preferences, traits or unshared interests", () => {
    const b = profile({
      name: 'Zelda Secretname',
      interests: ['hiking', 'falconry'],
      social_preferences: ['avoids crowds'],
      personality_traits: ['shy-ish'],
      occupation: 'Nurse',
    });
    const a = profile({ name: 'Ana', interests: ['hiking'] });
    const all = iceBreakers(a, b, { name: 'Expo', event_type: 'conference' }).map((x) => x.suggestion_text).join(' ');
    expect(all).not.toMatch(/Zelda|Secretname|falconry|avoids crowds|shy-ish/);
    expect(all).toMatch(/hiking/);
    expect(all).toMatch(/nurse/i);
  });
});

describe('stableHash', () => {
  it('is stable and spreads', () => {
    expect(stableHash('abc')).toBe(stableHash('abc'));
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).not.toBe(stableHash('b'));
  });
});
