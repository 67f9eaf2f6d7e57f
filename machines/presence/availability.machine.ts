/**
 * Availability (SPEC 4: available <-> unavailable). The switch flips at once, so it
 * feels instant, and the server is told; when the server refuses, it flips back and
 * the person is told. A second flip while the first is on its way wins.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { tellPresence } from './presence.machine';
import type { Said } from '../../contract/said';

/** Not one of SPEC 8's fixed texts: SPEC 8 has none for this failure. */
export const AVAILABILITY_FAILED: Said = /*i18n*/ { id: 'presence.availabilityFailed', message: "We couldn't change your availability. Please try again." };

export type AvailabilityEvent = { type: 'availability.toggled' };

/** Told to the root chart once the server has the new value. */
export type UserPatched = { type: 'user.patched'; patch: { is_available?: boolean; social_battery?: number } };

export const availabilityMachine = setup({
  types: {
    context: {} as { userId: string; isAvailable: boolean; confirmed: boolean },
    input: {} as { userId: string; isAvailable: boolean },
    events: {} as AvailabilityEvent,
  },
  actors: {
    saveAvailability: fromPromise<unknown, { userId: string; isAvailable: boolean }>(({ input }) =>
      api.setAvailability(input.userId, input.isAvailable),
    ),
  },
  guards: {
    isSessionGone,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    flip: assign({ isAvailable: ({ context }) => !context.isAvailable }),
    confirm: assign({ confirmed: ({ context }) => context.isAvailable }),
    rollBack: assign({ isAvailable: ({ context }) => context.confirmed }),
    tellPresence: ({ system }) => tellPresence(system),
    tellRoot: sendParent(({ context }): UserPatched => ({ type: 'user.patched', patch: { is_available: context.isAvailable } })),
  },
}).createMachine({
  id: 'availability',
  context: ({ input }) => ({ userId: input.userId, isAvailable: input.isAvailable, confirmed: input.isAvailable }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'availability.toggled': { target: 'saving', actions: 'flip' } },
    },
    saving: {
      on: { 'availability.toggled': { target: 'saving', reenter: true, actions: 'flip' } },
      invoke: {
        src: 'saveAvailability',
        input: ({ context }) => ({ userId: context.userId, isAvailable: context.isAvailable }),
        onDone: { target: 'idle', actions: ['confirm', 'tellRoot', 'tellPresence'] },
        onError: [
          { guard: 'isSessionGone', target: 'idle', actions: ['rollBack', 'reportSessionGone'] },
          {
            target: 'idle',
            actions: ['rollBack', sendParent({ type: 'error.show', message: AVAILABILITY_FAILED })],
          },
        ],
      },
    },
  },
});

export type AvailabilityActorRef = ActorRefFrom<typeof availabilityMachine>;
