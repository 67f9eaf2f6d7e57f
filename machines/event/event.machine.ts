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
 *
 * Its named implementations are in event.setup.ts; the paging of the people, in nearby-people.ts.
 */
import { assign, emit, raise, sendParent, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { NEARBY_PAGE_DEFAULT } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { connectionNewsOf } from '../people/user-card.machine';
import { eventSetup, ids } from './event.setup';
import { nextPageRequest, shownRequest } from './nearby-people';

export type { EventViewContext, EventViewEvent } from './event.setup';
export { cardPersonFromEntry, loadNearbyRange, MOVED_SPREAD_MS, type PeopleRange, type PeopleRequest } from './nearby-people';

export const eventMachine = eventSetup.createMachine({
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
    // The pod card (a chunk of its own) listens for it.
    'live.pod_formed': { actions: emit(({ event }) => ({ type: 'pod.formed' as const, eventId: event.event_id })) },
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
    // SPEC 4 "Joining an event", from the event itself (a shared link to an event not joined yet).
    join: {
      initial: 'idle',
      states: {
        idle: { on: { 'event.joinRequested': { guard: 'isVisiting', target: 'joining' } } },
        joining: {
          invoke: {
            src: 'joinEvent',
            input: ids,
            // Read the event again: before joining its attendees and count were only the viewer's connections there (issue 40).
            onDone: { target: ['idle', '#event.details.loading'], actions: 'takeJoined' },
            onError: [
              { guard: 'isSessionGone', target: 'idle', actions: 'reportSessionGone' },
              { target: 'idle', actions: sendParent({ type: 'error.show', message: MESSAGES.failedJoinEvent }) },
            ],
          },
        },
      },
    },
    people: {
      initial: 'waiting',
      // Someone who has not joined sees the event and Join; its people and the rest load once they have.
      states: {
        waiting: { always: { guard: 'isAttending', target: 'loading' } },
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
      initial: 'waiting',
      on: { 'live.event_changed': { guard: 'zonesChanged', target: '.waiting' } },
      // Someone who has not joined sees the event and Join; its people and the rest load once they have.
      states: {
        waiting: { always: { guard: 'isAttending', target: 'loading' } },
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
      initial: 'waiting',
      // A new interest group; a join on its way is dropped (the list read again says whether it landed).
      on: { 'live.event_changed': { guard: 'communitiesChanged', target: '.waiting' } },
      // Someone who has not joined sees the event and Join; its people and the rest load once they have.
      states: {
        waiting: { always: { guard: 'isAttending', target: 'loading' } },
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
      initial: 'waiting',
      // Each interest group comes with a chat.
      on: { 'live.event_changed': { guard: 'communitiesChanged', target: '.waiting' } },
      // Someone who has not joined sees the event and Join; its people and the rest load once they have.
      states: {
        waiting: { always: { guard: 'isAttending', target: 'loading' } },
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
      initial: 'waiting',
      // Someone who has not joined sees the event and Join; its people and the rest load once they have.
      states: {
        waiting: { always: { guard: 'isAttending', target: 'loading' } },
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

/** The person has not joined this event (yet): the view shows it with Join, and no people. */
/** The event has ended (issue 43): its view offers the recap. */
export const selectEventOver = (s: EventSnapshot, now = Date.now()): boolean => Date.parse(s.context.event.end_time) <= now;
export const selectVisiting = (s: EventSnapshot): boolean => !s.context.event.is_attending;
export const selectJoining = (s: EventSnapshot): boolean => s.matches({ join: 'joining' });

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
