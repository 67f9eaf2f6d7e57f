/** "Your reports" in privacy settings: the list, its pages, and its failures. */
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MyReport } from '../../../contract/reports';
import { ApiError } from '../../../machines/api/client';
import { MY_REPORTS_PAGE, myReportsMachine, selectMyReportsStatus } from '../../../machines/safety/my-reports.machine';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';
import { sampleMyReport } from './report.fakes';

const report = sampleMyReport;
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => report(from + i));

function start(load: (offset: number) => Promise<MyReport[]>) {
  const loads = vi.fn(load);
  const machine = myReportsMachine.provide({
    actors: { loadReports: fromPromise<MyReport[], { userId: string; offset: number }>(({ input }) => loads(input.offset)) },
    actions: { logFailure: () => {} },
  });
  const t = asChild(machine, { userId: ada.id });
  return { ...t, loads, snap: () => t.child.getSnapshot() };
}

describe('myReportsMachine', () => {
  it('loads the reports, each open or reviewed', async () => {
    const reviewed = report(2, { status: 'reviewed', reviewed_at: '2030-05-02T09:00:00.000Z' });
    const t = start(async () => [report(1), reviewed]);
    expect(selectMyReportsStatus(t.snap())).toBe('loading');
    await flush();
    expect(selectMyReportsStatus(t.snap())).toBe('ready');
    expect(t.snap().context).toMatchObject({ reports: [report(1), reviewed], hasMore: false });
  });

  it('offers older reports after a full page, and adds them once each', async () => {
    const t = start(async (offset) => (offset === 0 ? page(0, MY_REPORTS_PAGE) : page(MY_REPORTS_PAGE - 1, 3)));
    await flush();
    expect(t.snap().context.hasMore).toBe(true);
    t.child.send({ type: 'myReports.moreRequested' });
    expect(t.snap().matches('loadingMore')).toBe(true);
    expect(t.loads).toHaveBeenLastCalledWith(MY_REPORTS_PAGE);
    await flush();
    // One report filed meanwhile moved the last of the first page onto the second: it is shown once.
    expect(t.snap().context.reports.map((r) => r.id)).toEqual(page(0, MY_REPORTS_PAGE + 2).map((r) => r.id));
    expect(t.snap().context.hasMore).toBe(false);
    t.child.send({ type: 'myReports.moreRequested' });
    expect(t.snap().matches('ready')).toBe(true);
  });

  it('keeps the list and says so when older reports do not load', async () => {
    const t = start(async (offset) => {
      if (offset > 0) throw new ApiError(500, null);
      return page(0, MY_REPORTS_PAGE);
    });
    await flush();
    t.child.send({ type: 'myReports.moreRequested' });
    await flush();
    expect(t.snap().context).toMatchObject({ moreFailed: true, hasMore: true });
    expect(t.snap().context.reports).toHaveLength(MY_REPORTS_PAGE);
  });

  it('offers a retry when the list does not load, and tells the root of a lost session', async () => {
    const answers = [
      async (): Promise<MyReport[]> => {
        throw new ApiError(500, null);
      },
      async (): Promise<MyReport[]> => [report(1)],
      async (): Promise<MyReport[]> => {
        throw new ApiError(401, null);
      },
    ];
    const t = start(() => answers.shift()!());
    await flush();
    expect(selectMyReportsStatus(t.snap())).toBe('failed');
    t.child.send({ type: 'myReports.reloaded' });
    await flush();
    expect(t.snap().context.reports).toEqual([report(1)]);
    t.child.send({ type: 'myReports.reloaded' });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired' }]);
  });
});
