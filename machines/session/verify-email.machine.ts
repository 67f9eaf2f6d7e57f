/**
 * The verify-email view (issue 41): the link's token is sent as the view opens, once, and
 * the person is told whether their address is now confirmed; Continue is theirs to press
 * (the root then signs them in again if the device has a session, else shows login).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Said } from '../../contract/said';
import { api } from '../api/client';
import { detailOr, errorOf } from '../api/request';

export const VERIFY_FAILED: Said = /*i18n*/ { id: 'verify.failed', message: 'Your address could not be confirmed just now. Please open the link again in a moment.' };

export interface VerifyEmailInput {
  token: string;
}

export const verifyEmailMachine = setup({
  types: {
    input: {} as VerifyEmailInput,
    context: {} as { token: string; problem: Said | null },
  },
  actors: {
    verify: fromPromise<unknown, { token: string }>(({ input }) => api.verifyEmail(input.token)),
  },
  actions: {
    // The server says why (expired, another address now); offline, a calm fallback.
    keepProblem: assign({ problem: ({ event }) => detailOr(errorOf(event), VERIFY_FAILED) }),
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token, problem: null }),
  initial: 'verifying',
  states: {
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'verified',
        onError: { target: 'failed', actions: 'keepProblem' },
      },
    },
    verified: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type VerifyEmailActorRef = import('xstate').ActorRefFrom<typeof verifyEmailMachine>;
