/**
 * group-chat: the event's group chats (the one for everyone, then the user's interest
 * groups' and those listened to), one chosen at a time with its history, its people and
 * a draft to post. Posts from others arrive live and are merged by id. Whitespace-only
 * text is not posted and the input clears after a post (SPEC 5, as for chat). Failures
 * are only logged (SPEC 8).
 *
 * Just listening (issue 18): the chosen chat's people (its members, how many listen, the
 * user's own place) are read with it and again whenever its counts change live; someone
 * with no place chooses "Join in" or "Just listen", and a listener may stop. Posting
 * makes a member, so the people are read again after the first post.
 *
 * Nothing the user does while something is on its way is dropped: text sent while a post
 * is on its way waits its turn, and a place chosen while the people are read is taken
 * once they are, if it still fits them.
 */
import { and, assertEvent, assign, fromPromise, not, raise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { draftOf, groupDraftKey, keepDraft } from './drafts';
import type { GroupChat, GroupChatPeople, GroupMessage } from '../../contract/social';
import { api, ApiError } from '../api/client';
import { isSessionGone, reportSessionGone, isEventGone, leaveGoneEvent } from '../session-gone';
import { CHAT_PAGE, isSendable, mergeById } from './messages';
import { logFailure } from '../log';

import type { ChatPage, GroupChatContext, GroupChatEvent, GroupChatInput, PlaceChange } from './group-chat.types';

export type { GroupChatContext, GroupChatEvent, GroupChatInput, Outgoing, PlaceChange } from './group-chat.types';

type Place = GroupChatPeople['me'];

// Listen and join are for someone not yet a member; stop for a listener.
const canChangePlace = (me: Place, change: PlaceChange): boolean =>
  change === 'stop' ? me === 'listener' : me !== 'member' && !(change === 'listen' && me === 'listener');

/** The text on its way and those waiting after it, back in the input, one per line, unless something new was typed. */
const givenBack = (context: GroupChatContext) => ({
  draft: context.draft || [...(context.posting === null ? [] : [context.posting]), ...context.queued.map((q) => q.message)].join('\n'),
  posting: null,
  postingTo: null,
  queued: [],
});

export const groupChatMachine = setup({
  types: {
    context: {} as GroupChatContext,
    input: {} as GroupChatInput,
    events: {} as GroupChatEvent,
  },
  actors: {
    loadChats: fromPromise<GroupChat[], { userId: string; eventId: string }>(({ input }) =>
      api.groupChats(input.userId, input.eventId),
    ),
    loadHistory: fromPromise<GroupMessage[], ChatPage>(({ input }) =>
      api.groupHistory(input.userId, input.groupId, { before: input.before, limit: CHAT_PAGE }),
    ),
    loadPeople: fromPromise<GroupChatPeople, { userId: string; groupId: string }>(({ input }) =>
      api.groupChatPeople(input.userId, input.groupId),
    ),
    changePlace: fromPromise<GroupChatPeople, { userId: string; groupId: string; change: PlaceChange }>(({ input }) =>
      input.change === 'listen'
        ? api.listenToGroupChat(input.userId, input.groupId)
        : input.change === 'join'
          ? api.joinGroupChat(input.userId, input.groupId)
          : api.stopListeningToGroupChat(input.userId, input.groupId),
    ),
    postMessage: fromPromise<{ success: true; message: GroupMessage }, { userId: string; groupId: string; message: string }>(
      ({ input }) => api.sendGroupMessage(input.userId, input.groupId, input.message),
    ),
  },
  guards: {
    hasText: ({ context }) => isSendable(context.draft),
    // A pod's chat closed when its event ended (issue 43): read-only, nothing is posted there.
    isChosenChatOpen: ({ context }) => !context.chats.some((c) => c.id === context.chatId && c.closed),
    // It closed while open here: the server refused the post (server/access/chats.ts, POD_CHAT_CLOSED).
    isClosedRefusal: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 403 && params.error.code === 'error.podChatClosed',
    hasChosenChat: ({ context }) => context.chatId !== null,
    hasOlder: ({ context }) => context.hasOlder && context.messages.length > 0,
    isSessionGone,
    isEventGone,
    isAnotherKnownChat: ({ context, event }) => {
      assertEvent(event, 'groupChat.chosen');
      return event.chatId !== context.chatId && context.chats.some((c) => c.id === event.chatId);
    },
    isForChosenChat: ({ context, event }) => {
      assertEvent(event, 'live.group_message');
      return event.message.group_id === context.chatId;
    },
    isCountOfChosenChat: ({ context, event }) => {
      assertEvent(event, 'live.group_chat_people');
      return event.group_id === context.chatId;
    },
    isPlaceChangeable: ({ context, event }) => {
      assertEvent(event, 'groupChat.placeChosen');
      return canChangePlace(context.people?.me ?? null, event.change);
    },
    hasChosenPlace: ({ context }) => context.placeChange !== null,
    // Checked again on the people just read: a first post may have made a member meanwhile.
    stillFitsChosenPlace: ({ context }, params: { me: Place }) =>
      context.placeChange !== null && canChangePlace(params.me, context.placeChange),
    hasQueued: ({ context }) => context.queued.length > 0,
    isNotYetMember: ({ context }) => context.people?.me !== 'member',
    // Stopped listening to an interest group's chat: it is no longer among the user's chats.
    leftCommunityChat: ({ context, event }) =>
      context.placeChange === 'stop' &&
      (event as unknown as { output: GroupChatPeople }).output.me === null &&
      context.chats.find((c) => c.id === context.chatId)?.community_id != null,
  },
  actions: {
    // The one asked for if it is there, else the event's chat for everyone, else the first.
    chooseChat: assign(({ context }, params: { chats: GroupChat[] }) => {
      const wanted = params.chats.find((c) => c.id === context.chatId);
      const everyone = params.chats.find((c) => c.community_id === null);
      // A place chosen before the chats were read again is only for the chat it was chosen in.
      const chatId = (wanted ?? everyone ?? params.chats[0])?.id ?? null;
      return { chats: params.chats, chatId, placeChange: wanted ? context.placeChange : null, draft: context.draft || draftOf(groupDraftKey(context.user.id, chatId)) };
    }),
    switchChat: assign({
      chatId: ({ event }) => {
        assertEvent(event, 'groupChat.chosen');
        return event.chatId;
      },
      // Each chat keeps its own draft (drafts.ts).
      draft: ({ context, event }) => draftOf(groupDraftKey(context.user.id, (event as { chatId: string }).chatId)),
      messages: [],
      hasOlder: false,
      people: null,
      membersOpen: false,
      placeChange: null,
    }),
    // Keeps each chat's latest message current in the list of chats.
    noteLastMessage: assign({
      chats: ({ context, event }) => {
        assertEvent(event, 'live.group_message');
        return context.chats.map((c) => (c.id === event.message.group_id ? { ...c, last_message: event.message } : c));
      },
    }),
    mergeOne: assign({
      messages: ({ context }, params: { message: GroupMessage }) => mergeById(context.messages, [params.message]),
    }),
    // The post's answer, into the messages shown when it is the chat on screen (after a
    // switch, the chat it went to shows it with its history).
    mergePosted: assign({
      messages: ({ context }, params: { message: GroupMessage }) =>
        params.message.group_id === context.chatId ? mergeById(context.messages, [params.message]) : context.messages,
    }),
    // The live echo of the text on its way can come before the post's answer (the server
    // tells the chat before it answers): that text is stored and shown from the echo, so it
    // is no longer shown as on its way, nor given back should the answer fail. The answer
    // still merges the message (by id: once), for an echo that never came.
    noteStored: assign({
      posting: ({ context, event }) => {
        assertEvent(event, 'live.group_message');
        const m = event.message;
        const echo = context.posting !== null && m.group_id === context.postingTo && m.from_user === context.user.id && m.message === context.posting.trim();
        return echo ? null : context.posting;
      },
    }),
    mergeLatest: assign(({ context }, params: { page: GroupMessage[] }) => ({
      messages: mergeById(context.messages, params.page),
      hasOlder: context.messages.length === 0 ? params.page.length >= CHAT_PAGE : context.hasOlder,
    })),
    mergeOlder: assign(({ context }, params: { page: GroupMessage[] }) => ({
      messages: mergeById(context.messages, params.page),
      hasOlder: params.page.length >= CHAT_PAGE,
    })),
    noteListening: assign({
      people: ({ context, event }) => {
        assertEvent(event, 'live.group_chat_people');
        return context.people && { ...context.people, listening: event.listening };
      },
    }),
    choosePlace: assign({
      placeChange: ({ event }) => {
        assertEvent(event, 'groupChat.placeChosen');
        return event.change;
      },
    }),
    takeDraft: assign({ posting: ({ context }) => context.draft, postingTo: ({ context }) => context.chatId, draft: '' }),
    forgetDraft: ({ context }) => keepDraft(groupDraftKey(context.user.id, context.chatId), ''),
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'groupChat.draftChanged');
      keepDraft(groupDraftKey(context.user.id, context.chatId), event.draft);
      return { draft: event.draft };
    }),
    queueDraft: assign({
      queued: ({ context }) => [...context.queued, { groupId: context.chatId!, message: context.draft }],
      draft: '',
    }),
    takeQueued: assign(({ context }) => {
      const [next, ...rest] = context.queued;
      return { posting: next!.message, postingTo: next!.groupId, queued: rest };
    }),
    posted: assign({ posting: null, postingTo: null }),
    closePostedChat: assign({ chats: ({ context }) => context.chats.map((c) => (c.id === context.postingTo ? { ...c, closed: true } : c)) }),
    // A failed post gives the text back, with those queued after it (not sent, so their
    // order holds), one per line, unless something new was typed meanwhile.
    restoreDraft: assign(({ context }) => givenBack(context)),
    // Leaving the chats (read again, or the connection back) stops a post on its way: its
    // answer is not heard, so its text is given back like a failed one's, rather than shown
    // as on its way for good (and again in the history read afresh, had it been stored).
    giveBackUnanswered: assign(({ context }) => (context.posting === null ? {} : givenBack(context))),
    reportSessionGone: reportSessionGone(),
    leaveGoneEvent: leaveGoneEvent(),
    // The chat on screen is read (the Chats inbox and its badge, on every device).
    reportRead: sendParent(({ context }) => ({ type: 'conversation.read', kind: 'group', id: context.chatId! })),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'groupChat',
  context: ({ input }) => ({
    ...input,
    chats: [],
    messages: [],
    draft: '',
    hasOlder: false,
    posting: null,
    postingTo: null,
    queued: [],
    people: null,
    membersOpen: false,
    placeChange: null,
  }),
  on: {
    'groupChat.draftChanged': { actions: 'setDraft' },
    'groupChat.membersToggled': { actions: assign({ membersOpen: ({ context }) => !context.membersOpen }) },
    'live.group_message': [
      {
        guard: 'isForChosenChat',
        actions: ['noteLastMessage', { type: 'mergeOne', params: ({ event }) => ({ message: event.message }) }, 'noteStored', 'reportRead'],
      },
      { actions: ['noteLastMessage', 'noteStored'] },
    ],
    // Cancelled or taken down: back to the events list, calmly (session-gone.ts).
    'live.event_changed': { guard: 'isEventGone', actions: 'leaveGoneEvent' },
  },
  initial: 'loadingChats',
  states: {
    loadingChats: {
      invoke: {
        src: 'loadChats',
        input: ({ context }) => ({ userId: context.user.id, eventId: context.event.id }),
        onDone: { target: 'choosing', actions: { type: 'chooseChat', params: ({ event }) => ({ chats: event.output }) } },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chats', error: event.error }) } },
        ],
      },
    },
    choosing: {
      always: [{ guard: 'hasChosenChat', target: 'open' }, { target: 'empty' }],
    },
    // The event has no chat the user may join (should not happen: every event has one).
    empty: { on: { 'groupChat.reloaded': 'loadingChats', 'live.reconnected': 'loadingChats' } },
    failed: { on: { 'groupChat.reloaded': 'loadingChats', 'live.reconnected': 'loadingChats' } },
    open: {
      exit: 'giveBackUnanswered',
      on: {
        'groupChat.chosen': { guard: 'isAnotherKnownChat', target: ['.history.switching', '.people.switching'], actions: 'switchChat' },
        'groupChat.reloaded': '#groupChat.loadingChats',
        'live.reconnected': '#groupChat.loadingChats',
      },
      type: 'parallel',
      states: {
        history: {
          initial: 'loading',
          states: {
            // Passing through here restarts the load even while one is running (for the old chat).
            switching: { always: 'loading' },
            loading: {
              invoke: {
                src: 'loadHistory',
                input: ({ context }) => ({ userId: context.user.id, groupId: context.chatId! }),
                onDone: {
                  target: 'ready',
                  actions: [{ type: 'mergeLatest', params: ({ event }) => ({ page: event.output }) }, 'reportRead'],
                },
                onError: [
                  { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
                  {
                    target: 'failed',
                    actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chat history', error: event.error }) },
                  },
                ],
              },
            },
            ready: { on: { 'groupChat.olderRequested': { guard: 'hasOlder', target: 'loadingOlder' } } },
            loadingOlder: {
              invoke: {
                src: 'loadHistory',
                input: ({ context }) => ({ userId: context.user.id, groupId: context.chatId!, before: context.messages[0]!.id }),
                onDone: { target: 'ready', actions: { type: 'mergeOlder', params: ({ event }) => ({ page: event.output }) } },
                onError: {
                  target: 'ready',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load older group messages', error: event.error }) },
                },
              },
            },
            failed: {},
          },
        },
        people: {
          initial: 'loading',
          states: {
            // Passing through here restarts the read even while one is running (for the old chat).
            switching: { always: 'loading' },
            loading: {
              invoke: {
                src: 'loadPeople',
                input: ({ context }) => ({ userId: context.user.id, groupId: context.chatId! }),
                onDone: [
                  {
                    guard: { type: 'stillFitsChosenPlace', params: ({ event }) => ({ me: event.output.me }) },
                    target: 'changing',
                    actions: assign({ people: ({ event }) => event.output }),
                  },
                  { target: 'ready', actions: assign({ people: ({ event }) => event.output, placeChange: null }) },
                ],
                onError: [
                  { guard: 'isSessionGone', target: 'ready', actions: [assign({ placeChange: null }), 'reportSessionGone'] },
                  {
                    // The people shown are all there is: the place chosen on them is tried.
                    guard: 'hasChosenPlace',
                    target: 'changing',
                    actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chat people', error: event.error }) },
                  },
                  { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load group chat people', error: event.error }) } },
                ],
              },
              on: {
                // Counted at once; the read on its way tells the rest.
                'live.group_chat_people': { guard: 'isCountOfChosenChat', actions: 'noteListening' },
                // The buttons stay on screen while the people are read: the choice waits for them.
                'groupChat.placeChosen': { guard: and(['isPlaceChangeable', not('hasChosenPlace')]), actions: 'choosePlace' },
              },
            },
            ready: {
              on: {
                'groupChat.placeChosen': { guard: 'isPlaceChangeable', target: 'changing', actions: 'choosePlace' },
                'live.group_chat_people': { guard: 'isCountOfChosenChat', target: 'loading', actions: 'noteListening' },
                'groupChat.peopleStale': 'loading',
              },
            },
            changing: {
              invoke: {
                src: 'changePlace',
                input: ({ context }) => ({ userId: context.user.id, groupId: context.chatId!, change: context.placeChange! }),
                onDone: [
                  { guard: 'leftCommunityChat', target: '#groupChat.loadingChats', actions: assign({ chatId: null, placeChange: null, people: null }) },
                  { target: 'ready', actions: assign({ people: ({ event }) => event.output, placeChange: null }) },
                ],
                onError: [
                  { guard: 'isSessionGone', target: 'ready', actions: [assign({ placeChange: null }), 'reportSessionGone'] },
                  {
                    target: 'ready',
                    actions: [
                      assign({ placeChange: null }),
                      { type: 'logFailure', params: ({ event }) => ({ what: 'change place in group chat', error: event.error }) },
                    ],
                  },
                ],
              },
            },
          },
        },
        compose: {
          initial: 'idle',
          states: {
            idle: {
              // Text sent while another was on its way goes next (also after the chats are read again).
              always: { guard: 'hasQueued', target: 'posting', actions: 'takeQueued' },
              on: { 'groupChat.submitted': { guard: and(['hasText', 'isChosenChatOpen']), target: 'posting', actions: ['forgetDraft', 'takeDraft'] } },
            },
            posting: {
              // The input stays open while a post is on its way: what is sent meanwhile waits its turn.
              on: { 'groupChat.submitted': { guard: and(['hasText', 'isChosenChatOpen']), actions: ['forgetDraft', 'queueDraft'] } },
              invoke: {
                src: 'postMessage',
                input: ({ context }) => ({ userId: context.user.id, groupId: context.postingTo!, message: context.posting! }),
                onDone: [
                  {
                    // The first message made the user a member: their place and the members are read again.
                    guard: 'isNotYetMember',
                    target: 'idle',
                    actions: [
                      { type: 'mergePosted', params: ({ event }) => ({ message: event.output.message }) },
                      'posted',
                      raise({ type: 'groupChat.peopleStale' }),
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [{ type: 'mergePosted', params: ({ event }) => ({ message: event.output.message }) }, 'posted'],
                  },
                ],
                onError: [
                  { guard: 'isSessionGone', target: 'idle', actions: ['restoreDraft', 'reportSessionGone'] },
                  // Closed meanwhile: the chat shows it (no input), nothing to log.
                  { guard: { type: 'isClosedRefusal', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['closePostedChat', 'restoreDraft'] },
                  {
                    target: 'idle',
                    actions: ['restoreDraft', { type: 'logFailure', params: ({ event }) => ({ what: 'post group message', error: event.error }) }],
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type GroupChatActorRef = ActorRefFrom<typeof groupChatMachine>;
export type GroupChatSnapshot = SnapshotFrom<typeof groupChatMachine>;

export const selectChosenChat = (s: GroupChatSnapshot): GroupChat | null =>
  s.context.chats.find((c) => c.id === s.context.chatId) ?? null;

/**
 * The user's texts on their way in the chosen chat, to show below its messages: the one
 * being posted (until it is stored: its echo or the answer shows it from then on), then
 * those waiting their turn.
 */
export const selectOutgoing = (s: GroupChatSnapshot): { key: string; text: string }[] => {
  const { posting, postingTo, queued, chatId } = s.context;
  return [
    ...(posting !== null && postingTo === chatId ? [{ key: 'posting', text: posting }] : []),
    ...queued.flatMap((q, i) => (q.groupId === chatId ? [{ key: `queued-${i}`, text: q.message }] : [])),
  ];
};
