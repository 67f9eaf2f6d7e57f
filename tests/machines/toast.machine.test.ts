import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, SimulatedClock, type AnyActorLogic } from 'xstate';
import { TOAST_LIFETIME_MS } from '../../contract/constants';
import { toastMachine, type ToastInput } from '../../machines/toast.machine';
import { startApp, toastChart, toastsOf } from './app.fakes';
import { testSaid } from '../said';
import { english } from '../../contract/said';

/** A parent that runs one toast and writes down, on the simulated clock, when it expired. */
function runToast(toast: AnyActorLogic = toastMachine) {
  const clock = new SimulatedClock();
  const input: ToastInput = { id: 'toast-a', message: testSaid('Saved'), kind: 'success' };
  const host = setup({
    types: {
      context: {} as { expired: Array<{ id: string; at: number }> },
      events: {} as { type: 'toast.expired'; id: string },
    },
    actors: { toast },
  }).createMachine({
    context: { expired: [] },
    invoke: { src: 'toast', id: input.id, input },
    on: {
      'toast.expired': {
        actions: assign({ expired: ({ context, event }) => [...context.expired, { id: event.id, at: clock.now() }] }),
      },
    },
  });
  const actor = createActor(host, { clock }).start();
  return { host: actor, clock, toast: () => actor.getSnapshot().children['toast-a'] };
}

describe('toastMachine', () => {
  it('starts visible with its input as context', () => {
    const { toast } = runToast();
    const snap = toast()!.getSnapshot();
    expect(snap.value).toBe('visible');
    expect(english(snap.context)).toEqual(english({ id: 'toast-a', message: 'Saved', kind: 'success' }));
  });

  it('tells its parent it expired after exactly five seconds', () => {
    const { host, clock, toast } = runToast();
    clock.increment(TOAST_LIFETIME_MS - 1);
    expect(host.getSnapshot().context.expired).toEqual([]);
    expect(toast()!.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(host.getSnapshot().context.expired).toEqual([{ id: 'toast-a', at: 5000 }]);
  });

  it('takes its lifetime from the named delay toastLifetime', () => {
    const { host, clock } = runToast(toastMachine.provide({ delays: { toastLifetime: 1234 } }));
    clock.increment(1233);
    expect(host.getSnapshot().context.expired).toEqual([]);
    clock.increment(1);
    expect(host.getSnapshot().context.expired).toEqual([{ id: 'toast-a', at: 1234 }]);
  });

  it('expires at once when dismissed, and only once', () => {
    const { host, clock, toast } = runToast();
    clock.increment(100);
    toast()!.send({ type: 'toast.dismissed' });
    expect(host.getSnapshot().context.expired).toEqual([{ id: 'toast-a', at: 100 }]);
    clock.increment(TOAST_LIFETIME_MS);
    expect(host.getSnapshot().context.expired).toHaveLength(1);
  });
});

describe('root chart toasts', () => {
  it('shows a toast for exactly 5000 ms, then drops it and stops its machine', () => {
    const { actor, clock } = startApp();
    actor.send({ type: 'toast.show', message: testSaid('Saved') });
    expect(english(toastsOf(actor))).toEqual(english([{ id: 'toast-1', message: 'Saved', kind: 'success' }]));
    const child = toastChart(actor, 'toast-1');
    expect(child).toBeDefined();

    clock.increment(4999);
    expect(toastsOf(actor).map((t) => t.message.message)).toEqual(['Saved']);
    expect(toastChart(actor, 'toast-1')).toBe(child);

    clock.increment(1);
    expect(toastsOf(actor)).toEqual([]);
    expect(toastChart(actor, 'toast-1')).toBeUndefined();
    expect(child!.getSnapshot().status).not.toBe('active');
  });

  it('keeps the kind it was given', () => {
    const { actor } = startApp();
    actor.send({ type: 'toast.show', message: testSaid('Heads up'), kind: 'info' });
    expect(english(toastsOf(actor))).toEqual(english([{ id: 'toast-1', message: 'Heads up', kind: 'info' }]));
  });

  it('shows one toast at a time: each waits its turn and has its own five seconds once shown (issue 39)', () => {
    const { actor, clock } = startApp();
    const messages = () => toastsOf(actor).map((t) => t.message.message);
    actor.send({ type: 'toast.show', message: testSaid('first') });
    clock.increment(2000);
    actor.send({ type: 'toast.show', message: testSaid('second') });
    clock.increment(1000);
    actor.send({ type: 'toast.show', message: testSaid('third') });
    expect(messages()).toEqual(['first', 'second', 'third']);
    // Only the toast on screen has a chart (and a clock) of its own.
    expect(toastChart(actor, 'toast-2')).toBeUndefined();

    clock.increment(1999); // t = 4999
    expect(messages()).toEqual(['first', 'second', 'third']);
    clock.increment(1); // t = 5000: the second is shown now
    expect(messages()).toEqual(['second', 'third']);
    expect(toastChart(actor, 'toast-1')).toBeUndefined();
    expect(toastChart(actor, 'toast-2')).toBeDefined();

    clock.increment(4999); // t = 9999
    expect(messages()).toEqual(['second', 'third']);
    clock.increment(1); // t = 10000
    expect(messages()).toEqual(['third']);
    clock.increment(5000); // t = 15000
    expect(messages()).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children.toasts!.getSnapshot().children)).toEqual([]);
  });

  it('gives every toast its own id, even after earlier ones are gone', () => {
    const { actor, clock } = startApp();
    actor.send({ type: 'toast.show', message: testSaid('one') });
    clock.increment(TOAST_LIFETIME_MS);
    actor.send({ type: 'toast.show', message: testSaid('two') });
    expect(english(toastsOf(actor))).toEqual(english([{ id: 'toast-2', message: 'two', kind: 'success' }]));
  });
});
