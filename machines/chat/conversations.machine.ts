/**
 * conversations (issue 13 item 2): the Chats inbox, every 1:1 and group conversation with
 * its last message and unread count, and the unread total the navigation's badge shows.
 * It lives while the user is signed in (the root invokes it as 'conversations'). The
 * server keeps the read markers, so counts survive reloads and hold across devices. A
 * live message to a conversation already listed updates it in place (its last line, one
 * more unread, first in the list): at an event with a busy group chat, loading the inbox
 * again for every message was most of the app's calls. A message to a conversation not
 * listed, or one that arrives while a load is on its way, loads the list again, quietly,
 * keeping it on screen.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Conversation, ConversationReadBody, ConversationsAnswer, ChatMessage, GroupMessage } from '../../contract/social';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone, reportedOrLogged } from '../session-gone';
import { logFailure } from '../log';

/** A conversation's key: kind and id together (a person's and a group's ids never meet, but be plain). */
export const conversationKey = (c: { kind: ConversationReadBody['kind']; id: string }): string => `${c.kind}:${c.id}`;

export interface ConversationsContext {
  userId: string;
  conversations: Conversation[];
  unreadTotal: number;
  /** A load was asked for while one ran: one more follows it (bursts of messages coalesce). */
  again: boolean;
  /** Read markers to send, in the order asked; the first is on its way. */
  reading: ConversationReadBody[];
  /**
   * Conversations marked read since the running load began: its answer may predate the
   * marker, so their counts stay at zero when it lands.
   */
  readDuringLoad: string[];
}

/** The root is told a conversation on screen is read; the switchboard passes it on here. */
export type ConversationRead = { type: 'conversation.read'; kind: ConversationReadBody['kind']; id: string };

export type ConversationsEvent =
  | { type: 'conversations.reloaded' }
  | { type: 'live.new_message'; message: ChatMessage }
  | { type: 'live.group_message'; message: GroupMessage }
  | { type: 'live.reconnected' }
  | { type: 'conversation.read'; kind: ConversationReadBody['kind']; id: string };

type ReadAnswer = { success: true; unread_total: number };

/** The list as loaded, with the conversations read meanwhile kept at zero. */
function withReadKept(answer: ConversationsAnswer, read: readonly string[]): Pick<ConversationsContext, 'conversations' | 'unreadTotal'> {
  const kept = new Set(read);
  let cleared = 0;
  const conversations = answer.conversations.map((c) => {
    if (c.unread === 0 || !kept.has(conversationKey(c))) return c;
    cleared += c.unread;
    return { ...c, unread: 0 };
  });
  return { conversations, unreadTotal: Math.max(0, answer.unread_total - cleared) };
}

type LiveMessage = { type: 'live.new_message'; message: ChatMessage } | { type: 'live.group_message'; message: GroupMessage };

/** The conversation a live message belongs to, as the reader keys it. */
function keyOfMessage(event: LiveMessage, userId: string): string {
  if (event.type === 'live.group_message') return conversationKey({ kind: 'group', id: event.message.group_id });
  const m = event.message;
  return conversationKey({ kind: 'direct', id: m.from_user === userId ? m.to_user : m.from_user });
}

/**
 * The list with a live message's conversation updated in place and moved first (newest
 * activity first, as the server orders it); null when that conversation is not listed.
 */
export function withMessage(
  context: Pick<ConversationsContext, 'userId' | 'conversations' | 'unreadTotal'>,
  event: LiveMessage,
): Pick<ConversationsContext, 'conversations' | 'unreadTotal'> | null {
  const key = keyOfMessage(event, context.userId);
  const at = context.conversations.findIndex((c) => conversationKey(c) === key);
  if (at < 0) return null;
  const was = context.conversations[at]!;
  const mine = event.message.from_user === context.userId;
  const fromName = mine ? 'You' : event.type === 'live.group_message' ? event.message.from_name : was.title;
  const now: Conversation = {
    ...was,
    last_message: { message: event.message.message, from_name: fromName, timestamp: event.message.timestamp },
    unread: mine ? was.unread : was.unread + 1,
  };
  const rest = context.conversations.filter((_, i) => i !== at);
  return { conversations: [now, ...rest], unreadTotal: context.unreadTotal + (mine ? 0 : 1) };
}

/** While a load is on its way, anything that may change the list asks for one more after it. */
const askAgainWhileLoading = {
  'conversations.reloaded': { actions: 'askAgain' },
  'live.reconnected': { actions: 'askAgain' },
  'live.new_message': { guard: 'isFromSomeoneElse', actions: 'askAgain' },
  'live.group_message': { guard: 'isFromSomeoneElse', actions: 'askAgain' },
} as const;

