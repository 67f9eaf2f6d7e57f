/**
 * Where the viewer stands with one other person (SPEC 4 "Connection status"): none,
 * request_sent, request_received, connected. Only mutual interest connects, so sending
 * to someone who already asked connects at once; a decline is never shown to the
 * sender, who stays in request_sent. Connect opens a composer (the modal) with an
 * optional message. Toasts and a lost session are told to the list that holds it.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectionStatus } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { ConnectionRequestAnswer } from '../../contract/social';
import { api, detailOr, errorOf, type SessionExpired } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

export interface ConnectionRequestInput {
  userId: string;
  /** The other person. */
  otherId: string;
  otherName: string;
  eventId: string | null;
  status: ConnectionStatus;
}

export interface ConnectionRequestContext extends ConnectionRequestInput {
  /** The optional note typed in the composer, kept until sent or cancelled. */
  message: string;
  /** Why the last send failed (the server's detail, else the SPEC 8 fallback). */
  error: Said | null;
}

export type ConnectionRequestEvent =
  | { type: 'connection.composeOpened' }
  | { type: 'connection.messageChanged'; message: string }
  | { type: 'connection.composeCancelled' }
  | { type: 'connection.submitted' }
  /** Live or from a reload: the other person asked. */
  | { type: 'connection.requestReceived' }
  /** Live, or the viewer accepted in the requests list: both are connected. */
  | { type: 'connection.accepted' }
  /** The viewer declined the other's request: it vanishes quietly. */
  | { type: 'connection.declined' }
  /** A fresh answer from the server says where the two stand. */
  | { type: 'connection.statusLoaded'; status: ConnectionStatus };

/** Told to the list holding the card. */
export type ConnectionRequestReport =
  | { type: 'toast.show'; message: Said; kind: 'success' }
  | SessionExpired;

type SendInput = { userId: string; otherId: string; eventId: string | null; message: string };

