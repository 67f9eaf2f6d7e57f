/**
 * The push chart (issue 41) with the browser's Push API as fakes: it subscribes only with
 * permission already given (by the PWA chart's note and the browser's prompt), re-posts the
 * subscription when a choice or the language changes, unsubscribes when turned off, and
 * never subscribes a device that was turned off or cannot take pushes.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { pushMachine, pushView } from '../../../machines/pwa/push.machine';
import { DEFAULT_PUSH_CHOICES, type DeviceState, type PushChoices } from '../../../machines/pwa/push.actors';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(device: DeviceState | Error, opts: { subscribeFails?: boolean; chosen?: boolean } = {}) {
  const calls: string[] = [];
  const posted: PushChoices[] = [];
  const kept: PushChoices[] = [];
  const actor = createActor(
    pushMachine.provide({
      actors: {
        readDevice: fromPromise(async () => {
          if (device instanceof Error) throw device;
          return device;
        }),
        subscribeDevice: fromPromise<void, { userId: string; choices: PushChoices }>(async ({ input }) => {
          calls.push(`subscribe:${input.userId}`);
          posted.push(input.choices);
          if (opts.subscribeFails) throw new Error('push service away');
        }),
        unsubscribeDevice: fromPromise<void, { userId: string }>(async ({ input }) => {
          calls.push(`unsubscribe:${input.userId}`);
        }),
      },
      actions: { keepChoices: ({ context }) => void kept.push(context.choices), logFailure: () => {} },
    }),
    { input: { userId: 'u1', choices: { ...DEFAULT_PUSH_CHOICES, on: opts.chosen ?? false } }, clock: new SimulatedClock() },
  ).start();
  return { actor, calls, posted, kept, view: () => pushView(actor.getSnapshot()) };
}

const undecided: DeviceState = { supported: true, permission: 'default', subscribed: false };
const granted: DeviceState = { supported: true, permission: 'granted', subscribed: true };

describe('push chart', () => {
  it('asks nothing and subscribes nothing while permission is undecided', async () => {
    const { actor, calls, view } = start(undecided);
    await flush();
    expect(actor.getSnapshot().matches('off')).toBe(true);
    expect(calls).toEqual([]);
    expect(view()).toMatchObject({ supported: true, permitted: false, on: false });
    // Turning on from the settings needs the permission first (the top bar asks, after saying why).
    actor.send({ type: 'push.turnedOn' });
    await flush();
    expect(calls).toEqual([]);
  });

  it('keeps a yes given while the service worker is still starting, and subscribes once the device is read', async () => {
    // The device is read after the yes (a first visit: the worker precaches every chunk first).
    const { actor, calls } = start(granted, { chosen: false });
    actor.send({ type: 'push.permitted' });
    await flush();
    expect(calls).toEqual(['subscribe:u1']);
    expect(actor.getSnapshot().matches('on')).toBe(true);
  });

  it('subscribes once the browser said yes after the note', async () => {
    const { actor, calls, posted, view } = start(undecided);
    await flush();
    actor.send({ type: 'push.permitted' });
    await flush();
    expect(calls).toEqual(['subscribe:u1']);
    expect(posted[0]).toMatchObject({ on: true, previews: false });
    expect(posted[0]!.kinds).toHaveLength(6);
    expect(actor.getSnapshot().matches('on')).toBe(true);
    expect(view()).toMatchObject({ permitted: true, on: true, busy: false });
  });

  it('with pushes chosen here before, hands this device’s subscription to the server again as the session starts', async () => {
    const { actor, calls } = start(granted, { chosen: true });
    await flush();
    expect(calls).toEqual(['subscribe:u1']);
    expect(actor.getSnapshot().matches('on')).toBe(true);
  });

  it('does not subscribe unasked: permission given in this browser by someone else is not a choice of this person', async () => {
    const { actor, calls, view } = start(granted);
    await flush();
    expect(calls).toEqual([]);
    expect(view()).toMatchObject({ permitted: true, on: false });
    actor.send({ type: 'push.turnedOn' });
    await flush();
    expect(calls).toEqual(['subscribe:u1']);
  });

  it('turned off: unsubscribes, keeps the choice, and stays off', async () => {
    const { actor, calls, kept, view } = start(granted, { chosen: true });
    await flush();
    actor.send({ type: 'push.turnedOff' });
    await flush();
    expect(calls).toEqual(['subscribe:u1', 'unsubscribe:u1']);
    expect(kept.at(-1)!.on).toBe(false);
    expect(view().on).toBe(false);
    actor.send({ type: 'push.turnedOn' });
    await flush();
    expect(calls.at(-1)).toBe('subscribe:u1');
    expect(kept.at(-1)!.on).toBe(true);
  });

  it('a changed choice or language posts the subscription again, with it', async () => {
    const { actor, posted } = start(granted, { chosen: true });
    await flush();
    actor.send({ type: 'push.previewsChanged', previews: true });
    await flush();
    expect(posted.at(-1)!.previews).toBe(true);
    actor.send({ type: 'push.kindToggled', kind: 'messages' });
    await flush();
    expect(posted.at(-1)!.kinds).not.toContain('messages');
    actor.send({ type: 'push.kindToggled', kind: 'messages' });
    await flush();
    expect(posted.at(-1)!.kinds).toContain('messages');
    actor.send({ type: 'push.languageChanged' });
    await flush();
    expect(posted).toHaveLength(5);
  });

  it('says so when subscribing fails, and tries again when turned on', async () => {
    const { actor, calls, view } = start(granted, { subscribeFails: true, chosen: true });
    await flush();
    expect(view().failed).toBe(true);
    actor.send({ type: 'push.turnedOn' });
    await flush();
    expect(calls).toEqual(['subscribe:u1', 'subscribe:u1']);
  });

  it('does nothing on a browser without the Push API, or whose service worker never became ready', async () => {
    for (const device of [{ supported: false, permission: 'unsupported', subscribed: false } as DeviceState, new Error('no worker')]) {
      const { actor, calls, view } = start(device);
      await flush();
      actor.send({ type: 'push.permitted' });
      await flush();
      expect(actor.getSnapshot().matches('unsupported')).toBe(true);
      expect(view().supported).toBe(false);
      expect(calls).toEqual([]);
    }
  });
});
