/**
 * The live channel (SPEC 7, DESIGN 6): the socket /ws/{userId} while a user is signed
 * in, run by the switchboard (app/switchboard.machine.ts). It tells the server which
 * event the user is in (join_event, again after every reconnect), turns each server
 * message into an event for the switchboard ('live.new_message', ...), which passes it to
 * the charts that show it; it reconnects with capped, jittered backoff and `?after=` the
 * last seq it received, so the server first sends what it missed (issue 44), each once: a
 * seq it already has is dropped, so nothing toasts twice. After a reconnect it still asks
 * for what is on screen to be read again (an event's room is not replayed; the HTTP lists
 * are the truth), and again on `resync` (what it missed is no longer kept). A close with 4001
 * means the user's sessions ended: unless this device's session survived (a password
 * changed here keeps it; the server closes every socket all the same), the root signs
 * them out at once.
 *
 * Messages are checked with a hand-written guard, not the contract's zod schemas: zod
 * must not ship to the browser, so contract/live.ts is used for its types only.
 */
import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, not, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LiveServerMessage, LiveServerMessageType } from '../../contract/live';
import { api, type SessionExpired } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';

/** The close code of "your sessions ended" (contract/live.ts LIVE_CLOSE.sessionEnded). */
export const SESSION_ENDED_CLOSE = 4001;

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Each delay is moved up or down by at most this share, so many clients do not return in step. */
export const RECONNECT_JITTER = 0.2;

/**
 * The wait before reconnect attempt `attempt` (1 for the first): 1 s doubling to at most
 * 30 s, then jittered by ±20 % with `random` in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + (random * 2 - 1) * RECONNECT_JITTER));
}

/** Every live message as a chart event: `{type: 'live.<type>', ...payload}`. */
export type LiveEvent = LiveServerMessage extends infer M
  ? M extends { type: infer T extends string }
    ? { type: `live.${T}` } & Omit<M, 'type'>
    : never
  : never;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasId = (v: unknown): boolean => isObject(v) && typeof v.id === 'string';

/**
 * What each message must carry to be passed on. The record is keyed by every message
 * type of the contract, so a new one does not compile until it is checked here.
 */
const PAYLOAD_CHECKS: Record<LiveServerMessageType, (m: Record<string, unknown>) => boolean> = {
  new_message: (m) =>
    hasId(m.message) && typeof (m.message as Record<string, unknown>).from_user === 'string' && (m.from_name === undefined || typeof m.from_name === 'string'),
  group_message: (m) => hasId(m.message) && typeof (m.message as Record<string, unknown>).group_id === 'string',
  group_chat_people: (m) => typeof m.group_id === 'string' && typeof m.listening === 'number' && typeof m.member_count === 'number',
  location_update: (m) => typeof m.event_id === 'string',
  contact_exchange_request: (m) => hasId(m.exchange),
  new_photo: (m) => isObject(m.photo),
  event_feed: (m) => isObject(m.feed),
  notification: (m) => hasId(m.notification) && typeof (m.notification as Record<string, unknown>).title === 'string',
  connection_request: (m) => hasId(m.request) && hasId((m.request as Record<string, unknown>).sender),
  connection_accepted: (m) => hasId(m.connection) && hasId((m.connection as Record<string, unknown>).connected_user),
  event_changed: (m) => typeof m.event_id === 'string' && typeof m.change === 'string',
  meeting_changed: (m) => typeof m.meeting_id === 'string',
  card_revoked: (m) => typeof m.id === 'string',
  chat_rest: (m) => typeof m.user_id === 'string' && typeof m.resting === 'boolean' && typeof m.by_me === 'boolean',
  // Nothing more than its type.
  resync: isObject,
  pod_formed: (m) => typeof m.event_id === 'string' && typeof m.pod_id === 'string',
  // Its seq is kept as the last seen (forwardMessage), so a socket that heard nothing else reconnects `?after=` it.
  caught_up: (m) => (m.seq as number) > 0,
};

