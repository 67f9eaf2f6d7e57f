/** The English words of a 1:1 chat (SPEC 2 "Chat view"): the person, their ice breakers, and what stops a message. */
import { EXIT_WORDS } from '../../../contract/exit-plan';
import { blockedInChat, CANNOT_WRITE_NOTE } from '../../../contract/safety-words';
import type { ChatLine } from '../../../machines/chat/chat.machine';
import type { Part } from '../i18n';

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
