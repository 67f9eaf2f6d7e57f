/** The profile chart's download of your data and deletion for good (issue 42). */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import { ACCOUNT_DELETED, profileMachine } from '../../../machines/profile/profile.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';

function start(calls: { exportData?: () => Promise<unknown>; deleteAccount?: (password: string) => Promise<unknown> } = {}) {
  const exportData = vi.fn(calls.exportData ?? (async () => ({ format: 'wallflower-export/1' })));
  const deleteAccount = vi.fn(calls.deleteAccount ?? (async () => ({ success: true })));
  const saved: unknown[] = [];
  const machine = profileMachine.provide({
    actors: {
      exportData: fromPromise<unknown, { userId: string }>(() => exportData()),
      deleteAccount: fromPromise<unknown, { userId: string; password: string }>(({ input }) => deleteAccount(input.password)),
    },
    actions: { saveExport: ({ event }) => void saved.push((event as unknown as { output: unknown }).output), forgetDrafts: () => undefined },
  });
  return { ...asChild(machine, { user: ada }), exportData, deleteAccount, saved };
}

describe('download your data', () => {
  it('fetches the document and hands it over as a file, then is ready again', async () => {
    const t = start();
    t.child.send({ type: 'export.requested' });
    expect(t.child.getSnapshot().value).toBe('exporting');
    await flush();
    expect(t.saved).toEqual([{ format: 'wallflower-export/1' }]);
    expect(t.child.getSnapshot().value).toBe('viewing');
    expect(t.child.getSnapshot().context.exportError).toBeNull();
  });

  it("says the server's words when it is too soon, and a calm fallback when the network fails", async () => {
    const soon = start({ exportData: async () => Promise.reject(new ApiError(429, 'You have downloaded your data a few times just now. Please try again in an hour.')) });
    soon.child.send({ type: 'export.requested' });
    await flush();
    expect(soon.child.getSnapshot().context.exportError?.message).toBe('You have downloaded your data a few times just now. Please try again in an hour.');
    const offline = start({ exportData: async () => Promise.reject(new ApiError(0, null)) });
    offline.child.send({ type: 'export.requested' });
    await flush();
    expect(offline.child.getSnapshot().context.exportError?.id).toBe('profile.exportFailed');
    expect(offline.saved).toEqual([]);
  });
});

describe('delete for good', () => {
  it('asks for the password before sending anything', async () => {
    const t = start();
    t.child.send({ type: 'deleteAccount.requested' });
    t.child.send({ type: 'deleteAccount.confirmed' });
    await flush();
    expect(t.deleteAccount).not.toHaveBeenCalled();
    expect(t.child.getSnapshot().value).toBe('confirmingDelete');
    expect(t.child.getSnapshot().context.deleteErrors.fields.password).toBeDefined();
  });

  it('keeps the account on a wrong password, saying so beside the field, and forgets the password on cancel', async () => {
    const t = start({ deleteAccount: async () => Promise.reject(new ApiError(400, 'password: the current password is not correct')) });
    t.child.send({ type: 'deleteAccount.requested' });
    t.child.send({ type: 'deleteAccount.passwordChanged', value: 'wrong-one' });
    t.child.send({ type: 'deleteAccount.confirmed' });
    await flush();
    expect(t.deleteAccount).toHaveBeenCalledWith('wrong-one');
    expect(t.child.getSnapshot().value).toBe('confirmingDelete');
    expect(t.child.getSnapshot().context.deleteErrors.fields.password).toBeDefined();
    expect(t.types()).not.toContain('session.ended');
    t.child.send({ type: 'profile.cancelled' });
    expect(t.child.getSnapshot().value).toBe('viewing');
    expect(t.child.getSnapshot().context.deletePassword).toBe('');
  });

  it('ends the session with a kind word once the account is gone', async () => {
    const t = start();
    t.child.send({ type: 'deleteAccount.requested' });
    t.child.send({ type: 'deleteAccount.passwordChanged', value: 'secret123' });
    t.child.send({ type: 'deleteAccount.confirmed' });
    expect(t.child.getSnapshot().value).toBe('deletingAccount');
    await flush();
    expect(t.received).toContainEqual({ type: 'session.ended', message: ACCOUNT_DELETED });
  });
});
