/**
 * What went wrong with a form, kept by the form's chart: a sentence beside each field
 * that is wrong, and one for the form itself when the problem belongs to no field. Every
 * form turns a refused call into these the same way (contract/field-errors.ts words
 * them), and after a failed submit its chart moves focus to the first one, so a message
 * below the fold is never missed.
 */
import { plainFieldMessage, splitFieldDetail, type FieldWords } from '../contract/field-errors';
import { MESSAGES } from '../contract/messages';
import type { Said } from '../contract/said';
import { saidBy } from './api/client';
import { fieldDomId, formErrorDomId } from './form-ids';

export interface FormErrors<K extends string = string> {
  fields: Partial<Record<K, Said>>;
  /** A problem of the whole form (wrong sign-in, a refusal naming no field of the form). */
  form: Said | null;
}

export const NO_ERRORS: FormErrors<never> = { fields: {}, form: null };

export const hasErrors = (e: FormErrors<string>): boolean => e.form !== null || Object.keys(e.fields).length > 0;

/** One field's message (a SPEC 5 rule broken before any call). */
export const fieldError = <K extends string>(field: K, message: Said): FormErrors<K> =>
  ({ fields: { [field]: message } as Partial<Record<K, Said>>, form: null });

/** The errors once a field has been edited: what was said about it is settled. */
export function withoutFieldError<K extends string>(errors: FormErrors<K>, field: K): FormErrors<K> {
  if (!(field in errors.fields)) return errors;
  const fields = { ...errors.fields };
  delete fields[field];
  return { ...errors, fields };
}

/** A message for the whole form. */
export const formError = (message: Said): FormErrors<never> => ({ fields: {}, form: message });

export interface FailureWords<K extends string> {
  /** The request's field names (the server's paths, or their last part) → the form's fields. */
  fields: Partial<Record<string, K>>;
  /** Said for the form when the server gave no detail (SPEC 8's fallbacks); none for a form that shows only its fields' errors. */
  fallback: Said | null;
  /**
   * SPEC 8 fixes this form's failure text: it is said for the form whatever the server
   * said, and the server's field detail, if any, goes beside its field as well.
   */
  fixed?: Said;
  /** Sentences the server says about one field (a taken username), each with that field. */
  conflicts?: ReadonlyArray<readonly [Said, K]>;
  /** How the form's sentences name a field, where the usual words would mislead (see plainFieldMessage). */
  words?: Partial<Record<K, FieldWords>>;
}

/** A refused call as the form's errors: a field detail beside its field, anything else for the form. */
export function errorsFromFailure<K extends string>(error: unknown, words: FailureWords<K>): FormErrors<K> {
  const said = saidBy(error);
  const form = words.fixed ?? null;
  if (!said) return { fields: {}, form: form ?? words.fallback };
  const parts = splitFieldDetail(said.message);
  if (parts) {
    const key = words.fields[parts.field] ?? words.fields[parts.field.split('.').pop()!];
    // The rule worded as a sentence, with its message id (contract/field-errors.ts).
    const plain = plainFieldMessage(parts.field, parts.message, key ? words.words?.[key] : undefined);
    if (key) return { fields: { [key]: plain } as Partial<Record<K, Said>>, form };
    return { fields: {}, form: form ?? plain };
  }
  const conflict = words.conflicts?.find(([taken]) => taken.id === said.id || taken.message === said.message)?.[1];
  if (conflict) return { fields: { [conflict]: said } as Partial<Record<K, Said>>, form };
  return { fields: {}, form: form ?? said };
}

export { fieldDomId, formErrorDomId } from './form-ids';

/** The change-password form, the profile's and the admin panel's alike. */
export interface PasswordDraft {
  current: string;
  next: string;
  confirm: string;
}

/** What a chart with that form holds of it. */
export interface PasswordForm {
  password: PasswordDraft;
  passwordErrors: FormErrors<keyof PasswordDraft>;
}

/** The form with one field typed: the draft takes it, and what was said of that field is settled. */
export const passwordTyped = (form: PasswordForm, field: keyof PasswordDraft, value: string): PasswordForm => ({
  password: { ...form.password, [field]: value },
  passwordErrors: withoutFieldError(form.passwordErrors, field),
});

/** A refused change: SPEC 8's 'Failed to change password' unless the server said more, beside the field it names. */
export const passwordFailure = (error: unknown): FormErrors<keyof PasswordDraft> =>
  errorsFromFailure(error, { fields: { current_password: 'current', new_password: 'next' }, fallback: MESSAGES.failedChangePassword });

/** The first field of `order` with a message, else the form's own message; null when all is well. */
export function firstErrorDomId(form: string, order: readonly string[], errors: FormErrors<string>): string | null {
  const field = order.find((f) => (errors.fields as Record<string, Said | undefined>)[f]);
  if (field) return fieldDomId(form, field);
  return errors.form ? formErrorDomId(form) : null;
}

/**
 * Moves focus to the first error of a form, once the page has drawn it, and brings it to
 * the middle of the screen (instantly: a jump is calmer than a long glide). The charts
 * call it through a named action, so tests provide a fake.
 */
export function focusFirstError(form: string, order: readonly string[], errors: FormErrors<string>): void {
  const id = firstErrorDomId(form, order, errors);
  if (id) focusElement(id);
}

/** Moves focus to the element of `id` once the page has drawn it, brought to the middle of the screen. */
export function focusElement(id: string): void {
  if (typeof document === 'undefined') return;
  const focus = () => {
    const el = document.getElementById(id);
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'center' });
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(focus);
  else focus();
}
