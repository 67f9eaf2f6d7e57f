/**
 * The admin Analytics screen (issue 16): sign-ups, active people, connection requests
 * sent and accepted, and reports, per day over the last 7, 30, 90 or 365 days (UTC days,
 * oldest first, as the server counts them). The admin chart invokes it while the screen
 * is open; choosing another span loads it at once, dropping a load under way.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AnalyticsDay } from '../../contract/admin-events';
import { adminApi } from '../api/admin';
import { SESSION_GONE } from './admin-pages';
import { isSessionGone } from '../session-gone';

/** The spans offered; the first shown is the server's own default (30). */
export const ANALYTICS_SPANS = [7, 30, 90, 365] as const;
export type AnalyticsSpan = (typeof ANALYTICS_SPANS)[number];
export const DEFAULT_SPAN: AnalyticsSpan = 30;

export type AdminAnalyticsEvent = { type: 'analytics.spanChosen'; days: AnalyticsSpan } | { type: 'view.reloaded' };

export interface AdminAnalyticsContext {
  adminId: string;
  days: AnalyticsSpan;
  /** The figures of the span shown; null until the first load. */
  perDay: AnalyticsDay[] | null;
}

export const adminAnalyticsMachine = setup({
  types: {
    context: {} as AdminAnalyticsContext,
    input: {} as { adminId: string },
    events: {} as AdminAnalyticsEvent,
  },
  actors: {
    loadAnalytics: fromPromise<AnalyticsDay[], { adminId: string; days: number }>(
      async ({ input }) => (await adminApi.analytics(input.adminId, input.days)).per_day,
    ),
  },
  guards: {
    isOtherSpan: ({ context, event }) => event.type === 'analytics.spanChosen' && event.days !== context.days,
    // Wrapped, not the bare shared guard: beside actions with params, a function that is not
    // context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
  },
  actions: {
    sessionGone: sendParent(SESSION_GONE),
  },
}).createMachine({
  id: 'adminAnalytics',
  context: ({ input }) => ({ adminId: input.adminId, days: DEFAULT_SPAN, perDay: null }),
  initial: 'loading',
  on: {
    'analytics.spanChosen': {
      guard: 'isOtherSpan',
      target: '.loading',
      reenter: true,
      actions: assign({ days: ({ event }) => event.days }),
    },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadAnalytics',
        input: ({ context }) => ({ adminId: context.adminId, days: context.days }),
        onDone: { target: 'ready', actions: assign({ perDay: ({ event }) => event.output }) },
        onError: [{ guard: 'isSessionGone', actions: 'sessionGone' }, { target: 'failed' }],
      },
    },
    ready: { on: { 'view.reloaded': 'loading' } },
    failed: { on: { 'view.reloaded': 'loading' } },
  },
});

export type AdminAnalyticsActorRef = ActorRefFrom<typeof adminAnalyticsMachine>;
export type AdminAnalyticsSnapshot = SnapshotFrom<typeof adminAnalyticsMachine>;

export const selectAnalyticsStatus = (s: AdminAnalyticsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';

/** The figures of a span: totals, and for active people the busiest day (people are counted once a day, not once a span). */
export interface AnalyticsTotals {
  sign_ups: number;
  most_active: number;
  requests_sent: number;
  requests_accepted: number;
  reports: number;
}

export function analyticsTotals(days: readonly AnalyticsDay[]): AnalyticsTotals {
  const sum = (key: keyof Omit<AnalyticsDay, 'date'>) => days.reduce((n, d) => n + d[key], 0);
  return {
    sign_ups: sum('sign_ups'),
    most_active: days.reduce((n, d) => Math.max(n, d.active_people), 0),
    requests_sent: sum('requests_sent'),
    requests_accepted: sum('requests_accepted'),
    reports: sum('reports'),
  };
}

/** Every how many days the axis names one: each of a week's, else about six along the span. */
export const axisLabelEvery = (days: number): number => (days <= 8 ? 1 : Math.ceil(days / 6));
