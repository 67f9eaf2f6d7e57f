import { describe, it, expect } from 'vitest';
import { PublicUserSchema } from '../../../contract/common';
import { VISIBILITY_MODES, type VisibilityMode } from '../../../contract/constants';
import { PRIVACY_DEFAULTS, type PrivacySettings } from '../../../contract/discovery';
import {
  chatPartnerAs as chatPartnerAsWith,
  isHeldFromList,
  projectFor as projectForWith,
  sharedAudience,
  sharedAuthor,
  canMessage,
  ANONYMOUS_AUTHOR,
  ANONYMOUS_NAME,
  type Purpose,
  type ViewerRelation,
  type VisibleCandidate,
} from '../../../server/domain/visibility';

const VIEWER = '00000000-0000-4000-8000-000000000001';
const TARGET = '00000000-0000-4000-8000-000000000002';
/** The target's pseudonym at the event the viewer meets them at (issue 40). */
const PSEUDONYM = '00000000-0000-4000-8000-0000000000aa';
const projectFor = (viewerId: string, target: VisibleCandidate, r: ViewerRelation, purpose: Purpose) => projectForWith(viewerId, target, r, purpose, PSEUDONYM);
const chatPartnerAs = (viewerId: string, target: VisibleCandidate, r: ViewerRelation) => chatPartnerAsWith(viewerId, target, r, PSEUDONYM);
const PURPOSES: Purpose[] = ['nearby', 'recommendations', 'attendees', 'search'];

const candidate = (over: Partial<VisibleCandidate> = {}, privacy: Partial<PrivacySettings> = {}): VisibleCandidate => ({
  id: TARGET,
  username: 'quiet_sam',
  name: 'Sam Rivera',
  age: 29,
  occupation: 'Librarian',
  interests: ['reading', 'tea', 'birdwatching'],
  social_preferences: ['small groups'],
  personality_traits: ['calm'],
  communication_style: 'introverted',
  photo_data: 'BASE64JPEG',
  is_active: true,
  is_banned: false,
  is_available: true,
  is_away: false,
  under_review: false,
  social_battery: 4,
  privacy: { ...PRIVACY_DEFAULTS, ...privacy },
  ...over,
});
const rel = (over: Partial<ViewerRelation> = {}): ViewerRelation => ({
  connected: false,
  blockedEitherWay: false,
  inRestrictedZone: false,
  ...over,
});

const FULL = {
  id: TARGET,
  username: 'quiet_sam',
  name: 'Sam Rivera',
  age: 29,
  occupation: 'Librarian',
  interests: ['reading', 'tea', 'birdwatching'],
  social_preferences: ['small groups'],
  personality_traits: ['calm'],
  communication_style: 'introverted',
  photo_data: 'BASE64JPEG',
  is_anonymous: false,
};
const ANON = { ...FULL, id: PSEUDONYM, username: null, name: ANONYMOUS_NAME, age: null, occupation: null, photo_data: null, is_anonymous: true };

describe("PRIVACY_DEFAULTS (the contract's, which the server judges by)", () => {
  it("has the SPEC 3 defaults, and issue 18's quiet_when_low_battery on", () => {
    expect(PRIVACY_DEFAULTS).toEqual({
      quiet_when_low_battery: true,
      visibility_mode: 'public',
      show_location: true,
      show_interests: true,
      show_profile_picture: true,
      auto_hide_in_restricted_zones: true,
      anonymous_browsing: false,
      safe_space_mode: false,
    });
  });
});

describe('projectFor: visibility mode × relation × purpose', () => {
  const expected: Record<VisibilityMode, { stranger: unknown; connection: unknown }> = {
    public: { stranger: FULL, connection: FULL },
    friends: { stranger: null, connection: FULL },
    private: { stranger: null, connection: null },
    anonymous: { stranger: ANON, connection: FULL },
  };
  for (const mode of VISIBILITY_MODES) {
    for (const who of ['stranger', 'connection'] as const) {
      for (const purpose of PURPOSES) {
        it(`${mode} / ${who} / ${purpose}`, () => {
          const out = projectFor(VIEWER, candidate({}, { visibility_mode: mode }), rel({ connected: who === 'connection' }), purpose);
          expect(out).toEqual(expected[mode][who]);
          if (out) expect(PublicUserSchema.safeParse(out).success).toBe(true);
        });
      }
    }
  }
});

