import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Passkey } from '../../../contract/passkeys';
import { ApiError } from '../../../machines/api/client';
import {
  PASSKEY_MESSAGES,
  deviceName,
  passkeysMachine,
  selectPasskeysBusy,
  selectPasskeysMode,
  type PasskeyDraft,
} from '../../../machines/profile/passkeys.machine';
import { ada } from '../app.fakes';
import { asChild, deferred, flush } from '../discovery.fakes';

const phone: Passkey = { id: '7d4b1f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', name: 'iPhone', created_at: '2026-12-01T10:00:00.000Z', last_used_at: null };
const laptop: Passkey = { id: '8e5c2a1f-2b3c-4d4e-9f0a-1b2c3d4e5f60', name: 'Laptop', created_at: '2026-12-02T10:00:00.000Z', last_used_at: null };

/** What a browser throws when the person closes its passkey sheet. */
const dismissed = () => Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

interface Answers {
  load?: () => Promise<Passkey[]>;
  add?: (i: { userId: string; draft: PasskeyDraft }) => Promise<Passkey>;
  remove?: (i: { userId: string; id: string }) => Promise<unknown>;
}

function start(a: Answers = {}) {
  const calls = {
    load: vi.fn(a.load ?? (async () => [phone])),
    add: vi.fn(a.add ?? (async ({ draft }: { draft: PasskeyDraft }) => ({ ...laptop, name: draft.name }))),
    remove: vi.fn(a.remove ?? (async () => ({ success: true }))),
    logged: vi.fn(),
  };
  const machine = passkeysMachine.provide({
    actors: {
      loadPasskeys: fromPromise<Passkey[], { userId: string }>(() => calls.load()),
      addPasskey: fromPromise<Passkey, { userId: string; draft: PasskeyDraft }>(({ input }) => calls.add(input)),
      removePasskey: fromPromise<unknown, { userId: string; id: string }>(({ input }) => calls.remove(input)),
    },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  const c = asChild(machine, { user: ada });
  return { ...c, calls, mode: () => selectPasskeysMode(c.child.getSnapshot()), ctx: () => c.child.getSnapshot().context };
}

const fill = (t: ReturnType<typeof start>, draft: Partial<PasskeyDraft>) => {
  for (const [field, value] of Object.entries(draft)) t.child.send({ type: 'passkeys.fieldChanged', field: field as keyof PasskeyDraft, value });
};

describe('passkeysMachine', () => {
  it('loads the list, and offers to try again when it cannot', async () => {
    let fail = true;
    const t = start({
      load: async () => {
        if (fail) throw new ApiError(500, null);
        return [phone];
      },
    });
    expect(t.mode()).toBe('loading');
    await flush();
    expect(t.mode()).toBe('unavailable');
    expect(t.calls.logged).toHaveBeenCalledWith('load passkeys');
    fail = false;
    t.child.send({ type: 'passkeys.reloaded' });
    await flush();
    expect(t.mode()).toBe('showing');
    expect(t.ctx().passkeys).toEqual([phone]);
  });

  it('asks for the password and a name before it asks the device, then adds the passkey and says so', async () => {
    const t = start();
    await flush();
    t.child.send({ type: 'passkeys.addStarted' });
    fill(t, { name: '' });
    t.child.send({ type: 'passkeys.addSubmitted' });
    expect(t.ctx().errors.fields.password).toEqual(PASSKEY_MESSAGES.passwordRequired);
    fill(t, { password: 'secret1' });
    expect(t.ctx().errors.fields.password).toBeUndefined();
    t.child.send({ type: 'passkeys.addSubmitted' });
    expect(t.ctx().errors.fields.name).toEqual(PASSKEY_MESSAGES.nameRequired);
    expect(t.calls.add).not.toHaveBeenCalled();

    fill(t, { name: '  Laptop ' });
    t.child.send({ type: 'passkeys.addSubmitted' });
    expect(selectPasskeysBusy(t.child.getSnapshot())).toBe(true);
    await flush();
    expect(t.calls.add).toHaveBeenCalledWith({ userId: ada.id, draft: { password: 'secret1', name: '  Laptop ' } });
    expect(t.mode()).toBe('showing');
    expect(t.ctx().passkeys.map((k) => k.name)).toEqual(['iPhone', '  Laptop ']);
    expect(t.ctx().draft.password).toBe('');
    expect(t.received).toContainEqual({ type: 'toast.show', message: PASSKEY_MESSAGES.added, kind: 'success' });
  });

  it('goes back to the form quietly when the person closes the passkey sheet, forgetting the password', async () => {
    const t = start({ add: async () => Promise.reject(dismissed()) });
    await flush();
    t.child.send({ type: 'passkeys.addStarted' });
    fill(t, { password: 'secret1', name: 'Laptop' });
    t.child.send({ type: 'passkeys.addSubmitted' });
    await flush();
    expect(t.mode()).toBe('adding');
    expect(t.ctx().errors).toEqual({ fields: {}, form: null });
    expect(t.ctx().draft).toEqual({ password: '', name: 'Laptop' });
  });

  it('says a wrong password beside the password field', async () => {
    const t = start({ add: async () => Promise.reject(new ApiError(400, 'password: the password is not correct')) });
    await flush();
    t.child.send({ type: 'passkeys.addStarted' });
    fill(t, { password: 'wrong1', name: 'Laptop' });
    t.child.send({ type: 'passkeys.addSubmitted' });
    await flush();
    expect(t.mode()).toBe('adding');
    expect(t.ctx().errors.fields.password).toBeTruthy();
    expect(t.ctx().draft.password).toBe('');
  });

  it('asks before removing, removes, and says when it could not', async () => {
    const gate = deferred<unknown>();
    const t = start({ load: async () => [phone, laptop], remove: () => gate.promise });
    await flush();
    t.child.send({ type: 'passkeys.removeRequested', id: laptop.id });
    expect(t.mode()).toBe('confirmingRemove');
    expect(t.ctx().removing).toEqual(laptop);
    t.child.send({ type: 'passkeys.cancelled' });
    expect(t.mode()).toBe('showing');
    t.child.send({ type: 'passkeys.removeRequested', id: laptop.id });
    t.child.send({ type: 'passkeys.removeConfirmed' });
    expect(selectPasskeysBusy(t.child.getSnapshot())).toBe(true);
    gate.resolve({ success: true });
    await flush();
    expect(t.ctx().passkeys).toEqual([phone]);
    expect(t.received).toContainEqual({ type: 'toast.show', message: PASSKEY_MESSAGES.removed, kind: 'success' });

    t.calls.remove.mockImplementation(async () => Promise.reject(new ApiError(500, null)));
    t.child.send({ type: 'passkeys.removeRequested', id: phone.id });
    t.child.send({ type: 'passkeys.removeConfirmed' });
    await flush();
    expect(t.ctx().passkeys).toEqual([phone]);
    expect(t.ctx().error).toEqual(PASSKEY_MESSAGES.removeFailed);
  });

  it('tells the root when the session has gone', async () => {
    const t = start({ load: async () => Promise.reject(new ApiError(401, null)) });
    await flush();
    expect(t.types()).toContain('session.expired');
  });
});

describe('deviceName', () => {
  it('names the kind of device a passkey is made on, or nothing', () => {
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('iPhone');
    expect(deviceName('Mozilla/5.0 (Linux; Android 15; Pixel 7)')).toBe('Android');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('Mac');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
    expect(deviceName('curl/8')).toBe('');
  });
});
