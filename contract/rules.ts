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

export interface RegistrationDraft {
  username: string;
  password: string;
  confirmPassword: string;
}

/** A rule broken: which field, and what to say beside it. */
export interface RuleBroken<F extends string> {
  field: F;
  message: string;
}

const broken = <F extends string>(field: F, message: string): RuleBroken<F> => ({ field, message });

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

export function banFormError(d: BanDraft): RuleBroken<'reason' | 'duration_days'> | null {
  if (!d.reason.trim()) return broken('reason', 'A reason is required');
  if (d.ban_type === 'temporary') {
    const n = d.duration_days;
    if (n === null || !Number.isInteger(n) || n < BAN_DAYS_MIN || n > BAN_DAYS_MAX)
      return broken('duration_days', `Duration must be between ${BAN_DAYS_MIN} and ${BAN_DAYS_MAX} days`);
  }
  return null;
}

/** Same location (case and spacing ignored), same calendar day, starts within 1 hour. */
export function isDuplicateEvent(
  a: { location: string; start_time: string },
  b: { location: string; start_time: string },
): boolean {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  if (norm(a.location) !== norm(b.location)) return false;
  const ta = new Date(a.start_time);
  const tb = new Date(b.start_time);
  if (Number.isNaN(ta.getTime()) || Number.isNaN(tb.getTime())) return false;
  const sameDay = ta.toISOString().slice(0, 10) === tb.toISOString().slice(0, 10);
  return sameDay && Math.abs(ta.getTime() - tb.getTime()) <= DUPLICATE_EVENT_WINDOW_MS;
}
