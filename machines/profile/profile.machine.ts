/**
 * The profile view: edit the profile (interests comma separated), change the password,
 * deactivate after a confirm, download your data, delete the account for good after a
 * confirm with the password (issue 42), log out. Each form keeps its draft until submitted, and
 * what goes wrong is said beside its field (or its buttons), with focus moved there.
 */
import { assertEvent, assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../../contract/common';
import type { CommunicationStyle } from '../../contract/constants';
import { ACCOUNT_TAKEN, MESSAGES } from '../../contract/messages';
import { changePasswordError, parseAge, splitList } from '../../contract/rules';
import { plainFieldMessage } from '../../contract/field-errors';
import { api, errorOf } from '../api/client';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, passwordFailure, passwordTyped, withoutFieldError, type FormErrors, type PasswordDraft } from '../form-errors';
import type { Said } from '../../contract/said';
import { editsChanged, type EditsOrder, type EditsSaveFailed, type SignOutConfirmed, type SignOutRequested } from '../app/form-edits';
import { forgetDrafts } from '../chat/drafts';
import { accountDataApi, saveAsFile } from '../api/account-data';

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

/** The change-password form's draft (form-errors.ts), named here as before. */
export type { PasswordDraft };

const emptyPassword: PasswordDraft = { current: '', next: '', confirm: '' };

/** The forms' element ids (fieldDomId) and their fields in the order shown. */
export const PROFILE_FORM = 'profile';
export const PASSWORD_FORM = 'password';
export const DEACTIVATE_FORM = 'deactivate';
export const DELETE_FORM = 'delete-account';
export const EXPORT_FORM = 'export-data';
export const EXPORT_FILE = 'wallflower-data.json';
/** Said on the sign-in view once the account is gone (issue 42). */
export const ACCOUNT_DELETED: Said = /*i18n*/ { id: 'profile.accountDeleted', message: 'Your account and everything it held are deleted. Take care.' };
const EXPORT_FAILED: Said = /*i18n*/ { id: 'profile.exportFailed', message: 'Your data could not be downloaded just now. Please try again.' };
const DELETE_FAILED: Said = /*i18n*/ { id: 'profile.deleteFailed', message: 'Your account could not be deleted just now. Nothing has changed. Please try again.' };
const PROFILE_ORDER: readonly (keyof ProfileDraft)[] = [
  'name',
  'email',
  'age',
  'occupation',
  'interests',
  'social_preferences',
  'personality_traits',
  'communication_style',
];
const PASSWORD_ORDER: readonly (keyof PasswordDraft)[] = ['current', 'next', 'confirm'];
const PROFILE_FIELDS = Object.fromEntries(PROFILE_ORDER.map((f) => [f, f])) as Record<string, keyof ProfileDraft>;
const PASSWORD_RULE_FIELDS = { newPassword: 'next', confirmPassword: 'confirm' } as const;

