/**
 * mutual-connections: the people the user is connected with (both wanted it), each with
 * what the two share and their business card (a connection-card chart each). New
 * connections arrive live; a failed load says 'Failed to load connections' (SPEC 8).
 */
import { enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { PAGE_SIZE_MAX } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import type { Connection } from '../../contract/social';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { paging, pagedStatus } from './paging';
import { connectionCardMachine, type ConnectionCardActorRef } from './connection-card.machine';

export interface MutualConnectionsContext {
  userId: string;
  connections: Connection[];
  /** Each connection's business card chart, by the other person's id. */
  cards: Record<string, ConnectionCardActorRef>;
  hasMore: boolean;
}

export type MutualConnectionsEvent =
  | { type: 'connections.reloaded' }
  | { type: 'connections.moreRequested' }
  | { type: 'live.reconnected' }
  | { type: 'live.connection_accepted'; connection: Connection };

type Page = { userId: string; offset: number };

export const CONNECTIONS_PAGE = PAGE_SIZE_MAX;

const pages = paging('connections.reloaded', 'connections.moreRequested');

export const mutualConnectionsMachine = setup({
  types: {
    context: {} as MutualConnectionsContext,
    input: {} as { userId: string },
    events: {} as MutualConnectionsEvent,
  },
  actors: {
    connectionCard: connectionCardMachine,
    loadConnections: fromPromise<Connection[], Page>(({ input }) =>
      api.mutualConnections(input.userId, { limit: CONNECTIONS_PAGE, offset: input.offset }),
    ),
  },
  guards: {
    isSessionGone,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    showLoadFailure: sendParent({ type: 'error.show', message: MESSAGES.failedLoadConnections }),
    /**
     * Shows `list` (a whole answer, or new ones on top or at the end), spawning a card
     * chart for each person who has none yet; cards of people gone stop.
     */
    showConnections: enqueueActions(
      ({ context, enqueue }, params: { list: Connection[]; mode: 'replace' | 'prepend' | 'append'; hasMore?: boolean }) => {
        const incoming = new Set(params.list.map((c) => c.connected_user.id));
        const rest = context.connections.filter((c) => !incoming.has(c.connected_user.id));
        const connections =
          params.mode === 'replace' ? params.list : params.mode === 'prepend' ? [...params.list, ...rest] : [...rest, ...params.list];
        const keep = new Set(connections.map((c) => c.connected_user.id));
        for (const [id, ref] of Object.entries(context.cards)) if (!keep.has(id)) enqueue.stopChild(ref);
        enqueue.assign({
          connections,
          hasMore: params.hasMore ?? context.hasMore,
          cards: ({ spawn }) =>
            Object.fromEntries(
              connections.map((c) => {
                const id = c.connected_user.id;
                return [
                  id,
                  context.cards[id] ??
                    spawn('connectionCard', { id: `card-${id}`, input: { viewerId: context.userId, userId: id } }),
                ];
              }),
            ),
        });
      },
    ),
  },
}).createMachine({
  id: 'mutualConnections',
  context: ({ input }) => ({ userId: input.userId, connections: [], cards: {}, hasMore: false }),
  on: {
    'live.connection_accepted': {
      actions: { type: 'showConnections', params: ({ event }) => ({ list: [event.connection], mode: 'prepend' as const }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadConnections',
        input: ({ context }) => ({ userId: context.userId, offset: 0 }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'showConnections',
            params: ({ event }) => ({ list: event.output, mode: 'replace' as const, hasMore: event.output.length >= CONNECTIONS_PAGE }),
          },
        },
        onError: pages.firstFailed,
      },
    },
    ready: pages.ready,
    loadingMore: {
      invoke: {
        src: 'loadConnections',
        input: ({ context }) => ({ userId: context.userId, offset: context.connections.length }),
        onDone: {
          target: 'ready',
          actions: {
            type: 'showConnections',
            params: ({ event }) => ({ list: event.output, mode: 'append' as const, hasMore: event.output.length >= CONNECTIONS_PAGE }),
          },
        },
        onError: pages.nextFailed,
      },
    },
    failed: pages.failed,
  },
});

export type MutualConnectionsActorRef = ActorRefFrom<typeof mutualConnectionsMachine>;
export type MutualConnectionsSnapshot = SnapshotFrom<typeof mutualConnectionsMachine>;

export const selectConnectionsStatus = (s: MutualConnectionsSnapshot): 'loading' | 'failed' | 'ready' => pagedStatus(s, s.context.connections.length);
