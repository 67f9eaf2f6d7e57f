/** The profile's email section chart (issue 41): the link sent again, and the reminder switch saved and told to the root. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../../contract/common';
import { ApiError } from '../../../machines/api/client';
import { RESEND_FAILED, emailSettingsMachine, selectAddressState } from '../../../machines/profile/email-settings.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';

function start(user: User, calls: { resend?: () => Promise<unknown>; save?: (on: boolean) => Promise<User> } = {}) {
  const resend = vi.fn(calls.resend ?? (async () => ({ success: true })));
  const save = vi.fn(calls.save ?? (async (on: boolean) => ({ ...user, email_meeting_reminders: on })));
  const machine = emailSettingsMachine.provide({
    actors: {
      resend: fromPromise<unknown, { userId: string }>(() => resend()),
      saveReminders: fromPromise<User, { userId: string; on: boolean }>(({ input }) => save(input.on)),
    },
  });
  return { ...asChild(machine, { user }), resend, save };
}

describe('email settings chart', () => {
  it('sends the link again for an unconfirmed address and says it went', async () => {
    const t = start({ ...ada, email_verified: false });
    expect(selectAddressState(t.child.getSnapshot())).toBe('waiting');
    t.child.send({ type: 'emailSettings.resendRequested' });
    expect(selectAddressState(t.child.getSnapshot())).toBe('sending');
    await flush();
    expect(t.resend).toHaveBeenCalledTimes(1);
    expect(selectAddressState(t.child.getSnapshot())).toBe('sent');
  });

  it('sends nothing for a confirmed address', async () => {
    const t = start({ ...ada, email_verified: true });
    t.child.send({ type: 'emailSettings.resendRequested' });
    await flush();
    expect(t.resend).not.toHaveBeenCalled();
    expect(selectAddressState(t.child.getSnapshot())).toBe('confirmed');
  });

  it('says a failed send calmly, and the button stays to try again', async () => {
    const t = start({ ...ada, email_verified: false }, { resend: async () => Promise.reject(new TypeError('Failed to fetch')) });
    t.child.send({ type: 'emailSettings.resendRequested' });
    await flush();
    expect(t.child.getSnapshot().context.problem).toEqual(RESEND_FAILED);
    expect(selectAddressState(t.child.getSnapshot())).toBe('waiting');
  });

  it('saves the reminder switch and tells the root the user as saved', async () => {
    const t = start({ ...ada, email_verified: true, email_meeting_reminders: false });
    t.child.send({ type: 'emailSettings.remindersToggled' });
    await flush();
    expect(t.save).toHaveBeenCalledWith(true);
    expect(t.child.getSnapshot().context.user.email_meeting_reminders).toBe(true);
    expect(t.received).toEqual([{ type: 'user.updated', user: expect.objectContaining({ email_meeting_reminders: true }) }]);
  });

  it("keeps the switch as it was when the server refuses, with the server's words", async () => {
    const t = start({ ...ada, email_meeting_reminders: false }, { save: async () => Promise.reject(new ApiError(429, 'Too many attempts. Please wait a moment and try again.')) });
    t.child.send({ type: 'emailSettings.remindersToggled' });
    await flush();
    expect(t.child.getSnapshot().context.user.email_meeting_reminders).toBe(false);
    expect(t.child.getSnapshot().context.problem?.message).toMatch(/Too many attempts/);
    expect(t.received).toEqual([]);
  });
});
