/**
 * The profile's email section (issue 41): whether the address is confirmed, "Send the link
 * again" while it is not, and whether the meeting reminder also comes by email. Two
 * regions, so a link being sent never holds up the switch and the other way round. A saved
 * switch tells the root the user as the server now has it.
 */
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { User } from '../../contract/common';
import type { Said } from '../../contract/said';
import { api } from '../api/client';
import { errorOf, detailOr } from '../api/request';

export const RESEND_FAILED: Said = /*i18n*/ { id: 'emailSettings.resendFailed', message: "The link couldn't be sent just now. Please try again in a moment." };
export const REMINDERS_FAILED: Said = /*i18n*/ { id: 'emailSettings.remindersFailed', message: "That couldn't be saved just now. Please try again in a moment." };

export type EmailSettingsEvent = { type: 'emailSettings.resendRequested' } | { type: 'emailSettings.remindersToggled' };

export const emailSettingsMachine = setup({
  types: {
    input: {} as { user: User },
    context: {} as { user: User; problem: Said | null },
    events: {} as EmailSettingsEvent,
  },
  actors: {
    resend: fromPromise<unknown, { userId: string }>(({ input }) => api.resendEmailVerification(input.userId)),
    saveReminders: fromPromise<User, { userId: string; on: boolean }>(({ input }) => api.updateProfile(input.userId, { email_meeting_reminders: input.on })),
  },
  guards: {
    // A confirmed address needs no link.
    isUnconfirmed: ({ context }) => context.user.email_verified !== true,
  },
  actions: {
    keepUser: assign({ user: (_, params: { user: User }) => params.user, problem: null }),
    tellRoot: sendParent((_, params: { user: User }) => ({ type: 'user.updated' as const, user: params.user })),
    sayProblem: assign({ problem: ({ event }, params: { fallback: Said }) => detailOr(errorOf(event), params.fallback) }),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'emailSettings',
  context: ({ input }) => ({ user: input.user, problem: null }),
  type: 'parallel',
  states: {
    link: {
      initial: 'idle',
      states: {
        idle: { on: { 'emailSettings.resendRequested': { guard: 'isUnconfirmed', target: 'sending' } } },
        sending: {
          entry: 'clearProblem',
          invoke: {
            src: 'resend',
            input: ({ context }) => ({ userId: context.user.id }),
            onDone: 'sent',
            // A 429 or the network: said beside the button, which stays to try again.
            onError: { target: 'idle', actions: { type: 'sayProblem', params: { fallback: RESEND_FAILED } } },
          },
        },
        // The same words whether a link went or one went a moment ago (the server stays quiet then).
        sent: { on: { 'emailSettings.resendRequested': { guard: 'isUnconfirmed', target: 'sending' } } },
      },
    },
    reminders: {
      initial: 'idle',
      states: {
        idle: { on: { 'emailSettings.remindersToggled': 'saving' } },
        saving: {
          entry: 'clearProblem',
          invoke: {
            src: 'saveReminders',
            input: ({ context }) => ({ userId: context.user.id, on: !context.user.email_meeting_reminders }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'tellRoot', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: { type: 'sayProblem', params: { fallback: REMINDERS_FAILED } } },
          },
        },
      },
    },
  },
});

export type EmailSettingsActorRef = import('xstate').ActorRefFrom<typeof emailSettingsMachine>;

/** What the section says of the address: confirmed, waiting (a link can be sent again), or a link just sent. */
export const selectAddressState = (s: { context: { user: User }; matches: (v: object) => boolean }) =>
  s.context.user.email_verified ? 'confirmed' : s.matches({ link: 'sent' }) ? 'sent' : s.matches({ link: 'sending' }) ? 'sending' : 'waiting';
