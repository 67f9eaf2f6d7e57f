import { describe, expect, it } from 'vitest';
import { LOCATION_INTERVAL_MS } from '../../../contract/constants';
import type { SafeZone } from '../../../contract/discovery';
import { ApiError } from '../../../machines/api/client';
import type { EventChange } from '../../../contract/live';
import { asChild, deferred, fakePoller, flush, sampleZone } from '../discovery.fakes';

const userId = '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10';
const eventId = 'e0000000-0000-4000-8000-000000000001';
const quietRoom = sampleZone();
const changed = (change: EventChange, id = eventId) => ({ type: 'live.event_changed' as const, event_id: id, change });

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

describe('locationPollerMachine: the event’s organizers change it (issue 17)', () => {
  it('reports again at once when the zones move, and keeps its ten seconds', async () => {
    const library = sampleZone({ name: 'Library corner' });
    const zones = [quietRoom, library];
    const p = fakePoller(async () => ({ success: true, current_zone: zones.shift() ?? null }));
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    t.clock.increment(LOCATION_INTERVAL_MS / 2);
    t.child.send(changed('zones'));
    expect(p.reports).toHaveBeenCalledTimes(2);
    await flush();
    expect(t.received.at(-1)).toEqual({ type: 'zone.changed', zone: library });
    t.clock.increment(LOCATION_INTERVAL_MS / 2);
    expect(p.reports).toHaveBeenCalledTimes(3);
  });

  it('reports once more when the zones move while a report is on its way, after it is back', async () => {
    const first = deferred<{ success: true; current_zone: null }>();
    const p = fakePoller(async () => ({ success: true, current_zone: quietRoom }));
    p.reports.mockImplementationOnce(() => first.promise);
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    t.child.send(changed('zones'));
    t.child.send(changed('zones'));
    expect(p.reports).toHaveBeenCalledTimes(1);
    first.resolve({ success: true, current_zone: null });
    await flush();
    expect(p.reports).toHaveBeenCalledTimes(2);
    await flush();
    expect(t.received).toEqual([
      { type: 'zone.changed', zone: null },
      { type: 'zone.changed', zone: quietRoom },
    ]);
    // Told once; the next report keeps to the clock.
    await flush();
    expect(p.reports).toHaveBeenCalledTimes(2);
  });

  it('sends nothing for zones moved before it has a position, or at another event', async () => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    t.child.send(changed('zones'));
    expect(p.reports).not.toHaveBeenCalled();
    p.move(1, 2);
    await flush();
    t.child.send(changed('zones', 'e0000000-0000-4000-8000-0000000000ff'));
    t.child.send(changed('details'));
    expect(p.reports).toHaveBeenCalledTimes(1);
  });

  it.each(['cancelled', 'taken_down'] as const)('when the event is %s: says there is no zone, tells the root it is gone, and ends', async (change) => {
    const p = fakePoller();
    const t = asChild(p.machine, { userId, eventId });
    p.move(1, 2);
    await flush();
    t.child.send(changed(change));
    expect(t.received.slice(1)).toEqual([
      { type: 'zone.changed', zone: null },
      { type: 'currentEvent.changed', event: null },
    ]);
    expect(t.child.getSnapshot().status).toBe('done');
    expect(p.stopped).toHaveBeenCalledTimes(1);
    t.clock.increment(LOCATION_INTERVAL_MS * 3);
    expect(p.reports).toHaveBeenCalledTimes(1);
  });
});
