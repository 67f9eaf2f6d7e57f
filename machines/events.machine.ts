/**
 * The events list: loads the events the user can join and lets them open one.
 * (Filter, hiding, availability and the safe-zone banner come with issue 3.)
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../contract/common';
import type { Event } from '../contract/events';
import { api, isUnauthorized } from './api/client';

export type EventsEvent = { type: 'events.reloaded' };

export const eventsMachine = setup({
  types: {
    context: {} as { user: User; events: Event[]; failed: boolean },
    input: {} as { user: User },
    events: {} as EventsEvent,
  },
  actors: {
    loadEvents: fromPromise<Event[], { userId: string }>(({ input }) =>
      api.request<Event[]>('GET', '/events', { query: { user_id: input.userId } }),
    ),
  },
  guards: { isSessionGone: ({ event }) => isUnauthorized((event as { error?: unknown }).error) },
}).createMachine({
  id: 'events',
  context: ({ input }) => ({ user: input.user, events: [], failed: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadEvents',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output, failed: false }) },
        onError: [
          { guard: 'isSessionGone', actions: sendParent({ type: 'session.expired' }) },
          { target: 'failed', actions: assign({ failed: true }) },
        ],
      },
    },
    ready: { on: { 'events.reloaded': 'loading' } },
    failed: { on: { 'events.reloaded': 'loading' } },
  },
});

export type EventsActorRef = ActorRefFrom<typeof eventsMachine>;