export const conversationsMachine = setup({
  types: {
    context: {} as ConversationsContext,
    input: {} as { userId: string },
    events: {} as ConversationsEvent,
  },
  actors: {
    loadConversations: fromPromise<ConversationsAnswer, { userId: string }>(({ input }) => api.conversations(input.userId)),
    markRead: fromPromise<ReadAnswer, { userId: string; body: ConversationReadBody }>(({ input }) =>
      api.markConversationRead(input.userId, input.body),
    ),
  },
  guards: {
    isSessionGone,
    // Only someone else's message changes an unread count or shows a new conversation.
    isFromSomeoneElse: ({ context, event }) => {
      assertEvent(event, ['live.new_message', 'live.group_message']);
      return event.message.from_user !== context.userId;
    },
    isListed: ({ context, event }) => {
      assertEvent(event, ['live.new_message', 'live.group_message']);
      return withMessage(context, event) !== null;
    },
    isAgainAsked: ({ context }) => context.again,
    // The same conversation already waits behind the call on its way: one more call is enough.
    isNotWaiting: ({ context, event }) => {
      assertEvent(event, 'conversation.read');
      const key = conversationKey(event);
      return !context.reading.slice(1).some((r) => conversationKey(r) === key);
    },
    hasReading: ({ context }) => context.reading.length > 0,
  },
  actions: {
    askAgain: assign({ again: true }),
    takeMessage: assign(({ context, event }) => {
      assertEvent(event, ['live.new_message', 'live.group_message']);
      return withMessage(context, event) ?? {};
    }),
    beginLoad: assign(({ context }) => ({ again: false, readDuringLoad: context.reading.map(conversationKey) })),
    takeList: assign(({ context }, params: { answer: ConversationsAnswer }) => withReadKept(params.answer, context.readDuringLoad)),
    markReadLocally: assign(({ context, event }) => {
      assertEvent(event, 'conversation.read');
      const key = conversationKey(event);
      const was = context.conversations.find((c) => conversationKey(c) === key)?.unread ?? 0;
      return {
        conversations: was === 0 ? context.conversations : context.conversations.map((c) => (conversationKey(c) === key ? { ...c, unread: 0 } : c)),
        unreadTotal: Math.max(0, context.unreadTotal - was),
        reading: [...context.reading, { kind: event.kind, id: event.id }],
        readDuringLoad: [...context.readDuringLoad, key],
      };
    }),
    // The server's total is the truth once no other marker is on its way (those are zero here already).
    takeReadAnswer: assign(({ context }, params: { answer: ReadAnswer }) => {
      const rest = context.reading.slice(1);
      return rest.length === 0 ? { reading: rest, unreadTotal: params.answer.unread_total } : { reading: rest };
    }),
    dropHead: assign({ reading: ({ context }) => context.reading.slice(1) }),
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'conversations',
  context: ({ input }) => ({ userId: input.userId, conversations: [], unreadTotal: 0, again: false, reading: [], readDuringLoad: [] }),
  on: {
    'conversation.read': { guard: 'isNotWaiting', actions: 'markReadLocally' },
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          entry: 'beginLoad',
          // The load on its way may have missed it: one more follows.
          on: askAgainWhileLoading,
          invoke: {
            src: 'loadConversations',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'ready', actions: { type: 'takeList', params: ({ event }) => ({ answer: event.output }) } },
            onError: reportedOrLogged('failed', 'load conversations'),
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'isAgainAsked', target: 'refreshing' },
              on: {
                'conversations.reloaded': 'refreshing',
                'live.reconnected': 'refreshing',
                'live.new_message': [
                  { guard: 'isListed', actions: 'takeMessage' },
                  { guard: 'isFromSomeoneElse', target: 'refreshing' },
                ],
                'live.group_message': [
                  { guard: 'isListed', actions: 'takeMessage' },
                  { guard: 'isFromSomeoneElse', target: 'refreshing' },
                ],
              },
            },
            // The list stays on screen; a failure is only logged (the list shown still stands).
            refreshing: {
              entry: 'beginLoad',
              on: askAgainWhileLoading,
              invoke: {
                src: 'loadConversations',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: 'idle', actions: { type: 'takeList', params: ({ event }) => ({ answer: event.output }) } },
                onError: reportedOrLogged('idle', 'refresh conversations'),
              },
            },
          },
        },
        failed: {
          on: {
            'conversations.reloaded': 'loading',
            'live.reconnected': 'loading',
            'live.new_message': { guard: 'isFromSomeoneElse', target: 'loading' },
            'live.group_message': { guard: 'isFromSomeoneElse', target: 'loading' },
          },
        },
      },
    },
    // Read markers, one call at a time in the order asked; a failure is only logged.
    reader: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasReading', target: 'marking' } },
        marking: {
          invoke: {
            src: 'markRead',
            input: ({ context }) => ({ userId: context.userId, body: context.reading[0]! }),
            onDone: { target: 'idle', actions: { type: 'takeReadAnswer', params: ({ event }) => ({ answer: event.output }) } },
            onError: reportedOrLogged('idle', 'mark conversation read', ['dropHead']),
          },
        },
      },
    },
  },
});

export type ConversationsActorRef = ActorRefFrom<typeof conversationsMachine>;
export type ConversationsSnapshot = SnapshotFrom<typeof conversationsMachine>;

/** Unread messages across every conversation (the Chats badge). */
export const selectUnreadTotal = (s: ConversationsSnapshot): number => s.context.unreadTotal;

/** The conversations, newest activity first as the server orders them. */
export const selectConversations = (s: ConversationsSnapshot): Conversation[] => s.context.conversations;

/** The name of the person a 1:1 conversation is with, when the inbox has one with them. */
export const selectDirectTitle = (s: ConversationsSnapshot, userId: string): string | null =>
  s.context.conversations.find((c) => c.kind === 'direct' && c.id === userId)?.title ?? null;

/** Where the inbox's load stands: a quiet refresh of a shown list counts as ready. */
export const selectConversationsStatus = (s: ConversationsSnapshot): 'loading' | 'ready' | 'failed' =>
  s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready';