const isLiveType = (t: unknown): t is LiveServerMessageType =>
  typeof t === 'string' && Object.prototype.hasOwnProperty.call(PAYLOAD_CHECKS, t);

/** A server message, or null for anything else (bad JSON, unknown types, missing payloads). */
export function parseLiveMessage(data: unknown): LiveServerMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value) || !isLiveType(value.type)) return null;
  return PAYLOAD_CHECKS[value.type](value) ? (value as unknown as LiveServerMessage) : null;
}

/** The chart event a message becomes. */
export function toLiveEvent(message: LiveServerMessage): LiveEvent {
  const { type, ...payload } = message;
  return { type: `live.${type}`, ...payload } as LiveEvent;
}

/** `${location.origin with ws}/ws/${userId}` */
export function liveChannelUrl(origin: string, userId: string): string {
  return `${origin.replace(/^http/, 'ws')}/ws/${encodeURIComponent(userId)}`;
}

/** What the socket actor reports. */
export type SocketEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.messageReceived'; message: LiveServerMessage }
  | { type: 'socket.closed'; code: number };

/** What the channel asks of the socket actor. */
export type SocketCommand = { type: 'socket.send'; data: string };

/**
 * One browser WebSocket: reports open, each valid message and the close; sends what it
 * is told. Stopping it closes the socket. Without WebSocket (tests, old browsers) it
 * never opens.
 */
export const browserSocket = fromCallback<SocketCommand, { url: string }>(({ input, sendBack, receive }) => {
  if (typeof WebSocket === 'undefined') return () => {};
  let socket: WebSocket;
  try {
    socket = new WebSocket(input.url);
  } catch {
    sendBack({ type: 'socket.closed', code: 1006 } satisfies SocketEvent);
    return () => {};
  }
  let stopped = false;
  socket.onopen = () => sendBack({ type: 'socket.opened' } satisfies SocketEvent);
  socket.onmessage = (e: MessageEvent) => {
    const message = parseLiveMessage(e.data);
    if (message) sendBack({ type: 'socket.messageReceived', message } satisfies SocketEvent);
  };
  socket.onclose = (e: CloseEvent) => {
    if (!stopped) sendBack({ type: 'socket.closed', code: e.code } satisfies SocketEvent);
  };
  receive((command) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(command.data);
  });
  return () => {
    stopped = true;
    socket.onopen = socket.onmessage = socket.onclose = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000, 'Signed out');
  };
});

export interface LiveChannelInput {
  userId: string;
  /** The page's origin, e.g. http://127.0.0.1:8080. */
  origin: string;
  /** In [0, 1); Math.random by default, fixed in tests. */
  random?: () => number;
}

export interface LiveChannelContext {
  userId: string;
  url: string;
  /** The event the user is in; joined again on every (re)connect. */
  eventId: string | null;
  /** Reconnect attempts since the socket was last open. */
  attempt: number;
  /** The socket has been open before, so the next open is a reconnect. */
  wasConnected: boolean;
  /** The last seq received (0: none); the next socket asks for what came after it. */
  seq: number;
  random: () => number;
}

export type LiveChannelEvent =
  | SocketEvent
  /** The user entered an event (the root tells the switchboard, which tells the channel). */
  | { type: 'channel.eventJoined'; eventId: string }
  /** The browser is online again: no need to wait out the backoff. */
  | { type: 'connectivity.changed'; online: boolean };

/** Told to the switchboard (a lost session goes on to the root). */
export type LiveChannelReport = LiveEvent | { type: 'live.reconnected' } | SessionExpired;

