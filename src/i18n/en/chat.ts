/** The English words of a 1:1 chat (SPEC 2 "Chat view"): the person, their ice breakers, and what stops a message. */
import { t } from '@lingui/core/macro';
import { EXIT_WORDS } from '../../../contract/exit-plan';
import { blockedInChat, CANNOT_WRITE_NOTE } from '../../../contract/safety-words';
import type { ChatLine } from '../../../machines/chat/chat.machine';
import { english, say } from '../i18n';
import { messages } from '../locales/en/chat.po';

english(messages);

export const CHAT = () => ({
  title: t({ id: 'chat.title', message: 'Chat' }),
  chatWith: (name: string) => t({ id: 'chat.chatWith', message: `Chat with ${name}` }),
  choose: t({ id: 'chat.choose', message: 'Choose someone to chat with: one of your connections, or someone at an event.' }),
  yourConnections: t({ id: 'chat.yourConnections', message: 'Your connections' }),
  events: t({ id: 'chat.events', message: 'Events' }),
  needBreak: say(EXIT_WORDS.button),
  report: (name: string) => t({ id: 'chat.report', message: `Report ${name}` }),
  block: (name: string) => t({ id: 'chat.block', message: `Block ${name}` }),
  /** `until`: "until 15:30" and the like (format.ts breakUntil, said in the language shown). */
  quiet: (until: string) => t({ id: 'chat.quiet', message: `Quiet ${until}` }),
  unmute: t({ id: 'chat.unmute', message: 'Unmute' }),
  unmuting: say(EXIT_WORDS.unmuting),
  loading: t({ id: 'chat.loading', message: 'Loading your conversation…' }),
  failed: t({ id: 'chat.failed', message: "We couldn't load this conversation just now." }),
  messagesWith: (name: string) => t({ id: 'chat.messagesWith', message: `Messages with ${name}` }),
  closed: t({ id: 'chat.closed', message: 'Messages are closed' }),
  blocked: (name: string) => say(blockedInChat({ name })),
  cannotWrite: say(CANNOT_WRITE_NOTE),
  /** Issue 42: the other person deleted their account; what was said stays with the reader. */
  partnerLeft: t({ id: 'chat.partnerLeft', message: 'This person has left Wallflower. What you said to each other stays here for you.' }),
  iceBreakers: t({ id: 'chat.iceBreakers', message: 'Ice breakers' }),
  iceBreakersHint: t({ id: 'chat.iceBreakersHint', message: 'Not sure what to say? Tap one to send it.' }),
  iceBreaker: t({ id: 'chat.iceBreaker', message: 'Ice breaker' }),
  /** What a line still in the outbox says instead of its time. */
  pending: { sending: t({ id: 'chat.pending.sending', message: 'Sending…' }), waiting: t({ id: 'chat.pending.waiting', message: "Not sent yet — sending when you're back online" }), refused: t({ id: 'chat.pending.refused', message: 'Not sent' }) } as Record<
    NonNullable<ChatLine['pending']>,
    string
  >,
  noMessages: t({ id: 'chat.noMessages', message: 'No messages yet.' }),
  noMessagesYet: t({ id: 'chat.noMessagesYet', message: 'No messages yet. An ice breaker can make the first one easier.' }),
});
