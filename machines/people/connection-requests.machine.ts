/**
 * connection-requests (SPEC 2 "Connection request cards"): the requests waiting for the
 * user, each accepted or declined. It lives while the user is signed in, so the event
 * view's Requests badge and the list are one and the same: loaded on entering an event
 * or the list, grown live as requests arrive, shrunk as they are answered.
 */
import { and, assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import type { Connection, ReceivedRequest, RespondAnswer } from '../../contract/social';
import { api, detailOr, errorOf } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

export type RequestAction = 'accept' | 'decline';

export interface ConnectionRequestsContext {
  userId: string;
  requests: ReceivedRequest[];
  /** The request being answered, and how. */
  answering: { requestId: string; action: RequestAction } | null;
}

export type ConnectionRequestsEvent =
  | { type: 'requests.reloaded' }
  | { type: 'requests.answered'; requestId: string; action: RequestAction }
  | { type: 'live.reconnected' }
  | { type: 'live.connection_request'; request: ReceivedRequest }
  | { type: 'live.connection_accepted'; connection: Connection };

type RespondInput = { userId: string; requestId: string; action: RequestAction };

export const connectionRequestsMachine = setup({
  types: {
    context: {} as ConnectionRequestsContext,
    input: {} as { userId: string },
    events: {} as ConnectionRequestsEvent,
  },
  actors: {
    loadRequests: fromPromise<ReceivedRequest[], { userId: string }>(({ input }) => api.receivedRequests(input.userId)),
    respond: fromPromise<RespondAnswer, RespondInput>(({ input }) =>
      api.respondToRequest(input.userId, input.requestId, input.action),
    ),
  },
  guards: {
    isSessionGone,
    isAnswerable: ({ context, event }) => {
      assertEvent(event, 'requests.answered');
      return context.requests.some((r) => r.id === event.requestId);
    },
    wasAccepted: ({ context }) => context.answering?.action === 'accept',
    isIdle: ({ context }) => context.answering === null,
    answerWaits: ({ context }) => context.requests.some((r) => r.id === context.answering?.requestId),
    answerKept: ({ context }) => context.answering !== null,
  },
  actions: {
    showRespondFailure: sendParent(({ event }) => ({
      type: 'error.show' as const,
      message: detailOr(errorOf(event), MESSAGES.failedRespondToRequest),
    })),
    reportSessionGone: reportSessionGone(),
    addRequest: assign({
      requests: ({ context, event }) => {
        assertEvent(event, 'live.connection_request');
        const rest = context.requests.filter((r) => r.id !== event.request.id && r.sender.id !== event.request.sender.id);
        return [event.request, ...rest];
      },
    }),
    // Connected with someone by any route: their request has nothing left to answer.
    dropRequestsOf: assign({
      requests: ({ context, event }) => {
        assertEvent(event, 'live.connection_accepted');
        return context.requests.filter((r) => r.sender.id !== event.connection.connected_user.id);
      },
    }),
    dropAnswered: assign({
      requests: ({ context }) => context.requests.filter((r) => r.id !== context.answering?.requestId),
      answering: null,
    }),
    keepAnswer: assign({
      answering: ({ event }) => {
        assertEvent(event, 'requests.answered');
        return { requestId: event.requestId, action: event.action };
      },
    }),
    keepNoAnswer: assign({ answering: null }),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show' as const, message: params.message, kind: 'success' as const })),
  },
}).createMachine({
  id: 'connectionRequests',
  context: ({ input }) => ({ userId: input.userId, requests: [], answering: null }),
  on: {
    'live.connection_request': { actions: 'addRequest' },
    'live.connection_accepted': { actions: 'dropRequestsOf' },
  },
  // Nothing is asked of the server until the user is where the requests show.
  initial: 'idle',
  states: {
    idle: {
      on: {
        'requests.reloaded': 'loading',
        // The badge should count them all, not just this one: load the list.
        'live.connection_request': { target: 'loading', actions: 'addRequest' },
      },
    },
    loading: {
      invoke: {
        src: 'loadRequests',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ requests: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: ['keepNoAnswer', 'reportSessionGone'] },
          { target: 'failed', actions: ['keepNoAnswer', sendParent({ type: 'error.show', message: MESSAGES.failedLoadConnectionRequests })] },
        ],
      },
      on: {
        // The list already shown is reloaded on every visit: a tap on it meanwhile is kept,
        // and sent once the list is in (and only if the request still waits there).
        'requests.answered': {
          guard: and(['isAnswerable', 'isIdle']),
          actions: 'keepAnswer',
        },
      },
    },
    ready: {
      always: [
        { guard: 'answerWaits', target: 'answering' },
        { guard: 'answerKept', actions: 'keepNoAnswer' },
      ],
      on: {
        'requests.reloaded': 'loading',
        'live.reconnected': 'loading',
        'requests.answered': {
          guard: 'isAnswerable',
          target: 'answering',
          actions: 'keepAnswer',
        },
      },
    },
    answering: {
      invoke: {
        src: 'respond',
        input: ({ context }) => ({ userId: context.userId, ...context.answering! }),
        onDone: [
          {
            guard: 'wasAccepted',
            target: 'ready',
            actions: [{ type: 'toast', params: { message: MESSAGES.connectionAccepted } }, 'dropAnswered'],
          },
          { target: 'ready', actions: [{ type: 'toast', params: { message: MESSAGES.connectionDeclined } }, 'dropAnswered'] },
        ],
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: ['keepNoAnswer', 'reportSessionGone'] },
          {
            target: 'ready',
            actions: [
              'showRespondFailure',
              'keepNoAnswer',
            ],
          },
        ],
      },
    },
    // A failed reload leaves the cards already shown on screen, and each can still be answered.
    failed: {
      on: {
        'requests.reloaded': 'loading',
        'live.reconnected': 'loading',
        'requests.answered': {
          guard: 'isAnswerable',
          target: 'answering',
          actions: 'keepAnswer',
        },
      },
    },
  },
});

export type ConnectionRequestsActorRef = ActorRefFrom<typeof connectionRequestsMachine>;
export type ConnectionRequestsSnapshot = SnapshotFrom<typeof connectionRequestsMachine>;

/** The Requests badge: how many wait for an answer (0 until first loaded). */
export const selectRequestCount = (s: ConnectionRequestsSnapshot): number => s.context.requests.length;

export const selectRequestsStatus = (s: ConnectionRequestsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('failed') ? 'failed' : (s.matches('loading') || s.matches('idle')) && s.context.requests.length === 0 ? 'loading' : 'ready';
