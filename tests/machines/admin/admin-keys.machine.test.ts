/**
 * The hidden admin entrance: the key sequence (actor and its pure step), the root
 * chart's use counter, and the /admin/<slug> gate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, SimulatedClock, waitFor } from 'xstate';
import { ADMIN_KEY_SEQUENCE } from '../../../contract/constants';
import { MESSAGES } from '../../../contract/messages';
import { adminKeysActor, advanceSequence } from '../../../machines/admin/admin-keys.actor';
import { ApiError } from '../../../machines/api/client';
import { appMachine } from '../../../machines/app.machine';
import { toastsOf } from '../app.fakes';

const admin = { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', username: 'admin', email: 'admin@wallflower.local', role: 'super_admin' };
const silent = fromCallback<{ type: never }>(() => {});

/** The root chart with the network and the browser faked; the key actor as given. */
function startRoot(opts: { path?: string; checkAdminGate?: (slug: string) => Promise<unknown>; keys?: typeof adminKeysActor } = {}) {
  const calls = {
    checkAdminGate: vi.fn(opts.checkAdminGate ?? (async () => ({ ok: true }))),
    redirectToRoot: vi.fn(),
  };
  const machine = appMachine.provide({
    actors: {
      connectivity: silent,
      adminKeys: opts.keys ?? silent,
      checkAdminGate: fromPromise<unknown, { slug: string }>(({ input }) => calls.checkAdminGate(input.slug)),
    },
    actions: { redirectToRoot: () => calls.redirectToRoot() },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { path: opts.path ?? '/', online: true } }).start();
  return { actor, calls, snap: () => actor.getSnapshot() };
}

