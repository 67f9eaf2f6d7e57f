import { describe, expect, it } from 'vitest';
import { LOCATION_INTERVAL_MS } from '../../contract/constants';
import type { SafeZone } from '../../contract/discovery';
import { ApiError } from '../../machines/api/client';
import { asChild, fakePoller, flush, sampleZone } from './discovery.fakes';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';
const eventId = 'e0000000-0000-4000-8000-000000000001';
const quietRoom = sampleZone();

describe('locationPollerMachine', () => {
  it('sends nothing while the browser gives no position, however long', () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    expect(p.watching).toHaveBeenCalledTimes(1);
    t.clock.increment(LOCATION_INTERVAL_MS * 6);
    expect(p.reports).not.toHaveBeenCalled();
    expect(t.received).toEqual([]);
  });

  it('reports at once when a position comes, then exactly every 10 s', async () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    p.move(52.5068, 13.3917);
    expect(p.reports).toHaveBeenCalledTimes(1);
    expect(p.reports).toHaveBeenLastCalledWith({ userId, eventId, latitude: 52.5068, longitude: 13.3917 });
    await flush();

    t.clock.increment(LOCATION_INTERVAL_MS - 1);
    expect(p.reports).toHaveBeenCalledTimes(1);
    t.clock.increment(1);
    expect(p.reports).toHaveBeenCalledTimes(2);
    await flush();

    t.clock.increment(LOCATION_INTERVAL_MS - 1);
    expect(p.reports).toHaveBeenCalledTimes(2);
    t.clock.increment(1);
    expect(p.reports).toHaveBeenCalledTimes(3);
  });

  it('tells the root the zone each answer carries, null included', async () => {
    const zones: Array<SafeZone | null> = [quietRoom, null];
    const p = fakePoller(async () => ({ success: true, current_zone: zones.shift() ?? null }));
    const t = asChild(p.machine, { userId, eventId });
    p.move(52.5068, 13.3917);
    await flush();
    t.clock.increment(LOCATION_INTERVAL_MS);
    await flush();
    expect(t.received).toEqual([
      { type: 'zone.changed', zone: quietRoom },
      { type: 'zone.changed', zone: null },
    ]);
  });

  it('sends the latest position the browser gave', async () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    p.move(3, 4);
    p.move(5, 6);
    expect(p.reports).toHaveBeenCalledTimes(1);
    t.clock.increment(LOCATION_INTERVAL_MS);
    expect(p.reports).toHaveBeenLastCalledWith({ userId, eventId, latitude: 5, longitude: 6 });
  });

  it('only logs a failed report and keeps going', async () => {
    let fail = true;
    const p = fakePoller(async () => {
      if (fail) throw new ApiError(500, null);
      return { success: true, current_zone: null };
    });
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    expect(t.received).toEqual([]);
    fail = false;
    t.clock.increment(LOCATION_INTERVAL_MS);
    await flush();
    expect(p.reports).toHaveBeenCalledTimes(2);
    expect(t.received).toEqual([{ type: 'zone.changed', zone: null }]);
  });

  it('skips a due report while the last one is still on its way', () => {
    const p = fakePoller(() => new Promise(() => {}));
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    t.clock.increment(LOCATION_INTERVAL_MS * 3);
    expect(p.reports).toHaveBeenCalledTimes(1);
  });

  it('stops sending when the position goes away, and starts again with the next one', async () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    p.lose();
    t.clock.increment(LOCATION_INTERVAL_MS * 3);
    expect(p.reports).toHaveBeenCalledTimes(1);
    p.move(3, 4);
    expect(p.reports).toHaveBeenCalledTimes(2);
  });

  it('stops the position watch and every report when it is stopped', async () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    t.actor.stop();
    expect(p.stopped).toHaveBeenCalledTimes(1);
    t.clock.increment(LOCATION_INTERVAL_MS * 3);
    expect(p.reports).toHaveBeenCalledTimes(1);
  });
});
