/**
 * The analytics view: the event's figures of SPEC 3 "Event analytics", loaded when the
 * view opens and again on request. A failed load is only logged (SPEC 8 has no message
 * for it); the view offers to try again.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { compatibilityPercent, type Level } from '../../contract/constants';
import type { Said } from '../../contract/said';
import type { Event } from '../../contract/events';
import type { EventAnalytics } from '../../contract/media';
import { isSessionGone, reportSessionGone, isEventGone, leaveGoneEvent, type EventChanged } from '../session-gone';
import { mediaApi } from '../api/media';
import { logFailure } from '../log';

export type AnalyticsEvent = { type: 'analytics.reloaded' } | EventChanged;

export interface AnalyticsContext {
  user: User;
  event: Event | null;
  analytics: EventAnalytics | null;
}

export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    input: {} as { user: User; event: Event | null },
    events: {} as AnalyticsEvent,
  },
  actors: {
    loadAnalytics: fromPromise<EventAnalytics, { userId: string; eventId: string }>(({ input }) =>
      mediaApi.analytics(input.userId, input.eventId),
    ),
  },
  guards: {
    hasEvent: ({ context }) => context.event !== null,
    isSessionGone,
    isEventGone,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    leaveGoneEvent: leaveGoneEvent(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => ({ user: input.user, event: input.event, analytics: null }),
  on: {
    // Cancelled or taken down: back to the events list, calmly (session-gone.ts).
    'live.event_changed': { guard: 'isEventGone', actions: 'leaveGoneEvent' },
  },
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'hasEvent', target: 'loading' }, { target: 'noEvent' }] },
    noEvent: {},
    loading: {
      invoke: {
        src: 'loadAnalytics',
        input: ({ context }) => ({ userId: context.user.id, eventId: context.event!.id }),
        onDone: { target: 'ready', actions: assign({ analytics: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load analytics', error: event.error }) } },
        ],
      },
    },
    ready: { on: { 'analytics.reloaded': 'loading' } },
    failed: { on: { 'analytics.reloaded': 'loading' } },
  },
});

export type AnalyticsActorRef = ActorRefFrom<typeof analyticsMachine>;
export type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>;

export const selectAnalyticsStatus = (s: AnalyticsSnapshot): 'noEvent' | 'loading' | 'failed' | 'ready' =>
  s.matches('noEvent') ? 'noEvent' : s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';

/** A 0-to-1 figure as SPEC 1 shows it: times 100, rounded, with a percent sign. */
export const percentText = (score: number): string => `${compatibilityPercent(score)}%`;

export interface DistributionSlice {
  level: Level;
  label: Said;
  count: number;
  /** Share of all pairs, 0 to 1. */
  share: number;
}

/** The SPEC 1 bands, strongest first, with the words the chart's legend uses. */
export const COMPATIBILITY_BANDS: ReadonlyArray<{ level: Level; label: Said }> = [
  { level: 'green', label: /*i18n*/ { id: 'analytics.band.green', message: 'Lots in common (over 70%)' } },
  { level: 'yellow', label: /*i18n*/ { id: 'analytics.band.yellow', message: 'Some common ground (over 40%, up to 70%)' } },
  { level: 'red', label: /*i18n*/ { id: 'analytics.band.red', message: 'Something to discover (40% or less)' } },
];

export function distributionSlices(a: EventAnalytics): DistributionSlice[] {
  const d = a.engagement_metrics.compatibility_distribution;
  const total = d.green + d.yellow + d.red;
  return COMPATIBILITY_BANDS.map(({ level, label }) => ({
    level,
    label,
    count: d[level],
    share: total === 0 ? 0 : d[level] / total,
  }));
}

export interface HourBar {
  hour: string;
  count: number;
}

/** The hours of connections_by_hour, oldest first, as the server sends them. */
export const hourBars = (a: EventAnalytics): HourBar[] => a.connections_by_hour.map(({ hour, count }) => ({ hour, count }));
