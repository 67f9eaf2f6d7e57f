/**
 * The moderator queue, the admin Reports screen (issue 16): open reports oldest first, or
 * resolved ones latest first, in pages of 20, with one chart per report
 * (admin-report.machine.ts) for resolving it. One report at a time is open for review,
 * beside the list on a wide screen and in its place on a phone. Once one is resolved the
 * page is loaded again (the reports of the same thing are resolved with it). The admin
 * chart invokes it while the screen is open, and hears of successes and failures from it.
 */
import { assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AdminReportStatus, AdminReportsAnswer } from '../../contract/admin-reports';
import { ADMIN_PAGE_SIZE } from '../../contract/constants';
import { adminApi, type ReportsPageQuery } from '../api/admin';
import { adminReportMachine, isResolveFormOpen, type AdminReportActorRef, type ReportResolved } from './admin-report.machine';
import { SESSION_GONE, pagingGuards, rowsOf, succeeded, type AdminTold, type Paging } from './admin-pages';
import { focusElement } from '../form-errors';
import { isSessionGone } from '../session-gone';

export interface ReportRow {
  id: string;
  ref: AdminReportActorRef;
}

export interface AdminReportsContext extends Paging {
  adminId: string;
  status: AdminReportStatus;
  rows: ReportRow[];
  /** The report open for review, on this page. */
  selectedId: string | null;
  /** Bumped per load, so the rows of a new page never share ids with the old. */
  generation: number;
}

export type AdminReportsEvent =
  | { type: 'reports.statusChosen'; status: AdminReportStatus }
  | { type: 'reports.nextPage' }
  | { type: 'reports.previousPage' }
  | { type: 'report.selected'; id: string }
  | { type: 'report.closed' }
  | { type: 'view.reloaded' }
  | ReportResolved
  | AdminTold;

/** Element ids: a report's entry in the list, and the heading of the report open for review. */
export const reportEntryDomId = (reportId: string): string => `report-entry-${reportId}`;
export const REPORT_DETAIL_HEADING = 'report-detail-heading';

