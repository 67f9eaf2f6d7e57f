import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import type { Presence } from '../../../contract/presence-words';
import { ApiError } from '../../../machines/api/client';
import { availabilityMachine } from '../../../machines/presence/availability.machine';
import { presenceMachine, selectPresence, selectPresenceSummary } from '../../../machines/presence/presence.machine';
import { asChild, deferred, flush } from '../discovery.fakes';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';
const SEEN: Presence = { visible_to_strangers: true, visible_to_connections: true, requests_held: false, open_to_hello: false, open_to_hello_shown: false, reasons: [] };
const HIDDEN: Presence = {
  visible_to_strangers: false,
  visible_to_connections: false,
  requests_held: false,
  open_to_hello: false,
  open_to_hello_shown: false,
  reasons: [{ code: 'unavailable', text: "You're set to Unavailable: you're hidden from nearby people and suggestions." }],
};

function withServer(load: () => Promise<Presence>) {
  const calls = vi.fn(load);
  return { machine: presenceMachine.provide({ actors: { loadPresence: fromPromise<Presence, { userId: string }>(() => calls()) } }), calls };
}

describe('presenceMachine', () => {
  it('reads the presence as it starts, and says it in one line', async () => {
    const { machine, calls } = withServer(async () => HIDDEN);
    const t = asChild(machine, { userId });
    expect(selectPresenceSummary(t.child.getSnapshot())).toBeNull();
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(t.child.getSnapshot().matches('ready')).toBe(true);
    expect(selectPresence(t.child.getSnapshot())).toEqual(HIDDEN);
    expect(selectPresenceSummary(t.child.getSnapshot())!.map((s) => s.message)).toEqual(['Nobody can see you nearby right now.']);
  });

  it('reads again after a change, and the newest answer wins over one still on its way', async () => {
    const first = deferred<Presence>();
    const second = deferred<Presence>();
    const answers = [first, second];
    const { machine, calls } = withServer(() => answers.shift()!.promise);
    const t = asChild(machine, { userId });
    t.child.send({ type: 'presence.stale' });
    expect(calls).toHaveBeenCalledTimes(2);
    second.resolve(HIDDEN);
    await flush();
    first.resolve(SEEN);
    await flush();
    expect(selectPresence(t.child.getSnapshot())).toEqual(HIDDEN);
  });

  it('keeps the last answer when a read fails, and reads again on the next change', async () => {
    const answers: Array<() => Promise<Presence>> = [async () => SEEN, async () => Promise.reject(new ApiError(503, null)), async () => HIDDEN];
    const { machine } = withServer(() => answers.shift()!());
    const t = asChild(machine, { userId });
    await flush();
    t.child.send({ type: 'presence.stale' });
    await flush();
    expect(t.child.getSnapshot().matches('failed')).toBe(true);
    expect(selectPresence(t.child.getSnapshot())).toEqual(SEEN);
    t.child.send({ type: 'live.reconnected' });
    await flush();
    expect(selectPresence(t.child.getSnapshot())).toEqual(HIDDEN);
  });

  it('reports a lost session to the root', async () => {
    const { machine } = withServer(async () => Promise.reject(new ApiError(401, null)));
    const t = asChild(machine, { userId });
    await flush();
    expect(t.types()).toContain('session.expired');
  });

  it('is read again once the availability switch is saved (charts tell it by its system id)', async () => {
    const { machine, calls } = withServer(async () => SEEN);
    const save = deferred<unknown>();
    const session = createMachine({
      invoke: [
        { src: machine, id: 'presence', systemId: 'presence', input: { userId } },
        {
          src: availabilityMachine.provide({ actors: { saveAvailability: fromPromise(() => save.promise) } }),
          id: 'availability',
          input: { userId, isAvailable: true },
        },
      ],
    });
    const actor = createActor(session).start();
    await flush();
    expect(calls).toHaveBeenCalledTimes(1);
    actor.getSnapshot().children.availability!.send({ type: 'availability.toggled' });
    await flush();
    // Not before the server has the new value: until then nothing changed for others.
    expect(calls).toHaveBeenCalledTimes(1);
    save.resolve({ success: true });
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    actor.stop();
  });
});
