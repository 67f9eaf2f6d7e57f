/**
 * The person's own social battery, set from the energy meter (SPEC 2 "Energy meter":
 * clicking bar n sets the level to n). The meter moves at once and the server is told;
 * when the server refuses, it moves back to the last level the server accepted.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { BATTERY_MAX, BATTERY_MIN } from '../../contract/constants';
import { api } from '../api/client';
import { isSessionGone, reportSessionGone } from '../session-gone';
import type { UserPatched } from './availability.machine';
import { tellPresence } from './presence.machine';
import type { Said } from '../../contract/said';

/** Not one of SPEC 8's fixed texts: SPEC 8 has none for this failure. */
export const BATTERY_FAILED: Said = /*i18n*/ { id: 'presence.batteryFailed', message: "We couldn't update your energy level. Please try again." };

export type BatteryEvent = { type: 'battery.set'; level: number };

export const batteryMachine = setup({
  types: {
    context: {} as { userId: string; level: number; confirmed: number },
    input: {} as { userId: string; level: number },
    events: {} as BatteryEvent,
  },
  actors: {
    saveBattery: fromPromise<unknown, { userId: string; level: number }>(({ input }) =>
      api.setSocialBattery(input.userId, input.level),
    ),
  },
  guards: {
    // Only whole levels of the scale, and only a change, reach the server.
    isNewLevel: ({ context, event }) =>
      Number.isInteger(event.level) && event.level >= BATTERY_MIN && event.level <= BATTERY_MAX && event.level !== context.level,
    isSessionGone,
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    setLevel: assign({ level: ({ event }) => event.level }),
    confirm: assign({ confirmed: ({ context }) => context.level }),
    rollBack: assign({ level: ({ context }) => context.confirmed }),
    tellPresence: ({ system }) => tellPresence(system),
    tellRoot: sendParent(({ context }): UserPatched => ({ type: 'user.patched', patch: { social_battery: context.level } })),
  },
}).createMachine({
  id: 'battery',
  context: ({ input }) => ({ userId: input.userId, level: input.level, confirmed: input.level }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'battery.set': { guard: 'isNewLevel', target: 'saving', actions: 'setLevel' } },
    },
    saving: {
      // A newer click replaces the request on its way; the last one wins.
      on: { 'battery.set': { guard: 'isNewLevel', target: 'saving', reenter: true, actions: 'setLevel' } },
      invoke: {
        src: 'saveBattery',
        input: ({ context }) => ({ userId: context.userId, level: context.level }),
        onDone: { target: 'idle', actions: ['confirm', 'tellRoot', 'tellPresence'] },
        onError: [
          { guard: 'isSessionGone', target: 'idle', actions: ['rollBack', 'reportSessionGone'] },
          { target: 'idle', actions: ['rollBack', sendParent({ type: 'error.show', message: BATTERY_FAILED })] },
        ],
      },
    },
  },
});

export type BatteryActorRef = ActorRefFrom<typeof batteryMachine>;
