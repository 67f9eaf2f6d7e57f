/**
 * Model-based test of a toast's life (SPEC 8: toasts clear after five seconds): paths
 * generated from the production toast chart, replayed on the whole app, the
 * notifications region checked after every step.
 */
import { act } from '@testing-library/react';
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { TOAST_LIFETIME_MS } from '../../contract/constants';
import { MESSAGES } from '../../contract/messages';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { advance, quietServer, renderModelApp, signIn, toastTexts } from './app';
import { LIFETIME, toastModel } from './charts/toast';
import { describeModel } from './suite';

quietServer();

interface Toasting {
  actor: AppActorRef;
  clock: SimulatedClock;
  unmount: () => void;
}

describeModel<Toasting>(toastModel, {
  async start(_path, inspect) {
    const app = renderModelApp(appMachine, inspect);
    await signIn(app.actor);
    return { actor: app.actor, clock: app.clock, unmount: app.unmount };
  },
  events: {
    'toast.dismissed': async ({ actor }) => {
      const [toast] = actor.getSnapshot().context.toasts;
      act(() => actor.getSnapshot().children[toast!.id]!.send({ type: 'toast.dismissed' }));
    },
    [LIFETIME]: async ({ clock }) => {
      advance(clock, TOAST_LIFETIME_MS - 1);
      expect(toastTexts(), 'a millisecond before the end').toEqual([MESSAGES.loginSuccessful]);
      advance(clock, 1);
    },
  },
  states: {
    visible: async () => {
      expect(toastTexts()).toEqual([MESSAGES.loginSuccessful]);
    },
    expired: async () => {
      expect(toastTexts()).toEqual([]);
    },
  },
  stop: ({ unmount }) => unmount(),
});
