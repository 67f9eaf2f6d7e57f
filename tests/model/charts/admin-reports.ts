/**
 * The moderator queue as QA's model (issue 16): open or resolved reports in pages of 20,
 * one open for review at a time, loaded again once it is resolved.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AdminReport, AdminReportStatus, AdminReportsAnswer } from '../../../contract/admin-reports';
import { adminReportsMachine, type ReportRow } from '../../../machines/admin/admin-reports.machine';
import { hasNextPage, hasPreviousPage } from '../../../machines/admin/admin-pages';
import { messageReport, resolvedReport } from '../admin-fixtures';
import { admin } from '../fixtures';
import { invocationEvent, type ChartModel } from '../harness';
import { SIGNED_OUT, loadOutcome, sessionGone } from './admin-common';

export const LOAD_DONE = invocationEvent(adminReportsMachine, 'adminReports.loading', 'done');
export const LOAD_ERROR = invocationEvent(adminReportsMachine, 'adminReports.loading', 'error');

/** What resolving a report says (the reason the path writes is the dismissal's). */
export const DISMISSED = 'Report dismissed';
export const DISMISS_REASON = 'Not harassment: a joke between friends';

/** What the queue's model reads of its context (the tests too). */
export interface Queue {
  status: AdminReportStatus;
  page: number;
  total: number;
  rows: ReportRow[];
  selectedId: string | null;
}
const ctx = (s: AnyMachineSnapshot) => s.context as Queue;

const page = (reports: AdminReport[], total: number, p: number): AdminReportsAnswer => ({ reports, total, page: p, limit: 20 });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => messageReport(from + i));

/** The pages the server may answer: a short queue, a queue of two pages, an empty one; one resolved report. */
function answers(c: Queue): Array<{ variant: string; output: AdminReportsAnswer }> {
  if (c.status === 'resolved') return [{ variant: 'one resolved', output: page([resolvedReport(messageReport(1), 'warn', 'Be kind')], 1, 1) }];
  if (c.page === 2) return [{ variant: 'the last of 21', output: page(range(21, 1), 21, 2) }];
  return [
    { variant: 'two waiting', output: page(range(1, 2), 2, 1) },
    { variant: '21 waiting', output: page(range(1, 20), 21, 1) },
    { variant: 'none waiting', output: page([], 0, 1) },
  ];
}

function events(type: string, s: AnyMachineSnapshot): AnyEventObject[] | undefined {
  const c = ctx(s);
  const load = loadOutcome(type, { done: LOAD_DONE, error: LOAD_ERROR }, () => answers(c));
  if (load) return load;
  const reviewing = c.selectedId !== null && c.status === 'open';
  switch (type) {
    case 'reports.statusChosen':
      return [{ type, status: c.status === 'open' ? 'resolved' : 'open' }];
    // The pager's buttons are there only when there is a page that way.
    case 'reports.nextPage':
      return hasNextPage(c) ? [{ type }] : [];
    case 'reports.previousPage':
      return hasPreviousPage(c) ? [{ type }] : [];
    case 'report.selected':
      return c.rows.length > 0 && c.selectedId === null ? [{ type, id: c.rows[0]!.id }] : [];
    case 'report.closed':
      return c.selectedId !== null ? [{ type }] : [];
    case 'view.reloaded':
      return [{ type }];
    // Sent by the report open for review, once the admin has dismissed it (its own chart has its own model).
    case 'review.resolved':
      return reviewing ? [{ type, reportIds: [c.selectedId], message: DISMISSED }] : [];
    case 'row.failed':
      return reviewing ? [{ type, message: 'Failed to resolve report', unauthorized: true, variant: 'session gone' }] : [];
    default:
      return undefined;
  }
}

export const adminReportsModel: ChartModel = {
  name: 'admin reports',
  machine: adminReportsMachine,
  starts: [{ label: 'the admin opens Reports', input: { adminId: admin.id } }],
  events,
  serializeState: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.status, c.page, c.total, c.rows.map((r) => r.id), c.selectedId]);
  },
  endsPath: sessionGone,
  say: (e, before) => {
    switch (e.type) {
      case 'reports.statusChosen':
        return `the admin presses ${e.status === 'open' ? 'Open' : 'Resolved'}`;
      case 'reports.nextPage':
        return 'the admin presses Next';
      case 'reports.previousPage':
        return 'the admin presses Previous';
      case 'report.selected':
        return 'the admin opens the first report';
      case 'report.closed':
        return 'the admin presses Back to the list';
      case 'view.reloaded':
        return `the admin presses ${before.matches('failed') ? 'Try again' : 'Refresh'}`;
      case 'review.resolved':
        return `the admin dismisses the report, writing “${DISMISS_REASON}”`;
      case 'row.failed':
        return 'the admin dismisses the report, but the server says the admin’s session is gone';
      case LOAD_DONE:
        return `the server answers: ${e.variant}`;
      default:
        return sessionGone(e) ? 'the server says the admin’s session is gone' : 'the server fails';
    }
  },
  see: {
    loading: (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      const said = e.type === 'review.resolved' ? ` and the toast “${DISMISSED}”` : '';
      return `the ${c.status} reports loading${c.rows.length ? ' over the page shown' : ''}${said}`;
    },
    ready: (s, e) => {
      if (sessionGone(e)) return SIGNED_OUT;
      const c = ctx(s);
      if (c.total === 0) return `no ${c.status} reports`;
      const open = c.selectedId ? ', the first open for review beside them' : '';
      return `${c.rows.length} of ${c.total} ${c.status} reports, page ${c.page}${open}`;
    },
    failed: (s) => `that the reports could not load, with Try again${ctx(s).rows.length ? ' above the page shown' : ''}`,
  },
  about:
    'The Reports screen in the whole app’s admin area. Its pages are answered by msw, each held until the path says ' +
    'how it ends (a page asked again before its answer is answered last); a report is resolved through its own form ' +
    '(the admin report chart), whose answer msw gives as the path says.',
};
