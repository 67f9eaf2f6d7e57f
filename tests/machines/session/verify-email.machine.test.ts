/** The verify-email view's chart (issue 41): the link's token is sent once, and the outcome kept. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import { VERIFY_FAILED, verifyEmailMachine } from '../../../machines/session/verify-email.machine';
import { flush } from '../discovery.fakes';

function start(verify: (token: string) => Promise<unknown>) {
  const calls = vi.fn(verify);
  const actor = createActor(
    verifyEmailMachine.provide({ actors: { verify: fromPromise<unknown, { token: string }>(({ input }) => calls(input.token)) } }),
    { input: { token: 'tok' } },
  ).start();
  return { actor, calls };
}

describe('verify-email chart', () => {
  it('sends the token once as it starts and says the address is confirmed', async () => {
    const { actor, calls } = start(async () => ({ success: true }));
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls).toHaveBeenCalledWith('tok');
    expect(actor.getSnapshot().matches('verified')).toBe(true);
  });

  it("keeps the server's words when the link cannot confirm", async () => {
    const detail = 'This confirmation link has expired or is no longer for the address on the account. You can ask for a new one from your profile.';
    const { actor } = start(async () => Promise.reject(new ApiError(400, detail, null, 'error.verifyLinkUnusable')));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ id: 'error.verifyLinkUnusable', message: detail });
  });

  it('says something calm when the server cannot be reached', async () => {
    const { actor } = start(async () => Promise.reject(new TypeError('Failed to fetch')));
    await flush();
    expect(actor.getSnapshot().context.problem).toEqual(VERIFY_FAILED);
  });
});
