/** The English words of the chats: the Chats list, a 1:1 chat and an event's group chat (SPEC 2 "Chat view", issue 13). */
import { LISTENING_WORDS } from '../../../contract/listening-words';
import { EXIT_WORDS } from '../../../contract/exit-plan';
import { blockedInChat, CANNOT_WRITE_NOTE } from '../../../contract/safety-words';
import type { ChatLine } from '../../../machines/chat.machine';
import { plural } from '../../components/format';
import type { Part } from '../i18n';

/**
 * Words written `as const` beside their chart or in the contract (their tests use them),
 * as a part's words: each sentence a plain string, so the German one can stand in for it.
 */
export type Widened<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { -readonly [K in keyof T]: Widened<T[K]> };

/** The Chats list (issue 13): every conversation, newest first. */
export const CHATS = {
  id: 'chatList',
  en: {
    title: 'Chats',
    loading: 'Loading your chats…',
    failed: "We couldn't load your chats just now.",
    empty: 'No conversations yet. When you connect with someone, your chat with them shows here.',
    unread: (n: number) => (n === 0 ? 'All caught up.' : plural('en', n, { one: '# unread message', other: '# unread messages' })),
    list: 'Conversations',
    group: 'Group',
    noMessages: 'No messages yet',
    /** The server's and the chart's name for the reader in a preview ("You: see you there"). */
    you: 'You',
    /** Said after a conversation's count, for screen readers: "(2 unread)". */
    unreadBadge: 'unread',
  },
} satisfies Part<unknown>;

/** A conversation's lines and its input (MessageLog, ChatInputForm), in a 1:1 chat and a group chat. */
export const CHAT_LOG = {
  id: 'chatLog',
  en: {
    you: 'You',
    report: 'Report',
    reportFrom: (author: string) => `Report message from ${author}`,
    loadOlder: 'Load older messages',
    sending: 'Sending…',
    /** The input form's accessible name: "Message Sam". */
    messageTo: (name: string) => `Message ${name}`,
    message: 'Message',
    placeholder: 'Type your message...',
    send: 'Send',
  },
} satisfies Part<unknown>;

/** A 1:1 chat (SPEC 2 "Chat view"): the person, their ice breakers, and what stops a message. */
export const CHAT = {
  id: 'chat',
  en: {
    title: 'Chat',
    chatWith: (name: string) => `Chat with ${name}`,
    choose: 'Choose someone to chat with: one of your connections, or someone at an event.',
    yourConnections: 'Your connections',
    events: 'Events',
    needBreak: EXIT_WORDS.button as string,
    report: (name: string) => `Report ${name}`,
    block: (name: string) => `Block ${name}`,
    /** `until`: "until 15:30" and the like (format.ts breakUntil, said in the language shown). */
    quiet: (until: string) => `Quiet ${until}`,
    unmute: 'Unmute',
    unmuting: EXIT_WORDS.unmuting as string,
    loading: 'Loading your conversation…',
    failed: "We couldn't load this conversation just now.",
    messagesWith: (name: string) => `Messages with ${name}`,
    closed: 'Messages are closed',
    blocked: blockedInChat,
    cannotWrite: CANNOT_WRITE_NOTE as string,
    iceBreakers: 'Ice breakers',
    iceBreakersHint: 'Not sure what to say? Tap one to send it.',
    iceBreaker: 'Ice breaker',
    /** What a line still in the outbox says instead of its time. */
    pending: { sending: 'Sending…', waiting: "Not sent yet — sending when you're back online", refused: 'Not sent' } as Record<
      NonNullable<ChatLine['pending']>,
      string
    >,
    noMessages: 'No messages yet.',
    noMessagesYet: 'No messages yet. An ice breaker can make the first one easier.',
  },
} satisfies Part<unknown>;

/** An event's group chat and its interest groups' chats. */
export const GROUP_CHAT = {
  id: 'chatGroup',
  en: {
    title: 'Group chat',
    openEventFirst: 'Open an event first: its group chat is for everyone there.',
    loading: 'Loading group chats…',
    failed: "We couldn't load the group chat just now.",
    none: 'This event has no group chat yet.',
    chats: 'Group chats',
    everyone: 'Everyone',
    loadingMessages: 'Loading messages…',
    messagesIn: (name: string) => `Messages in ${name}`,
    empty: 'Nobody has said anything yet. A simple hello is plenty.',
    members: 'Members',
    yourPlace: 'Your place in this chat',
  },
} satisfies Part<unknown>;

/** "Just listening" in a group chat (issue 18); Listen beside an interest group is the event view's. */
export const LISTENING = {
  id: 'chatListening',
  en: LISTENING_WORDS as Widened<Omit<typeof LISTENING_WORDS, 'listen' | 'listeningToGroup'>>,
} satisfies Part<unknown>;
