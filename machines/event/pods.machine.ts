/**
 * pods (issue 43 item 3): "Find a small group" in the event view. It reads GET
 * /events/{id}/pods/mine, then offers to join (none), shows the wait with a way to leave
 * (waiting: read again every few seconds, and at once when the event chart hears
 * `pod_formed`), or the pod formed (its members, meeting point, start and chat). Leaving
 * is quiet. A refusal (the event not on, a break, a low battery) is said in the server's words.
 */
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MyPod, Pod } from '../../contract/pods';
import type { Said } from '../../contract/said';
import { detailOr } from '../api/client';
import { podsApi } from '../api/pods';
import { isSessionGone, reportSessionGone } from '../session-gone';
import { logFailure } from '../log';

export const PODS_WORDS = {
  joinFailed: /*i18n*/ { id: 'pods.joinFailed', message: "You couldn't be added to the queue just now. Please try again." },
  leaveFailed: /*i18n*/ { id: 'pods.leaveFailed', message: "That didn't work just now. Please try again." },
} as const;

/** While waiting, the pod card asks again this often (a pod forms within 10 s). */
export const PODS_POLL_MS = 4_000;

/** Something that tells when a pod formed at the event (the event chart emits `pod.formed` on `live.pod_formed`). */
export interface PodNews {
  on(type: 'pod.formed', handler: (e: { type: 'pod.formed'; eventId: string }) => void): { unsubscribe(): void };
}

export interface PodsInput {
  userId: string;
  eventId: string;
  news?: PodNews;
}

interface PodsContext extends PodsInput {
  pod: Pod | null;
  error: Said | null;
}

export type PodsEvent = { type: 'pods.joined' } | { type: 'pods.left' } | { type: 'pods.retried' } | { type: 'pods.formed' };

type Ids = { userId: string; eventId: string };
const ids = ({ context }: { context: PodsContext }): Ids => ({ userId: context.userId, eventId: context.eventId });
export const podsMachine = setup({
  types: { context: {} as PodsContext, input: {} as PodsInput, events: {} as PodsEvent },
  actors: {
    loadMine: fromPromise<MyPod, Ids>(({ input }) => podsApi.mine(input.userId, input.eventId)),
    joinQueue: fromPromise<unknown, Ids>(({ input }) => podsApi.join(input.userId, input.eventId)),
    leaveQueue: fromPromise<unknown, Ids>(({ input }) => podsApi.leave(input.userId, input.eventId)),
    hearFormed: fromCallback<PodsEvent, PodsInput>(({ input, sendBack }) => {
      const sub = input.news?.on('pod.formed', (e) => {
        if (e.eventId === input.eventId) sendBack({ type: 'pods.formed' });
      });
      return () => sub?.unsubscribe();
    }),
  },
  guards: {
    isSessionGone,
    isFormed: (_, output: MyPod) => output.status === 'formed',
    isWaiting: (_, output: MyPod) => output.status === 'waiting',
  },
  actions: {
    reportSessionGone: reportSessionGone(),
    logFailure: (_, params: { what: string; error: unknown }) => logFailure(params.what, params.error),
    /** A refusal in the server's words (else `words`), and logged. */
    refused: assign({ error: (_, params: { what: string; error: unknown; words: Said }) => (logFailure(params.what, params.error), detailOr(params.error, params.words)) }),
  },
}).createMachine({
  id: 'pods',
  context: ({ input }) => ({ ...input, pod: null, error: null }),
  invoke: { src: 'hearFormed', input: ({ context }) => context },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMine',
        input: ids,
        onDone: [
          { guard: { type: 'isFormed', params: ({ event }) => event.output }, target: 'formed', actions: assign({ pod: ({ event }) => event.output.pod }) },
          { guard: { type: 'isWaiting', params: ({ event }) => event.output }, target: 'waiting', actions: assign({ pod: null }) },
          { target: 'none', actions: assign({ pod: null }) },
        ],
        onError: [
          { guard: 'isSessionGone', target: 'failed', actions: 'reportSessionGone' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'load the small group', error: event.error }) } },
        ],
      },
    },
    failed: { on: { 'pods.retried': 'loading' } },
    none: {
      on: { 'pods.joined': { target: 'joining', actions: assign({ error: null }) } },
    },
    joining: {
      invoke: {
        src: 'joinQueue',
        input: ids,
        // A fifth person forms a pod at once: read what there is now.
        onDone: 'loading',
        onError: [
          { guard: 'isSessionGone', target: 'none', actions: 'reportSessionGone' },
          { target: 'none', actions: { type: 'refused', params: ({ event }) => ({ what: 'join the small-group queue', error: event.error, words: PODS_WORDS.joinFailed }) } },
        ],
      },
    },
    waiting: {
      after: { [PODS_POLL_MS]: 'loading' },
      on: { 'pods.formed': 'loading', 'pods.left': { target: 'leaving', actions: assign({ error: null }) } },
    },
    formed: {
      on: { 'pods.left': { target: 'leaving', actions: assign({ error: null }) } },
    },
    leaving: {
      invoke: {
        src: 'leaveQueue',
        input: ids,
        onDone: { target: 'none', actions: assign({ pod: null }) },
        onError: [
          { guard: 'isSessionGone', target: 'loading', actions: 'reportSessionGone' },
          { target: 'loading', actions: { type: 'refused', params: ({ event }) => ({ what: 'leave the small group', error: event.error, words: PODS_WORDS.leaveFailed }) } },
        ],
      },
    },
  },
});

export type PodsActorRef = ActorRefFrom<typeof podsMachine>;
export type PodsSnapshot = SnapshotFrom<typeof podsMachine>;
export type PodsStep = 'loading' | 'failed' | 'none' | 'joining' | 'waiting' | 'formed' | 'leaving';
export const selectPodsStep = (s: PodsSnapshot): PodsStep => s.value as PodsStep;
