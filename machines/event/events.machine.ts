/**
 * The events list (SPEC 2 "Events list", SPEC 4): loads the events, filters them by
 * type, hides and shows events on this device (kept by the hidden-events store), and
 * joins or opens one. Opening hands the event to the root chart, which shows it. When
 * the organizers of a listed event change its details, or the live channel comes back
 * after a break (news may have been missed), the list is read again quietly (its cards
 * stay while it loads); a cancelled or taken-down event leaves it at once.
 */
import { assertEvent, assign, fromPromise, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../../contract/common';
import { eventMatchesFilter, type EventFilter } from '../../contract/constants';
import type { Event } from '../../contract/events';
import { MESSAGES } from '../../contract/messages';
import { api } from '../api/client';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone, changeOf, isGoneChange, type EventChanged } from '../session-gone';
import { hiddenEventsStore, type HiddenEventsRestored } from './hidden-events.actor';

export type EventsEvent =
  | { type: 'events.reloaded' }
  | { type: 'events.filterChanged'; filter: EventFilter }
  | { type: 'events.hideToggled'; eventId: string }
  | { type: 'events.showHiddenToggled' }
  | { type: 'events.eventChosen'; eventId: string }
  | EventChanged
  | { type: 'live.reconnected' }
  | HiddenEventsRestored;

/** What the root chart hears when an event is to be shown. */
export type EventOpened = { type: 'event.opened'; event: Event };

export interface EventsContext {
  user: User;
  events: Event[];
  failed: boolean;
  filter: EventFilter;
  /** Ids hidden on this device, in the order they were hidden. */
  hidden: string[];
  showHidden: boolean;
  /** The event being joined, so its button can say so. */
  joiningId: string | null;
}

const findEvent = (context: EventsContext, id: string | null) => context.events.find((e) => e.id === id);

/** What the live message says changed about a listed event; null when it names none of them. */
const listedChange = (context: EventsContext, event: { type: string }) =>
  event.type === 'live.event_changed' ? changeOf(event, findEvent(context, (event as EventChanged).event_id)?.id) : null;

/** The event just joined, as the server now has it: attending, one more attendee. */
function joinedEvent(context: EventsContext): Event {
  const e = findEvent(context, context.joiningId)!;
  return { ...e, is_attending: true, attendee_count: e.attendee_count + 1 };
}

