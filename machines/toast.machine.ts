/**
 * One toast: it lives for the SPEC's five seconds, or until the person dismisses it
 * (its × button), then tells its parent it expired, so the toasts chart can stop it and
 * drop it from the list.
 */
import { sendParent, setup } from 'xstate';
import type { Said } from '../contract/said';
import { TOAST_LIFETIME_MS } from '../contract/shell-constants';

export type ToastKind = 'success' | 'info' | 'error';

export interface ToastInput {
  id: string;
  message: Said;
  kind: ToastKind;
}

export const toastMachine = setup({
  types: {
    context: {} as ToastInput,
    input: {} as ToastInput,
    events: {} as { type: 'toast.dismissed' },
  },
  delays: { toastLifetime: TOAST_LIFETIME_MS },
  actions: {
    notifyExpired: sendParent(({ context }) => ({ type: 'toast.expired' as const, id: context.id })),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      after: { toastLifetime: 'expired' },
      on: { 'toast.dismissed': 'expired' },
    },
    expired: { entry: 'notifyExpired', type: 'final' },
  },
});
