/**
 * connect-code (issue 19): "My code" — a fresh code from the server, drawn as a QR image
 * (the qrcode library, fetched with this chart's chunk only when first needed), shown
 * with its short code, and replaced a little before it stops working, every minute.
 * When someone connects by it (the live `connection_accepted` of a `qr` connection), it
 * says so and shows a fresh code, since the old one is used.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ConnectCode } from '../../contract/connect';
import { CONNECT_CODE_REFRESH_MS, CONNECT_VIEW_WORDS as WORDS } from '../../contract/connect-words';
import type { Connection } from '../../contract/social';
import { api, detailOr } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { Said } from '../../contract/said';

/** A code as shown: the server's answer and its QR image (a data: URL). */
export interface ShownCode {
  code: ConnectCode;
  image: string;
}

export interface ConnectCodeContext {
  userId: string;
  shown: ShownCode | null;
  /** The person who just connected by a code (the latest); null once dismissed. */
  connected: Connection | null;
  error: Said | null;
}

export type ConnectCodeEvent =
  | { type: 'code.retried' }
  | { type: 'connected.dismissed' }
  | { type: 'live.connection_accepted'; connection: Connection }
  | { type: 'live.reconnected' };

/** The QR image of a token: the library is fetched the first time only. */
export async function qrImage(token: string): Promise<string> {
  const { qrDataUrl } = await import('./qr-libs');
  return qrDataUrl(token);
}

export const connectCodeMachine = setup({
  types: {
    context: {} as ConnectCodeContext,
    input: {} as { userId: string },
    events: {} as ConnectCodeEvent,
  },
  actors: {
    fetchCode: fromPromise<ShownCode, { userId: string }>(async ({ input }) => {
      const code = await api.connectCode(input.userId);
      return { code, image: await qrImage(code.token) };
    }),
  },
  delays: { refresh: CONNECT_CODE_REFRESH_MS },
  guards: {
    isSessionGone,
    isQrConnection: ({ event }) => event.type === 'live.connection_accepted' && event.connection.connection_type === 'qr',
  },
  actions: {
    reportSessionGone: reportSessionGone(),
  },
}).createMachine({
  id: 'connectCode',
  context: ({ input }) => ({ userId: input.userId, shown: null, connected: null, error: null }),
  initial: 'loading',
  on: {
    // Someone connected by my code: said here, and a fresh code (that one is used).
    'live.connection_accepted': {
      guard: 'isQrConnection',
      target: '.refreshing',
      actions: assign({ connected: ({ event }) => event.connection }),
    },
    'connected.dismissed': { actions: assign({ connected: null }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'fetchCode',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'showing', actions: assign({ shown: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: assign({ error: ({ event }) => detailOr(event.error, WORDS.codeFailed) }) },
        ],
      },
    },
    showing: {
      after: { refresh: 'refreshing' },
    },
    // The code on screen stays until the fresh one is here.
    refreshing: {
      invoke: {
        src: 'fetchCode',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'showing', actions: assign({ shown: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          // An old code would only disappoint whoever scans it.
          { target: 'failed', actions: assign({ shown: null, error: ({ event }) => detailOr(event.error, WORDS.codeFailed) }) },
        ],
      },
    },
    failed: {
      on: { 'code.retried': 'loading', 'live.reconnected': 'loading' },
    },
  },
});

export type ConnectCodeActorRef = ActorRefFrom<typeof connectCodeMachine>;
export type ConnectCodeSnapshot = SnapshotFrom<typeof connectCodeMachine>;

export const selectCodeStatus = (s: ConnectCodeSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('failed') ? 'failed' : s.context.shown ? 'ready' : 'loading';
