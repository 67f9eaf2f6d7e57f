/**
 * The reset-password view's chart (issue 41): asking for a link says the same thing
 * whatever the server knows; a link's token lets the person choose a new password under
 * SPEC 5's rule, and a used or expired link says why and offers a new one.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type EventFrom } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import { ApiError } from '../../../machines/api/client';
import { RESET_DONE, RESET_EMAIL_MISSING, passwordResetMachine, type PasswordResetDone } from '../../../machines/session/password-reset.machine';
import { flush } from '../discovery.fakes';

const LINK_USED = 'This link to set a new password has expired or has already been used. You can ask for a new one.';

function start(token: string | null, calls: { ask?: (email: string) => Promise<unknown>; set?: (token: string, pw: string) => Promise<unknown> } = {}) {
  const ask = vi.fn(calls.ask ?? (async () => ({ success: true })));
  const set = vi.fn(calls.set ?? (async () => ({ success: true })));
  const told: PasswordResetDone[] = [];
  const chart = passwordResetMachine.provide({
    actors: {
      askForLink: fromPromise<unknown, { email: string }>(({ input }) => ask(input.email)),
      setPassword: fromPromise<unknown, { token: string; newPassword: string }>(({ input }) => set(input.token, input.newPassword)),
    },
    actions: { focusAskError: () => {}, focusChooseError: () => {} },
  });
  // The root, as far as this chart speaks to it.
  const parent = setup({ actors: { chart } }).createMachine({
    invoke: { src: 'chart', id: 'reset', input: { token } },
    on: { 'passwordReset.done': { actions: ({ event }) => told.push(event as PasswordResetDone) } },
  });
  const root = createActor(parent).start();
  const reset = () => root.getSnapshot().children.reset!;
  const send = (e: EventFrom<typeof passwordResetMachine>) => reset().send(e);
  return { root, reset, send, ask, set, told };
}

describe('password reset chart, asking for a link', () => {
  it('starts asking for the address when there is no token', () => {
    const { reset } = start(null);
    expect(reset().getSnapshot().matches('asking')).toBe(true);
  });

  it('asks nothing of the server until an address is typed', async () => {
    const t = start(null);
    t.send({ type: 'reset.submitted' });
    expect(t.reset().getSnapshot().context.errors.fields.email).toEqual(RESET_EMAIL_MISSING);
    expect(t.ask).not.toHaveBeenCalled();
    t.send({ type: 'reset.emailChanged', value: '  ada@example.com ' });
    expect(t.reset().getSnapshot().context.errors.fields.email).toBeUndefined();
    t.send({ type: 'reset.submitted' });
    await flush();
    expect(t.ask).toHaveBeenCalledWith('  ada@example.com ');
    expect(t.reset().getSnapshot().matches('sent')).toBe(true);
  });

  it('says a refusal (too many asks) on the form and keeps the address', async () => {
    const t = start(null, { ask: async () => Promise.reject(new ApiError(429, 'Too many attempts. Please wait a moment and try again.')) });
    t.send({ type: 'reset.emailChanged', value: 'ada@example.com' });
    t.send({ type: 'reset.submitted' });
    await flush();
    const s = t.reset().getSnapshot();
    expect(s.matches('asking')).toBe(true);
    expect(s.context.errors.form?.message).toMatch(/Too many attempts/);
    expect(s.context.email).toBe('ada@example.com');
  });
});

describe('password reset chart, with a link', () => {
  it('checks SPEC 5 before any call: matching, then at least 6 characters', async () => {
    const t = start('tok');
    expect(t.reset().getSnapshot().matches('choosing')).toBe(true);
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'abcdef' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'abcdeg' });
    t.send({ type: 'reset.submitted' });
    expect(t.reset().getSnapshot().context.errors.fields.confirmPassword).toEqual(MESSAGES.newPasswordsDoNotMatch);
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'abc' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'abc' });
    t.send({ type: 'reset.submitted' });
    expect(t.reset().getSnapshot().context.errors.fields.newPassword).toEqual(MESSAGES.newPasswordTooShort);
    expect(t.set).not.toHaveBeenCalled();
  });

  it('sets the password with the token and tells the root, which opens the login view', async () => {
    const t = start('tok');
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'brand-new' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'brand-new' });
    t.send({ type: 'reset.submitted' });
    await flush();
    expect(t.set).toHaveBeenCalledWith('tok', 'brand-new');
    expect(t.told).toEqual([{ type: 'passwordReset.done', message: RESET_DONE }]);
  });

  it('says why a used or expired link cannot be used, and offers to ask for a new one', async () => {
    const t = start('tok', { set: async () => Promise.reject(new ApiError(400, LINK_USED, null, 'error.resetLinkUnusable')) });
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'brand-new' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'brand-new' });
    t.send({ type: 'reset.submitted' });
    await flush();
    let s = t.reset().getSnapshot();
    expect(s.matches('linkUnusable')).toBe(true);
    expect(s.context.linkProblem).toEqual({ id: 'error.resetLinkUnusable', message: LINK_USED });
    t.send({ type: 'reset.askAgain' });
    s = t.reset().getSnapshot();
    expect(s.matches('asking')).toBe(true);
    expect(s.context).toMatchObject({ token: null, newPassword: '', linkProblem: null });
    expect(t.told).toEqual([]);
  });

  it('keeps the typed password when the server cannot be reached, to try again', async () => {
    const t = start('tok', { set: async () => Promise.reject(new TypeError('Failed to fetch')) });
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'brand-new' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'brand-new' });
    t.send({ type: 'reset.submitted' });
    await flush();
    const s = t.reset().getSnapshot();
    expect(s.matches('choosing')).toBe(true);
    expect(s.context.newPassword).toBe('brand-new');
    expect(s.context.errors.form?.id).toBe('reset.failed');
  });

  it('puts a field detail from the server beside the field', async () => {
    const t = start('tok', { set: async () => Promise.reject(new ApiError(400, 'new_password: must be at least 6 characters long')) });
    t.send({ type: 'reset.passwordChanged', field: 'newPassword', value: 'brand-new' });
    t.send({ type: 'reset.passwordChanged', field: 'confirmPassword', value: 'brand-new' });
    t.send({ type: 'reset.submitted' });
    await flush();
    const s = t.reset().getSnapshot();
    expect(s.matches('choosing')).toBe(true);
    expect(s.context.errors.fields.newPassword).toBeDefined();
  });
});
