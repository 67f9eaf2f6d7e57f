/**
 * "Follow in your calendar" on My meetings (issue 42): the secret address of the person's
 * calendar feed, fetched only when they ask for it, with Copy and, after a question, a new
 * address that ends the old one (for when it was shared by mistake).
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CalendarFeed } from '../../contract/calendar';
import type { Said } from '../../contract/said';
import { meetingsApi } from '../api/meetings';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';

export const CALENDAR_FEED_WORDS = {
  copied: /*i18n*/ { id: 'calendarFeed.copied', message: 'Calendar address copied' },
  renewed: /*i18n*/ { id: 'calendarFeed.renewed', message: 'New calendar address made. The old one no longer works.' },
  failed: /*i18n*/ { id: 'calendarFeed.failed', message: "We couldn't get your calendar address just now. Please try again." },
  copyFailed: /*i18n*/ { id: 'calendarFeed.copyFailed', message: "We couldn't copy it. Select the address and copy it yourself." },
} satisfies Record<string, Said>;

export type CalendarFeedEvent =
  | { type: 'feed.opened' }
  | { type: 'feed.copyRequested' }
  | { type: 'feed.renewRequested' }
  | { type: 'feed.renewConfirmed' }
  | { type: 'feed.cancelled' };

export const calendarFeedMachine = setup({
  types: {
    context: {} as { userId: string; feed: CalendarFeed | null; error: Said | null },
    input: {} as { userId: string },
    events: {} as CalendarFeedEvent,
  },
  actors: {
    loadFeed: fromPromise<CalendarFeed, { userId: string }>(({ input }) => meetingsApi.calendarFeed(input.userId)),
    renewFeed: fromPromise<CalendarFeed, { userId: string }>(({ input }) => meetingsApi.resetCalendarFeed(input.userId)),
    copy: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
  guards: { isSessionGone },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
  },
}).createMachine({
  id: 'calendarFeed',
  context: ({ input }) => ({ userId: input.userId, feed: null, error: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'feed.opened': 'loading' } },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'loadFeed',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'shown', actions: assign({ feed: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          {
            target: 'closed',
            actions: [assign({ error: CALENDAR_FEED_WORDS.failed }), { type: 'logFailure', params: ({ event }) => ({ what: 'load calendar feed', error: event.error }) }],
          },
        ],
      },
    },
    shown: {
      on: {
        'feed.copyRequested': 'copying',
        'feed.renewRequested': { target: 'confirmingRenew', actions: assign({ error: null }) },
      },
    },
    copying: {
      invoke: {
        src: 'copy',
        input: ({ context }) => ({ text: context.feed!.url }),
        onDone: { target: 'shown', actions: { type: 'toast', params: { message: CALENDAR_FEED_WORDS.copied } } },
        onError: { target: 'shown', actions: assign({ error: CALENDAR_FEED_WORDS.copyFailed }) },
      },
    },
    confirmingRenew: { on: { 'feed.renewConfirmed': 'renewing', 'feed.cancelled': 'shown' } },
    renewing: {
      invoke: {
        src: 'renewFeed',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'shown', actions: [assign({ feed: ({ event }) => event.output }), { type: 'toast', params: { message: CALENDAR_FEED_WORDS.renewed } }] },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'shown', actions: [assign({ error: CALENDAR_FEED_WORDS.failed }), { type: 'logFailure', params: ({ event }) => ({ what: 'renew calendar feed', error: event.error }) }] },
        ],
      },
    },
  },
});

export type CalendarFeedActorRef = ActorRefFrom<typeof calendarFeedMachine>;
export type CalendarFeedMode = 'closed' | 'loading' | 'shown' | 'confirmingRenew';

export function selectFeedMode(s: SnapshotFrom<typeof calendarFeedMachine>): CalendarFeedMode {
  if (s.matches('loading')) return 'loading';
  if (s.matches('confirmingRenew') || s.matches('renewing')) return 'confirmingRenew';
  if (s.matches('shown') || s.matches('copying')) return 'shown';
  return 'closed';
}
