/**
 * The event view (SPEC 2 "Event view", SPEC 4 "Joining an event"): on entering it loads,
 * side by side, the event itself, the people nearby (one user card each), the safe
 * zones, the interest groups, the group chats and the recommendations (the root chart
 * reloads the requests and notifications it keeps, and the feed runs beside this). Only
 * a failure to load the people is shown ('Failed to load event attendees'); the others
 * are logged (SPEC 8). Live messages refresh the people and the chats' latest lines.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  sendParent,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { User } from '../contract/common';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../contract/discovery';
import type { Event } from '../contract/events';
import { MESSAGES } from '../contract/messages';
import type { GroupChat, GroupMessage } from '../contract/social';
import { api, isUnauthorized } from './api/client';
import { logFailure } from './log';
import {
  blockFailedMessage,
  planCards,
  userCardMachine,
  type CardPerson,
  type CardSlot,
  type UserCardReport,
} from './user-card.machine';

export type EventViewEvent =
  | { type: 'people.reloaded' }
  | { type: 'community.joinRequested'; communityId: string }
  | { type: 'live.reconnected' }
  | { type: 'live.group_message'; message: GroupMessage }
  | UserCardReport;

export interface EventViewContext {
  user: User;
  event: Event;
  cards: CardSlot[];
  zones: SafeZone[];
  communities: MicroCommunity[];
  joiningCommunityId: string | null;
  recommendations: Recommendations | null;
  groupChats: GroupChat[];
}

type Ids = { userId: string; eventId: string };
const ids = ({ context }: { context: EventViewContext }): Ids => ({ userId: context.user.id, eventId: context.event.id });

export const cardPersonFromEntry = (e: NearbyEntry): CardPerson => ({
  user: e.user,
  compatibility: e.compatibility,
  ice_breakers: e.ice_breakers,
  social_battery: e.social_battery,
});

export const eventMachine = setup({
  types: {
    context: {} as EventViewContext,
    input: {} as { user: User; event: Event },
    events: {} as EventViewEvent,
  },
  actors: {
    userCard: userCardMachine,
    loadEvent: fromPromise<Event, Ids>(({ input }) => api.getEvent(input.userId, input.eventId)),
    loadPeople: fromPromise<NearbyEntry[], Ids>(({ input }) => api.discover(input.userId, input.eventId)),
    loadZones: fromPromise<SafeZone[], Ids>(({ input }) => api.safeZones(input.userId, input.eventId)),
    loadCommunities: fromPromise<MicroCommunity[], Ids>(({ input }) => api.microCommunities(input.userId, input.eventId)),
    loadRecommendations: fromPromise<Recommendations, Ids>(({ input }) => api.recommendations(input.userId, input.eventId)),
    loadGroupChats: fromPromise<GroupChat[], Ids>(({ input }) => api.groupChats(input.userId, input.eventId)),
    joinCommunity: fromPromise<unknown, { userId: string; communityId: string }>(({ input }) =>
      api.joinCommunity(input.userId, input.communityId),
    ),
  },
  guards: {
    isSessionGone: ({ event }) => isUnauthorized((event as { error?: unknown }).error),
    isJoinable: ({ context, event }) => {
      assertEvent(event, 'community.joinRequested');
      const c = context.communities.find((x) => x.id === event.communityId);
      return c !== undefined && !c.is_member;
    },
  },
  actions: {
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    syncCards: enqueueActions(({ context, enqueue }, params: { people: CardPerson[] }) => {
      const plan = planCards(context.cards, params.people);
      for (const slot of plan.stop) enqueue.stopChild(slot.ref);
      for (const { slot, person } of plan.update) enqueue.sendTo(slot.ref, { type: 'card.updated', person });
      enqueue.assign({
        cards: ({ spawn }) =>
          plan.order.map(
            ({ person, existing }) =>
              existing ?? {
                userId: person.user.id,
                ref: spawn('userCard', {
                  id: `card-${person.user.id}`,
                  input: { viewerId: context.user.id, person, eventId: context.event.id },
                }),
              },
          ),
      });
    }),
    dropBlocked: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'card.blocked');
      const slot = context.cards.find((c) => c.userId === event.userId);
      if (slot) enqueue.stopChild(slot.ref);
      enqueue.assign({
        cards: context.cards.filter((c) => c.userId !== event.userId),
        recommendations: context.recommendations && {
          ...context.recommendations,
          people: context.recommendations.people.filter((p) => p.user.id !== event.userId),
        },
      });
    }),
    noteGroupMessage: assign({
      groupChats: ({ context, event }) => {
        assertEvent(event, 'live.group_message');
        return context.groupChats.map((c) => (c.id === event.message.group_id ? { ...c, last_message: event.message } : c));
      },
    }),
    forwardToParent: sendParent(({ event }) => event),
    markJoined: assign({
      communities: ({ context }) =>
        context.communities.map((c) =>
          c.id === context.joiningCommunityId ? { ...c, is_member: true, member_count: c.member_count + 1 } : c,
        ),
      joiningCommunityId: null,
    }),
  },
}).createMachine({
  id: 'event',
  context: ({ input }) => ({
    user: input.user,
    event: input.event,
    cards: [],
    zones: [],
    communities: [],
    joiningCommunityId: null,
    recommendations: null,
    groupChats: [],
  }),
  on: {
    'card.blocked': { actions: 'dropBlocked' },
    // A card's Connect: its toasts and a lost session belong to the root chart.
    'toast.show': { actions: 'forwardToParent' },
    'session.expired': { actions: 'forwardToParent' },
    'live.group_message': { actions: 'noteGroupMessage' },
    'card.blockFailed': { actions: sendParent(({ event }) => ({ type: 'error.show', message: blockFailedMessage(event.name) })) },
  },
  type: 'parallel',
  states: {
    // The list may be stale (a join just happened): refresh the event, keep it on failure.
    details: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadEvent',
            input: ids,
            onDone: { target: 'ready', actions: assign({ event: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load event', error: event.error }) } },
          },
        },
        ready: {},
      },
    },
    people: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadPeople',
            input: ids,
            onDone: { target: 'ready', actions: { type: 'syncCards', params: ({ event }) => ({ people: event.output.map(cardPersonFromEntry) }) } },
            onError: [
              { guard: 'isSessionGone', actions: sendParent({ type: 'session.expired' }) },
              { target: 'failed', actions: sendParent({ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }) },
            ],
          },
        },
        ready: { on: { 'people.reloaded': 'loading', 'live.reconnected': 'loading' } },
        failed: { on: { 'people.reloaded': 'loading', 'live.reconnected': 'loading' } },
      },
    },
    zones: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadZones',
            input: ids,
            onDone: { target: 'ready', actions: assign({ zones: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load safe zones', error: event.error }) } },
          },
        },
        ready: {},
      },
    },
    communities: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadCommunities',
            input: ids,
            onDone: { target: 'ready', actions: assign({ communities: ({ event }) => event.output }) },
            onError: {
              target: 'ready',
              actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load micro-communities', error: event.error }) },
            },
          },
        },
        ready: {
          on: {
            'community.joinRequested': {
              guard: 'isJoinable',
              target: 'joining',
              actions: assign({ joiningCommunityId: ({ event }) => event.communityId }),
            },
          },
        },
        joining: {
          invoke: {
            src: 'joinCommunity',
            input: ({ context }) => ({ userId: context.user.id, communityId: context.joiningCommunityId! }),
            onDone: { target: 'ready', actions: 'markJoined' },
            onError: {
              target: 'ready',
              actions: [
                assign({ joiningCommunityId: null }),
                { type: 'logFailure', params: ({ event }) => ({ what: 'join micro-community', error: event.error }) },
              ],
            },
          },
        },
      },
    },
    groupChats: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadGroupChats',
            input: ids,
            onDone: { target: 'ready', actions: assign({ groupChats: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chats', error: event.error }) } },
          },
        },
        ready: { on: { 'live.reconnected': 'loading' } },
      },
    },
    recommendations: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadRecommendations',
            input: ids,
            onDone: { target: 'ready', actions: assign({ recommendations: ({ event }) => event.output }) },
            onError: {
              target: 'ready',
              actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load recommendations', error: event.error }) },
            },
          },
        },
        ready: {},
      },
    },
  },
});

export type EventActorRef = ActorRefFrom<typeof eventMachine>;
export type EventSnapshot = SnapshotFrom<typeof eventMachine>;

export const selectPeopleStatus = (s: EventSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches({ people: 'loading' }) ? 'loading' : s.matches({ people: 'failed' }) ? 'failed' : 'ready';
