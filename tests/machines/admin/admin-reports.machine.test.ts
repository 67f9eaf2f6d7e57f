import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { AdminReportsAnswer, ResolveReportAnswer, ResolveReportBody } from '../../../contract/admin-reports';
import { MESSAGES } from '../../../contract/messages';
import { adminReportMachine } from '../../../machines/admin/admin-report.machine';
import { adminReportsMachine, REPORT_DETAIL_HEADING, reportEntryDomId, selectedRow, selectReportsStatus, type ReportRow } from '../../../machines/admin/admin-reports.machine';
import type { ReportsPageQuery } from '../../../machines/api/admin';
import { ApiError } from '../../../machines/api/client';
import { messageReport, resolvedReport } from '../../model/admin-fixtures';

import { ADMIN_ID, underParent } from './admin.fakes';
import { english } from '../../../contract/said';

/** A page of the queue: `total` open (or resolved) reports, 20 a page. */
const pageOf = (q: ReportsPageQuery, total: number): AdminReportsAnswer => {
  const count = Math.min(q.limit, Math.max(0, total - (q.page - 1) * q.limit));
  const reports = Array.from({ length: count }, (_, i) => {
    const r = messageReport((q.page - 1) * q.limit + i + 1);
    return q.status === 'resolved' ? resolvedReport(r, 'dismiss', 'Not harassment') : r;
  });
  return { reports, total, page: q.page, limit: q.limit };
};

type ResolveCall = { adminId: string; reportId: string; body: ResolveReportBody };

/** The queue under a parent (the admin chart's place) that records what it is told; every call faked. */
function startQueue(load: (q: ReportsPageQuery) => Promise<AdminReportsAnswer> = async (q) => pageOf(q, 3)) {
  const calls = {
    load: vi.fn(load),
    resolve: vi.fn(async (input: ResolveCall): Promise<ResolveReportAnswer> => ({
      success: true,
      resolved_report_ids: [input.reportId],
      report: resolvedReport(messageReport(), input.body.action, input.body.reason),
    })),
    focus: vi.fn((_id: string | null) => {}),
  };
  const queue = adminReportsMachine.provide({
    actors: {
      loadReports: fromPromise<AdminReportsAnswer, { adminId: string; query: ReportsPageQuery }>(({ input }) => calls.load(input.query)),
      reportRow: adminReportMachine.provide({
        actors: { resolve: fromPromise<ResolveReportAnswer, ResolveCall>(({ input }) => calls.resolve(input)) },
      }),
    },
    actions: { focus: (_, params) => calls.focus(params.id) },
  });
  const { ref, told, snap } = underParent(queue, { adminId: ADMIN_ID });
  const ready = () => waitFor(ref, (s) => s.matches('ready'));
  return { ref, calls, told, ready, snap };
}

type Queue = ReturnType<typeof startQueue>;

/** The next load of the queue, held until the test answers it. */
function held(q: Queue) {
  let answer: (a: AdminReportsAnswer) => void = () => {};
  q.calls.load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
  return { answer: (a: AdminReportsAnswer) => answer(a) };
}

/** Dismisses a report through its own form. */
function resolveRow(row: ReportRow) {
  row.ref.send({ type: 'resolve.opened', action: 'dismiss' });
  row.ref.send({ type: 'resolve.fieldChanged', field: 'reason', value: 'Not harassment' });
  row.ref.send({ type: 'resolve.submitted' });
}

