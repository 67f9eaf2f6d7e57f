/**
 * Presence (issue 39 item 1) as a table: settings → what the person is told. It is made
 * from visibility.ts and status.ts, so these rows also check it says what those decide
 * (tests/server/routes/presence.test.ts checks it against what the lists return).
 */
import { describe, expect, it } from 'vitest';
import { VISIBILITY_MODES } from '../../../contract/constants';
import { PRIVACY_DEFAULTS, type PrivacySettings } from '../../../contract/discovery';
import { PRESENCE_REASONS, presenceSummary } from '../../../contract/presence-words';
import { presenceOf, type PresenceFacts } from '../../../server/domain/presence';
import { quietsNow } from '../../../server/domain/nearby';
import { holdsRequests } from '../../../server/domain/status';
import { isVisibleTo, type VisibleCandidate } from '../../../server/domain/visibility';

const NOW = new Date('2026-12-06T12:00:00Z');
const LATER = new Date('2026-12-06T13:00:00Z');

interface Row {
  available?: boolean;
  away?: boolean;
  battery?: number;
  privacy?: Partial<PrivacySettings>;
  quietZone?: boolean;
  /** Others are told of the quiet zone (default: yes). */
  quietTold?: boolean;
  restricted?: boolean;
  /** In a restricted room too small to hide them in. */
  smallRestricted?: boolean;
  hello?: boolean;
}

function facts(r: Row): PresenceFacts {
  const privacy = { ...PRIVACY_DEFAULTS, ...r.privacy };
  const battery = r.battery ?? 7;
  const person: VisibleCandidate = {
    id: 'me', username: 'sam', name: 'Sam', age: null, occupation: null, interests: [], social_preferences: [], personality_traits: [],
    communication_style: 'balanced', photo_data: null, is_active: true, is_banned: false,
    is_available: r.available ?? true, is_away: r.away ?? false, under_review: false, social_battery: battery, privacy,
  };
  const requests = {
    status: r.away ? 'away' : 'available', statusUntil: r.away ? LATER : null,
    safeSpaceMode: privacy.safe_space_mode, socialBattery: battery, quietWhenLowBattery: privacy.quiet_when_low_battery,
  };
  return { person, requests, inQuietZone: r.quietZone ?? false, quietZoneTold: r.quietTold ?? true, inRestrictedZone: r.restricted ?? false, inSmallRestrictedZone: r.smallRestricted ?? false, openToHello: r.hello ?? false };
}

const codes = (r: Row) => presenceOf(facts(r), NOW).reasons.map((x) => x.code);

describe('presence, setting by setting', () => {
  it.each([
    ['default settings', {}, [true, true, false], []],
    ['Unavailable', { available: false }, [false, false, false], ['unavailable']],
    ['on a break', { away: true }, [false, false, true], ['on_break']],
    ['energy 3, quiet when low', { battery: 3 }, [false, true, true], ['battery_low']],
    ['energy 3, quiet off', { battery: 3, privacy: { quiet_when_low_battery: false } }, [true, true, false], []],
    ['Private', { privacy: { visibility_mode: 'private' } }, [false, false, false], ['privacy_private']],
    ['Friends Only', { privacy: { visibility_mode: 'friends' } }, [false, true, false], ['privacy_friends']],
    ['Anonymous', { privacy: { visibility_mode: 'anonymous' } }, [true, true, false], ['anonymous']],
    ['safe space', { privacy: { safe_space_mode: true } }, [true, true, true], ['safe_space']],
    ['in a quiet zone', { quietZone: true }, [true, true, false], ['quiet_zone']],
    ['in a quiet zone too small to tell of', { quietZone: true, quietTold: false }, [true, true, false], ['quiet_zone_untold']],
    ['in a restricted zone, auto-hide on', { restricted: true }, [false, false, false], ['restricted_zone']],
    ['in a restricted zone, auto-hide off', { restricted: true, privacy: { auto_hide_in_restricted_zones: false } }, [true, true, false], []],
    ['in a restricted room too small to hide in, auto-hide on', { smallRestricted: true }, [true, true, false], ['restricted_zone_shown']],
    ['in a restricted room too small to hide in, auto-hide off', { smallRestricted: true, privacy: { auto_hide_in_restricted_zones: false } }, [true, true, false], []],
    ['Unavailable and Friends Only', { available: false, privacy: { visibility_mode: 'friends' } }, [false, false, false], ['unavailable', 'privacy_friends']],
  ] as const)('%s', (_, row, [strangers, connections, held], reasons) => {
    const p = presenceOf(facts(row as Row), NOW);
    expect([p.visible_to_strangers, p.visible_to_connections, p.requests_held]).toEqual([strangers, connections, held]);
    expect(p.reasons.map((r) => r.code)).toEqual(reasons);
    for (const r of p.reasons) expect(r.text).toBe(PRESENCE_REASONS[r.code].message);
  });
});

