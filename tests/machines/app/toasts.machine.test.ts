import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { TOAST_LIFETIME_MS } from '../../../contract/constants';
import { selectShownToast, selectToasts, toastsMachine } from '../../../machines/app/toasts.machine';
import { testSaid } from '../../said';

function startToasts() {
  const clock = new SimulatedClock();
  const actor = createActor(toastsMachine, { clock }).start();
  return {
    actor,
    clock,
    all: () => selectToasts(actor.getSnapshot()),
    onScreen: () => selectShownToast(actor.getSnapshot())?.message.message,
    timers: () => Object.keys(actor.getSnapshot().children),
  };
}

describe('toastsMachine', () => {
  it('shows each toast with a fresh id, its kind success unless given, and its link and button words', () => {
    const { actor, all } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    actor.send({ type: 'toast.show', message: testSaid('Sam shared a card'), kind: 'info', link: '/cards', label: testSaid('See card') });
    expect(all()).toEqual([
      { id: 'toast-1', message: testSaid('Saved'), kind: 'success' },
      { id: 'toast-2', message: testSaid('Sam shared a card'), kind: 'info', link: '/cards', label: testSaid('See card') },
    ]);
  });

  it('shows one toast at a time; the next waits its turn and gets its own five seconds', () => {
    const { actor, clock, onScreen, timers } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('first') });
    clock.increment(1_000);
    actor.send({ type: 'toast.show', message: testSaid('second') });
    expect(onScreen()).toBe('first');
    // Only the toast on screen is timed: the waiting one's time has not started.
    expect(timers()).toEqual(['toast-1']);
    clock.increment(TOAST_LIFETIME_MS - 1_000);
    expect(onScreen()).toBe('second');
    expect(timers()).toEqual(['toast-2']);
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(onScreen()).toBe('second');
    clock.increment(1);
    expect(onScreen()).toBeUndefined();
    expect(timers()).toEqual([]);
  });

  it('never says the same words twice: again on screen, it stays with a fresh five seconds; again waiting, nothing is added', () => {
    const { actor, clock, all, onScreen } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    clock.increment(4_000);
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    expect(all()).toEqual([{ id: 'toast-2', message: testSaid('Saved'), kind: 'success' }]);
    actor.send({ type: 'toast.show', message: testSaid('Sam sent a message') });
    actor.send({ type: 'toast.show', message: testSaid('Sam sent a message') });
    expect(all().map((t) => t.message.message)).toEqual(['Saved', 'Sam sent a message']);
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(onScreen()).toBe('Saved');
    clock.increment(1);
    expect(onScreen()).toBe('Sam sent a message');
    clock.increment(TOAST_LIFETIME_MS);
    expect(all()).toEqual([]);
  });

  it('tells apart the same sentence with other values', () => {
    const { actor, all } = startToasts();
    actor.send({ type: 'toast.show', message: { id: 'x', message: 'From Sam', values: { name: 'Sam' } } });
    actor.send({ type: 'toast.show', message: { id: 'x', message: 'From Ana', values: { name: 'Ana' } } });
    expect(all()).toHaveLength(2);
  });

  it('keeps at most three waiting, letting the oldest waiting one go', () => {
    const { actor, all } = startToasts();
    for (const n of ['on screen', 'a', 'b', 'c', 'd']) actor.send({ type: 'toast.show', message: testSaid(n) });
    expect(all().map((t) => t.message.message)).toEqual(['on screen', 'b', 'c', 'd']);
  });

  it('dismisses the toast on screen at once and shows the next', () => {
    const { actor, onScreen, timers } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('first') });
    actor.send({ type: 'toast.show', message: testSaid('second') });
    // A waiting toast has no Dismiss to press.
    actor.send({ type: 'toast.dismissed', id: 'toast-2' });
    expect(onScreen()).toBe('first');
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(onScreen()).toBe('second');
    expect(timers()).toEqual(['toast-2']);
  });

  it('ignores a dismissal of a toast that has gone already', () => {
    const { actor, clock, all } = startToasts();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    clock.increment(TOAST_LIFETIME_MS);
    actor.send({ type: 'toast.dismissed', id: 'toast-1' });
    expect(all()).toEqual([]);
    expect(actor.getSnapshot().status).toBe('active');
  });

  describe('a block (issue 40 item 5)', () => {
    const SAM = '00000000-0000-4000-8000-000000000001';
    const ANA = '00000000-0000-4000-8000-000000000002';

    it('drops the waiting toasts about the blocked person and keeps the others in their order', () => {
      const { actor, all, onScreen } = startToasts();
      actor.send({ type: 'toast.show', message: testSaid('Saved') });
      actor.send({ type: 'toast.show', message: testSaid('Sam would like to meet you at 05:30'), kind: 'info', about: SAM });
      actor.send({ type: 'toast.show', message: testSaid('Ana sent a message'), kind: 'info', about: ANA });
      actor.send({ type: 'toast.show', message: testSaid('Sam shared a card'), kind: 'info', about: SAM });
      actor.send({ type: 'toasts.personBlocked', userId: SAM });
      expect(onScreen()).toBe('Saved');
      expect(all().map((t) => t.message.message)).toEqual(['Saved', 'Ana sent a message']);
    });

    it('takes the toast on screen away when it is about them, and shows the next with its own five seconds', () => {
      const { actor, clock, onScreen, timers } = startToasts();
      actor.send({ type: 'toast.show', message: testSaid('Sam sent a message'), kind: 'info', about: SAM });
      actor.send({ type: 'toast.show', message: testSaid('Saved') });
      clock.increment(2_000);
      actor.send({ type: 'toasts.personBlocked', userId: SAM });
      expect(onScreen()).toBe('Saved');
      expect(timers()).toEqual(['toast-2']);
      clock.increment(TOAST_LIFETIME_MS - 1);
      expect(onScreen()).toBe('Saved');
      clock.increment(1);
      expect(onScreen()).toBeUndefined();
      expect(timers()).toEqual([]);
    });

    it('leaves everything as it was when no toast is about them', () => {
      const { actor, all, timers } = startToasts();
      actor.send({ type: 'toast.show', message: testSaid('Ana sent a message'), kind: 'info', about: ANA });
      actor.send({ type: 'toast.show', message: testSaid('Saved') });
      const before = all();
      actor.send({ type: 'toasts.personBlocked', userId: SAM });
      expect(all()).toBe(before);
      expect(timers()).toEqual(['toast-1']);
    });
  });
});
