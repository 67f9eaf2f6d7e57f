/** contract/rules.ts: the SPEC 5 rules both sides apply, each walked to its accept and refuse edges. */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD_MIN,
  ADMIN_USERNAME_MIN,
  BAN_DAYS_MAX,
  BAN_DAYS_MIN,
  DUPLICATE_EVENT_WINDOW_MS,
  USERNAME_MIN,
  USER_PASSWORD_MIN,
} from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { InstantSchema } from '../../contract/common';
import {
  banFormError,
  changePasswordError,
  canonicalTimeZone,
  isDuplicateEvent,
  localDay,
  isStrongAdminPassword,
  isValidAdminUsername,
  loginError,
  parseAge,
  readInstant,
  INSTANT_RULES,
  registrationError,
  splitList,
  type BanDraft,
} from '../../contract/rules';

const SHORTEST_PASSWORD = 'p'.repeat(USER_PASSWORD_MIN);
const SHORTEST_USERNAME = 'm'.repeat(USERNAME_MIN);

describe('registrationError', () => {
  const draft = (d: Partial<{ username: string; password: string; confirmPassword: string }> = {}) => ({
    username: SHORTEST_USERNAME,
    password: SHORTEST_PASSWORD,
    confirmPassword: SHORTEST_PASSWORD,
    ...d,
  });

  it('accepts the shortest username and password the SPEC allows', () => {
    expect(registrationError(draft())).toBeNull();
  });

  it('refuses a confirmation that differs, beside the confirmation, before anything else', () => {
    expect(registrationError(draft({ username: 'm', password: 'p', confirmPassword: 'q' }))).toEqual({
      field: 'confirmPassword',
      message: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('refuses a password one character short, beside the password', () => {
    const short = SHORTEST_PASSWORD.slice(1);
    expect(registrationError(draft({ password: short, confirmPassword: short }))).toEqual({
      field: 'password',
      message: MESSAGES.passwordTooShort,
    });
  });

  it('says the password before the username when both are short', () => {
    expect(registrationError(draft({ username: 'm', password: 'p', confirmPassword: 'p' }))?.field).toBe('password');
  });

  it('counts the username without the spaces around it', () => {
    expect(registrationError(draft({ username: `  ${SHORTEST_USERNAME.slice(1)}  ` }))).toEqual({
      field: 'username',
      message: MESSAGES.usernameTooShort,
    });
    expect(registrationError(draft({ username: `  ${SHORTEST_USERNAME}  ` }))).toBeNull();
  });
});

describe('loginError', () => {
  it('accepts a username or email with a password', () => {
    expect(loginError({ username_or_email: 'maya', password: 'secret' })).toBeNull();
  });

  it('puts the message beside the first field left empty', () => {
    expect(loginError({ username_or_email: '', password: '' })).toEqual({ field: 'username_or_email', message: MESSAGES.loginFieldsRequired });
    expect(loginError({ username_or_email: 'maya', password: '' })).toEqual({ field: 'password', message: MESSAGES.loginFieldsRequired });
  });

  it('takes a username of spaces as empty, but never trims a password', () => {
    expect(loginError({ username_or_email: '   ', password: 'secret' })?.field).toBe('username_or_email');
    expect(loginError({ username_or_email: 'maya', password: ' ' })).toBeNull();
  });
});

describe('changePasswordError', () => {
  it('accepts a new password of the shortest length, confirmed', () => {
    expect(changePasswordError({ newPassword: SHORTEST_PASSWORD, confirmPassword: SHORTEST_PASSWORD })).toBeNull();
  });

  it('refuses a confirmation that differs, before the length', () => {
    expect(changePasswordError({ newPassword: 'p', confirmPassword: 'q' })).toEqual({
      field: 'confirmPassword',
      message: MESSAGES.newPasswordsDoNotMatch,
    });
  });

  it('refuses a new password one character short', () => {
    const short = SHORTEST_PASSWORD.slice(1);
    expect(changePasswordError({ newPassword: short, confirmPassword: short })).toEqual({
      field: 'newPassword',
      message: MESSAGES.newPasswordTooShort,
    });
  });
});

describe('isStrongAdminPassword', () => {
  const strong = 'Quiet' + '1'.repeat(ADMIN_PASSWORD_MIN - 5);

  it(`accepts ${ADMIN_PASSWORD_MIN} characters with upper case, lower case and a digit`, () => {
    expect(strong).toHaveLength(ADMIN_PASSWORD_MIN);
    expect(isStrongAdminPassword(strong)).toBe(true);
  });

  it('refuses one character fewer', () => {
    expect(isStrongAdminPassword(strong.slice(0, -1))).toBe(false);
  });

  it('refuses a password without upper case, without lower case, or without a digit', () => {
    expect(isStrongAdminPassword(strong.toLowerCase())).toBe(false);
    expect(isStrongAdminPassword(strong.toUpperCase())).toBe(false);
    expect(isStrongAdminPassword('QuietRoom')).toBe(false);
  });
});

describe('isValidAdminUsername', () => {
  it(`accepts ${ADMIN_USERNAME_MIN} letters and digits`, () => {
    expect(isValidAdminUsername('a'.repeat(ADMIN_USERNAME_MIN - 1) + '1')).toBe(true);
    expect(isValidAdminUsername('Moderator2')).toBe(true);
  });

  it('refuses one character fewer', () => {
    expect(isValidAdminUsername('a'.repeat(ADMIN_USERNAME_MIN - 1))).toBe(false);
  });

  it('refuses spaces, punctuation and letters outside A–Z', () => {
    for (const name of ['mod one', 'mod_one', 'mod-one', 'Zoë', ' mod']) expect(isValidAdminUsername(name), name).toBe(false);
  });
});

describe('parseAge', () => {
  it('reads a whole number, with spaces around it', () => {
    expect(parseAge('34')).toBe(34);
    expect(parseAge(' 34 ')).toBe(34);
  });

  it('drops the fraction of a decimal, towards zero', () => {
    expect(parseAge('34.9')).toBe(34);
    expect(parseAge('-2.5')).toBe(-2);
  });

  it('gives null for an empty field, words, or no finite number', () => {
    for (const text of ['', '   ', 'thirty', '34 years', 'Infinity']) expect(parseAge(text), JSON.stringify(text)).toBeNull();
  });
});

describe('splitList', () => {
  it('splits on commas and trims each item', () => {
    expect(splitList('hiking,  board games , tea')).toEqual(['hiking', 'board games', 'tea']);
  });

  it('drops empty items, so a trailing comma or an empty field gives nothing extra', () => {
    expect(splitList('tea,, ,coffee,')).toEqual(['tea', 'coffee']);
    expect(splitList('')).toEqual([]);
    expect(splitList(' , ')).toEqual([]);
  });
});

describe('banFormError', () => {
  const DURATION = `Duration must be between ${BAN_DAYS_MIN} and ${BAN_DAYS_MAX} days`;
  const temporary = (duration_days: number | null, reason = 'Unkind messages'): BanDraft => ({ reason, ban_type: 'temporary', duration_days });

  it(`accepts a temporary ban of ${BAN_DAYS_MIN} to ${BAN_DAYS_MAX} days with a reason`, () => {
    expect(banFormError(temporary(BAN_DAYS_MIN))).toBeNull();
    expect(banFormError(temporary(BAN_DAYS_MAX))).toBeNull();
  });

  it('refuses a duration just outside the range, a fraction of a day, or none', () => {
    for (const days of [BAN_DAYS_MIN - 1, BAN_DAYS_MAX + 1, 1.5, null]) {
      expect(banFormError(temporary(days)), String(days)).toMatchObject({ field: 'duration_days', message: { message: DURATION } });
    }
  });

  it('needs no duration for a permanent ban', () => {
    expect(banFormError({ reason: 'Threats', ban_type: 'permanent', duration_days: null })).toBeNull();
  });

  it('refuses an empty reason (spaces count as empty), before the duration', () => {
    expect(banFormError(temporary(null, '   '))).toEqual({ field: 'reason', message: { id: 'admin.reasonRequired', message: 'A reason is required' } });
    expect(banFormError({ reason: '', ban_type: 'permanent', duration_days: null })?.field).toBe('reason');
  });
});

describe('isDuplicateEvent', () => {
  const at = (location: string, start_time: string) => ({ location, start_time });
  const start = '2030-05-01T18:00:00.000Z';
  const later = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

  it('takes the same place and day starting within the hour as a duplicate, either way round', () => {
    expect(isDuplicateEvent(at('Quiet Room', start), at('Quiet Room', start))).toBe(true);
    expect(isDuplicateEvent(at('Quiet Room', start), at('Quiet Room', later(DUPLICATE_EVENT_WINDOW_MS)))).toBe(true);
    expect(isDuplicateEvent(at('Quiet Room', later(DUPLICATE_EVENT_WINDOW_MS)), at('Quiet Room', start))).toBe(true);
  });

  it('does not once the starts are more than an hour apart', () => {
    expect(isDuplicateEvent(at('Quiet Room', start), at('Quiet Room', later(DUPLICATE_EVENT_WINDOW_MS + 1)))).toBe(false);
  });

  it('ignores case and spacing in the location, but not a different place', () => {
    expect(isDuplicateEvent(at('  Quiet   room ', start), at('quiet room', start))).toBe(true);
    expect(isDuplicateEvent(at('Quiet Room', start), at('Quiet Room 2', start))).toBe(false);
  });

  it('does not across midnight (UTC), even within the hour', () => {
    expect(isDuplicateEvent(at('Quiet Room', '2030-05-01T23:40:00.000Z'), at('Quiet Room', '2030-05-02T00:10:00.000Z'))).toBe(false);
  });

  it('does not when either start is not a date', () => {
    expect(isDuplicateEvent(at('Quiet Room', 'soon'), at('Quiet Room', start))).toBe(false);
    expect(isDuplicateEvent(at('Quiet Room', start), at('Quiet Room', ''))).toBe(false);
  });

  describe("in the event's time zone (issue 17)", () => {
    const berlin = (start_time: string) => ({ location: 'Quiet Room', start_time, time_zone: 'Europe/Berlin' });

    it('00:30 and 01:15 in Berlin (23:30 and 00:15 UTC in January) are the same day', () => {
      expect(isDuplicateEvent(berlin('2027-01-15T23:30:00.000Z'), berlin('2027-01-16T00:15:00.000Z'))).toBe(true);
      expect(isDuplicateEvent(at('Quiet Room', '2027-01-15T23:30:00.000Z'), at('Quiet Room', '2027-01-16T00:15:00.000Z'))).toBe(false);
    });

    it('23:30 and 00:15 in Berlin are two days, though one in UTC', () => {
      expect(isDuplicateEvent(berlin('2027-01-15T22:30:00.000Z'), berlin('2027-01-15T23:15:00.000Z'))).toBe(false);
    });

    it("counts either event's day when their zones differ, either way round", () => {
      const utc = { location: 'Quiet Room', start_time: '2027-01-16T00:15:00.000Z', time_zone: 'UTC' };
      expect(isDuplicateEvent(berlin('2027-01-15T23:30:00.000Z'), utc)).toBe(true);
      expect(isDuplicateEvent(utc, berlin('2027-01-15T23:30:00.000Z'))).toBe(true);
      expect(isDuplicateEvent(at('Quiet Room', '2027-01-16T00:15:00.000Z'), berlin('2027-01-15T23:30:00.000Z'))).toBe(true);
    });
  });
});

describe('canonicalTimeZone and localDay', () => {
  it('names IANA zones as Intl spells them, and refuses offsets and the unknown', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    // ICU may answer a link by its own canonical name (America/Buenos_Aires): a zone either way.
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['+01:00', 'UTC+1', 'Mars/Olympus_Mons', '', 'Europe/Berlin ', '../etc']) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("answers an instant's calendar day in a zone, UTC for one it does not know", () => {
    const t = new Date('2027-01-15T23:30:00.000Z');
    expect(localDay(t, 'Europe/Berlin')).toBe('2027-01-16');
    expect(localDay(t, 'America/New_York')).toBe('2027-01-15');
    expect(localDay(t)).toBe('2027-01-15');
    expect(localDay(t, 'Nowhere/Special')).toBe('2027-01-15');
  });
});

describe('readInstant (DESIGN 5: dates are real instants between 1970 and 9999)', () => {
  it('takes ISO dates with their zone at both edges of the range', () => {
    expect(readInstant('1970-01-01T00:00:00Z')).toEqual({ ms: 0 });
    expect(readInstant('9999-12-31T23:59:59.999Z')).toEqual({ ms: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });
    expect(readInstant('2026-12-01T10:00')).toEqual({ broken: INSTANT_RULES.notADate });
    expect(readInstant('2026-12-01T11:30:00.5+01:30')).toEqual({ ms: Date.UTC(2026, 11, 1, 10, 0, 0, 500) });
    expect(readInstant('1969-12-31T23:30:00-01:00')).toEqual({ ms: 30 * 60_000 });
    expect(readInstant('2028-02-29T00:00:00Z')).toEqual({ ms: Date.UTC(2028, 1, 29) });
  });

  it('refuses what lies outside the range, JavaScript\'s own limits included, as out of range', () => {
    for (const date of [
      '0000-01-01T00:00:00Z',
      '-004713-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '1969-12-31T23:59:59.999Z',
      '1970-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
    ])
      expect(readInstant(date), date).toEqual({ broken: INSTANT_RULES.outOfRange });
  });

  it('refuses days, hours and zones that do not exist, and anything that is not a date', () => {
    for (const date of ['2026-02-31T10:00:00Z', '2027-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:00+24:00', '2026-01-01', '1', 'soon', ''])
      expect(readInstant(date), date).toEqual({ broken: INSTANT_RULES.notADate });
  });

  it('InstantSchema passes a date on in UTC and words a refusal as the rule does', () => {
    expect(InstantSchema.parse('2026-12-01T11:00:00+01:00')).toBe('2026-12-01T10:00:00.000Z');
    expect(InstantSchema.safeParse('+010000-01-01T00:00:00Z').error?.issues[0]?.message).toBe(INSTANT_RULES.outOfRange);
    expect(InstantSchema.safeParse('2026-02-31T10:00:00Z').error?.issues[0]?.message).toBe(INSTANT_RULES.notADate);
  });
});
