/**
 * The event view (SPEC 2 "Event view", SPEC 4 "Joining an event"): on entering it loads,
 * side by side, the event itself, the people nearby (one user card each), the safe
 * zones, the interest groups, the group chats and the recommendations (the root chart
 * reloads the requests and notifications it keeps, and the feed runs beside this). Only
 * a failure to load the people is shown ('Failed to load event attendees'); the others
 * are logged (SPEC 8). Live messages refresh the people and the chats' latest lines.
 *
 * The people come a page at a time (NEARBY_PAGE_DEFAULT, best first). "Show more people"
 * appends the next page from the number already shown, skipping anyone already there (a
 * person moves between pages as the ranking changes); it is offered while the last page
 * was full. A refresh (a live location_update, a reconnect, Try again) loads everything
 * shown again from the top, so the list keeps its length; past 100 people that takes
 * pages of 100 (loadNearbyRange). A refresh that arrives while the next page is loading
 * runs once that page has landed.
 *
 * Each nearby entry says where the viewer stands with that person (connection_status, an
 * extension of SPEC 7's entry), so a card shows Connect, Request Sent, Check Request or
 * Connected from the start. After that, live connection news and the card's own request
 * keep it current: the refreshes as people move do not retell a shown card (an answer
 * that left before a request was sent would set it back), except the first after a
 * reconnect, when news may have been missed. A decline is never shown: the server keeps
 * answering request_sent to the sender.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  raise,
  sendParent,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { User } from '../../contract/common';
import { NEARBY_PAGE_DEFAULT, PAGE_SIZE_MAX } from '../../contract/constants';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { EventChange } from '../../contract/live';
import { MESSAGES } from '../../contract/messages';
import type { Connection, GroupChat, GroupMessage, ReceivedRequest } from '../../contract/social';
import { api, type Api } from '../api/client';
import {
  changeOf,
  isEventGone,
  isSessionGone,
  leaveGoneEvent,
  reportSessionGone,
  type CurrentEventChanged,
  type EventChanged,
} from '../session-gone';
import { logFailure } from '../log';
import {
  blockFailedMessage,
  connectionNewsOf,
  planCards,
  userCardMachine,
  type CardConnectionNews,
  type CardPerson,
  type CardSlot,
  type UserCardReport,
} from '../people/user-card.machine';

export type EventViewEvent =
  | { type: 'people.reloaded' }
  /** People moved (a live location_update): a refresh follows after a short random wait. */
  | { type: 'people.moved' }
  | { type: 'people.moreRequested' }
  | { type: 'community.joinRequested'; communityId: string }
  /** Listen to an interest group's chat without joining the group (issue 18), then open it. */
  | { type: 'community.listenRequested'; chatId: string }
  | { type: 'groupChats.changed' }
  | { type: 'live.reconnected' }
  | { type: 'live.group_message'; message: GroupMessage }
  | { type: 'live.connection_request'; request: ReceivedRequest }
  | { type: 'live.connection_accepted'; connection: Connection }
  /** Its organizers changed it (issue 17): what changed is read again; gone, the view is left. */
  | EventChanged
  | UserCardReport;

export interface EventViewContext {
  user: User;
  event: Event;
  cards: CardSlot[];
  /** The people asked for last: `count` from `offset` in the event's ranking. */
  peopleRequest: PeopleRequest;
  /** The last answer was full, so there may be more people after those shown. */
  hasMore: boolean;
  /** A refresh arrived while the next page was loading: it runs once that page lands. */
  refreshDue: boolean;
  /**
   * The shown cards' statuses are current, kept so by the live connection news and the
   * cards' own requests. After a reconnect (news may have been missed) the next answer
   * tells them again.
   */
  statusesKnown: boolean;
  zones: SafeZone[];
  communities: MicroCommunity[];
  joiningCommunityId: string | null;
  /** The interest group's chat being listened to (issue 18). */
  listeningChatId: string | null;
  recommendations: Recommendations | null;
  groupChats: GroupChat[];
}

type Ids = { userId: string; eventId: string };
const ids = ({ context }: { context: EventViewContext }): Ids => ({ userId: context.user.id, eventId: context.event.id });

export interface PeopleRequest {
  offset: number;
  count: number;
}
export type PeopleRange = Ids & PeopleRequest;

/**
 * `count` people from `offset`, best first, in pages of at most 100 (the server's
 * largest), stopping at a short page: fewer than `count` means there are no more.
 */
export async function loadNearbyRange(discover: Api['discover'], range: PeopleRange): Promise<NearbyEntry[]> {
  const entries: NearbyEntry[] = [];
  while (entries.length < range.count) {
    const limit = Math.min(PAGE_SIZE_MAX, range.count - entries.length);
    const page = await discover(range.userId, range.eventId, { offset: range.offset + entries.length, limit });
    entries.push(...page);
    if (page.length < limit) break;
  }
  return entries;
}

