import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import { AVAILABILITY_FAILED, availabilityMachine } from '../../../machines/presence/availability.machine';
import { asChild, deferred, flush } from '../discovery.fakes';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';

function start(isAvailable: boolean, save: (input: { userId: string; isAvailable: boolean }) => Promise<unknown>) {
  const calls = vi.fn(save);
  const machine = availabilityMachine.provide({
    actors: { saveAvailability: fromPromise<unknown, { userId: string; isAvailable: boolean }>(({ input }) => calls(input)) },
  });
  return { ...asChild(machine, { userId, isAvailable }), calls };
}

describe('availabilityMachine', () => {
  it('flips at once, before the server answers, and tells the root once it does', async () => {
    const answer = deferred<unknown>();
    const t = start(true, () => answer.promise);
    t.child.send({ type: 'availability.toggled' });
    expect(t.child.getSnapshot().context.isAvailable).toBe(false);
    expect(t.child.getSnapshot().matches('saving')).toBe(true);
    expect(t.calls).toHaveBeenCalledWith({ userId, isAvailable: false });
    expect(t.received).toEqual([]);

    answer.resolve({ success: true, is_available: false });
    await flush();
    expect(t.child.getSnapshot().matches('idle')).toBe(true);
    expect(t.child.getSnapshot().context).toMatchObject({ isAvailable: false, confirmed: false });
    expect(t.received).toEqual([{ type: 'user.patched', patch: { is_available: false } }]);
  });

  it('flips back and says so when the server refuses', async () => {
    const t = start(true, async () => {
      throw new ApiError(500, null);
    });
    t.child.send({ type: 'availability.toggled' });
    expect(t.child.getSnapshot().context.isAvailable).toBe(false);
    await flush();
    expect(t.child.getSnapshot().context.isAvailable).toBe(true);
    expect(t.child.getSnapshot().matches('idle')).toBe(true);
    expect(t.received).toEqual([{ type: 'error.show', message: AVAILABILITY_FAILED }]);
  });

  it('rolls back to the last value the server accepted, not the one before the last flip', async () => {
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    const answers = [first, second];
    const t = start(false, () => answers.shift()!.promise);
    t.child.send({ type: 'availability.toggled' }); // -> true
    t.child.send({ type: 'availability.toggled' }); // -> false, the first request is dropped
    expect(t.calls.mock.calls.map(([i]) => i.isAvailable)).toEqual([true, false]);
    second.reject(new ApiError(503, null));
    await flush();
    expect(t.child.getSnapshot().context.isAvailable).toBe(false);
    first.resolve({ success: true });
    await flush();
    // The dropped request's late answer changes nothing.
    expect(t.types()).toEqual(['error.show']);
  });

  it('ends the session when the server says it is gone', async () => {
    const t = start(true, async () => {
      throw new ApiError(401, 'Not signed in');
    });
    t.child.send({ type: 'availability.toggled' });
    await flush();
    expect(t.child.getSnapshot().context.isAvailable).toBe(true);
    expect(t.types()).toEqual(['session.expired']);
  });
});
