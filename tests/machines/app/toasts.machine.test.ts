import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { TOAST_LIFETIME_MS } from '../../../contract/constants';
import { selectToasts, toastsMachine } from '../../../machines/app/toasts.machine';
import { testSaid } from '../../said';

function startToasts() {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  return { actor, clock, shown: () => selectToasts(actor.getSnapshot()) };
}

describe('toastsMachine', () => {
  it('shows each toast with a fresh id, its kind success unless given, and its link and button words', () => {
    const { actor, shown } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    actor.send({ type: 'toast.show', message: testSaid('Sam shared a card'), kind: 'info', link: '/cards', label: testSaid('See card') });
    expect(shown()).toEqual([
      { id: 'toast-1', message: testSaid('Saved'), kind: 'success' },
      { id: 'toast-2', message: testSaid('Sam shared a card'), kind: 'info', link: '/cards', label: testSaid('See card') },
    ]);
  });

  it('replaces a toast saying the same words, with a fresh five seconds', () => {
    const { actor, clock, shown } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    clock.increment(4_000);
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    expect(shown()).toEqual([{ id: 'toast-2', message: testSaid('Saved'), kind: 'success' }]);
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(shown().map((t) => t.id)).toEqual(['toast-2']);
    clock.increment(1);
    expect(shown()).toEqual([]);
  });

  it('dismisses one toast at once and stops its chart, leaving the others', () => {
    const { actor, shown } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('first') });
    actor.send({ type: 'toast.show', message: testSaid('second') });
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(shown().map((t) => t.message.message)).toEqual(['second']);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['toast-2']);
  });

  it('ignores a dismissal of a toast that has gone already', () => {
    const { actor, clock, shown } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    clock.increment(TOAST_LIFETIME_MS);
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(shown()).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
