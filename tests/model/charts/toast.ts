/**
 * The toast chart as QA's model: one toast, from the moment the root shows it until it
 * goes. Signing in shows the first one, so that is where the paths start.
 */
import type { AnyEventObject } from 'xstate';
import { MESSAGES } from '../../../contract/messages';
import { toastMachine } from '../../../machines/toast.machine';
import { delayEvent, type ChartModel } from '../harness';

export const LIFETIME = delayEvent(toastMachine, 'toast.visible');

function events(type: string): AnyEventObject[] | undefined {
  switch (type) {
    // The toast's Dismiss (×) button.
    case 'toast.dismissed':
    case LIFETIME:
      return [{ type }];
    default:
      return undefined;
  }
}

export const toastModel: ChartModel = {
  name: 'toast',
  machine: toastMachine,
  starts: [
    {
      label: 'Ada logs in and the app says “Login successful!”',
      input: { id: 'toast-1', message: MESSAGES.loginSuccessful, kind: 'success' },
    },
  ],
  events,
  serializeState: (s) => JSON.stringify(s.value),
  say: (e) => (e.type === LIFETIME ? 'five seconds pass' : 'Ada presses the toast’s Dismiss (×) button'),
  see: {
    visible: () => 'the toast in the notifications region under the top bar',
    expired: () => 'the notifications region without it',
  },
  about:
    'The toasts of the root chart, in the live region under the top bar. The lifetime runs on a simulated clock: ' +
    'a millisecond before it ends the toast must still be there.',
};
