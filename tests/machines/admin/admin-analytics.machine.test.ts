import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { AnalyticsDay } from '../../../contract/admin-events';
import { MESSAGES } from '../../../contract/messages';
import {
  adminAnalyticsMachine,
  analyticsTotals,
  axisLabelEvery,
  DEFAULT_SPAN,
  selectAnalyticsStatus,
} from '../../../machines/admin/admin-analytics.machine';
import { ApiError } from '../../../machines/api/client';
import { analyticsDays } from '../../model/admin-fixtures';
import { ADMIN_ID, underParent } from './admin.fakes';

function startAnalytics(load: (days: number) => Promise<AnalyticsDay[]> = async (days) => analyticsDays(days)) {
  const calls = { load: vi.fn(load) };
  const chart = adminAnalyticsMachine.provide({
    actors: { loadAnalytics: fromPromise<AnalyticsDay[], { adminId: string; days: number }>(({ input }) => calls.load(input.days)) },
  });
  const child = underParent(chart, { adminId: ADMIN_ID });
  return { ...child, calls, ready: () => waitFor(child.ref, (s) => s.matches('ready')) };
}

describe('adminAnalyticsMachine', () => {
  it('loads the last 30 days first', async () => {
    const a = startAnalytics();
    expect(selectAnalyticsStatus(a.snap())).toBe('loading');
    await a.ready();
    expect(DEFAULT_SPAN).toBe(30);
    expect(a.calls.load).toHaveBeenCalledWith(30);
    expect(a.snap().context.perDay).toHaveLength(30);
  });

  it('loads another span when chosen, keeping the figures shown until it comes; the same span again does nothing', async () => {
    const a = startAnalytics();
    await a.ready();
    let answer: (days: AnalyticsDay[]) => void = () => {};
    a.calls.load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    a.ref.send({ type: 'analytics.spanChosen', days: 7 });
    expect(selectAnalyticsStatus(a.snap())).toBe('loading');
    expect(a.snap().context.perDay).toHaveLength(30);
    answer(analyticsDays(7));
    await a.ready();
    expect(a.snap().context.perDay).toHaveLength(7);
    a.ref.send({ type: 'analytics.spanChosen', days: 7 });
    expect(a.calls.load).toHaveBeenCalledTimes(2);
  });

  it('drops a load under way when another span is chosen', async () => {
    const answers: Array<() => void> = [];
    const a = startAnalytics((days) => new Promise((resolve) => answers.push(() => resolve(analyticsDays(days)))));
    a.ref.send({ type: 'analytics.spanChosen', days: 90 });
    expect(a.calls.load.mock.calls.map(([days]) => days)).toEqual([30, 90]);
    answers[1]!();
    await a.ready();
    answers[0]!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(a.snap().context.days).toBe(90);
    expect(a.snap().context.perDay).toHaveLength(90);
  });

  it('says it could not load and tries again; a lost session goes to the admin chart', async () => {
    const a = startAnalytics(async () => {
      throw new ApiError(500, null);
    });
    await waitFor(a.ref, (s) => s.matches('failed'));
    a.calls.load.mockImplementationOnce(async (days) => analyticsDays(days));
    a.ref.send({ type: 'view.reloaded' });
    await a.ready();
    a.calls.load.mockImplementationOnce(async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    a.ref.send({ type: 'view.reloaded' });
    await waitFor(a.ref, () => a.told.length > 0);
    expect(a.told).toEqual([{ type: 'row.failed', message: MESSAGES.adminUserNotLoaded, unauthorized: true }]);
  });

  it('sums the span, counting active people by their busiest day', () => {
    const days = analyticsDays(5);
    expect(days.map((d) => d.sign_ups)).toEqual([0, 2, 3, 4, 1]);
    expect(analyticsTotals(days)).toEqual({ sign_ups: 10, most_active: 12, requests_sent: 20, requests_accepted: 10, reports: 1 });
    expect(analyticsTotals([])).toEqual({ sign_ups: 0, most_active: 0, requests_sent: 0, requests_accepted: 0, reports: 0 });
  });

  it('names every day of a week on the axis, and about six along a longer span', () => {
    expect(axisLabelEvery(7)).toBe(1);
    expect(axisLabelEvery(30)).toBe(5);
    expect(axisLabelEvery(365)).toBe(61);
  });
});
