/**
 * The toasts on screen (SPEC 8): one toast chart each, spawned as it is shown and stopped
 * when it says it expired (after five seconds, or when dismissed). The root chart invokes
 * it for the app's whole life and passes on every `toast.show` its charts send; the
 * toasts region reads the list with `selectToasts` and dismisses a toast here.
 */
import { assign, sendTo, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toastMachine, type ToastKind } from '../toast.machine';
import type { Said } from '../../contract/said';

/** Two sentences say the same words: the same message, with the same values. */
const sameWords = (a: Said, b: Said): boolean => a.id === b.id && a.message === b.message;

export interface ToastItem {
  id: string;
  message: Said;
  kind: ToastKind;
  /** An address the toast opens when tapped (a new message opens its chat). */
  link?: string;
  /** The words of the button that opens it (Open when not given). */
  label?: Said;
}

/** Shows a toast; `kind` is success when not given. */
export type ToastShow = { type: 'toast.show'; message: Said; kind?: ToastKind; link?: string; label?: Said };

export type ToastsEvent =
  | ToastShow
  /** A toast's own chart: its time is up, or it was dismissed. */
  | { type: 'toast.expired'; id: string }
  /** The person pressed a toast's Dismiss (×). */
  | { type: 'toast.dismissed'; id: string };

export interface ToastsContext {
  toasts: ToastItem[];
  /** Toasts shown so far: each gets an id of its own, even after earlier ones are gone. */
  shown: number;
}

export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  guards: {
    // A second press after the toast went (or one racing its five seconds) finds nothing to dismiss.
    isShown: ({ context, event }) => event.type === 'toast.dismissed' && context.toasts.some((t) => t.id === event.id),
  },
  actions: {
    // The same words again replace the toast saying them (with a fresh five seconds), so a
    // burst of sends or messages never stacks copies; the replaced one's timer ends unseen.
    showToast: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.show') return {};
      const id = `toast-${context.shown + 1}`;
      const kind = event.kind ?? 'success';
      spawn('toast', { id, input: { id, message: event.message, kind } });
      const item: ToastItem = { id, message: event.message, kind, ...(event.link ? { link: event.link, label: event.label } : {}) };
      return { shown: context.shown + 1, toasts: [...context.toasts.filter((t) => !sameWords(t.message, event.message)), item] };
    }),
    // Its chart ends as when its time is up, and says so (toast.expired).
    dismissToast: sendTo(({ event }) => (event.type === 'toast.dismissed' ? event.id : ''), { type: 'toast.dismissed' as const }),
    stopToast: stopChild(({ event }) => (event.type === 'toast.expired' ? event.id : '')),
    dropToast: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => event.type !== 'toast.expired' || t.id !== event.id) }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], shown: 0 },
  on: {
    'toast.show': { actions: 'showToast' },
    'toast.dismissed': { guard: 'isShown', actions: 'dismissToast' },
    'toast.expired': { actions: ['stopToast', 'dropToast'] },
  },
});

export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
export type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;

/** The toasts on screen, oldest first; none before the chart runs. */
export const selectToasts = (s: ToastsSnapshot | undefined): ToastItem[] => s?.context.toasts ?? NO_TOASTS;

const NO_TOASTS: ToastItem[] = [];
