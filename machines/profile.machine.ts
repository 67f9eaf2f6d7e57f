/**
 * The profile view: edit the profile (interests comma separated), change the password,
 * deactivate after a confirm, log out. Each form keeps its draft until submitted.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../contract/common';
import type { CommunicationStyle } from '../contract/constants';
import { MESSAGES } from '../contract/messages';
import { changePasswordError, parseAge, splitList } from '../contract/rules';
import { api, detailOr } from './api/client';

export interface ProfileDraft {
  name: string;
  email: string;
  age: string;
  occupation: string;
  interests: string;
  social_preferences: string;
  personality_traits: string;
  communication_style: CommunicationStyle;
}

export interface PasswordDraft {
  current: string;
  next: string;
  confirm: string;
}

const emptyPassword: PasswordDraft = { current: '', next: '', confirm: '' };

export const draftFromUser = (u: User): ProfileDraft => ({
  name: u.name,
  email: u.email,
  age: u.age === null ? '' : String(u.age),
  occupation: u.occupation ?? '',
  interests: u.interests.join(', '),
  social_preferences: u.social_preferences.join(', '),
  personality_traits: u.personality_traits.join(', '),
  communication_style: u.communication_style,
});

export const profileBody = (d: ProfileDraft) => ({
  name: d.name.trim(),
  email: d.email.trim(),
  age: parseAge(d.age),
  occupation: d.occupation.trim() || null,
  interests: splitList(d.interests),
  social_preferences: splitList(d.social_preferences),
  personality_traits: splitList(d.personality_traits),
  communication_style: d.communication_style,
});

export type ProfileEvent =
  | { type: 'profile.editStarted' }
  | { type: 'profile.fieldChanged'; field: keyof ProfileDraft; value: string }
  | { type: 'profile.saved' }
  | { type: 'profile.cancelled' }
  | { type: 'password.formOpened' }
  | { type: 'password.fieldChanged'; field: keyof PasswordDraft; value: string }
  | { type: 'password.submitted' }
  | { type: 'deactivate.requested' }
  | { type: 'deactivate.confirmed' }
  | { type: 'logout.requested' };

export const profileMachine = setup({
  types: {
    context: {} as { user: User; draft: ProfileDraft; password: PasswordDraft },
    input: {} as { user: User },
    events: {} as ProfileEvent,
  },
  actors: {
    saveProfile: fromPromise<User, { userId: string; draft: ProfileDraft }>(({ input }) =>
      api.updateProfile(input.userId, profileBody(input.draft)),
    ),
    changePassword: fromPromise<unknown, { userId: string; password: PasswordDraft }>(({ input }) =>
      api.changePassword(input.userId, input.password.current, input.password.next),
    ),
    deactivate: fromPromise<unknown, { userId: string }>(({ input }) => api.deactivate(input.userId)),
    logout: fromPromise<unknown, { userId: string }>(({ input }) => api.logout(input.userId)),
  },
  guards: {
    isPasswordDraftInvalid: ({ context }) =>
      changePasswordError({ newPassword: context.password.next, confirmPassword: context.password.confirm }) !== null,
  },
  actions: {
    resetDraft: assign({ draft: ({ context }) => draftFromUser(context.user) }),
    updateDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'profile.fieldChanged');
        return { ...context.draft, [event.field]: event.value };
      },
    }),
    updatePassword: assign({
      password: ({ context, event }) => {
        assertEvent(event, 'password.fieldChanged');
        return { ...context.password, [event.field]: event.value };
      },
    }),
    clearPassword: assign({ password: emptyPassword }),
    reportPasswordRule: sendParent(({ context }) => ({
      type: 'error.show',
      message: changePasswordError({ newPassword: context.password.next, confirmPassword: context.password.confirm })!,
    })),
    toast: sendParent((_, params: { message: string }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
    showError: sendParent((_, params: { message: string }) => ({ type: 'error.show', message: params.message })),
    clearError: sendParent({ type: 'error.cleared' }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ user: input.user, draft: draftFromUser(input.user), password: emptyPassword }),
  initial: 'viewing',
  on: { 'logout.requested': '.loggingOut' },
  states: {
    viewing: {
      on: {
        'profile.editStarted': { target: 'editing', actions: 'resetDraft' },
        'password.formOpened': { target: 'changingPassword', actions: 'clearPassword' },
        'deactivate.requested': 'confirmingDeactivate',
      },
    },
    editing: {
      on: {
        'profile.fieldChanged': { actions: 'updateDraft' },
        'profile.cancelled': 'viewing',
        'profile.saved': 'saving',
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ userId: context.user.id, draft: context.draft }),
        onDone: {
          target: 'viewing',
          actions: [
            assign({ user: ({ event }) => event.output }),
            sendParent(({ event }) => ({ type: 'user.updated', user: event.output })),
            { type: 'toast', params: { message: MESSAGES.profileUpdated } },
          ],
        },
        onError: { target: 'editing', actions: { type: 'showError', params: { message: MESSAGES.failedUpdateProfile } } },
      },
    },
    changingPassword: {
      on: {
        'password.fieldChanged': { actions: 'updatePassword' },
        'password.submitted': [
          { guard: 'isPasswordDraftInvalid', actions: 'reportPasswordRule' },
          { target: 'savingPassword' },
        ],
        'profile.cancelled': { target: 'viewing', actions: 'clearPassword' },
      },
    },
    savingPassword: {
      entry: 'clearError',
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ userId: context.user.id, password: context.password }),
        onDone: {
          target: 'viewing',
          actions: ['clearPassword', { type: 'toast', params: { message: MESSAGES.passwordChanged } }],
        },
        onError: {
          target: 'changingPassword',
          actions: sendParent(({ event }) => ({
            type: 'error.show',
            message: detailOr(event.error, MESSAGES.failedChangePassword),
          })),
        },
      },
    },
    confirmingDeactivate: {
      on: { 'deactivate.confirmed': 'deactivating', 'profile.cancelled': 'viewing' },
    },
    deactivating: {
      invoke: {
        src: 'deactivate',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { actions: sendParent({ type: 'session.ended', message: MESSAGES.accountDeactivated }) },
        onError: { target: 'viewing', actions: { type: 'showError', params: { message: MESSAGES.failedDeactivateAccount } } },
      },
    },
    loggingOut: {
      // Signing out locally does not wait on the network: a failed call still leaves.
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { actions: sendParent({ type: 'session.ended', message: MESSAGES.loggedOut }) },
        onError: { actions: sendParent({ type: 'session.ended', message: MESSAGES.loggedOut }) },
      },
    },
  },
});

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>;