describe('adminReportsMachine: the queue', () => {
  it('loads the open reports, page 1 of 20, with a chart per report', async () => {
    const q = startQueue();
    expect(selectReportsStatus(q.snap())).toBe('loading');
    await q.ready();
    expect(q.calls.load).toHaveBeenCalledWith({ status: 'open', page: 1, limit: 20 });
    expect(q.snap().context.rows.map((r) => r.id)).toEqual([1, 2, 3].map((n) => messageReport(n).id));
    expect(q.snap().context.rows[0]!.ref.getSnapshot().matches({ open: 'idle' })).toBe(true);
    expect(q.snap().context.total).toBe(3);
  });

  it('shows the resolved ones from page 1, dropping the open list at once; choosing the same again does nothing', async () => {
    const q = startQueue(async (query) => pageOf(query, 45));
    await q.ready();
    q.ref.send({ type: 'reports.nextPage' });
    await q.ready();
    const old = q.snap().context.rows;
    q.ref.send({ type: 'reports.statusChosen', status: 'resolved' });
    expect(q.snap().context.rows).toEqual([]);
    expect(old.every((r) => r.ref.getSnapshot().status === 'stopped')).toBe(true);
    await q.ready();
    expect(q.calls.load).toHaveBeenLastCalledWith({ status: 'resolved', page: 1, limit: 20 });
    expect(q.snap().context.rows[0]!.ref.getSnapshot().matches('resolved')).toBe(true);
    q.ref.send({ type: 'reports.statusChosen', status: 'resolved' });
    expect(q.calls.load).toHaveBeenCalledTimes(3);
  });

  it('switches while a page is loading, and only the new list arrives', async () => {
    let answerOpen: (a: AdminReportsAnswer) => void = () => {};
    const q = startQueue((query) =>
      query.status === 'open' ? new Promise((resolve) => (answerOpen = resolve)) : Promise.resolve(pageOf(query, 1)),
    );
    q.ref.send({ type: 'reports.statusChosen', status: 'resolved' });
    await q.ready();
    answerOpen(pageOf({ status: 'open', page: 1, limit: 20 }, 3));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(q.snap().context.status).toBe('resolved');
    expect(q.snap().context.rows).toHaveLength(1);
  });

  it('pages with Next and Previous within 1..last', async () => {
    const q = startQueue(async (query) => pageOf(query, 45));
    await q.ready();
    q.ref.send({ type: 'reports.previousPage' });
    expect(q.calls.load).toHaveBeenCalledTimes(1);
    for (const page of [2, 3]) {
      q.ref.send({ type: 'reports.nextPage' });
      await q.ready();
      expect(q.calls.load).toHaveBeenLastCalledWith(expect.objectContaining({ page }));
    }
    q.ref.send({ type: 'reports.nextPage' });
    expect(q.calls.load).toHaveBeenCalledTimes(3);
    q.ref.send({ type: 'reports.previousPage' });
    await q.ready();
    expect(q.calls.load).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('opens one report of the page for review, focusing it, and closes it back to its entry', async () => {
    const q = startQueue();
    await q.ready();
    const second = messageReport(2).id;
    q.ref.send({ type: 'report.selected', id: 'not-on-this-page' });
    expect(selectedRow(q.snap())).toBeNull();
    q.ref.send({ type: 'report.selected', id: second });
    expect(selectedRow(q.snap())?.id).toBe(second);
    expect(q.calls.focus).toHaveBeenLastCalledWith(REPORT_DETAIL_HEADING);
    q.ref.send({ type: 'report.closed' });
    expect(selectedRow(q.snap())).toBeNull();
    expect(q.calls.focus).toHaveBeenLastCalledWith(reportEntryDomId(second));
  });

  it('loads the page again once a report is resolved, and the admin chart shows the toast', async () => {
    let open = 2;
    const q = startQueue(async (query) => pageOf(query, open));
    await q.ready();
    const first = q.snap().context.rows[0]!;
    q.ref.send({ type: 'report.selected', id: first.id });
    first.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    first.ref.send({ type: 'resolve.fieldChanged', field: 'reason', value: 'Not harassment' });
    open = 1;
    first.ref.send({ type: 'resolve.submitted' });
    await waitFor(q.ref, (s) => s.matches('ready') && s.context.total === 1);
    expect(q.calls.load).toHaveBeenCalledTimes(2);
    expect(english(q.told)).toEqual(english([{ type: 'row.succeeded', message: 'Report dismissed' }]));
    expect(q.snap().context.selectedId).toBeNull();
  });

  it('opens a report chosen while the page loads again after a resolution, and keeps it open once loaded', async () => {
    const q = startQueue();
    await q.ready();
    const [first, second] = q.snap().context.rows;
    const again = held(q);
    resolveRow(first!);
    await waitFor(q.ref, () => q.told.length > 0);
    expect(selectReportsStatus(q.snap())).toBe('loading');
    q.ref.send({ type: 'report.selected', id: second!.id });
    expect(selectedRow(q.snap())?.id).toBe(second!.id);
    expect(q.calls.focus).toHaveBeenLastCalledWith(REPORT_DETAIL_HEADING);
    again.answer(pageOf({ status: 'open', page: 1, limit: 20 }, 3));
    await q.ready();
    expect(selectedRow(q.snap())?.id).toBe(second!.id);
    expect(selectedRow(q.snap())?.ref).not.toBe(second!.ref);
    q.ref.send({ type: 'report.closed' });
    expect(selectedRow(q.snap())).toBeNull();
  });

  it('keeps the chart of a report whose form was opened while the page loaded, and lets go of one no longer on it', async () => {
    const q = startQueue();
    await q.ready();
    const [, second, third] = q.snap().context.rows;
    let again = held(q);
    q.ref.send({ type: 'view.reloaded' });
    q.ref.send({ type: 'report.selected', id: second!.id });
    second!.ref.send({ type: 'resolve.opened', action: 'dismiss' });
    second!.ref.send({ type: 'resolve.fieldChanged', field: 'reason', value: 'Not harassment' });
    again.answer(pageOf({ status: 'open', page: 1, limit: 20 }, 3));
    await q.ready();
    expect(selectedRow(q.snap())?.ref).toBe(second!.ref);
    expect(second!.ref.getSnapshot().context.draft.reason).toBe('Not harassment');
    expect(third!.ref.getSnapshot().status).toBe('stopped');
    again = held(q);
    q.ref.send({ type: 'view.reloaded' });
    q.ref.send({ type: 'report.selected', id: third!.id });
    again.answer(pageOf({ status: 'open', page: 1, limit: 20 }, 2));
    await q.ready();
    expect(q.snap().context.selectedId).toBeNull();
  });

  it('opens and resolves a report of the page still shown after a reload failed, and pages from there', async () => {
    const q = startQueue(async (query) => pageOf(query, 45));
    await q.ready();
    const second = q.snap().context.rows[1]!;
    q.calls.load.mockImplementationOnce(async () => {
      throw new ApiError(500, null);
    });
    q.ref.send({ type: 'view.reloaded' });
    await waitFor(q.ref, (s) => s.matches('failed'));
    q.ref.send({ type: 'report.selected', id: second.id });
    expect(selectedRow(q.snap())?.id).toBe(second.id);
    resolveRow(second);
    await waitFor(q.ref, (s) => s.matches('ready') && q.told.length > 0);
    expect(english(q.told)).toEqual(english([{ type: 'row.succeeded', message: 'Report dismissed' }]));
    expect(q.calls.load).toHaveBeenCalledTimes(3);
    q.calls.load.mockImplementationOnce(async () => {
      throw new ApiError(500, null);
    });
    q.ref.send({ type: 'view.reloaded' });
    await waitFor(q.ref, (s) => s.matches('failed'));
    q.ref.send({ type: 'reports.nextPage' });
    await q.ready();
    expect(q.calls.load).toHaveBeenLastCalledWith({ status: 'open', page: 2, limit: 20 });
  });

  it('says it could not load, and tries again', async () => {
    const q = startQueue(async () => {
      throw new ApiError(500, null);
    });
    await waitFor(q.ref, (s) => s.matches('failed'));
    expect(q.told).toEqual([]);
    q.calls.load.mockImplementation(async (query) => pageOf(query, 0));
    q.ref.send({ type: 'view.reloaded' });
    await q.ready();
    expect(q.snap().context.rows).toEqual([]);
  });

  it('tells the admin chart when the session is gone, and passes a report’s failure on', async () => {
    const q = startQueue(async () => {
      throw new ApiError(401, 'You need to be signed in as an admin to do that');
    });
    await waitFor(q.ref, () => q.told.length > 0);
    expect(q.told).toEqual([{ type: 'row.failed', message: MESSAGES.adminUserNotLoaded, unauthorized: true }]);
    q.ref.send({ type: 'row.failed', message: MESSAGES.failedBanUser, unauthorized: false });
    expect(q.told.at(-1)).toEqual({ type: 'row.failed', message: MESSAGES.failedBanUser, unauthorized: false });
  });
});