/**
 * The longest wait before the refresh that follows people moving. The live channel tells
 * every attendee of an event at the same moment; without a spread, everyone with the
 * event open would ask the server in the same instant, every 10 s. Spread over most of
 * the time until positions are next reported (LOCATION_INTERVAL_MS), the list still
 * follows every round of them, and 1,000 phones ask ~125 times a second instead of the
 * ~330 a 3-second spread made: that herd, every 10 s, held the server for 100-250 ms at
 * a time at a 1,000-person event (issue 15, 2026-11-29).
 */
export const MOVED_SPREAD_MS = 8_000;

/** A refresh asks again for everyone shown, at least a first page. */
const shownRequest = (context: EventViewContext): PeopleRequest => ({
  offset: 0,
  count: Math.max(NEARBY_PAGE_DEFAULT, context.cards.length),
});
/** The next page starts after the people shown. */
const nextPageRequest = (context: EventViewContext): PeopleRequest => ({
  offset: context.cards.length,
  count: NEARBY_PAGE_DEFAULT,
});

/** Each person once, where they first appear. */
const firstOfEach = (people: CardPerson[]): CardPerson[] => {
  const seen = new Set<string>();
  return people.filter((p) => {
    if (seen.has(p.user.id)) return false;
    seen.add(p.user.id);
    return true;
  });
};

export const cardPersonFromEntry = (e: NearbyEntry): CardPerson => ({
  user: e.user,
  compatibility: e.compatibility,
  ice_breakers: e.ice_breakers,
  social_battery: e.social_battery,
  recharging: e.recharging,
});

/** A guard: the live message says one of these changed about the event shown. */
const changedHere =
  (...changes: EventChange[]) =>
  ({ context, event }: { context: EventViewContext; event: EventViewEvent }): boolean => {
    const change = changeOf(event, context.event.id);
    return change !== null && changes.includes(change);
  };

