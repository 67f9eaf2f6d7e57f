/** A refused call as a form's errors, and where focus goes after a failed submit. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, refusedWith } from '../../machines/api/client';
import { ACCOUNT_TAKEN, MESSAGES } from '../../contract/messages';
import type { Said } from '../../contract/said';
import { testSaid } from '../said';
import {
  NO_ERRORS,
  errorsFromFailure,
  fieldDomId,
  firstErrorDomId,
  focusFirstError,
  formErrorDomId,
  hasErrors,
  withoutFieldError,
  type FormErrors,
} from '../../machines/form-errors';

type Field = 'name' | 'email' | 'current';
const words = { fields: { name: 'name', email: 'email', current_password: 'current' } as Record<string, Field>, fallback: testSaid('Something failed') };
/** The errors as their English. */
const english = (e: FormErrors<Field>) => ({
  fields: Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, (v as Said).message])),
  form: e.form?.message ?? null,
});

describe('errorsFromFailure', () => {
  it('puts a field detail beside its field, in plain words', () => {
    expect(english(errorsFromFailure<Field>(new ApiError(400, 'email: must be a valid email address'), words))).toEqual({
      fields: { email: 'Please enter an email address like name@example.com.' },
      form: null,
    });
    expect(english(errorsFromFailure<Field>(new ApiError(400, 'current_password: the current password is not correct'), words))).toEqual({
      fields: { current: "That isn't your current password. Please check it and try again." },
      form: null,
    });
  });

  it('finds a nested field by its last part', () => {
    expect(english(errorsFromFailure<Field>(new ApiError(400, 'contact_data.email: must be a valid email address'), words)).fields).toEqual({
      email: 'Please enter an email address like name@example.com.',
    });
  });

  it('says a field the form does not have for the whole form, still in words', () => {
    expect(english(errorsFromFailure<Field>(new ApiError(400, 'age: must be at least 13'), words))).toEqual({
      fields: {},
      form: 'You need to be at least 13 to use Wallflower.',
    });
  });

  it('keeps the server’s sentence for the form, or the fallback when there is none', () => {
    expect(english(errorsFromFailure<Field>(new ApiError(401, 'Incorrect username/email or password'), words))).toEqual({
      fields: {},
      form: 'Incorrect username/email or password',
    });
    expect(english(errorsFromFailure<Field>(new ApiError(500, null), words))).toEqual({ fields: {}, form: 'Something failed' });
    expect(english(errorsFromFailure<Field>(new Error('boom'), words))).toEqual({ fields: {}, form: 'Something failed' });
  });

  it('puts a known sentence about one field beside it', () => {
    const taken = errorsFromFailure<Field>(refusedWith(409, ACCOUNT_TAKEN.email), {
      ...words,
      conflicts: [[ACCOUNT_TAKEN.email, 'email']],
    });
    expect(english(taken)).toEqual({ fields: { email: 'An account with that email already exists' }, form: null });
  });

  it('says SPEC 8’s fixed words for the form, and the field detail beside it as well', () => {
    const fixed = { ...words, fixed: MESSAGES.failedUpdateProfile };
    expect(english(errorsFromFailure<Field>(new ApiError(400, 'email: must be a valid email address'), fixed))).toEqual({
      fields: { email: 'Please enter an email address like name@example.com.' },
      form: 'Failed to update profile',
    });
    expect(english(errorsFromFailure<Field>(new ApiError(500, 'database down'), fixed))).toEqual({ fields: {}, form: 'Failed to update profile' });
  });
});

describe('withoutFieldError and hasErrors', () => {
  it('settles one field and keeps the rest', () => {
    const errors = { fields: { name: testSaid('a'), email: testSaid('b') }, form: testSaid('c') };
    expect(withoutFieldError<Field>(errors, 'name')).toEqual({ fields: { email: testSaid('b') }, form: testSaid('c') });
    expect(withoutFieldError<Field>(errors, 'current')).toBe(errors);
    expect(hasErrors(NO_ERRORS)).toBe(false);
    expect(hasErrors({ fields: {}, form: testSaid('x') })).toBe(true);
  });
});

describe('where focus goes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('to the first field with a message in the form’s order, else the form’s own message', () => {
    const order = ['name', 'email', 'current'];
    expect(firstErrorDomId('profile', order, { fields: { current: testSaid('x'), email: testSaid('y') }, form: testSaid('z') })).toBe(fieldDomId('profile', 'email'));
    expect(firstErrorDomId('profile', order, { fields: {}, form: testSaid('z') })).toBe(formErrorDomId('profile'));
    expect(firstErrorDomId('profile', order, NO_ERRORS)).toBeNull();
  });

  it('focuses that element once the page has drawn it, and brings it to the middle of the screen', () => {
    const el = { focus: vi.fn(), scrollIntoView: vi.fn() };
    const frames: Array<() => void> = [];
    vi.stubGlobal('document', { getElementById: vi.fn((id: string) => (id === 'password-current' ? el : null)) });
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    focusFirstError('password', ['current', 'next'], { fields: { current: testSaid('wrong') }, form: null });
    expect(el.focus).not.toHaveBeenCalled();
    frames.forEach((f) => f());
    expect(el.focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(el.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
  });
});
