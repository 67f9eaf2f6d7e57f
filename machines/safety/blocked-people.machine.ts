/**
 * The people one has blocked, in privacy settings: the list (GET /users/blocked), and
 * Unblock, which asks first — they become strangers again, and nothing that was between
 * the two comes back. Lives with the privacy-settings chart, which passes on what it
 * tells the root (toasts, a lost session).
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { BlockedUser } from '../../contract/discovery';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';
import { sentence, type Said } from '../../contract/said';

export type BlockedPeopleEvent =
  | { type: 'blocked.reloaded' }
  | { type: 'blocked.unblockRequested'; userId: string }
  | { type: 'blocked.unblockCancelled' }
  | { type: 'blocked.unblockConfirmed' };

export interface BlockedPeopleContext {
  userId: string;
  people: BlockedUser[];
  /** The person Unblock is asking about, then unblocking. */
  chosen: string | null;
  /** Why the last unblock did not go through, shown by that person. */
  error: Said | null;
}

// Not SPEC 8's texts: SPEC has no unblock.
const unblockAsk = sentence(
  /*i18n*/ {
    id: 'safety.unblockQuestion',
    message: 'Unblock {name}? You will be strangers again: they can find you and send a request, but no earlier connection, request or chat comes back.',
  },
  ({ name }: { name: string }) =>
    `Unblock ${name}? You will be strangers again: they can find you and send a request, but no earlier connection, request or chat comes back.`,
);
export const unblockQuestion = (name: string): Said => unblockAsk({ name });
const unblocked = sentence(/*i18n*/ { id: 'safety.unblocked', message: '{name} is unblocked' }, ({ name }: { name: string }) => `${name} is unblocked`);
export const unblockedToast = (name: string): Said => unblocked({ name });
export const UNBLOCK_FAILED: Said = /*i18n*/ { id: 'safety.unblockFailed', message: "We couldn't unblock them just now. Please try again." };

const nameOf = (people: BlockedUser[], id: string | null): string => people.find((p) => p.id === id)?.name ?? 'They';

export const blockedPeopleMachine = setup({
  types: {
    context: {} as BlockedPeopleContext,
    input: {} as { userId: string },
    events: {} as BlockedPeopleEvent,
  },
  actors: {
    loadBlocked: fromPromise<BlockedUser[], { userId: string }>(({ input }) => api.blockedUsers(input.userId)),
    unblock: fromPromise<unknown, { userId: string; blockedId: string }>(({ input }) => api.unblockUser(input.userId, input.blockedId)),
  },
  guards: {
    isSessionGone,
    isListed: ({ context, event }) => {
      assertEvent(event, 'blocked.unblockRequested');
      return context.people.some((p) => p.id === event.userId);
    },
  },
  actions: {
    announceUnblocked: sendParent(({ context }) => ({
      type: 'toast.show' as const,
      message: unblockedToast(nameOf(context.people, context.chosen)),
      kind: 'success' as const,
    })),
    dropUnblocked: assign({ people: ({ context }) => context.people.filter((p) => p.id !== context.chosen), chosen: null }),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    reportSessionGone: reportSessionGone(),
  },
}).createMachine({
  id: 'blockedPeople',
  context: ({ input }) => ({ userId: input.userId, people: [], chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadBlocked',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ people: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load blocked people', error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'blocked.reloaded': 'loading' } },
    ready: {
      on: {
        'blocked.unblockRequested': {
          guard: 'isListed',
          target: 'confirming',
          actions: assign({ chosen: ({ event }) => event.userId, error: null }),
        },
      },
    },
    // Nothing happens on one tap: the question says what unblocking means.
    confirming: {
      on: {
        'blocked.unblockConfirmed': 'unblocking',
        'blocked.unblockCancelled': { target: 'ready', actions: assign({ chosen: null }) },
      },
    },
    unblocking: {
      invoke: {
        src: 'unblock',
        input: ({ context }) => ({ userId: context.userId, blockedId: context.chosen! }),
        onDone: {
          target: 'ready',
          actions: [
            'announceUnblocked',
            'dropUnblocked',
          ],
        },
        onError: [
          { guard: 'isSessionGone', target: 'ready', actions: 'reportSessionGone' },
          {
            target: 'confirming',
            actions: [
              assign({ error: UNBLOCK_FAILED }),
              { type: 'logFailure', params: ({ event }) => ({ what: 'unblock', error: event.error }) },
            ],
          },
        ],
      },
    },
  },
});

export type BlockedPeopleActorRef = ActorRefFrom<typeof blockedPeopleMachine>;
export type BlockedPeopleSnapshot = SnapshotFrom<typeof blockedPeopleMachine>;

export const selectBlockedStatus = (s: BlockedPeopleSnapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready';