export const adminReportsMachine = setup({
  types: {
    context: {} as AdminReportsContext,
    input: {} as { adminId: string },
    events: {} as AdminReportsEvent,
  },
  actors: {
    reportRow: adminReportMachine,
    loadReports: fromPromise<AdminReportsAnswer, { adminId: string; query: ReportsPageQuery }>(({ input }) =>
      adminApi.reports(input.adminId, input.query),
    ),
  },
  guards: {
    isOtherStatus: ({ context, event }) => event.type === 'reports.statusChosen' && event.status !== context.status,
    isOnPage: ({ context, event }) => event.type === 'report.selected' && context.rows.some((r) => r.id === event.id),
    ...pagingGuards,
    // Wrapped, not the bare shared guard: beside actions with params, a function that is not
    // context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
  },
  actions: {
    turnToNextPage: assign({ page: ({ context }) => context.page + 1, selectedId: null }),
    turnToPreviousPage: assign({ page: ({ context }) => context.page - 1, selectedId: null }),
    /**
     * The rows of a new page, one chart per report, the old ones stopped. The report open for
     * review stays open if it is on the new page; if its form is open (a report can be chosen
     * while the page loads) its chart is kept, so what was typed, or a resolution under way,
     * is not lost.
     */
    showReports: enqueueActions(({ context, enqueue }, params: { answer: AdminReportsAnswer }) => {
      const { answer } = params;
      const selectedId = answer.reports.some((r) => r.id === context.selectedId) ? context.selectedId : null;
      const kept = context.rows.find((r) => r.id === selectedId && isResolveFormOpen(r.ref.getSnapshot()));
      for (const row of context.rows) if (row !== kept) enqueue.stopChild(row.ref);
      const generation = context.generation + 1;
      enqueue.assign({
        total: answer.total,
        generation,
        selectedId,
        rows: ({ spawn }) =>
          rowsOf(answer.reports, generation, (report, id) =>
            report.id === kept?.id ? kept.ref : spawn('reportRow', { id, input: { adminId: context.adminId, report } }),
          ),
      });
    }),
    // When another list is coming: the old one is not shown under the new heading meanwhile.
    stopRows: enqueueActions(({ context, enqueue }) => {
      for (const row of context.rows) enqueue.stopChild(row.ref);
      enqueue.assign({ rows: [], total: 0 });
    }),
    select: assign({ selectedId: ({ event }) => (event.type === 'report.selected' ? event.id : null) }),
    // On a phone the report takes the list's place: focus goes to it, and back to its entry after.
    focus: (_, params: { id: string | null }) => {
      if (params.id) focusElement(params.id);
    },
    tellAdmin: sendParent(({ event }) => event as AdminTold),
    toastResolved: sendParent(({ event }) => succeeded((event as ReportResolved).message)),
    sessionGone: sendParent(SESSION_GONE),
  },
}).createMachine({
  id: 'adminReports',
  context: ({ input }) => ({ adminId: input.adminId, status: 'open', page: 1, total: 0, rows: [], selectedId: null, generation: 0 }),
  initial: 'loading',
  on: {
    // Open or resolved, whatever the list is doing: a load under way is dropped for the new one.
    'reports.statusChosen': {
      guard: 'isOtherStatus',
      target: '.loading',
      reenter: true,
      actions: ['stopRows', assign({ status: ({ event }) => event.status, page: 1, selectedId: null })],
    },
    // Whatever the list is doing: a page being loaded again, or that failed to, still shows its
    // rows, and each row's chart needs nothing the load brings (showReports keeps the choice).
    'report.selected': { guard: 'isOnPage', actions: ['select', { type: 'focus', params: { id: REPORT_DETAIL_HEADING } }] },
    'report.closed': {
      actions: [
        { type: 'focus', params: ({ context }) => ({ id: context.selectedId && reportEntryDomId(context.selectedId) }) },
        assign({ selectedId: null }),
      ],
    },
    // Resolved: said, and the page loaded again without it (and the reports resolved with it);
    // a load already under way is started again, as it may have been asked before the resolution.
    'review.resolved': { target: '.loading', reenter: true, actions: ['toastResolved', assign({ selectedId: null })] },
    'row.failed': { actions: 'tellAdmin' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadReports',
        input: ({ context }) => ({ adminId: context.adminId, query: { status: context.status, page: context.page, limit: ADMIN_PAGE_SIZE } }),
        onDone: { target: 'ready', actions: { type: 'showReports', params: ({ event }) => ({ answer: event.output }) } },
        onError: [{ guard: 'isSessionGone', actions: 'sessionGone' }, { target: 'failed' }],
      },
    },
    ready: {
      on: {
        'reports.nextPage': { guard: 'hasNextPage', target: 'loading', actions: 'turnToNextPage' },
        'reports.previousPage': { guard: 'hasPreviousPage', target: 'loading', actions: 'turnToPreviousPage' },
        'view.reloaded': { target: 'loading', actions: assign({ selectedId: null }) },
      },
    },
    // The page that failed to load again is still shown under the failure, pager and all.
    failed: {
      on: {
        'reports.nextPage': { guard: 'hasNextPage', target: 'loading', actions: 'turnToNextPage' },
        'reports.previousPage': { guard: 'hasPreviousPage', target: 'loading', actions: 'turnToPreviousPage' },
        'view.reloaded': 'loading',
      },
    },
  },
});

export type AdminReportsActorRef = ActorRefFrom<typeof adminReportsMachine>;
export type AdminReportsSnapshot = SnapshotFrom<typeof adminReportsMachine>;

export const selectReportsStatus = (s: AdminReportsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';

/** The report open for review, if it is on the page. */
export const selectedRow = (s: AdminReportsSnapshot): ReportRow | null =>
  s.context.rows.find((r) => r.id === s.context.selectedId) ?? null;
