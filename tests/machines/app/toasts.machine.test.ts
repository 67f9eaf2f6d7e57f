import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { TOAST_LIFETIME_MS } from '../../../contract/constants';
import { selectToasts, toastsMachine } from '../../../machines/app/toasts.machine';

function startToasts() {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  return { actor, clock, shown: () => selectToasts(actor.getSnapshot()) };
}

describe('toastsMachine', () => {
  it('shows each toast with a fresh id, its kind success unless given, and its link and button words', () => {
    const { actor, shown } = startToasts();
    actor.send({ type: 'toast.show', message: 'Saved' });
    actor.send({ type: 'toast.show', message: 'Sam shared a card', kind: 'info', link: '/cards', label: 'See card' });
    expect(shown()).toEqual([
      { id: 'toast-1', message: 'Saved', kind: 'success' },
      { id: 'toast-2', message: 'Sam shared a card', kind: 'info', link: '/cards', label: 'See card' },
    ]);
  });

  it('replaces a toast saying the same words, with a fresh five seconds', () => {
    const { actor, clock, shown } = startToasts();
    actor.send({ type: 'toast.show', message: 'Saved' });
    clock.increment(4_000);
    actor.send({ type: 'toast.show', message: 'Saved' });
    expect(shown()).toEqual([{ id: 'toast-2', message: 'Saved', kind: 'success' }]);
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(shown().map((t) => t.id)).toEqual(['toast-2']);
    clock.increment(1);
    expect(shown()).toEqual([]);
  });

  it('dismisses one toast at once and stops its chart, leaving the others', () => {
    const { actor, shown } = startToasts();
    actor.send({ type: 'toast.show', message: 'first' });
    actor.send({ type: 'toast.show', message: 'second' });
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(shown().map((t) => t.message)).toEqual(['second']);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['toast-2']);
  });

  it('ignores a dismissal of a toast that has gone already', () => {
    const { actor, clock, shown } = startToasts();
    actor.send({ type: 'toast.show', message: 'Saved' });
    clock.increment(TOAST_LIFETIME_MS);
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(shown()).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
