import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import { BATTERY_FAILED, batteryMachine } from '../../../machines/presence/battery.machine';
import { asChild, deferred, flush } from '../discovery.fakes';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';

function start(level: number, save: (input: { userId: string; level: number }) => Promise<unknown>) {
  const calls = vi.fn(save);
  const machine = batteryMachine.provide({
    actors: { saveBattery: fromPromise<unknown, { userId: string; level: number }>(({ input }) => calls(input)) },
  });
  return { ...asChild(machine, { userId, level }), calls };
}

describe('batteryMachine (the energy meter)', () => {
  it('moves to the clicked level at once and tells the root once the server keeps it', async () => {
    const answer = deferred<unknown>();
    const t = start(8, () => answer.promise);
    t.child.send({ type: 'battery.set', level: 3 });
    expect(t.child.getSnapshot().context.level).toBe(3);
    expect(t.calls).toHaveBeenCalledWith({ userId, level: 3 });
    answer.resolve({ success: true, social_battery: 3 });
    await flush();
    expect(t.child.getSnapshot().context).toMatchObject({ level: 3, confirmed: 3 });
    expect(t.received).toEqual([{ type: 'user.patched', patch: { social_battery: 3 } }]);
  });

  it('moves back to the level the server last accepted when it refuses', async () => {
    const t = start(8, async () => {
      throw new ApiError(400, 'battery_level: must be between 1 and 10');
    });
    t.child.send({ type: 'battery.set', level: 5 });
    expect(t.child.getSnapshot().context.level).toBe(5);
    await flush();
    expect(t.child.getSnapshot().context.level).toBe(8);
    expect(t.received).toEqual([{ type: 'error.show', message: BATTERY_FAILED }]);
  });

  it('sends only a change, and only whole levels from 1 to 10', () => {
    const t = start(8, () => new Promise(() => {}));
    for (const level of [8, 0, 11, 2.5, Number.NaN]) t.child.send({ type: 'battery.set', level });
    expect(t.calls).not.toHaveBeenCalled();
    expect(t.child.getSnapshot().matches('idle')).toBe(true);
    t.child.send({ type: 'battery.set', level: 1 });
    t.child.send({ type: 'battery.set', level: 10 });
    expect(t.calls.mock.calls.map(([i]) => i.level)).toEqual([1, 10]);
  });

  it('lets the last click win while an earlier one is on its way', async () => {
    const answers = [deferred<unknown>(), deferred<unknown>()];
    const pending = [...answers];
    const t = start(8, () => pending.shift()!.promise);
    t.child.send({ type: 'battery.set', level: 4 });
    t.child.send({ type: 'battery.set', level: 6 });
    answers[0]!.resolve({ success: true });
    await flush();
    expect(t.child.getSnapshot().matches('saving')).toBe(true);
    answers[1]!.resolve({ success: true });
    await flush();
    expect(t.child.getSnapshot().context).toMatchObject({ level: 6, confirmed: 6 });
    expect(t.received).toEqual([{ type: 'user.patched', patch: { social_battery: 6 } }]);
  });
});