export interface ProfileContext {
  user: User;
  draft: ProfileDraft;
  password: PasswordDraft;
  profileErrors: FormErrors<keyof ProfileDraft>;
  passwordErrors: FormErrors<keyof PasswordDraft>;
  deactivateError: Said | null;
  /** What went wrong with the last download, if anything. */
  exportError: Said | null;
  /** The password typed to delete the account; never kept beyond the confirm. */
  deletePassword: string;
  deleteErrors: FormErrors<'password'>;
}

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
  | { type: 'export.requested' }
  | { type: 'deleteAccount.requested' }
  | { type: 'deleteAccount.passwordChanged'; value: string }
  | { type: 'deleteAccount.confirmed' }
  | { type: 'logout.requested' }
  | SignOutConfirmed
  // From the root, as the person leaves with edits (issue 39): save them.
  | EditsOrder;

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
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
    exportData: fromPromise<unknown, { userId: string }>(({ input }) => accountDataApi.exportData(input.userId)),
    deleteAccount: fromPromise<unknown, { userId: string; password: string }>(({ input }) =>
      accountDataApi.deleteAccount(input.userId, input.password),
    ),
  },
  guards: {
    noDeletePassword: ({ context }) => context.deletePassword === '',
    isPasswordDraftInvalid: ({ context }) =>
      changePasswordError({ newPassword: context.password.next, confirmPassword: context.password.confirm }) !== null,
  },
  actions: {
    // Signed out on purpose: no half-written message stays on the device (a lapsed session keeps them, issue 39).
    forgetDrafts: () => forgetDrafts(),
    reportUser: sendParent((_, params: { user: User }) => ({ type: 'user.updated' as const, user: params.user })),
    resetDraft: assign({ draft: ({ context }) => draftFromUser(context.user), profileErrors: NO_ERRORS }),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'profile.fieldChanged');
      return {
        draft: { ...context.draft, [event.field]: event.value },
        profileErrors: withoutFieldError(context.profileErrors, event.field),
      };
    }),
    updatePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.fieldChanged');
      return passwordTyped(context, event.field, event.value);
    }),
    clearPassword: assign({ password: emptyPassword, passwordErrors: NO_ERRORS }),
    clearErrors: assign({ profileErrors: NO_ERRORS, passwordErrors: NO_ERRORS, deactivateError: null, exportError: null, deleteErrors: NO_ERRORS }),
    forgetDeletePassword: assign({ deletePassword: '', deleteErrors: NO_ERRORS }),
    saveExport: ({ event }) => saveAsFile((event as unknown as { output: unknown }).output, EXPORT_FILE),
    showExportFailure: assign({ exportError: ({ event }) => errorsFromFailure(errorOf(event), { fields: {}, fallback: EXPORT_FAILED }).form }),
    showDeleteFailure: assign({
      deleteErrors: ({ event }) => errorsFromFailure<'password'>(errorOf(event), { fields: { password: 'password' }, fallback: DELETE_FAILED }),
    }),
    askForDeletePassword: assign({ deleteErrors: fieldError('password', plainFieldMessage('password', 'is required')) }),
    focusDeleteError: ({ context }) => focusFirstError(DELETE_FORM, ['password'], context.deleteErrors),
    focusExportError: ({ context }) => focusFirstError(EXPORT_FORM, [], { fields: {}, form: context.exportError }),
    reportPasswordRule: assign({
      passwordErrors: ({ context }) => {
        const broken = changePasswordError({ newPassword: context.password.next, confirmPassword: context.password.confirm })!;
        return fieldError(PASSWORD_RULE_FIELDS[broken.field], broken.message);
      },
    }),
    // SPEC 8 fixes 'Failed to update profile'; what the server said of a field goes beside it too.
    showProfileFailure: assign({
      profileErrors: ({ event }) =>
        errorsFromFailure<keyof ProfileDraft>(errorOf(event), {
          fields: PROFILE_FIELDS,
          fallback: MESSAGES.failedUpdateProfile,
          fixed: MESSAGES.failedUpdateProfile,
          conflicts: [[ACCOUNT_TAKEN.email, 'email']],
        }),
    }),
    showPasswordFailure: assign({ passwordErrors: ({ event }) => passwordFailure(errorOf(event)) }),
    showDeactivateFailure: assign({ deactivateError: MESSAGES.failedDeactivateAccount }),
    focusProfileError: ({ context }) => focusFirstError(PROFILE_FORM, PROFILE_ORDER, context.profileErrors),
    focusPasswordError: ({ context }) => focusFirstError(PASSWORD_FORM, PASSWORD_ORDER, context.passwordErrors),
    focusDeactivateError: ({ context }) => focusFirstError(DEACTIVATE_FORM, [], { fields: {}, form: context.deactivateError }),
    toast: sendParent((_, params: { message: Said }) => ({ type: 'toast.show', message: params.message, kind: 'success' })),
    clearError: sendParent({ type: 'error.cleared' }),
    // Whether the form open differs from what it started from (issue 39): the profile as kept, or no password typed.
    tellProfileEdits: sendParent(({ context }) => editsChanged('profile', context.draft, draftFromUser(context.user))),
    tellPasswordEdits: sendParent(({ context }) => editsChanged('profile', context.password, emptyPassword)),
    tellNoEdits: sendParent(editsChanged('profile', null, null)),
    tellSaveFailed: sendParent({ type: 'edits.saveFailed' } satisfies EditsSaveFailed),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    user: input.user,
    draft: draftFromUser(input.user),
    password: emptyPassword,
    profileErrors: NO_ERRORS,
    passwordErrors: NO_ERRORS,
    deactivateError: null,
    exportError: null,
    deletePassword: '',
    deleteErrors: NO_ERRORS,
  }),
  initial: 'viewing',
  on: {
    // Sign-out first asks the root, which asks about unsaved edits (issue 39), then says go.
    'logout.requested': { actions: sendParent({ type: 'signOut.requested' } satisfies SignOutRequested) },
    'logout.confirmed': '.loggingOut',
  },
  states: {
    viewing: {
      on: {
        'profile.editStarted': { target: 'editing', actions: 'resetDraft' },
        'password.formOpened': { target: 'changingPassword', actions: 'clearPassword' },
        'deactivate.requested': { target: 'confirmingDeactivate', actions: 'clearErrors' },
        'export.requested': 'exporting',
        'deleteAccount.requested': { target: 'confirmingDelete', actions: ['clearErrors', 'forgetDeletePassword'] },
      },
    },
    exporting: {
      entry: assign({ exportError: null }),
      invoke: {
        src: 'exportData',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { target: 'viewing', actions: 'saveExport' },
        onError: { target: 'viewing', actions: ['showExportFailure', 'focusExportError'] },
      },
    },
    confirmingDelete: {
      on: {
        'deleteAccount.passwordChanged': { actions: assign({ deletePassword: ({ event }) => event.value, deleteErrors: NO_ERRORS }) },
        'deleteAccount.confirmed': [{ guard: 'noDeletePassword', actions: ['askForDeletePassword', 'focusDeleteError'] }, { target: 'deletingAccount' }],
        'profile.cancelled': { target: 'viewing', actions: ['forgetDeletePassword'] },
      },
    },
    deletingAccount: {
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => ({ userId: context.user.id, password: context.deletePassword }),
        onDone: { actions: ['forgetDrafts', 'forgetDeletePassword', sendParent({ type: 'session.ended', message: ACCOUNT_DELETED })] },
        // A wrong password is said beside the field; nothing has changed.
        onError: { target: 'confirmingDelete', actions: ['showDeleteFailure', 'focusDeleteError'] },
      },
    },
    editing: {
      on: {
        'profile.fieldChanged': { actions: ['updateDraft', 'tellProfileEdits'] },
        'profile.cancelled': { target: 'viewing', actions: ['clearErrors', 'tellNoEdits'] },
        'profile.saved': 'saving',
        'edits.save': 'saving',
      },
    },
    saving: {
      entry: ['clearError', assign({ profileErrors: NO_ERRORS })],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ userId: context.user.id, draft: context.draft }),
        onDone: {
          target: 'viewing',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'reportUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'toast', params: { message: MESSAGES.profileUpdated } },
            // Last: a person saving to leave goes once the root hears this.
            'tellNoEdits',
          ],
        },
        onError: { target: 'editing', actions: ['showProfileFailure', 'focusProfileError', 'tellSaveFailed'] },
      },
    },
    changingPassword: {
      on: {
        'password.fieldChanged': { actions: ['updatePassword', 'tellPasswordEdits'] },
        'password.submitted': [
          { guard: 'isPasswordDraftInvalid', actions: ['reportPasswordRule', 'focusPasswordError'] },
          { target: 'savingPassword' },
        ],
        'edits.save': [
          { guard: 'isPasswordDraftInvalid', actions: ['reportPasswordRule', 'focusPasswordError', 'tellSaveFailed'] },
          { target: 'savingPassword' },
        ],
        'profile.cancelled': { target: 'viewing', actions: ['clearPassword', 'tellNoEdits'] },
      },
    },
    savingPassword: {
      entry: ['clearError', assign({ passwordErrors: NO_ERRORS })],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ userId: context.user.id, password: context.password }),
        onDone: {
          target: 'viewing',
          actions: ['clearPassword', { type: 'toast', params: { message: MESSAGES.passwordChanged } }, 'tellNoEdits'],
        },
        onError: { target: 'changingPassword', actions: ['showPasswordFailure', 'focusPasswordError', 'tellSaveFailed'] },
      },
    },
    confirmingDeactivate: {
      on: { 'deactivate.confirmed': 'deactivating', 'profile.cancelled': { target: 'viewing', actions: 'clearErrors' } },
    },
    deactivating: {
      entry: assign({ deactivateError: null }),
      invoke: {
        src: 'deactivate',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { actions: ['forgetDrafts', sendParent({ type: 'session.ended', message: MESSAGES.accountDeactivated })] },
        // The confirm stays open with the message, where the person pressed.
        onError: { target: 'confirmingDeactivate', actions: ['showDeactivateFailure', 'focusDeactivateError'] },
      },
    },
    loggingOut: {
      // Signing out locally does not wait on the network: a failed call still leaves.
      invoke: {
        src: 'logout',
        input: ({ context }) => ({ userId: context.user.id }),
        onDone: { actions: ['forgetDrafts', sendParent({ type: 'session.ended', message: MESSAGES.loggedOut })] },
        onError: { actions: ['forgetDrafts', sendParent({ type: 'session.ended', message: MESSAGES.loggedOut })] },
      },
    },
  },
});

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>;