/** A stand-in window that delivers keydown events to the actor's listener. */
function fakeWindow() {
  const target = new EventTarget();
  vi.stubGlobal('window', target);
  const press = (code: string, repeat = false) => {
    const e = Object.assign(new Event('keydown'), { code, repeat });
    target.dispatchEvent(e);
  };
  return { press, typeSequence: () => ADMIN_KEY_SEQUENCE.forEach((code) => press(code)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('advanceSequence', () => {
  it('counts the seven keys in order', () => {
    let matched = 0;
    for (const code of ADMIN_KEY_SEQUENCE) matched = advanceSequence(matched, code);
    expect(matched).toBe(7);
    expect(ADMIN_KEY_SEQUENCE).toEqual(['ControlLeft', 'ShiftLeft', 'KeyA', 'KeyD', 'KeyM', 'KeyI', 'KeyN']);
  });

  it('starts over on a wrong key, and a left Control starts a new attempt', () => {
    expect(advanceSequence(4, 'KeyX')).toBe(0);
    expect(advanceSequence(3, 'ControlLeft')).toBe(1);
    expect(advanceSequence(0, 'ControlRight')).toBe(0);
    expect(advanceSequence(1, 'ShiftRight')).toBe(0);
    expect(advanceSequence(2, 'KeyD')).toBe(0);
  });
});

describe('adminKeysActor', () => {
  it('reports the whole sequence once, ignoring key repeats, and stops listening when stopped', () => {
    const win = fakeWindow();
    const reports: string[] = [];
    const listener = createActor(
      setup({ actors: { keys: adminKeysActor } }).createMachine({
        invoke: { src: 'keys' },
        on: { 'admin.entryRequested': { actions: () => void reports.push('admin.entryRequested') } },
      }),
    ).start();
    win.press('ControlLeft');
    win.press('ControlLeft', true);
    win.press('ShiftLeft');
    for (const code of ['KeyA', 'KeyD', 'KeyM', 'KeyI']) win.press(code);
    expect(reports).toEqual([]);
    win.press('KeyN');
    expect(reports).toEqual(['admin.entryRequested']);
    win.typeSequence();
    expect(reports).toHaveLength(2);
    listener.stop();
    win.typeSequence();
    expect(reports).toHaveLength(2);
  });
});

describe('root chart: the key sequence opens admin-login while its counter is below 3', () => {
  it('opens admin-login from the login view three times, then no more', () => {
    const win = fakeWindow();
    const root = startRoot({ keys: adminKeysActor });
    for (let use = 1; use <= 3; use++) {
      expect(root.snap().matches({ signedOut: 'login' })).toBe(true);
      win.typeSequence();
      expect(root.snap().matches({ signedOut: 'admin-login' })).toBe(true);
      expect(root.snap().context.adminKeyUses).toBe(use);
      root.actor.send({ type: 'admin.left' });
    }
    win.typeSequence();
    expect(root.snap().matches({ signedOut: 'login' })).toBe(true);
    expect(root.snap().context.adminKeyUses).toBe(3);
  });

  it('does nothing for a partial or wrong sequence', () => {
    const win = fakeWindow();
    const root = startRoot({ keys: adminKeysActor });
    for (const code of ['ControlLeft', 'ShiftLeft', 'KeyA', 'KeyD', 'KeyX', 'KeyM', 'KeyI', 'KeyN']) win.press(code);
    expect(root.snap().matches({ signedOut: 'login' })).toBe(true);
    expect(root.snap().context.adminKeyUses).toBe(0);
  });

  it('does not listen outside the login view', () => {
    const win = fakeWindow();
    const root = startRoot({ keys: adminKeysActor });
    win.typeSequence();
    root.actor.send({ type: 'admin.signedIn', admin });
    expect(root.snap().matches('admin')).toBe(true);
    win.typeSequence();
    expect(root.snap().context.adminKeyUses).toBe(1);
  });

  it('keeps the admin once signed in, and goes back to login on sign-out with a toast', () => {
    const root = startRoot();
    root.actor.send({ type: 'admin.entryRequested' });
    root.actor.send({ type: 'admin.signedIn', admin });
    expect(root.snap().matches('admin')).toBe(true);
    expect(root.snap().context.admin).toEqual(admin);
    root.actor.send({ type: 'admin.signedOut' });
    expect(root.snap().matches({ signedOut: 'login' })).toBe(true);
    expect(root.snap().context.admin).toBeNull();
    expect(toastsOf(root.actor).map((t) => t.message)).toEqual([MESSAGES.loggedOut]);
  });

  it('shows the message an admin sign-out gives', () => {
    const root = startRoot();
    root.actor.send({ type: 'admin.entryRequested' });
    root.actor.send({ type: 'admin.signedIn', admin });
    root.actor.send({ type: 'admin.signedOut', message: MESSAGES.adminUserNotLoaded });
    expect(toastsOf(root.actor).map((t) => t.message)).toEqual([MESSAGES.adminUserNotLoaded]);
  });
});

describe('root chart: the /admin/<slug> gate', () => {
  it('asks the gate and shows admin-login when it answers', async () => {
    const root = startRoot({ path: '/admin/quiet-door' });
    expect(root.snap().matches('checkingGate')).toBe(true);
    await waitFor(root.actor, (s) => s.matches({ signedOut: 'admin-login' }));
    expect(root.calls.checkAdminGate).toHaveBeenCalledWith('quiet-door');
    expect(root.calls.redirectToRoot).not.toHaveBeenCalled();
    // The gate does not spend a use of the key sequence.
    expect(root.snap().context.adminKeyUses).toBe(0);
  });

  it('sends the browser to the site root on a 404', async () => {
    const root = startRoot({
      path: '/admin/guess',
      checkAdminGate: async () => {
        throw new ApiError(404, 'Not found');
      },
    });
    await vi.waitFor(() => expect(root.calls.redirectToRoot).toHaveBeenCalledTimes(1));
    expect(root.snap().matches({ signedOut: 'admin-login' })).toBe(false);
  });

  it.each([['/'], ['/admin'], ['/admin/'], ['/events']])('does not ask the gate for %s', (path) => {
    const root = startRoot({ path });
    expect(root.snap().matches({ signedOut: 'login' })).toBe(true);
    expect(root.calls.checkAdminGate).not.toHaveBeenCalled();
  });
});
