/**
 * The chat outbox (issue 7: messages written offline are kept and sent, once each, when
 * the connection returns). Every chat message goes through it with an id of its own
 * (client_id): sent at once when online, in the order written, one at a time. A failure
 * without an answer keeps the message pending until the connection is back or a retry
 * delay passes; the server ignores a repeat of a client_id, so a retry after a lost
 * answer cannot make a copy. A refusal (4xx) drops the message and says so quietly;
 * one that says the person may not write to the other (403, issue 16) keeps it, not to
 * be sent again, so the chat shows what was written and why it was not sent. Once the
 * user blocks someone, what still waits for them is not sent. It lives while the user is
 * signed in, so leaving the chat view loses nothing.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MessageType } from '../../contract/constants';
import type { ChatMessage } from '../../contract/social';
import { api, ApiError, detailOr, errorOf, isRetryable, type SessionExpired } from '../api/client';
import type { ChatBlocked } from './chat.machine';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';
import type { Said } from '../../contract/said';

/** What the chat asks to send. */
export interface OutgoingMessage {
  to_user: string;
  message: string;
  message_type: MessageType;
  ice_breaker_id: string | null;
  event_id: string | null;
}

export interface PendingMessage extends OutgoingMessage {
  clientId: string;
}

export interface OutboxInput {
  userId: string;
  online: boolean;
  /** Makes a client_id; crypto.randomUUID in the browser, a counter in tests. */
  newId?: () => string;
}

/** A message the server would not take from the user (403): kept, with the server's reason. */
export interface RefusedMessage extends PendingMessage {
  detail: Said;
}

export interface OutboxContext {
  userId: string;
  online: boolean;
  items: PendingMessage[];
  /** Messages the server refused to take (not to be sent again), oldest first. */
  refused: RefusedMessage[];
  /** Failed tries of the message at the head, for the retry delay. */
  attempt: number;
  newId: () => string;
}

export type OutboxEvent =
  | { type: 'outbox.queued'; message: OutgoingMessage }
  | { type: 'connectivity.changed'; online: boolean }
  /** A live echo shows this message stored already (an earlier try got through). */
  | { type: 'outbox.delivered'; clientId: string }
  /** The user blocked this person in the chat (issue 16; the switchboard passes it on): nothing more goes to them. */
  | ChatBlocked;

/** Told to the root chart; the switchboard hands the stored message to the chat on screen. */
export type OutboxReport =
  | { type: 'outbox.sent'; clientId: string; message: ChatMessage }
  | { type: 'toast.show'; message: Said; kind: 'error' }
  | SessionExpired;

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 30_000;

/** 2 s, 4 s, 8 s ... at most 30 s between tries of one message. */
export const outboxRetryDelay = (attempt: number): number =>
  Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));

export const UNSENT_FALLBACK: Said = /*i18n*/ { id: 'chat.unsentFallback', message: "A message couldn't be sent." };

/** A random id; crypto.randomUUID exists only in secure contexts, so fall back to random bytes. */
export function randomId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type SendInput = { userId: string; item: PendingMessage };

