/**
 * Strings only the admin panel and the admin routes use. They live apart from
 * messages.ts so the attendee bundle never carries them (a shared module is kept whole
 * in the entry chunk).
 */
import type { Said } from './said';

/** The fixed reasons of SPEC 6 (Unban, Warn) and of the unseen Delete. */
export const ADMIN_REASONS = {
  unban: 'Admin unban',
  warning: 'Admin warning',
  delete: 'Admin delete',
} as const;

/**
 * The fixed reasons in the audit log, said in the language shown: a fixed reason is sent
 * as SPEC 6 writes it, so its English names it (an admin's own reason stays as written).
 */
export const FIXED_REASON_WORDS: Record<string, Said> = {
  [ADMIN_REASONS.unban]: /*i18n*/ { id: 'admin.reason.unban', message: 'Admin unban' },
  [ADMIN_REASONS.warning]: /*i18n*/ { id: 'admin.reason.warning', message: 'Admin warning' },
  [ADMIN_REASONS.delete]: /*i18n*/ { id: 'admin.reason.delete', message: 'Admin delete' },
};

/** Admin form messages the SPEC leaves unwritten (SPEC 5 says only that the fields are required). */
export const ADMIN_FORM_MESSAGES = {
  loginFieldsRequired: /*i18n*/ { id: 'admin.form.loginFieldsRequired', message: 'Please enter your admin username and password' },
  currentPasswordRequired: /*i18n*/ { id: 'admin.form.currentPasswordRequired', message: 'Please enter your current password' },
} as const;

export { ADMIN_WARNING_TITLE } from './messages';

/** The 409 of a taken admin username, said beside the new name. */
export const ADMIN_USERNAME_TAKEN: Said = /*i18n*/ { id: 'admin.usernameTaken', message: 'That admin username is already taken' };
