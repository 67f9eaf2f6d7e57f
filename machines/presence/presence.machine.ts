/**
 * Presence (issue 39 item 1): the person's own answer to "who can see me?", read from
 * GET /users/presence, which the server works out with the rules that decide what others
 * get. Every sentence the app says about the person's own visibility is made from it, so
 * two can never disagree. It is read again whenever something that can change it changed
 * (`presence.stale`, sent by tellPresence below, which each of those charts calls: availability, energy, a break taken,
 * ended or run out, privacy saved, each position report's zone); the newest read wins.
 * It lives while the user is signed in.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type ActorSystem, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { presenceSummary, type Presence } from '../../contract/presence-words';
import type { Said } from '../../contract/said';
import { api } from '../api/client';
import { logFailure } from '../log';
import { isSessionGone, reportSessionGone } from '../session-gone';

export type PresenceStale = { type: 'presence.stale' };
/** From the switchboard (LIVE_LISTS): after a reconnect, or an event's zones changed, it is read again too. */
type PresenceEvent = PresenceStale | { type: 'live.reconnected' } | { type: 'live.event_changed' };

/** For the charts whose changes can alter presence: tells the presence chart, when it runs, to read it again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any chart's system
export function tellPresence(system: ActorSystem<any>): void {
  (system.get('presence') as AnyActorRef | undefined)?.send({ type: 'presence.stale' } satisfies PresenceStale);
}

export const presenceMachine = setup({
  types: {
    context: {} as { userId: string; presence: Presence | null },
    input: {} as { userId: string },
    events: {} as PresenceEvent,
  },
  actors: {
    loadPresence: fromPromise<Presence, { userId: string }>(({ input }) => api.getPresence(input.userId)),
  },
  guards: { isSessionGone },
  actions: { reportSessionGone: reportSessionGone() },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ userId: input.userId, presence: null }),
  initial: 'loading',
  // A newer change while a read is on its way: that read is dropped and a new one goes.
  on: {
    'presence.stale': { target: '.loading', reenter: true },
    'live.reconnected': { target: '.loading', reenter: true },
    'live.event_changed': { target: '.loading', reenter: true },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPresence',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ presence: ({ event }) => event.output }) },
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          // The last answer stays on screen; the next change reads again.
          { target: 'failed', actions: ({ event }) => logFailure('load presence', event.error) },
        ],
      },
    },
    ready: {},
    failed: {},
  },
});

export type PresenceActorRef = ActorRefFrom<typeof presenceMachine>;
type PresenceSnapshot = SnapshotFrom<typeof presenceMachine>;

export const selectPresence = (s: PresenceSnapshot): Presence | null => s.context.presence;
/** The one-line summary (contract presenceSummary), or null until the first answer. */
export const selectPresenceSummary = (s: PresenceSnapshot): Said[] | null => (s.context.presence ? presenceSummary(s.context.presence) : null);
