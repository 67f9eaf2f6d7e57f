/**
 * Everything the event view's chart (event.machine.ts) uses, by name: what it holds and
 * hears, the calls it makes, its guards and its actions.
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import type { User } from '../../contract/common';
import type { MicroCommunity, NearbyEntry, Recommendations, SafeZone } from '../../contract/discovery';
import type { Event } from '../../contract/events';
import type { EventChange } from '../../contract/live';
import type { Connection, GroupChat, GroupMessage, ReceivedRequest } from '../../contract/social';
import { api } from '../api/client';
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
import type { PersonBlocked } from '../safety/block';
import { cardPersonFromEntry, firstOfEach, loadNearbyRange, MOVED_SPREAD_MS, type PeopleRange, type PeopleRequest } from './nearby-people';
import {
  blockFailedMessage,
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
  /** Join, on an event the person has not joined. */
  | { type: 'event.joinRequested' }
  | { type: 'live.reconnected' }
  | { type: 'live.group_message'; message: GroupMessage }
  | { type: 'live.connection_request'; request: ReceivedRequest }
  | { type: 'live.connection_accepted'; connection: Connection }
  /** A small group formed (issue 43): the pod card hears it (`pod.formed`, emitted). */
  | { type: 'live.pod_formed'; event_id: string; pod_id: string }
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
export const ids = ({ context }: { context: EventViewContext }): Ids => ({ userId: context.user.id, eventId: context.event.id });

/** A guard: the live message says one of these changed about the event shown. */
const changedHere =
  (...changes: EventChange[]) =>
  ({ context, event }: { context: EventViewContext; event: EventViewEvent }): boolean => {
    const change = changeOf(event, context.event.id);
    return change !== null && changes.includes(change);
  };

export const eventSetup = setup({
  types: {
    context: {} as EventViewContext,
    input: {} as { user: User; event: Event },
    events: {} as EventViewEvent,
    emitted: {} as { type: 'pod.formed'; eventId: string },
  },
  actors: {
    userCard: userCardMachine,
    loadEvent: fromPromise<Event, Ids>(({ input }) => api.getEvent(input.userId, input.eventId)),
    joinEvent: fromPromise<unknown, Ids>(({ input }) => api.joinEvent(input.userId, input.eventId)),
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
    isAttending: ({ context }) => context.event.is_attending,
    isVisiting: ({ context }) => !context.event.is_attending,
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
    /**
     * Joined: attending, one more attendee (the regions waiting for it load now), and the
     * root hears it as the event opened, so it starts what an attended event has (the
     * location poller, the live channel's join_event).
     */
    takeJoined: enqueueActions(({ context, enqueue }) => {
      const event: Event = { ...context.event, is_attending: true, attendee_count: context.event.attendee_count + 1 };
      enqueue.assign({ event });
      enqueue.sendParent({ type: 'event.opened', event });
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
      enqueue.sendParent({ type: 'person.blocked', userId: event.userId } satisfies PersonBlocked);
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
});
