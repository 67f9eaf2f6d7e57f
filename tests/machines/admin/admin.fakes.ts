/** For the tests of the admin screens' charts (issue 16): a chart run as a child, as the admin chart runs it. */
import { createActor, setup, SimulatedClock, type ActorRefFrom, type AnyActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';

export const ADMIN_ID = '5a0e6f1c-7d3b-4c2a-9e8f-1b2c3d4e5f60';

/**
 * Runs `logic` invoked by a parent that records every event the child sends it (sendParent;
 * not XState's own, such as its end), on a simulated clock, so no time passes unless a test says so.
 */
export function underParent<L extends AnyActorLogic>(logic: L, input: unknown) {
  const told: AnyEventObject[] = [];
  const parent = setup({ actors: { child: logic as AnyActorLogic } }).createMachine({
    invoke: { src: 'child', id: 'child', input: input as never },
    on: { '*': { actions: ({ event }) => void (event.type.startsWith('xstate.') || told.push(event)) } },
  });
  const actor = createActor(parent, { clock: new SimulatedClock() }).start();
  const ref = actor.getSnapshot().children.child as unknown as ActorRefFrom<L>;
  const snap = (): SnapshotFrom<L> => (ref as unknown as { getSnapshot: () => SnapshotFrom<L> }).getSnapshot();
  return { ref, told, snap };
}