export const eventMachine = setup({
  types: {
    context: {} as EventViewContext,
    input: {} as { user: User; event: Event },
    events: {} as EventViewEvent,
  },
  actors: {
    userCard: userCardMachine,
    loadEvent: fromPromise<Event, Ids>(({ input }) => api.getEvent(input.userId, input.eventId)),
    loadPeople: fromPromise<NearbyEntry[], PeopleRange>(({ input }) => loadNearbyRange(api.discover, input)),
    loadZones: fromPromise<SafeZone[], Ids>(({ input }) => api.safeZones(input.userId, input.eventId)),
    loadCommunities: fromPromise<MicroCommunity[], Ids>(({ input }) => api.microCommunities(input.userId, input.eventId)),
    loadRecommendations: fromPromise<Recommendations, Ids>(({ input }) => api.recommendations(input.userId, input.eventId)),
    loadGroupChats: fromPromise<GroupChat[], Ids>(({ input }) => api.groupChats(input.userId, input.eventId)),
    listenToChat: fromPromise<unknown, { userId: string; chatId: string }>(({ input }) => api.listenToGroupChat(input.userId, input.chatId)),
    joinCommunity: fromPromise<unknown, { userId: string; communityId: string }>(({ input }) =>
      api.joinCommunity(input.userId, input.communityId),
    ),
  },
  guards: {
    isSessionGone,
    isEventGone,
    // What the live message says changed about this event.
    detailsChanged: changedHere('details', 'organizers'),
    zonesChanged: changedHere('zones'),
    communitiesChanged: changedHere('communities'),
    hasMore: ({ context }) => context.hasMore,
    isRefreshDue: ({ context }) => context.refreshDue,
    isListenable: ({ context, event }) => {
      assertEvent(event, 'community.listenRequested');
      return context.communities.some((c) => c.group_chat_id === event.chatId && !c.is_member);
    },
    isJoinable: ({ context, event }) => {
      assertEvent(event, 'community.joinRequested');
      const c = context.communities.find((x) => x.id === event.communityId);
      return c !== undefined && !c.is_member;
    },
  },
  actions: {
    reportBlockFailed: sendParent(({ event }) => {
      assertEvent(event, 'card.blockFailed');
      return { type: 'error.show' as const, message: blockFailedMessage(event.name) };
    }),
    reportSessionGone: reportSessionGone(),
    leaveGoneEvent: leaveGoneEvent(),
    /**
     * The event as the server has it now; when that differs from what the chart held (its
     * organizers changed it, or the list the root had it from was older), the root hears it
     * too: other views show its name and times.
     */
    takeEvent: enqueueActions(({ context, enqueue }, params: { event: Event }) => {
      if (JSON.stringify(params.event) === JSON.stringify(context.event)) return;
      enqueue.assign({ event: params.event });
      enqueue.sendParent({ type: 'currentEvent.changed', event: params.event } satisfies CurrentEventChanged);
    }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    /**
     * An answer to peopleRequest. From the top it replaces the list, keeping the cards
     * (and their open panels) of people still there; a next page is appended, and anyone
     * already shown keeps their place with the fresh details.
     */
    syncCards: enqueueActions(({ context, enqueue }, params: { entries: NearbyEntry[] }) => {
      const append = context.peopleRequest.offset > 0;
      const statusOf = new Map(params.entries.map((e) => [e.user.id, e.connection_status]));
      const plan = planCards(context.cards, firstOfEach(params.entries.map(cardPersonFromEntry)));
      if (!append) for (const slot of plan.stop) enqueue.stopChild(slot.ref);
      for (const { slot, person } of plan.update) {
        enqueue.sendTo(slot.ref, { type: 'card.updated', person });
        const status = statusOf.get(slot.userId);
        if (!context.statusesKnown && status) enqueue.sendTo(slot.ref, { type: 'connection.statusLoaded', status });
      }
      enqueue.assign({
        statusesKnown: true,
        hasMore: params.entries.length >= context.peopleRequest.count,
        cards: ({ spawn }) => {
          const slotFor = (person: CardPerson, existing: CardSlot | null): CardSlot =>
            existing ?? {
              userId: person.user.id,
              ref: spawn('userCard', {
                id: `card-${person.user.id}`,
                input: {
                  viewerId: context.user.id,
                  person,
                  eventId: context.event.id,
                  status: statusOf.get(person.user.id),
                },
              }),
            };
          if (!append) return plan.order.map(({ person, existing }) => slotFor(person, existing));
          const added = plan.order.filter(({ existing }) => existing === null);
          return [...context.cards, ...added.map(({ person }) => slotFor(person, null))];
        },
      });
    }),
    forgetStatuses: assign({ statusesKnown: false }),
    /** Live news of one person (they asked, or accepted), told to their card if shown. */
    tellCard: enqueueActions(({ context, enqueue }, params: { userId: string; news: CardConnectionNews }) => {
      const slot = context.cards.find((c) => c.userId === params.userId);
      if (slot) enqueue.sendTo(slot.ref, params.news);
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
  delays: {
    movedSpread: () => Math.floor(Math.random() * MOVED_SPREAD_MS),
  },
}).createMachine({
  id: 'event',
  context: ({ input }) => ({
    user: input.user,
    event: input.event,
    cards: [],
    peopleRequest: { offset: 0, count: NEARBY_PAGE_DEFAULT },
    hasMore: false,
    refreshDue: false,
    statusesKnown: true,
    zones: [],
    communities: [],
    joiningCommunityId: null,
    listeningChatId: null,
    recommendations: null,
    groupChats: [],
  }),
  on: {
    'card.blocked': { actions: 'dropBlocked' },
    // A card's Connect: its toasts and a lost session belong to the root chart.
    'toast.show': { actions: 'forwardToParent' },
    'session.expired': { actions: 'forwardToParent' },
    'live.group_message': { actions: 'noteGroupMessage' },
    'live.connection_request': { actions: { type: 'tellCard', params: ({ event }) => connectionNewsOf(event) } },
    'live.connection_accepted': { actions: { type: 'tellCard', params: ({ event }) => connectionNewsOf(event) } },
    'card.blockFailed': { actions: 'reportBlockFailed' },
    // Cancelled or taken down: back to the events list, calmly (each region reads again what changed).
    'live.event_changed': { guard: 'isEventGone', actions: 'leaveGoneEvent' },
  },
  type: 'parallel',
  states: {
    // The list may be stale (a join just happened): refresh the event, keep it on failure.
    details: {
      initial: 'loading',
      // Its name, times or place changed, or who organizes it (the viewer's own part may have).
      on: { 'live.event_changed': { guard: 'detailsChanged', target: '.loading' } },
      states: {
        loading: {
          invoke: {
            src: 'loadEvent',
            input: ids,
            onDone: { target: 'ready', actions: { type: 'takeEvent', params: ({ event }) => ({ event: event.output }) } },
            onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load event', error: event.error }) } },
          },
        },
        ready: {},
      },
    },
    people: {
      initial: 'loading',
      states: {
        // The first page, or everyone shown again from the top.
        loading: {
          entry: assign({ peopleRequest: ({ context }) => shownRequest(context), refreshDue: false }),
          invoke: {
            src: 'loadPeople',
            input: ({ context }) => ({ ...ids({ context }), ...context.peopleRequest }),
            onDone: { target: 'ready', actions: { type: 'syncCards', params: ({ event }) => ({ entries: event.output }) } },
            onError: [
              { guard: 'isSessionGone', actions: 'reportSessionGone' },
              { target: 'failed', actions: sendParent({ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }) },
            ],
          },
          on: {
            // Asked for while a refresh runs: the next page first, then the refresh again.
            'people.moreRequested': { guard: 'hasMore', target: 'loadingMore', actions: assign({ refreshDue: true }) },
          },
        },
        ready: {
          on: {
            'people.reloaded': 'loading',
            'people.moved': 'settling',
            'live.reconnected': { target: 'loading', actions: 'forgetStatuses' },
            'people.moreRequested': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        // People moved: the refresh waits a random moment, so attendees' refreshes spread out.
        settling: {
          after: { movedSpread: 'loading' },
          on: {
            'people.reloaded': 'loading',
            'live.reconnected': { target: 'loading', actions: 'forgetStatuses' },
            'people.moreRequested': { guard: 'hasMore', target: 'loadingMore', actions: assign({ refreshDue: true }) },
          },
        },
        loadingMore: {
          entry: assign({ peopleRequest: ({ context }) => nextPageRequest(context) }),
          invoke: {
            src: 'loadPeople',
            input: ({ context }) => ({ ...ids({ context }), ...context.peopleRequest }),
            onDone: [
              { guard: 'isRefreshDue', target: 'loading', actions: { type: 'syncCards', params: ({ event }) => ({ entries: event.output }) } },
              { target: 'ready', actions: { type: 'syncCards', params: ({ event }) => ({ entries: event.output }) } },
            ],
            onError: [
              { guard: 'isSessionGone', target: 'moreFailed', actions: 'reportSessionGone' },
              { target: 'moreFailed', actions: sendParent({ type: 'error.show', message: MESSAGES.failedLoadEventAttendees }) },
            ],
          },
          on: {
            'people.reloaded': { actions: assign({ refreshDue: true }) },
            'people.moved': { actions: assign({ refreshDue: true }) },
            'live.reconnected': { actions: [assign({ refreshDue: true }), 'forgetStatuses'] },
          },
        },
        // The people shown stay; Show more tries the same page again.
        moreFailed: {
          on: {
            'people.moreRequested': 'loadingMore',
            'people.reloaded': 'loading',
            'live.reconnected': { target: 'loading', actions: 'forgetStatuses' },
          },
        },
        failed: { on: { 'people.reloaded': 'loading', 'live.reconnected': { target: 'loading', actions: 'forgetStatuses' } } },
      },
    },
    zones: {
      initial: 'loading',
      on: { 'live.event_changed': { guard: 'zonesChanged', target: '.loading' } },
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
      // A new interest group; a join on its way is dropped (the list read again says whether it landed).
      on: { 'live.event_changed': { guard: 'communitiesChanged', target: '.loading' } },
      states: {
        loading: {
          entry: assign({ joiningCommunityId: null }),
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
            'community.listenRequested': {
              guard: 'isListenable',
              target: 'listening',
              actions: assign({ listeningChatId: ({ event }) => event.chatId }),
            },
          },
        },
        listening: {
          invoke: {
            src: 'listenToChat',
            input: ({ context }) => ({ userId: context.user.id, chatId: context.listeningChatId! }),
            onDone: {
              target: 'ready',
              actions: [
                raise({ type: 'groupChats.changed' }),
                sendParent(({ context }) => ({ type: 'groupChat.opened', chatId: context.listeningChatId })),
                assign({ listeningChatId: null }),
              ],
            },
            onError: {
              target: 'ready',
              actions: [
                assign({ listeningChatId: null }),
                { type: 'logFailure', params: ({ event }) => ({ what: 'listen to group chat', error: event.error }) },
              ],
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
      // Each interest group comes with a chat.
      on: { 'live.event_changed': { guard: 'communitiesChanged', target: '.loading' } },
      states: {
        loading: {
          invoke: {
            src: 'loadGroupChats',
            input: ids,
            onDone: { target: 'ready', actions: assign({ groupChats: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chats', error: event.error }) } },
          },
        },
        ready: { on: { 'live.reconnected': 'loading', 'groupChats.changed': 'loading' } },
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

/**
 * The "Show more people" control: hidden (the last page was short, or the people failed
 * to load), offered, loading the next page, or that page failed (offered again as a retry).
 */
export type MorePeopleStatus = 'hidden' | 'offered' | 'loading' | 'failed';
export const selectMorePeople = (s: EventSnapshot): MorePeopleStatus => {
  if (s.matches({ people: 'loadingMore' })) return 'loading';
  if (s.matches({ people: 'moreFailed' })) return 'failed';
  const settled = s.matches({ people: 'ready' }) || s.matches({ people: 'loading' });
  return settled && s.context.hasMore && s.context.cards.length > 0 ? 'offered' : 'hidden';
};
