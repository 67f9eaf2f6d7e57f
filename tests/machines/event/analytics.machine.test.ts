import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { EventAnalytics } from '../../../contract/media';
import { ApiError } from '../../../machines/api/client';
import {
  analyticsMachine,
  distributionSlices,
  hourBars,
  percentText,
  selectAnalyticsStatus,
} from '../../../machines/event/analytics.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';
import { meetup, sampleAnalytics } from '../media.fakes';

type Ids = { userId: string; eventId: string };

function start(load: (i: Ids) => Promise<EventAnalytics>, event: typeof meetup | null = meetup) {
  const calls = { load: vi.fn(load), logged: vi.fn() };
  const machine = analyticsMachine.provide({
    actors: { loadAnalytics: fromPromise<EventAnalytics, Ids>(({ input }) => calls.load(input)) },
    actions: { logFailure: (_, params: { what: string }) => calls.logged(params.what) },
  });
  return { ...asChild(machine, { user: ada, event }), calls };
}

describe('analyticsMachine', () => {
  it("loads the event's analytics", async () => {
    const data = sampleAnalytics();
    const t = start(async () => data);
    expect(selectAnalyticsStatus(t.child.getSnapshot())).toBe('loading');
    expect(t.calls.load).toHaveBeenCalledWith({ userId: ada.id, eventId: meetup.id });
    await flush();
    expect(selectAnalyticsStatus(t.child.getSnapshot())).toBe('ready');
    expect(t.child.getSnapshot().context.analytics).toEqual(data);
  });

  it('refreshes on request, keeping the figures shown meanwhile', async () => {
    const answers = [sampleAnalytics({ photos_shared: 1 }), sampleAnalytics({ photos_shared: 2 })];
    const t = start(async () => answers.shift()!);
    await flush();
    t.child.send({ type: 'analytics.reloaded' });
    expect(t.child.getSnapshot().context.analytics?.photos_shared).toBe(1);
    await flush();
    expect(t.child.getSnapshot().context.analytics?.photos_shared).toBe(2);
  });

  it('only logs a failed load and can try again', async () => {
    const answers: Array<() => Promise<EventAnalytics>> = [
      async () => {
        throw new ApiError(500, null);
      },
      async () => sampleAnalytics(),
    ];
    const t = start(() => answers.shift()!());
    await flush();
    expect(selectAnalyticsStatus(t.child.getSnapshot())).toBe('failed');
    expect(t.calls.logged).toHaveBeenCalledWith('load analytics');
    expect(t.received).toEqual([]);
    t.child.send({ type: 'analytics.reloaded' });
    await flush();
    expect(selectAnalyticsStatus(t.child.getSnapshot())).toBe('ready');
  });

  it('tells the root when the session has gone', async () => {
    const t = start(async () => {
      throw new ApiError(401, 'Not signed in');
    });
    await flush();
    expect(t.types()).toEqual(['session.expired']);
  });

  it('does nothing without an event', () => {
    const t = start(async () => sampleAnalytics(), null);
    expect(selectAnalyticsStatus(t.child.getSnapshot())).toBe('noEvent');
    expect(t.calls.load).not.toHaveBeenCalled();
  });
});

describe('analytics figures', () => {
  it('shows 0-to-1 scores as SPEC 1 says: times 100, rounded', () => {
    expect(percentText(0.634)).toBe('63%');
    expect(percentText(0.4167)).toBe('42%');
    expect(percentText(0.005)).toBe('1%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(1)).toBe('100%');
  });

  it('splits the compatibility distribution into the green, yellow and red bands with their shares', () => {
    expect(distributionSlices(sampleAnalytics())).toEqual([
      { level: 'green', label: { id: 'analytics.band.green', message: 'Lots in common (over 70%)' }, count: 2, share: 2 / 6 },
      { level: 'yellow', label: { id: 'analytics.band.yellow', message: 'Some common ground (over 40%, up to 70%)' }, count: 3, share: 3 / 6 },
      { level: 'red', label: { id: 'analytics.band.red', message: 'Something to discover (40% or less)' }, count: 1, share: 1 / 6 },
    ]);
  });

  it('gives no shares when there are no pairs', () => {
    const empty = sampleAnalytics({
      engagement_metrics: { connection_rate: 0, compatibility_distribution: { red: 0, yellow: 0, green: 0 } },
    });
    expect(distributionSlices(empty).map((s) => s.share)).toEqual([0, 0, 0]);
  });

  it('keeps the hours oldest first', () => {
    const bars = hourBars(sampleAnalytics());
    expect(bars).toHaveLength(12);
    expect(bars.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 3, 0]);
    expect(Date.parse(bars[0]!.hour)).toBeLessThan(Date.parse(bars[11]!.hour));
  });
});
