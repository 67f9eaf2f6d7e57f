/**
 * The toasts (SPEC 8, issue 39 item 4): one on screen at a time, the others waiting their
 * turn, and the same words never twice. The toast on screen has a chart of its own
 * (toast.machine.ts), spawned as it is shown and stopped when it says it expired (after
 * five seconds, or when dismissed); then the next one waiting is shown. The root chart
 * invokes it for the app's whole life and passes on every `toast.show` its charts send;
 * the toasts region reads the toast on screen with `selectShownToast` and dismisses it here.
 * A toast about a person (their message, request, card, meeting) names them in `about`:
 * once the person blocks them, nothing about them is said any more (issue 40 item 5).
 */
import { enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toastMachine, type ToastKind } from '../toast.machine';
import type { Said } from '../../contract/said';

/** Two sentences say the same words: the same message, with the same values. */
const sameWords = (a: Said, b: Said): boolean => a.id === b.id && a.message === b.message;

/** At most this many wait: a burst of news is in Alerts, and an old toast said late only confuses. */
const MOST_WAITING = 3;

export interface ToastItem {
  id: string;
  message: Said;
  kind: ToastKind;
  /** An address the toast opens when tapped (a new message opens its chat). */
  link?: string;
  /** The words of the button that opens it (Open when not given). */
  label?: Said;
  /** The id of the person it is about, if any. */
  about?: string;
}

/** Shows a toast; `kind` is success when not given. */
export type ToastShow = { type: 'toast.show'; message: Said; kind?: ToastKind; link?: string; label?: Said; about?: string };

export type ToastsEvent =
  | ToastShow
  /** A toast's own chart: its time is up, or it was dismissed. */
  | { type: 'toast.expired'; id: string }
  /** The person pressed a toast's Dismiss (×). */
  | { type: 'toast.dismissed'; id: string }
  /** The person blocked someone: toasts about them go, the one on screen included. */
  | { type: 'toasts.personBlocked'; userId: string };

export interface ToastsContext {
  /** The toast on screen first, then those waiting, oldest first. */
  toasts: ToastItem[];
  /** Toasts raised so far: each gets an id of its own, even after earlier ones are gone. */
  shown: number;
}

export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  guards: {
    // Only the toast on screen has a Dismiss; a second press after it went finds nothing.
    isOnScreen: ({ context, event }) => event.type === 'toast.dismissed' && context.toasts[0]?.id === event.id,
    isAboutAny: ({ context, event }) => event.type === 'toasts.personBlocked' && context.toasts.some((t) => t.about === event.userId),
  },
  actions: {
    /**
     * The same words as the toast on screen replace it with a fresh five seconds (a burst
     * of sends never stacks copies); the same words as one waiting add nothing; other
     * words wait their turn, or are shown at once when nothing is.
     */
    showToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.show') return;
      const [onScreen, ...waiting] = context.toasts;
      if (waiting.some((t) => sameWords(t.message, event.message))) return;
      const id = `toast-${context.shown + 1}`;
      const item: ToastItem = {
        id,
        message: event.message,
        kind: event.kind ?? 'success',
        ...(event.link ? { link: event.link, label: event.label } : {}),
        ...(event.about ? { about: event.about } : {}),
      };
      if (onScreen && !sameWords(onScreen.message, event.message)) {
        enqueue.assign({ shown: context.shown + 1, toasts: [onScreen, ...waiting.slice(1 - MOST_WAITING), item] });
        return;
      }
      if (onScreen) enqueue.stopChild(onScreen.id);
      enqueue.spawnChild('toast', { id, input: { id, message: item.message, kind: item.kind } });
      enqueue.assign({ shown: context.shown + 1, toasts: [item, ...waiting] });
    }),
    // Its chart ends as when its time is up, and says so (toast.expired).
    dismissToast: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'toast.dismissed') enqueue.sendTo(event.id, { type: 'toast.dismissed' });
    }),
    // The toast on screen went: the next one waiting is shown, with its own five seconds.
    showNext: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.expired') return;
      enqueue.stopChild(event.id);
      const rest = context.toasts.filter((t) => t.id !== event.id);
      const next = rest[0];
      if (next && context.toasts[0]?.id === event.id) enqueue.spawnChild('toast', { id: next.id, input: { id: next.id, message: next.message, kind: next.kind } });
      enqueue.assign({ toasts: rest });
    }),
    // Those waiting about the person go; the one on screen too, and the next left is shown with its own five seconds.
    forgetPerson: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toasts.personBlocked') return;
      const [onScreen] = context.toasts;
      const rest = context.toasts.filter((t) => t.about !== event.userId);
      if (onScreen && onScreen.about === event.userId) {
        enqueue.stopChild(onScreen.id);
        const next = rest[0];
        if (next) enqueue.spawnChild('toast', { id: next.id, input: { id: next.id, message: next.message, kind: next.kind } });
      }
      enqueue.assign({ toasts: rest });
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], shown: 0 },
  on: {
    'toast.show': { actions: 'showToast' },
    'toast.dismissed': { guard: 'isOnScreen', actions: 'dismissToast' },
    'toast.expired': { actions: 'showNext' },
    'toasts.personBlocked': { guard: 'isAboutAny', actions: 'forgetPerson' },
  },
});

export type ToastsActorRef = ActorRefFrom<typeof toastsMachine>;
export type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;

/** Every toast raised and not gone: the one on screen first, then those waiting. */
export const selectToasts = (s: ToastsSnapshot | undefined): ToastItem[] => s?.context.toasts ?? NO_TOASTS;

/** The one toast on screen, if any. */
export const selectShownToast = (s: ToastsSnapshot | undefined): ToastItem | undefined => s?.context.toasts[0];

const NO_TOASTS: ToastItem[] = [];