export const eventsMachine = setup({
  types: {
    context: {} as EventsContext,
    input: {} as { user: User },
    events: {} as EventsEvent,
  },
  actors: {
    loadEvents: fromPromise<Event[], { userId: string }>(({ input }) => api.listEvents(input.userId)),
    joinEvent: fromPromise<unknown, { userId: string; eventId: string }>(({ input }) =>
      api.joinEvent(input.userId, input.eventId),
    ),
    hiddenEventsStore,
  },
  guards: {
    isSessionGone,
    isAttending: ({ context, event }) => {
      assertEvent(event, 'events.eventChosen');
      return findEvent(context, event.eventId)?.is_attending === true;
    },
    isKnownEvent: ({ context, event }) => {
      assertEvent(event, 'events.eventChosen');
      return findEvent(context, event.eventId) !== undefined;
    },
    listedEventGone: ({ context, event }) => {
      const change = listedChange(context, event);
      return change !== null && isGoneChange(change);
    },
    listedEventEdited: ({ context, event }) => listedChange(context, event) === 'details',
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    toggleHidden: assign({
      hidden: ({ context, event }) => {
        assertEvent(event, 'events.hideToggled');
        return context.hidden.includes(event.eventId)
          ? context.hidden.filter((id) => id !== event.eventId)
          : [...context.hidden, event.eventId];
      },
    }),
    persistHidden: sendTo('hiddenStore', ({ context }) => ({ type: 'hidden.save' as const, ids: context.hidden })),
    openEvent: sendParent((_, params: { event: Event }): EventOpened => ({ type: 'event.opened', event: params.event })),
    dropGoneEvent: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'live.event_changed');
        return context.events.filter((e) => e.id !== event.event_id);
      },
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'events',
  context: ({ input }) => ({
    user: input.user,
    events: [],
    failed: false,
    filter: 'all',
    hidden: [],
    showHidden: false,
    joiningId: null,
  }),
  invoke: { src: 'hiddenEventsStore', id: 'hiddenStore' },
  on: {
    'hidden.restored': { actions: assign({ hidden: ({ event }) => event.ids }) },
    'events.filterChanged': { actions: assign({ filter: ({ event }) => event.filter }) },
    'events.hideToggled': { actions: ['toggleHidden', 'persistHidden'] },
    'events.showHiddenToggled': { actions: assign({ showHidden: ({ context }) => !context.showHidden }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadEvents',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output, failed: false }) },
        onError: [
          { guard: 'isSessionGone', actions: 'reportSessionGone' },
          { target: 'failed', actions: assign({ failed: true }) },
        ],
      },
    },
    ready: {
      on: {
        'events.reloaded': 'loading',
        'live.event_changed': { guard: 'listedEventGone', actions: 'dropGoneEvent' },
      },
      type: 'parallel',
      states: {
        choosing: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'events.eventChosen': [
                  { guard: 'isAttending', actions: { type: 'openEvent', params: ({ context, event }) => ({ event: findEvent(context, event.eventId)! }) } },
                  { guard: 'isKnownEvent', target: 'joining', actions: assign({ joiningId: ({ event }) => event.eventId }) },
                ],
              },
            },
            joining: {
              invoke: {
                src: 'joinEvent',
                input: ({ context }) => ({ userId: context.user.id, eventId: context.joiningId! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'openEvent', params: ({ context }) => ({ event: joinedEvent(context) }) },
                    assign({ joiningId: null }),
                  ],
                },
                onError: [
                  { guard: 'isSessionGone', actions: 'reportSessionGone' },
                  {
                    target: 'idle',
                    actions: [assign({ joiningId: null }), sendParent({ type: 'error.show', message: MESSAGES.failedJoinEvent })],
                  },
                ],
              },
            },
          },
        },
        // The list read again behind the cards on screen; a failure keeps them and is only logged.
        refresh: {
          initial: 'idle',
          on: {
            // A newer change restarts a read on its way, so the last answer is the latest.
            'live.event_changed': { guard: 'listedEventEdited', target: '.loading' },
            // Changes told while the socket was away were missed.
            'live.reconnected': '.loading',
          },
          states: {
            idle: {},
            loading: {
              invoke: {
                src: 'loadEvents',
                input: ({ context }) => ({ userId: context.user.id }),
                onDone: { target: 'idle', actions: assign({ events: ({ event }) => event.output }) },
                onError: [
                  { guard: 'isSessionGone', target: 'idle', actions: 'reportSessionGone' },
                  { target: 'idle', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'refresh events', error: event.error }) } },
                ],
              },
            },
          },
        },
      },
    },
    failed: { on: { 'events.reloaded': 'loading' } },
  },
});

export type EventsActorRef = ActorRefFrom<typeof eventsMachine>;
export type EventsSnapshot = SnapshotFrom<typeof eventsMachine>;

const matches = (c: EventsContext) => (e: Event) => eventMatchesFilter(e.event_type, c.filter);

/** The events in the main list: not hidden here, of the chosen type. */
export const selectVisibleEvents = (s: EventsSnapshot): Event[] =>
  s.context.events.filter((e) => !s.context.hidden.includes(e.id)).filter(matches(s.context));

/** The events hidden on this device, of the chosen type (listed only while shown). */
export const selectHiddenEvents = (s: EventsSnapshot): Event[] =>
  s.context.events.filter((e) => s.context.hidden.includes(e.id)).filter(matches(s.context));

/** How many loaded events are hidden, whatever the filter. */
export const selectHiddenCount = (s: EventsSnapshot): number =>
  s.context.events.filter((e) => s.context.hidden.includes(e.id)).length;

export const selectEventsStatus = (s: EventsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
