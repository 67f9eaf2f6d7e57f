/**
 * Validation rules that both sides apply (SPEC 5). Each returns the first rule broken —
 * the field it is about and its SPEC 8 message, said beside that field — or null when
 * the input passes.
 */
import {
  ADMIN_PASSWORD_MIN,
  ADMIN_USERNAME_MIN,
  BAN_DAYS_MAX,
  BAN_DAYS_MIN,
  DUPLICATE_EVENT_WINDOW_MS,
  USERNAME_MIN,
  USER_PASSWORD_MIN,
} from './constants';
import { MESSAGES } from './messages';
import { sentence, type Said } from './said';

export interface RegistrationDraft {
  username: string;
  password: string;
  confirmPassword: string;
}

/** A rule broken: which field, and what to say beside it. */
export interface RuleBroken<F extends string> {
  field: F;
  message: Said;
}

const broken = <F extends string>(field: F, message: Said): RuleBroken<F> => ({ field, message });

export function registrationError(d: RegistrationDraft): RuleBroken<keyof RegistrationDraft> | null {
  if (d.password !== d.confirmPassword) return broken('confirmPassword', MESSAGES.passwordsDoNotMatch);
  if (d.password.length < USER_PASSWORD_MIN) return broken('password', MESSAGES.passwordTooShort);
  if (d.username.trim().length < USERNAME_MIN) return broken('username', MESSAGES.usernameTooShort);
  return null;
}

/** Both fields are needed; the message goes beside the first one left empty. */
export function loginError(d: { username_or_email: string; password: string }): RuleBroken<'username_or_email' | 'password'> | null {
  if (!d.username_or_email.trim()) return broken('username_or_email', MESSAGES.loginFieldsRequired);
  if (!d.password) return broken('password', MESSAGES.loginFieldsRequired);
  return null;
}

export function changePasswordError(d: {
  newPassword: string;
  confirmPassword: string;
}): RuleBroken<'newPassword' | 'confirmPassword'> | null {
  if (d.newPassword !== d.confirmPassword) return broken('confirmPassword', MESSAGES.newPasswordsDoNotMatch);
  if (d.newPassword.length < USER_PASSWORD_MIN) return broken('newPassword', MESSAGES.newPasswordTooShort);
  return null;
}

/** Admin passwords: 8+ characters with upper case, lower case and digits. */
export const isStrongAdminPassword = (p: string): boolean =>
  p.length >= ADMIN_PASSWORD_MIN && /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p);

/** Admin usernames: 3+ characters, letters and digits only. */
export const isValidAdminUsername = (u: string): boolean =>
  u.length >= ADMIN_USERNAME_MIN && /^[A-Za-z0-9]+$/.test(u);

/** Age field: a number, or null when empty (SPEC 5). */
export function parseAge(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

/** Comma separated list: split, trim, drop empty items. */
export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface BanDraft {
  reason: string;
  ban_type: 'temporary' | 'permanent';
  duration_days: number | null;
}

const REASON_REQUIRED: Said = /*i18n*/ { id: 'admin.reasonRequired', message: 'A reason is required' };
const banDaysBetween = sentence(
  /*i18n*/ { id: 'admin.banDaysBetween', message: 'Duration must be between {min} and {max} days' },
  ({ min, max }: { min: number; max: number }) => `Duration must be between ${min} and ${max} days`,
);

export function banFormError(d: BanDraft): RuleBroken<'reason' | 'duration_days'> | null {
  if (!d.reason.trim()) return broken('reason', REASON_REQUIRED);
  if (d.ban_type === 'temporary') {
    const n = d.duration_days;
    if (n === null || !Number.isInteger(n) || n < BAN_DAYS_MIN || n > BAN_DAYS_MAX)
      return broken('duration_days', banDaysBetween({ min: BAN_DAYS_MIN, max: BAN_DAYS_MAX }));
  }
  return null;
}

/**
 * The canonical name of an IANA time zone ('europe/berlin' is 'Europe/Berlin'), or null
 * for anything else: Intl decides what exists, and UTC offsets such as '+01:00', which
 * Intl also takes, are refused, since an event's zone must follow its daylight saving.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; UTC for a zone Intl does not know. */
export function localDay(at: Date, timeZone = 'UTC'): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    const zone = canonicalTimeZone(timeZone) ?? 'UTC';
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= 1_000) dayFormats.clear();
    dayFormats.set(timeZone, f);
  }
  const part = (type: string) => f.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Same location (case and spacing ignored), same calendar day, starts within 1 hour. The
 * day is the event's local day (issue 17), in its `time_zone`: two events at the same
 * place are the same day when they are in either one's zone (at one place the zones
 * agree; an event without one counts in UTC, as every event did before).
 */
export function isDuplicateEvent(
  a: { location: string; start_time: string; time_zone?: string },
  b: { location: string; start_time: string; time_zone?: string },
): boolean {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  if (norm(a.location) !== norm(b.location)) return false;
  const ta = new Date(a.start_time);
  const tb = new Date(b.start_time);
  if (Number.isNaN(ta.getTime()) || Number.isNaN(tb.getTime())) return false;
  if (Math.abs(ta.getTime() - tb.getTime()) > DUPLICATE_EVENT_WINDOW_MS) return false;
  return [...new Set([a.time_zone ?? 'UTC', b.time_zone ?? 'UTC'])].some((zone) => localDay(ta, zone) === localDay(tb, zone));
}

/** The first and the last instant a date may name (DESIGN 5: "between 1970 and 9999"). */
export const INSTANT_MIN = '1970-01-01T00:00:00.000Z';
export const INSTANT_MAX = '9999-12-31T23:59:59.999Z';
const INSTANT_MIN_MS = Date.parse(INSTANT_MIN);
const INSTANT_MAX_MS = Date.parse(INSTANT_MAX);

/** How a date the API takes can be wrong, as the contract words it beside the field. */
export const INSTANT_RULES = {
  notADate: 'must be a date and time',
  outOfRange: 'must be a date between 1970 and 9999',
} as const;

// ISO 8601 with its zone (Z or ±hh:mm); the year may be written expanded (±YYYYYY) or too
// long, so that such a date is refused for its range, which is what is wrong with it.
const ISO_INSTANT = /^([+-]\d{6}|\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * A date the API takes (DESIGN 5): a real instant, written as ISO 8601 with its zone,
 * between 1970 and the end of 9999. Its milliseconds, or what is wrong with it. `Date.parse`
 * alone is not the rule: it takes 31 February, local times and years JavaScript can hold
 * but PostgreSQL cannot (year 0, -4713, +275760), which ended in a 500.
 */
export function readInstant(text: string): { ms: number } | { broken: (typeof INSTANT_RULES)[keyof typeof INSTANT_RULES] } {
  const m = ISO_INSTANT.exec(text);
  if (!m) return { broken: INSTANT_RULES.notADate };
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const days = month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1];
  const zone = m[8]!;
  const [oh, om] = zone === 'Z' ? [0, 0] : [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
  if (!days || day < 1 || day > days || hour > 23 || minute > 59 || second > 59 || oh > 23 || om > 59)
    return { broken: INSTANT_RULES.notADate };
  // A year a day away from the range could still land inside it with its offset; any other is out.
  if (year < 1969 || year > 10_000) return { broken: INSTANT_RULES.outOfRange };
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, Number((m[7] ?? '').padEnd(3, '0').slice(0, 3)));
  const ms = at.getTime() - (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om) * 60_000;
  return ms < INSTANT_MIN_MS || ms > INSTANT_MAX_MS ? { broken: INSTANT_RULES.outOfRange } : { ms };
}
