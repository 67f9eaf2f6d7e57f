/**
 * Chat messages as the chats hold and show them (the 1:1 chat's and the group chats'): a
 * page of history, merged by id with what arrives live or from the outbox, and the lines
 * of a conversation on screen.
 */
import type { ChatMessage } from '../../contract/social';
import type { PendingMessage } from './chat-outbox.machine';

/** Messages per history page (the server's default page). */
export const CHAT_PAGE = 50;

/** Messages by id, oldest first: a page, a live echo and an outbox answer may overlap. */
export function mergeById<T extends { id: string; timestamp: string }>(current: T[], incoming: T[]): T[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}

/** SPEC 5: whitespace-only text is not a message. */
export const isSendable = (text: string): boolean => text.trim().length > 0;

/** One line of the conversation on screen: a message of the history, or one still in the outbox. */
export interface ChatLine {
  key: string;
  mine: boolean;
  text: string;
  /** ISO time; null while the message waits in the outbox. */
  time: string | null;
  iceBreaker: boolean;
  /**
   * Still in the outbox: being sent now, or waiting for the connection; or refused by the
   * server (kept, not sent); null once in the history.
   */
  pending: 'sending' | 'waiting' | 'refused' | null;
}

/**
 * The conversation as shown: the history, oldest first, then the messages to this person
 * the server refused, then those still in the outbox, in the order they were written. One
 * the history already holds (an earlier try got through before its answer did) is shown
 * once, as delivered.
 */
export function chatLines(input: {
  messages: readonly ChatMessage[];
  /** The outbox's messages to this person (selectPendingFor). */
  pending: readonly PendingMessage[];
  /** The outbox's refused messages to this person (selectRefusedFor). */
  refused?: readonly PendingMessage[];
  me: string;
  /** The outbox waits for the connection (selectOutboxWaiting). */
  waiting: boolean;
}): ChatLine[] {
  const delivered = new Set(input.messages.flatMap((m) => (m.client_id ? [m.client_id] : [])));
  const pending = input.waiting ? 'waiting' : 'sending';
  return [
    ...input.messages.map(
      (m): ChatLine => ({
        key: m.id,
        mine: m.from_user === input.me,
        text: m.message,
        time: m.timestamp,
        iceBreaker: m.message_type === 'ice_breaker',
        pending: null,
      }),
    ),
    ...(input.refused ?? []).map(
      (p): ChatLine => ({ key: p.clientId, mine: true, text: p.message, time: null, iceBreaker: p.message_type === 'ice_breaker', pending: 'refused' }),
    ),
    ...input.pending
      .filter((p) => !delivered.has(p.clientId))
      .map((p): ChatLine => ({ key: p.clientId, mine: true, text: p.message, time: null, iceBreaker: p.message_type === 'ice_breaker', pending })),
  ];
}
