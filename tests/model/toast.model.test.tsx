/**
 * Model-based test of a toast's life (SPEC 8: toasts clear after five seconds): paths
 * generated from the production toast chart, replayed on the whole app, the
 * notifications region checked after every step.
 */
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
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
  user: UserEvent;
  unmount: () => void;
}

const notifications = () => screen.getByRole('status', { name: 'Notifications' });

describeModel<Toasting>(toastModel, {
  async start(_path, inspect) {
    const app = renderModelApp(appMachine, inspect);
    await signIn(app.actor);
    return { actor: app.actor, clock: app.clock, user: userEvent.setup(), unmount: app.unmount };
  },
  events: {
    'toast.dismissed': ({ user }) => user.click(within(notifications()).getByRole('button', { name: 'Dismiss' })),
    [LIFETIME]: async ({ clock }) => {
      advance(clock, TOAST_LIFETIME_MS - 1);
      expect(toastTexts(), 'a millisecond before the end').toEqual([MESSAGES.loginSuccessful.message]);
      advance(clock, 1);
    },
  },
  states: {
    visible: async () => {
      expect(toastTexts()).toEqual([MESSAGES.loginSuccessful.message]);
    },
    expired: async () => {
      expect(toastTexts()).toEqual([]);
    },
  },
  stop: ({ unmount }) => unmount(),
});
