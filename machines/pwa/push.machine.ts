/**
 * Web Push on this device while someone is signed in (issue 41): the phone is in a pocket
 * and the tab closed, yet a request, a message or the meeting in 5 minutes still reaches
 * the person. The browser is asked for permission only by the PWA chart, after a tap on a
 * note that says why (never here, never on load); with permission given, this chart
 * subscribes with the server's key and hands the subscription to the server, in the
 * device's language and with its choices (previews, kinds). Only the person's own yes
 * subscribes: a session that starts resubscribes only what they chose on this device, and
 * signing out forgets that choice and drops the subscription (forget-user-data.ts; the
 * server removes it with the session), so a shared device never pushes to the next person
 * unasked. Turning pushes off here unsubscribes.
 */
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { PushKind } from '../../contract/push-kinds';
import { logFailure } from '../log';
import type { PushPermitted } from './push-events';
import {
  keepPushChoices,
  readDevice,
  storedPushChoices,
  subscribeDevice,
  unsubscribeDevice,
  type DeviceState,
  type PushChoices,
} from './push.actors';

export type PushEvent =
  | PushPermitted
  | { type: 'push.turnedOn' }
  | { type: 'push.turnedOff' }
  | { type: 'push.previewsChanged'; previews: boolean }
  | { type: 'push.kindToggled'; kind: PushKind }
  // The app's language changed: pushes are written in the new one.
  | { type: 'push.languageChanged' };

export interface PushContext {
  userId: string;
  choices: PushChoices;
  /** Whether the browser can take pushes and has given permission; null until read. */
  device: DeviceState | null;
}

export const pushMachine = setup({
  types: {
    context: {} as PushContext,
    events: {} as PushEvent,
    /** `choices`: what the device keeps (storedPushChoices) unless given (tests). */
    input: {} as { userId: string; choices?: PushChoices },
  },
  actors: { readDevice, subscribeDevice, unsubscribeDevice },
  guards: {
    isUnsupported: ({ event }) => 'output' in event && !(event.output as DeviceState).supported,
    // Permission given and the person chose pushes here before (a reload, or a yes while signed out).
    isWantedAndPermitted: ({ context, event }) => 'output' in event && (event.output as DeviceState).permission === 'granted' && context.choices.on,
    isPermitted: ({ context }) => context.device?.permission === 'granted',
  },
  actions: {
    keepChoices: ({ context }) => keepPushChoices(context.choices),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
  },
}).createMachine({
  id: 'push',
  context: ({ input }) => ({ userId: input.userId, choices: input.choices ?? storedPushChoices(), device: null }),
  initial: 'reading',
  states: {
    reading: {
      // A yes while the service worker is still starting (a first visit precaches every chunk):
      // kept, so the device subscribes as soon as it is read.
      on: { 'push.permitted': { actions: [assign(turnedOn), 'keepChoices'] } },
      invoke: {
        src: 'readDevice',
        onDone: [
          { guard: 'isUnsupported', target: 'unsupported', actions: assign({ device: ({ event }) => event.output }) },
          { guard: 'isWantedAndPermitted', target: 'subscribing', actions: assign({ device: ({ event }) => event.output }) },
          { target: 'off', actions: assign({ device: ({ event }) => event.output }) },
        ],
        // The browser's service worker never became ready (development, a private window): nothing to push to.
        onError: { target: 'unsupported', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'push: reading the device', error: event.error }) } },
      },
    },
    off: {
      on: {
        // The person said yes to the browser after the note said why.
        'push.permitted': { target: 'subscribing', actions: [assign(permittedAndOn), 'keepChoices'] },
        'push.turnedOn': { guard: 'isPermitted', target: 'subscribing', actions: [assign(turnedOn), 'keepChoices'] },
        'push.previewsChanged': { actions: [assign(previewsChanged), 'keepChoices'] },
        'push.kindToggled': { actions: [assign(kindToggled), 'keepChoices'] },
      },
    },
    subscribing: {
      invoke: {
        src: 'subscribeDevice',
        input: ({ context }) => ({ userId: context.userId, choices: context.choices }),
        onDone: 'on',
        // The push service or the server could not be reached: the person can try again from the settings.
        onError: { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'push: subscribing', error: event.error }) } },
      },
    },
    on: {
      on: {
        'push.turnedOff': { target: 'unsubscribing', actions: [assign(turnedOff), 'keepChoices'] },
        // The server keeps the choices per device: posting the subscription again changes them.
        'push.previewsChanged': { target: 'subscribing', actions: [assign(previewsChanged), 'keepChoices'] },
        'push.kindToggled': { target: 'subscribing', actions: [assign(kindToggled), 'keepChoices'] },
        'push.languageChanged': 'subscribing',
      },
    },
    unsubscribing: {
      invoke: {
        src: 'unsubscribeDevice',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: 'off',
        onError: { target: 'off', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'push: unsubscribing', error: event.error }) } },
      },
    },
    failed: {
      on: {
        'push.permitted': { target: 'subscribing', actions: [assign(permittedAndOn), 'keepChoices'] },
        'push.turnedOn': { guard: 'isPermitted', target: 'subscribing', actions: [assign(turnedOn), 'keepChoices'] },
        'push.turnedOff': { target: 'off', actions: [assign(turnedOff), 'keepChoices'] },
      },
    },
    // No Push API here: the settings say so, and nothing is ever asked.
    unsupported: {},
  },
});

function permittedAndOn({ context }: { context: PushContext }): Partial<PushContext> {
  return { choices: { ...context.choices, on: true }, device: context.device && { ...context.device, permission: 'granted' } };
}

function turnedOn({ context }: { context: PushContext }): Partial<PushContext> {
  return { choices: { ...context.choices, on: true } };
}

function turnedOff({ context }: { context: PushContext }): Partial<PushContext> {
  return { choices: { ...context.choices, on: false } };
}

function previewsChanged({ context, event }: { context: PushContext; event: PushEvent }): Partial<PushContext> {
  assertEvent(event, 'push.previewsChanged');
  return { choices: { ...context.choices, previews: event.previews } };
}

function kindToggled({ context, event }: { context: PushContext; event: PushEvent }): Partial<PushContext> {
  assertEvent(event, 'push.kindToggled');
  const has = context.choices.kinds.includes(event.kind);
  return { choices: { ...context.choices, kinds: has ? context.choices.kinds.filter((k) => k !== event.kind) : [...context.choices.kinds, event.kind] } };
}

export type PushActorRef = ActorRefFrom<typeof pushMachine>;

/** What the settings show of this device's pushes. */
export const pushView = (s: SnapshotFrom<typeof pushMachine>) => ({
  supported: !s.matches('unsupported') && !s.matches('reading'),
  /** Permission was given in the browser (else the top bar's Enable Notifications asks, after saying why). */
  permitted: s.context.device?.permission === 'granted',
  on: s.matches('on') || s.matches('subscribing'),
  busy: s.matches('subscribing') || s.matches('unsubscribing'),
  failed: s.matches('failed'),
  previews: s.context.choices.previews,
  kinds: s.context.choices.kinds,
});