describe('presence agrees with the rules, in every combination', () => {
  const rows: Row[] = [];
  for (const available of [true, false])
    for (const away of [false, true])
      for (const battery of [2, 8])
        for (const visibility_mode of VISIBILITY_MODES)
          for (const safe_space_mode of [false, true])
            for (const quiet_when_low_battery of [true, false])
              for (const restricted of [false, true])
                rows.push({ available, away, battery, restricted, privacy: { visibility_mode, safe_space_mode, quiet_when_low_battery } });

  it('says what isVisibleTo and holdsRequests decide, and has a reason whenever something is hidden or held', () => {
    for (const row of rows) {
      const f = facts(row);
      const p = presenceOf(f, NOW);
      const rel = (connected: boolean) => ({ connected, blockedEitherWay: false, inRestrictedZone: f.inRestrictedZone });
      for (const purpose of ['nearby', 'recommendations'] as const) {
        expect(p.visible_to_strangers, JSON.stringify(row)).toBe(isVisibleTo('stranger', f.person, rel(false), purpose));
        expect(p.visible_to_connections, JSON.stringify(row)).toBe(isVisibleTo('friend', f.person, rel(true), purpose));
      }
      expect(p.requests_held).toBe(holdsRequests(f.requests, NOW));
      if (!p.visible_to_strangers || !p.visible_to_connections || p.requests_held) expect(p.reasons.length, JSON.stringify(row)).toBeGreaterThan(0);
      if (row.privacy?.visibility_mode === 'anonymous') expect(codes(row)).toContain('anonymous');
    }
  });

  it('is not told of a review hold (issue 16: nobody learns they were reported)', () => {
    const f = facts({});
    expect(presenceOf({ ...f, person: { ...f.person, under_review: true } }, NOW)).toEqual(presenceOf(f, NOW));
  });
});

describe('the one-line summary', () => {
  const line = (row: Row) => presenceSummary(presenceOf(facts(row), NOW)).map((s) => s.message).join(' ');
  it('says one thing, from the flags', () => {
    expect(line({})).toBe('People nearby can see you.');
    expect(line({ available: false })).toBe('Nobody can see you nearby right now.');
    expect(line({ privacy: { visibility_mode: 'friends' } })).toBe('Only your connections can see you nearby.');
    expect(line({ privacy: { visibility_mode: 'anonymous' } })).toBe('People nearby can see you, but not your name.');
    expect(line({ battery: 2 })).toBe('Only your connections can see you nearby. New requests wait quietly.');
  });
});

describe('"Happy to be approached" (issue 43)', () => {
  const hello = (row: Row) => {
    const p = presenceOf(facts({ hello: true, ...row }), NOW);
    return [p.open_to_hello, p.open_to_hello_shown];
  };
  it('shows unless a break, a battery of 3 or lower or a quiet zone holds it, and says so in the summary', () => {
    expect(hello({})).toEqual([true, true]);
    expect(hello({ away: true })).toEqual([true, false]);
    expect(hello({ battery: 3 })).toEqual([true, false]);
    expect(hello({ battery: 4 })).toEqual([true, true]);
    // Held at a low battery even when the person lets strangers see them then.
    expect(hello({ battery: 2, privacy: { quiet_when_low_battery: false } })).toEqual([true, false]);
    expect(hello({ quietZone: true })).toEqual([true, false]);
    // A quiet room too small to tell of holds nothing others see (issue 40), and says so.
    expect(hello({ quietZone: true, quietTold: false })).toEqual([true, true]);
    expect(presenceSummary(presenceOf(facts({ hello: true, quietZone: true, quietTold: false }), NOW)).map((s) => s.id)).not.toContain('presence.summary.helloHeld');
    expect(presenceOf(facts({ quietZone: true }), NOW).open_to_hello_shown).toBe(false);
    const said = presenceSummary(presenceOf(facts({ hello: true, quietZone: true }), NOW)).map((s) => s.id);
    expect(said).toContain('presence.summary.helloHeld');
    expect(presenceSummary(presenceOf(facts({ hello: true }), NOW)).map((s) => s.id)).not.toContain('presence.summary.helloHeld');
  });
});

describe('a quiet zone quiets only while its event is on (issue 39)', () => {
  const event = { startTime: new Date('2026-12-07T09:00:00Z'), endTime: new Date('2026-12-07T17:00:00Z') };
  const quiet = { zone_type: 'safe_space' as const };
  it('not the day before, nor after, nor in another kind of zone', () => {
    expect(quietsNow(quiet, event, new Date('2026-12-06T12:00:00Z'))).toBe(false);
    expect(quietsNow(quiet, event, new Date('2026-12-07T09:00:00Z'))).toBe(true);
    expect(quietsNow(quiet, event, new Date('2026-12-07T17:00:00Z'))).toBe(false);
    expect(quietsNow({ zone_type: 'restricted' }, event, new Date('2026-12-07T10:00:00Z'))).toBe(false);
    expect(quietsNow(null, event, new Date('2026-12-07T10:00:00Z'))).toBe(false);
  });
});
