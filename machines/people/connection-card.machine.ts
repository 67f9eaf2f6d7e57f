/**
 * A connection's business card, on their card in the connections list (SPEC 3
 * "Business card"): loaded once; a failed load is treated as none (SPEC 3), so the
 * server's 404 for "no card" or "not connected" and a network failure all show nothing.
 * Whoever shows a connection spawns one of these per person and hands it to
 * src/components/ConnectionBusinessCard.tsx.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BusinessCard } from '../../contract/plans';
import { mediaApi } from '../api/media';
import { logFailure } from '../log';

export interface ConnectionCardInput {
  /** The signed-in person, who acts. */
  viewerId: string;
  /** The connection whose card is shown. */
  userId: string;
}

export const connectionCardMachine = setup({
  types: {
    context: {} as ConnectionCardInput & { card: BusinessCard | null },
    input: {} as ConnectionCardInput,
    events: {} as { type: 'card.reloaded' },
  },
  actors: {
    loadCard: fromPromise<BusinessCard | null, ConnectionCardInput>(({ input }) => mediaApi.businessCard(input.viewerId, input.userId)),
  },
  actions: {
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'connection-card',
  context: ({ input }) => ({ ...input, card: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCard',
        input: ({ context }) => ({ viewerId: context.viewerId, userId: context.userId }),
        onDone: { target: 'loaded', actions: assign({ card: ({ event }) => event.output }) },
        onError: {
          target: 'loaded',
          actions: [assign({ card: null }), { type: 'logFailure', params: ({ event }) => ({ what: 'load business card', error: event.error }) }],
        },
      },
    },
    loaded: { on: { 'card.reloaded': 'loading' } },
  },
});

export type ConnectionCardActorRef = ActorRefFrom<typeof connectionCardMachine>;
export type ConnectionCardSnapshot = SnapshotFrom<typeof connectionCardMachine>;

export const selectConnectionCard = (s: ConnectionCardSnapshot): BusinessCard | null => s.context.card;
