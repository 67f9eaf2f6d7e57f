/**
 * "Your reports" in privacy settings (issue 16): what the person reported and where each
 * stands, open or reviewed (never what a moderator did), newest first, a page at a time.
 * It loads again when the person files a report (the switchboard passes 'report.filed'
 * on through the privacy-settings chart), so a report made from the blocked list beside it
 * shows at once.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MyReport } from '../../contract/reports';
import { api } from '../api/client';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';

export type MyReportsEvent = { type: 'myReports.reloaded' } | { type: 'myReports.moreRequested' };

export interface MyReportsContext {
  userId: string;
  reports: MyReport[];
  hasMore: boolean;
  /** Loading the next page failed: said under the list, which stays. */
  moreFailed: boolean;
}

/** A page of reports: few people have many, and each is a few lines. */
export const MY_REPORTS_PAGE = 20;

type Page = { userId: string; offset: number };

export const myReportsMachine = setup({
  types: {
    context: {} as MyReportsContext,
    input: {} as { userId: string },
    events: {} as MyReportsEvent,
  },
  actors: {
    loadReports: fromPromise<MyReport[], Page>(({ input }) => api.myReports(input.userId, { limit: MY_REPORTS_PAGE, offset: input.offset })),
  },
  guards: {
    isSessionGone,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'myReports',
  context: ({ input }) => ({ userId: input.userId, reports: [], hasMore: false, moreFailed: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadReports',
        input: ({ context }) => ({ userId: context.userId, offset: 0 }),
        onDone: {
          target: 'ready',
          actions: assign({
            reports: ({ event }) => event.output,
            hasMore: ({ event }) => event.output.length >= MY_REPORTS_PAGE,
            moreFailed: false,
          }),
        },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load your reports', error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'myReports.reloaded': 'loading' } },
    ready: {
      on: {
        'myReports.reloaded': 'loading',
        'myReports.moreRequested': { guard: 'hasMore', target: 'loadingMore', actions: assign({ moreFailed: false }) },
      },
    },
    loadingMore: {
      invoke: {
        src: 'loadReports',
        input: ({ context }) => ({ userId: context.userId, offset: context.reports.length }),
        onDone: {
          target: 'ready',
          actions: assign({
            // A report filed meanwhile shifts the pages by one: nothing is shown twice.
            reports: ({ context, event }) => [...context.reports, ...event.output.filter((r) => !context.reports.some((k) => k.id === r.id))],
            hasMore: ({ event }) => event.output.length >= MY_REPORTS_PAGE,
          }),
        },
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: 'reportSessionGone' },
          { target: 'ready', actions: assign({ moreFailed: true }) },
        ],
      },
    },
  },
});

export type MyReportsActorRef = ActorRefFrom<typeof myReportsMachine>;
export type MyReportsSnapshot = SnapshotFrom<typeof myReportsMachine>;

export const selectMyReportsStatus = (s: MyReportsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
