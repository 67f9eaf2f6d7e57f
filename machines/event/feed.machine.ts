/**
 * The event's feed in the event view ("What's happening"): what happened at the event,
 * newest first, kept up to date by the live channel's event_feed (SPEC 7). A failure to
 * load it is only logged (SPEC 8); the feed then simply says nothing yet.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { Event } from '../../contract/events';
import type { FeedEntry } from '../../contract/media';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { mediaApi } from '../api/media';
import { logFailure } from '../log';

/** The server keeps this many lines (contract/media.ts FEED_MAX); so does the view. */
export const FEED_SHOWN = 50;

export type FeedEvent =
  | { type: 'feed.reloaded' }
  // Forwarded by the live channel; reconnecting reloads, as the socket may have missed lines (DESIGN 6).
  | { type: 'live.event_feed'; feed: FeedEntry; event_id?: string }
  | { type: 'live.reconnected' };

export interface FeedContext {
  user: User;
  event: Event | null;
  entries: FeedEntry[];
  /** Lines that came live while the list was loading: the loaded list may predate them. */
  arrived: FeedEntry[];
}

const newestFirst = (a: FeedEntry, b: FeedEntry) => Date.parse(b.created_at) - Date.parse(a.created_at);

/**
 * Puts a live line into the feed. A line with a known id replaces the old one: new
 * connections are counted per hour under one id ("3 new connections were made"), so the
 * count grows in place instead of repeating. The list stays newest first.
 */
export function upsertEntry(entries: FeedEntry[], entry: FeedEntry): FeedEntry[] {
  const others = entries.filter((e) => e.id !== entry.id);
  return [entry, ...others].sort(newestFirst).slice(0, FEED_SHOWN);
}

export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    input: {} as { user: User; event: Event | null },
    events: {} as FeedEvent,
  },
  actors: {
    loadFeed: fromPromise<FeedEntry[], { userId: string; eventId: string }>(({ input }) =>
      mediaApi.feed(input.userId, input.eventId),
    ),
  },
  guards: {
    hasEvent: ({ context }) => context.event !== null,
    isSessionGone,
    // A line from another event (the socket may still carry one after switching events).
    isForThisEvent: ({ context, event }) =>
      event.type === 'live.event_feed' && (event.event_id === undefined || event.event_id === context.event?.id),
  },
  actions: {
    // Entries that arrived live while the list was loading are kept, newest first.
    takeFeed: assign({
      entries: ({ context }, params: { entries: FeedEntry[] }) => context.arrived.reduce(upsertEntry, [...params.entries].sort(newestFirst)),
    }),
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    upsertEntry: assign({
      entries: ({ context }, params: { entry: FeedEntry }) => upsertEntry(context.entries, params.entry),
    }),
    noteArrival: assign({
      arrived: ({ context }, params: { entry: FeedEntry }) => [...context.arrived, params.entry],
    }),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({ user: input.user, event: input.event, entries: [], arrived: [] }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'hasEvent', target: 'loading' }, { target: 'noEvent' }] },
    noEvent: {},
    loading: {
      entry: assign({ arrived: [] }),
      invoke: {
        src: 'loadFeed',
        input: ({ context }) => ({ userId: context.user.id, eventId: context.event!.id }),
        onDone: {
          target: 'ready',
          actions: { type: 'takeFeed', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load feed', error: event.error }) } },
        ],
      },
      on: {
        'live.event_feed': {
          guard: 'isForThisEvent',
          actions: [
            { type: 'upsertEntry', params: ({ event }) => ({ entry: event.feed }) },
            { type: 'noteArrival', params: ({ event }) => ({ entry: event.feed }) },
          ],
        },
      },
    },
    ready: {
      on: {
        'live.event_feed': { guard: 'isForThisEvent', actions: { type: 'upsertEntry', params: ({ event }) => ({ entry: event.feed }) } },
        'feed.reloaded': 'loading',
        'live.reconnected': 'loading',
      },
    },
  },
});

export type FeedActorRef = ActorRefFrom<typeof feedMachine>;
export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;

export const selectFeedLoading = (s: FeedSnapshot): boolean => s.matches('loading');
