/**
 * Block on a card that is not a user card of its own (an attendee's, issue 39 item 3): asks
 * first, then blocks, by the same events and reports as the user card's block region
 * (people/user-card.machine.ts), so the list holding the card drops the person on
 * 'card.blocked' and says 'card.blockFailed' as the nearby list does.
 */
import { sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { blockUser } from './block';

export interface PersonBlockInput {
  viewerId: string;
  userId: string;
  name: string;
}

export type PersonBlockEvent = { type: 'card.blockRequested' } | { type: 'card.blockConfirmed' } | { type: 'card.blockCancelled' };

/** Told to the list that holds the card (the user card's report, word for word). */
export type PersonBlockReport = { type: 'card.blocked'; userId: string } | { type: 'card.blockFailed'; name: string };

export const personBlockMachine = setup({
  types: {
    /** Who blocks, and whom, by the name the card shows them (said if the block fails). */
    context: {} as PersonBlockInput,
    input: {} as PersonBlockInput,
    events: {} as PersonBlockEvent,
  },
  actors: { blockUser },
  actions: {
    reportBlocked: sendParent(({ context }): PersonBlockReport => ({ type: 'card.blocked', userId: context.userId })),
    reportBlockFailed: sendParent(({ context }): PersonBlockReport => ({ type: 'card.blockFailed', name: context.name })),
  },
}).createMachine({
  id: 'personBlock',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: { on: { 'card.blockRequested': 'confirming' } },
    confirming: { on: { 'card.blockConfirmed': 'blocking', 'card.blockCancelled': 'idle' } },
    blocking: {
      invoke: {
        src: 'blockUser',
        input: ({ context }) => ({ userId: context.viewerId, blockedId: context.userId }),
        onDone: 'blocked',
        // The card stays, and the list says the block did not go through.
        onError: { target: 'idle', actions: 'reportBlockFailed' },
      },
    },
    blocked: { entry: 'reportBlocked', type: 'final' },
  },
});

export type PersonBlockActorRef = ActorRefFrom<typeof personBlockMachine>;

/** What the card shows: its actions, the question, or the question waiting on the block. */
export const selectBlockStep = (s: SnapshotFrom<typeof personBlockMachine>): 'idle' | 'confirming' | 'blocking' =>
  s.matches('confirming') ? 'confirming' : s.matches('blocking') ? 'blocking' : 'idle';