export const chatOutboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    input: {} as OutboxInput,
    events: {} as OutboxEvent,
  },
  actors: {
    sendMessage: fromPromise<{ success: true; message: ChatMessage }, SendInput>(({ input }) =>
      api.sendChat(input.userId, {
        to_user: input.item.to_user,
        message: input.item.message,
        message_type: input.item.message_type,
        ice_breaker_id: input.item.ice_breaker_id,
        event_id: input.item.event_id,
        client_id: input.item.clientId,
      }),
    ),
  },
  delays: {
    retryDelay: ({ context }) => outboxRetryDelay(context.attempt),
  },
  guards: {
    canSend: ({ context }) => context.online && context.items.length > 0,
    isBackOnline: ({ event }) => event.type === 'connectivity.changed' && event.online,
    isSessionGone,
    isRetryable: ({ event }) => isRetryable(errorOf(event)),
    // Not allowed to write to them (403; a ban's 403 is a lost session, handled before): sending again changes nothing.
    isForbidden: ({ event }) => {
      const error = errorOf(event);
      return error instanceof ApiError && error.status === 403;
    },
  },
  actions: {
    enqueue: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'outbox.queued');
        return [...context.items, { ...event.message, clientId: context.newId() }];
      },
    }),
    setOnline: assign({
      online: ({ event }) => {
        assertEvent(event, 'connectivity.changed');
        return event.online;
      },
    }),
    dropHead: assign({ items: ({ context }) => context.items.slice(1), attempt: 0 }),
    keepRefused: assign({
      refused: ({ context, event }) => [...context.refused, { ...context.items[0]!, detail: detailOr(errorOf(event), UNSENT_FALLBACK) }],
    }),
    // Not the head while it is on its way: that answer will settle it.
    dropDelivered: assign({
      items: ({ context, event }, params: { sendingHead: boolean }) => {
        assertEvent(event, 'outbox.delivered');
        return context.items.filter((m, i) => m.clientId !== event.clientId || (params.sendingHead && i === 0));
      },
    }),
    // Not the head while it is on its way: that answer will settle it.
    dropTo: assign({
      items: ({ context, event }, params: { sendingHead: boolean }) => {
        assertEvent(event, 'chat.blocked');
        return context.items.filter((m, i) => m.to_user !== event.userId || (params.sendingHead && i === 0));
      },
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    reportSent: sendParent(({ context, event }): OutboxReport => {
      const output = (event as { output?: { message: ChatMessage } }).output!;
      return { type: 'outbox.sent', clientId: context.items[0]!.clientId, message: output.message };
    }),
    reportDropped: sendParent(({ event }): OutboxReport => ({
      type: 'toast.show',
      message: detailOr(errorOf(event), UNSENT_FALLBACK),
      kind: 'error',
    })),
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { error: unknown }) => logFailure('send chat message', params.error),
  },
}).createMachine({
  id: 'chatOutbox',
  context: ({ input }) => ({
    userId: input.userId,
    online: input.online,
    items: [],
    refused: [],
    attempt: 0,
    newId: input.newId ?? randomId,
  }),
  on: {
    'outbox.queued': { actions: 'enqueue' },
    'connectivity.changed': { actions: 'setOnline' },
    'outbox.delivered': { actions: { type: 'dropDelivered', params: { sendingHead: false } } },
    'chat.blocked': { actions: { type: 'dropTo', params: { sendingHead: false } } },
  },
  initial: 'idle',
  states: {
    // Offline, or nothing to send: wait.
    idle: {
      always: { guard: 'canSend', target: 'sending' },
    },
    sending: {
      on: {
        'outbox.delivered': { actions: { type: 'dropDelivered', params: { sendingHead: true } } },
        'chat.blocked': { actions: { type: 'dropTo', params: { sendingHead: true } } },
      },
      invoke: {
        src: 'sendMessage',
        input: ({ context }) => ({ userId: context.userId, item: context.items[0]! }),
        onDone: { target: 'idle', actions: ['reportSent', 'dropHead'] },
        onError: [
          { guard: 'isSessionGone', target: 'idle', actions: ['dropHead', 'reportSessionGone'] },
          {
            guard: 'isRetryable',
            target: 'waiting',
            actions: ['countAttempt', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
          // Not allowed to write to them: the message stays in the chat, marked as not sent, with the reason.
          {
            guard: 'isForbidden',
            target: 'idle',
            actions: ['keepRefused', 'reportDropped', 'dropHead', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'idle',
            actions: ['reportDropped', 'dropHead', { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    // No answer: try again when the browser says it is back online, or after a while.
    waiting: {
      after: { retryDelay: 'idle' },
      on: {
        'connectivity.changed': [
          { guard: 'isBackOnline', target: 'idle', actions: 'setOnline' },
          { actions: 'setOnline' },
        ],
      },
    },
  },
});

export type ChatOutboxActorRef = ActorRefFrom<typeof chatOutboxMachine>;
export type ChatOutboxSnapshot = SnapshotFrom<typeof chatOutboxMachine>;

/** The messages to one person still waiting to go, oldest first. */
export const selectPendingFor = (s: ChatOutboxSnapshot, otherUserId: string): PendingMessage[] =>
  s.context.items.filter((m) => m.to_user === otherUserId);

/** The messages to one person the server refused, oldest first. */
export const selectRefusedFor = (s: ChatOutboxSnapshot, otherUserId: string): RefusedMessage[] =>
  s.context.refused.filter((m) => m.to_user === otherUserId);

/** Pending messages wait for the connection (offline, or the last try got no answer). */
export const selectOutboxWaiting = (s: ChatOutboxSnapshot): boolean => !s.context.online || s.matches('waiting');