describe('projectFor: hard exclusions', () => {
  it('never lists the viewer themself', () => {
    for (const purpose of PURPOSES) {
      expect(projectFor(TARGET, candidate(), rel(), purpose)).toBeNull();
      expect(projectFor(TARGET, candidate(), rel({ connected: true }), purpose)).toBeNull();
    }
  });
  it('hides blocked users both ways, even connections', () => {
    for (const mode of VISIBILITY_MODES) {
      for (const purpose of PURPOSES) {
        for (const connected of [false, true]) {
          expect(projectFor(VIEWER, candidate({}, { visibility_mode: mode }), rel({ blockedEitherWay: true, connected }), purpose)).toBeNull();
        }
      }
    }
  });
  it('hides inactive and banned users for every purpose', () => {
    for (const purpose of PURPOSES) {
      for (const connected of [false, true]) {
        expect(projectFor(VIEWER, candidate({ is_active: false }), rel({ connected }), purpose)).toBeNull();
        expect(projectFor(VIEWER, candidate({ is_banned: true }), rel({ connected }), purpose)).toBeNull();
      }
    }
  });
  it('fails closed on an unknown visibility mode', () => {
    const odd = candidate({}, { visibility_mode: 'everyone' as unknown as VisibilityMode });
    expect(projectFor(VIEWER, odd, rel({ connected: true }), 'search')).toBeNull();
  });
});

describe('projectFor: presence (availability and restricted zones)', () => {
  it('hides unavailable users from nearby and recommendations only', () => {
    const u = candidate({ is_available: false });
    expect(projectFor(VIEWER, u, rel(), 'nearby')).toBeNull();
    expect(projectFor(VIEWER, u, rel(), 'recommendations')).toBeNull();
    expect(projectFor(VIEWER, u, rel({ connected: true }), 'nearby')).toBeNull();
    expect(projectFor(VIEWER, u, rel(), 'attendees')).toEqual(FULL);
    expect(projectFor(VIEWER, u, rel(), 'search')).toEqual(FULL);
  });
  it('auto-hides in a restricted zone when the setting is on', () => {
    const on = candidate({}, { auto_hide_in_restricted_zones: true });
    const r = rel({ inRestrictedZone: true });
    expect(projectFor(VIEWER, on, r, 'nearby')).toBeNull();
    expect(projectFor(VIEWER, on, r, 'recommendations')).toBeNull();
    expect(projectFor(VIEWER, on, r, 'attendees')).toEqual(FULL);
    expect(projectFor(VIEWER, on, r, 'search')).toEqual(FULL);
    expect(projectFor(VIEWER, on, rel({ inRestrictedZone: false }), 'nearby')).toEqual(FULL);
  });
  it('stays visible in a restricted zone when the setting is off', () => {
    const off = candidate({}, { auto_hide_in_restricted_zones: false });
    for (const purpose of PURPOSES) {
      expect(projectFor(VIEWER, off, rel({ inRestrictedZone: true }), purpose)).toEqual(FULL);
    }
  });
});

describe('projectFor: a break and a review hold (issue 16)', () => {
  it('a break keeps the person out of every list, connections’ too', () => {
    const away = candidate({ is_away: true });
    for (const purpose of PURPOSES) {
      expect(projectFor(VIEWER, away, rel(), purpose), purpose).toBeNull();
      expect(projectFor(VIEWER, away, rel({ connected: true }), purpose), purpose).toBeNull();
    }
  });
  it('a review hold keeps them out of the lists where strangers find people, not the attendee list', () => {
    const held = candidate({ under_review: true });
    for (const purpose of ['nearby', 'recommendations', 'search'] as const) expect(projectFor(VIEWER, held, rel(), purpose), purpose).toBeNull();
    expect(projectFor(VIEWER, held, rel(), 'attendees')).toEqual(FULL);
  });
  it('neither changes how someone the viewer already deals with is shown (purpose person, chats, shared spaces)', () => {
    for (const over of [{ is_away: true }, { under_review: true }]) {
      expect(projectFor(VIEWER, candidate(over), rel(), 'person')).toEqual(FULL);
      expect(chatPartnerAs(VIEWER, candidate(over), rel())).toEqual(FULL);
      expect(sharedAuthor(VIEWER, candidate(over), rel())).toEqual({ id: TARGET, name: 'Sam Rivera' });
    }
  });
  it('isHeldFromList says the same for each purpose', () => {
    expect(isHeldFromList({ is_away: true, under_review: false }, 'attendees')).toBe(true);
    expect(isHeldFromList({ is_away: false, under_review: true }, 'attendees')).toBe(false);
    expect(isHeldFromList({ is_away: true, under_review: true }, 'person')).toBe(false);
    expect(isHeldFromList({ is_away: false, under_review: false }, 'nearby')).toBe(false);
  });
});

