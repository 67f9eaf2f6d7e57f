/**
 * The admin Events screen (issue 16): every event, hidden ones too, newest start first,
 * in pages of 20, with one row chart each (admin-event.machine.ts) to hide, show again or
 * remove it. The admin chart invokes it while the screen is open, and hears what the rows
 * report through it.
 */
import { assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AdminEventsAnswer } from '../../contract/admin-events';
import { ADMIN_PAGE_SIZE } from '../../contract/constants';
import { adminApi, type PageQuery } from '../api/admin';
import { adminEventMachine, type AdminEventActorRef } from './admin-event.machine';
import { SESSION_GONE, pagingGuards, rowsOf, type AdminTold, type Paging } from './admin-pages';
import { isSessionGone } from '../session-gone';

export interface EventRow {
  id: string;
  ref: AdminEventActorRef;
}

export interface AdminEventsContext extends Paging {
  adminId: string;
  rows: EventRow[];
  /** Bumped per load, so the rows of a new page never share ids with the old. */
  generation: number;
}

export type AdminEventsEvent = { type: 'events.nextPage' } | { type: 'events.previousPage' } | { type: 'view.reloaded' } | AdminTold;

export const adminEventsMachine = setup({
  types: {
    context: {} as AdminEventsContext,
    input: {} as { adminId: string },
    events: {} as AdminEventsEvent,
  },
  actors: {
    eventRow: adminEventMachine,
    loadEvents: fromPromise<AdminEventsAnswer, { adminId: string; query: PageQuery }>(({ input }) => adminApi.events(input.adminId, input.query)),
  },
  guards: {
    ...pagingGuards,
    // Wrapped, not the bare shared guard: beside actions with params, a function that is not
    // context-typed makes TypeScript infer every params as unknown.
    isSessionGone: (args) => isSessionGone(args),
  },
  actions: {
    /** The rows of a new page, one chart per event (the old ones stopped first: stopRows). */
    showEvents: assign(({ context, spawn }, params: { answer: AdminEventsAnswer }) => {
      const generation = context.generation + 1;
      const rows = rowsOf(params.answer.events, generation, (event, id) => spawn('eventRow', { id, input: { adminId: context.adminId, event } }));
      return { total: params.answer.total, generation, rows };
    }),
    stopRows: enqueueActions(({ context, enqueue }) => {
      for (const row of context.rows) enqueue.stopChild(row.ref);
      enqueue.assign({ rows: [] });
    }),
    // The rows' successes and failures, and a lost session, are the admin chart's to show.
    tellAdmin: sendParent(({ event }) => event as AdminTold),
    sessionGone: sendParent(SESSION_GONE),
  },
}).createMachine({
  id: 'adminEvents',
  context: ({ input }) => ({ adminId: input.adminId, page: 1, total: 0, rows: [], generation: 0 }),
  initial: 'loading',
  on: {
    'row.succeeded': { actions: 'tellAdmin' },
    'row.failed': { actions: 'tellAdmin' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadEvents',
        input: ({ context }) => ({ adminId: context.adminId, query: { page: context.page, limit: ADMIN_PAGE_SIZE } }),
        onDone: { target: 'ready', actions: ['stopRows', { type: 'showEvents', params: ({ event }) => ({ answer: event.output }) }] },
        onError: [{ guard: 'isSessionGone', actions: 'sessionGone' }, { target: 'failed' }],
      },
    },
    ready: {
      on: {
        'events.nextPage': { guard: 'hasNextPage', target: 'loading', actions: assign({ page: ({ context }) => context.page + 1 }) },
        'events.previousPage': { guard: 'hasPreviousPage', target: 'loading', actions: assign({ page: ({ context }) => context.page - 1 }) },
        'view.reloaded': 'loading',
      },
    },
    failed: { on: { 'view.reloaded': 'loading' } },
  },
});

export type AdminEventsActorRef = ActorRefFrom<typeof adminEventsMachine>;
export type AdminEventsSnapshot = SnapshotFrom<typeof adminEventsMachine>;

export const selectEventsStatus = (s: AdminEventsSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading';