export const liveChannelMachine = setup({
  types: {
    context: {} as LiveChannelContext,
    input: {} as LiveChannelInput,
    events: {} as LiveChannelEvent,
  },
  actors: {
    socket: browserSocket,
    // Answers when this device is still signed in, fails with 401 when not.
    checkSession: fromPromise<unknown, { userId: string }>(() => api.currentUser()),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelay(context.attempt, context.random()),
  },
  guards: {
    isSessionEnded: ({ event }) => event.type === 'socket.closed' && event.code === SESSION_ENDED_CLOSE,
    // Had already (a message without seq, an event's room, is never): dropped.
    isSeen: ({ context, event }) => (event as { message: { seq?: number } }).message.seq! <= context.seq,
    isReconnect: ({ context }) => context.wasConnected,
    isBackOnline: ({ event }) => event.type === 'connectivity.changed' && event.online,
    isSessionGone,
  },
  actions: {
    rememberEvent: assign({
      eventId: ({ context, event }) => (event.type === 'channel.eventJoined' ? event.eventId : context.eventId),
    }),
    // Only attendees' joins count on the server; it ignores the rest quietly.
    sendJoin: enqueueActions(({ context, enqueue }) => {
      if (context.eventId === null) return;
      enqueue.sendTo('socket', {
        type: 'socket.send',
        data: JSON.stringify({ type: 'join_event', event_id: context.eventId }),
      } satisfies SocketCommand);
    }),
    forwardMessage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.messageReceived');
      enqueue.assign({ seq: (event.message as { seq?: number }).seq ?? context.seq });
      enqueue.sendParent(toLiveEvent(event.message));
    }),
    reportReconnected: sendParent({ type: 'live.reconnected' } satisfies LiveChannelReport),
    reportSessionGone: reportSessionGone(),
    markOpen: assign({ attempt: 0, wasConnected: true }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
  },
}).createMachine({
  id: 'liveChannel',
  context: ({ input }) => ({
    userId: input.userId,
    url: liveChannelUrl(input.origin, input.userId),
    eventId: null,
    attempt: 0,
    wasConnected: false,
    seq: 0,
    random: input.random ?? Math.random,
  }),
  on: { 'channel.eventJoined': { actions: 'rememberEvent' } },
  initial: 'open',
  states: {
    // A socket exists: first connecting, then connected, until it closes.
    open: {
      invoke: { src: 'socket', id: 'socket', input: ({ context }) => ({ url: context.seq ? `${context.url}?after=${context.seq}` : context.url }) },
      on: {
        'socket.closed': [
          { guard: 'isSessionEnded', target: 'checkingSession' },
          { target: 'reconnecting', actions: 'countAttempt' },
        ],
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'socket.opened': [
              { guard: 'isReconnect', target: 'connected', actions: ['markOpen', 'sendJoin', 'reportReconnected'] },
              { target: 'connected', actions: ['markOpen', 'sendJoin'] },
            ],
          },
        },
        connected: {
          on: {
            'socket.messageReceived': { guard: not('isSeen'), actions: 'forwardMessage' },
            'channel.eventJoined': { actions: ['rememberEvent', 'sendJoin'] },
          },
        },
      },
    },
    // Waiting out the backoff; the browser coming back online cuts it short.
    reconnecting: {
      after: { reconnectDelay: 'open' },
      on: { 'connectivity.changed': { guard: 'isBackOnline', target: 'open' } },
    },
    // Sessions ended (ban, password change, deactivation): is this device's one of them?
    checkingSession: {
      invoke: {
        src: 'checkSession',
        input: ({ context }) => ({ userId: context.userId }),
        // Still signed in here (the password was changed on this device): back at once.
        onDone: 'open',
        onError: [
          { guard: 'isSessionGone', target: 'ended', actions: 'reportSessionGone' },
          { target: 'reconnecting', actions: 'countAttempt' },
        ],
      },
    },
    // Signed out: no more reconnects.
    ended: { type: 'final' },
  },
});

export type LiveChannelActorRef = ActorRefFrom<typeof liveChannelMachine>;
export type LiveChannelSnapshot = SnapshotFrom<typeof liveChannelMachine>;