describe('projectFor: field-level settings', () => {
  it('leaves out interests when show_interests is off', () => {
    const out = projectFor(VIEWER, candidate({}, { show_interests: false }), rel(), 'nearby');
    expect(out).toEqual({ ...FULL, interests: [] });
  });
  it('leaves out the photo when show_profile_picture is off, even for connections', () => {
    for (const connected of [false, true]) {
      const out = projectFor(VIEWER, candidate({}, { show_profile_picture: false }), rel({ connected }), 'attendees');
      expect(out).toEqual({ ...FULL, photo_data: null });
    }
  });
  it('combines anonymity with hidden interests', () => {
    const out = projectFor(VIEWER, candidate({}, { visibility_mode: 'anonymous', show_interests: false }), rel(), 'search');
    expect(out).toEqual({ ...ANON, interests: [] });
  });
  it('does not leak the name, username, occupation, photo or id of anonymous users', () => {
    const out = projectFor(VIEWER, candidate({}, { visibility_mode: 'anonymous' }), rel(), 'nearby');
    expect(JSON.stringify(out)).not.toMatch(/quiet_sam|Sam Rivera|Librarian|BASE64JPEG/);
    expect(JSON.stringify(out)).not.toContain(TARGET);
    expect(out?.id).toBe(PSEUDONYM);
  });
  it('leaves out an anonymous user it has no pseudonym for, and names a connection by their own id (issue 40)', () => {
    const anonymous = candidate({}, { visibility_mode: 'anonymous' });
    expect(projectForWith(VIEWER, anonymous, rel(), 'search', null)).toBeNull();
    expect(projectForWith(VIEWER, anonymous, rel({ connected: true }), 'search', null)?.id).toBe(TARGET);
    expect(projectForWith(VIEWER, anonymous, rel({ connected: true }), 'search', PSEUDONYM)?.id).toBe(TARGET);
  });
  it('copies lists rather than sharing them with the input', () => {
    const c = candidate();
    const out = projectFor(VIEWER, c, rel(), 'search');
    out?.interests.push('x');
    expect(c.interests).toEqual(['reading', 'tea', 'birdwatching']);
  });
  it('ignores show_location (no position is ever in the projection)', () => {
    expect(projectFor(VIEWER, candidate({}, { show_location: false }), rel(), 'nearby')).toEqual(FULL);
  });
});

describe('sharedAuthor', () => {
  const named = { id: TARGET, name: 'Sam Rivera' };
  const table: Array<[VisibilityMode, Partial<PrivacySettings>, 'stranger' | 'connection', typeof named | typeof ANONYMOUS_AUTHOR]> = [
    ['public', {}, 'stranger', named],
    ['public', {}, 'connection', named],
    ['friends', {}, 'stranger', ANONYMOUS_AUTHOR],
    ['friends', {}, 'connection', named],
    ['private', {}, 'stranger', ANONYMOUS_AUTHOR],
    ['private', {}, 'connection', ANONYMOUS_AUTHOR],
    ['anonymous', {}, 'stranger', ANONYMOUS_AUTHOR],
    ['anonymous', {}, 'connection', named],
    ['public', { anonymous_browsing: true }, 'stranger', ANONYMOUS_AUTHOR],
    ['public', { anonymous_browsing: true }, 'connection', ANONYMOUS_AUTHOR],
  ];
  it.each(table)('%s %j to a %s', (mode, privacy, relation, expected) => {
    const target = candidate({}, { visibility_mode: mode, ...privacy });
    expect(sharedAuthor(VIEWER, target, rel({ connected: relation === 'connection' }))).toEqual(expected);
  });

  it('always shows people themselves by name, whatever their settings', () => {
    for (const mode of VISIBILITY_MODES) {
      const target = candidate({ id: VIEWER }, { visibility_mode: mode, anonymous_browsing: true });
      expect(sharedAuthor(VIEWER, target, rel())).toEqual({ id: VIEWER, name: 'Sam Rivera' });
    }
  });

  it('never names someone blocked either way, banned or gone, and never gives an id without the name', () => {
    expect(sharedAuthor(VIEWER, candidate(), rel({ blockedEitherWay: true }))).toEqual(ANONYMOUS_AUTHOR);
    expect(sharedAuthor(VIEWER, candidate({ is_banned: true }), rel({ connected: true }))).toEqual(ANONYMOUS_AUTHOR);
    expect(sharedAuthor(VIEWER, candidate({ is_active: false }), rel())).toEqual(ANONYMOUS_AUTHOR);
    expect(ANONYMOUS_AUTHOR).toEqual({ id: null, name: ANONYMOUS_NAME });
  });

  it('ignores availability and restricted zones: they hide people from nearby lists, not their words', () => {
    const target = candidate({ is_available: false });
    expect(sharedAuthor(VIEWER, target, rel({ inRestrictedZone: true }))).toEqual(named);
  });
});

describe('sharedAudience', () => {
  it('says who besides the person sees them named, as sharedAuthor does', () => {
    expect(sharedAudience(candidate())).toBe('everyone');
    expect(sharedAudience(candidate({}, { visibility_mode: 'friends' }))).toBe('connections');
    expect(sharedAudience(candidate({}, { visibility_mode: 'anonymous' }))).toBe('connections');
    expect(sharedAudience(candidate({}, { visibility_mode: 'private' }))).toBe('no one');
    expect(sharedAudience(candidate({}, { anonymous_browsing: true }))).toBe('no one');
  });
});

describe('canMessage', () => {
  it('lets only connections message someone in safe-space mode', () => {
    expect(canMessage(false, false)).toBe(true);
    expect(canMessage(true, false)).toBe(true);
    expect(canMessage(true, true)).toBe(true);
    expect(canMessage(false, true)).toBe(false);
  });
});