export const connectionRequestMachine = setup({
  types: {
    context: {} as ConnectionRequestContext,
    input: {} as ConnectionRequestInput,
    events: {} as ConnectionRequestEvent,
  },
  actors: {
    sendRequest: fromPromise<ConnectionRequestAnswer, SendInput>(({ input }) =>
      api.requestConnection(input.userId, {
        to_user_id: input.otherId,
        event_id: input.eventId,
        // SPEC 5: the message is optional; an empty note is no note.
        message: input.message.trim() ? input.message : null,
      }),
    ),
  },
  guards: {
    // Only a change moves the chart, so a reload leaves an open composer alone.
    isStatus: ({ context, event }, params: { status: ConnectionStatus }) =>
      event.type === 'connection.statusLoaded' && event.status === params.status && context.status !== params.status,
    startsAs: ({ context }, params: { status: ConnectionStatus }) => context.status === params.status,
    // The other had already asked: the server connected the two at once.
    answeredConnected: ({ event }) =>
      (event as { output?: ConnectionRequestAnswer }).output?.status === 'connected',
    isSessionGone,
  },
  actions: {
    toast: sendParent((_, params: { message: Said }): ConnectionRequestReport => ({
      type: 'toast.show',
      message: params.message,
      kind: 'success',
    })),
    reportSessionGone: reportSessionGone(),
    clearDraft: assign({ message: '', error: null }),
    setError: assign({
      error: ({ event }) => detailOr(errorOf(event), MESSAGES.failedSendConnectionRequest),
    }),
    setStatus: assign({ status: (_, params: { status: ConnectionStatus }) => params.status }),
  },
}).createMachine({
  id: 'connectionRequest',
  context: ({ input }) => ({ ...input, message: '', error: null }),
  initial: 'start',
  // A reload may say the two stand elsewhere now (the list is the truth, DESIGN 6).
  on: {
    'connection.statusLoaded': [
      { guard: { type: 'isStatus', params: { status: 'connected' } }, target: '.connected' },
      { guard: { type: 'isStatus', params: { status: 'request_sent' } }, target: '.request_sent' },
      { guard: { type: 'isStatus', params: { status: 'request_received' } }, target: '.request_received' },
      { guard: { type: 'isStatus', params: { status: 'request_lapsed' } }, target: '.request_lapsed' },
      { guard: { type: 'isStatus', params: { status: 'none' } }, target: '.none' },
    ],
  },
  states: {
    start: {
      always: [
        { guard: { type: 'startsAs', params: { status: 'connected' } }, target: 'connected' },
        { guard: { type: 'startsAs', params: { status: 'request_sent' } }, target: 'request_sent' },
        { guard: { type: 'startsAs', params: { status: 'request_received' } }, target: 'request_received' },
        { guard: { type: 'startsAs', params: { status: 'request_lapsed' } }, target: 'request_lapsed' },
        { target: 'none' },
      ],
    },
    none: {
      entry: { type: 'setStatus', params: { status: 'none' } },
      initial: 'idle',
      on: { 'connection.requestReceived': 'request_received' },
      states: {
        idle: { on: { 'connection.composeOpened': { target: 'composing', actions: 'clearDraft' } } },
        // The modal is open: an optional note, then Send.
        composing: {
          on: {
            'connection.messageChanged': { actions: assign({ message: ({ event }) => event.message }) },
            'connection.composeCancelled': { target: 'idle', actions: 'clearDraft' },
            'connection.submitted': '#connectionRequest.sending',
          },
        },
      },
    },
    sending: {
      invoke: {
        src: 'sendRequest',
        input: ({ context }) => ({
          userId: context.userId,
          otherId: context.otherId,
          eventId: context.eventId,
          message: context.message,
        }),
        onDone: [
          {
            guard: 'answeredConnected',
            target: 'connected',
            actions: ['clearDraft', { type: 'toast', params: { message: MESSAGES.connectionAccepted } }],
          },
          {
            target: 'request_sent',
            actions: ['clearDraft', { type: 'toast', params: { message: MESSAGES.connectionRequestSent } }],
          },
        ],
        onError: [
          { guard: 'isSessionGone', target: 'none.composing', actions: 'reportSessionGone' },
          // Back to the open composer, the note kept, with the reason shown in it.
          { target: 'none.composing', actions: 'setError' },
        ],
      },
    },
    // Stays here after a decline: the sender is never told (DESIGN 5).
    request_sent: {
      entry: { type: 'setStatus', params: { status: 'request_sent' } },
      on: { 'connection.accepted': 'connected' },
    },
    // Not accepted within two days, declined or not (issue 18): "No answer this time", and
    // the same person is not asked again; their own request still reaches the card.
    request_lapsed: {
      entry: { type: 'setStatus', params: { status: 'request_lapsed' } },
      on: { 'connection.requestReceived': 'request_received', 'connection.accepted': 'connected' },
    },
    request_received: {
      entry: { type: 'setStatus', params: { status: 'request_received' } },
      on: { 'connection.accepted': 'connected', 'connection.declined': 'none' },
    },
    connected: {
      entry: { type: 'setStatus', params: { status: 'connected' } },
    },
  },
});

export type ConnectionRequestActorRef = ActorRefFrom<typeof connectionRequestMachine>;
export type ConnectionRequestSnapshot = SnapshotFrom<typeof connectionRequestMachine>;

/** What the card's button offers (SPEC 2 "Attendee cards"). */
export type ConnectionButton = 'chat' | 'requestSent' | 'noAnswer' | 'checkRequest' | 'connect' | 'sending';

export function selectConnectionButton(s: ConnectionRequestSnapshot): ConnectionButton {
  if (s.matches('connected')) return 'chat';
  if (s.matches('request_sent')) return 'requestSent';
  if (s.matches('request_lapsed')) return 'noAnswer';
  if (s.matches('request_received')) return 'checkRequest';
  if (s.matches('sending')) return 'sending';
  return 'connect';
}

/** The composer (modal) is open, or its note is on its way. */
export const selectComposerOpen = (s: ConnectionRequestSnapshot): boolean =>
  s.matches({ none: 'composing' }) || s.matches('sending');
