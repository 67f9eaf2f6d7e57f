/**
 * The reset-password view (issue 41): without a link's token, it asks for the address to
 * send a link to, and then says the same calm thing whether or not an account has it (the
 * server answers alike); with one, it lets the person choose a new password (SPEC 5's rule,
 * checked before any call) and tells the root when it is set, so the login view opens. A
 * link that is used or out of date says so, and offers to ask for a new one.
 */
import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import { MESSAGES } from '../../contract/messages';
import { changePasswordError } from '../../contract/rules';
import type { Said } from '../../contract/said';
import { api } from '../api/client';
import { errorOf, saidBy } from '../api/request';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';

export type ResetField = 'email' | 'newPassword' | 'confirmPassword';

/** The forms' element ids (fieldDomId). */
export const RESET_ASK_FORM = 'reset-ask';
export const RESET_CHOOSE_FORM = 'reset-choose';
const ASK_ORDER: readonly ResetField[] = ['email'];
const CHOOSE_ORDER: readonly ResetField[] = ['newPassword', 'confirmPassword'];

export const RESET_EMAIL_MISSING: Said = /*i18n*/ { id: 'reset.emailMissing', message: 'Please enter the email address of your account' };
export const RESET_ASK_FAILED: Said = /*i18n*/ { id: 'reset.askFailed', message: 'The link could not be asked for just now. Please try again in a moment.' };
export const RESET_FAILED: Said = /*i18n*/ { id: 'reset.failed', message: 'The new password could not be set just now. Please try again in a moment.' };
/** Said by the root on the login view once the new password holds. */
export const RESET_DONE: Said = /*i18n*/ { id: 'reset.done', message: 'Your new password is set. Log in with it.' };

export type PasswordResetEvent =
  | { type: 'reset.emailChanged'; value: string }
  | { type: 'reset.passwordChanged'; field: 'newPassword' | 'confirmPassword'; value: string }
  | { type: 'reset.submitted' }
  /** From a used or out-of-date link: ask for a new one. */
  | { type: 'reset.askAgain' };

/** The root hears that the new password holds. */
export interface PasswordResetDone {
  type: 'passwordReset.done';
  message: Said;
}

export interface PasswordResetInput {
  /** The token from the link's address; null when the person came from "Forgot your password?". */
  token: string | null;
}

/** A 400 without a field: the link itself is unusable (a field detail goes beside its field). */
const isLinkRefusal = (error: unknown): boolean => {
  const said = saidBy(error);
  return (error as { status?: number } | null)?.status === 400 && said !== null && !/^[a-z_]+: /.test(said.message);
};

export const passwordResetMachine = setup({
  types: {
    input: {} as PasswordResetInput,
    context: {} as {
      token: string | null;
      email: string;
      newPassword: string;
      confirmPassword: string;
      errors: FormErrors<ResetField>;
      /** Why the link cannot be used (the server's words). */
      linkProblem: Said | null;
    },
    events: {} as PasswordResetEvent,
  },
  actors: {
    askForLink: fromPromise<unknown, { email: string }>(({ input }) => api.requestPasswordReset(input.email.trim())),
    setPassword: fromPromise<unknown, { token: string; newPassword: string }>(({ input }) => api.confirmPasswordReset(input.token, input.newPassword)),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isEmailMissing: ({ context }) => context.email.trim() === '',
    isPasswordInvalid: ({ context }) => changePasswordError(context) !== null,
    isLinkRefusal: ({ event }) => isLinkRefusal(errorOf(event)),
  },
  actions: {
    setEmail: assign(({ context, event }) => {
      assertEvent(event, 'reset.emailChanged');
      return { email: event.value, errors: withoutFieldError(context.errors, 'email') };
    }),
    setPassword: assign(({ context, event }) => {
      assertEvent(event, 'reset.passwordChanged');
      return { [event.field]: event.value, errors: withoutFieldError(context.errors, event.field) };
    }),
    reportEmailMissing: assign({ errors: fieldError<ResetField>('email', RESET_EMAIL_MISSING) }),
    reportPasswordRule: assign({
      errors: ({ context }) => {
        const broken = changePasswordError(context)!;
        return fieldError<ResetField>(broken.field, broken.message);
      },
    }),
    showAskFailure: assign({
      errors: ({ event }) => errorsFromFailure<ResetField>(errorOf(event), { fields: { email: 'email' }, fallback: RESET_ASK_FAILED }),
    }),
    showSetFailure: assign({
      errors: ({ event }) => errorsFromFailure<ResetField>(errorOf(event), { fields: { new_password: 'newPassword' }, fallback: RESET_FAILED }),
    }),
    keepLinkProblem: assign({ linkProblem: ({ event }) => saidBy(errorOf(event)) ?? MESSAGES.failedChangePassword }),
    // The next form starts clean: no token, nothing typed, nothing said.
    forgetLink: assign({ token: null, linkProblem: null, newPassword: '', confirmPassword: '', errors: NO_ERRORS }),
    clearErrors: assign({ errors: NO_ERRORS }),
    focusAskError: ({ context }) => focusFirstError(RESET_ASK_FORM, ASK_ORDER, context.errors),
    focusChooseError: ({ context }) => focusFirstError(RESET_CHOOSE_FORM, CHOOSE_ORDER, context.errors),
    reportDone: sendParent((): PasswordResetDone => ({ type: 'passwordReset.done', message: RESET_DONE })),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({ token: input.token, email: '', newPassword: '', confirmPassword: '', errors: NO_ERRORS, linkProblem: null }),
  initial: 'opening',
  // Typing is kept whatever the form is doing.
  on: {
    'reset.emailChanged': { actions: 'setEmail' },
    'reset.passwordChanged': { actions: 'setPassword' },
  },
  states: {
    opening: { always: [{ guard: 'hasToken', target: 'choosing' }, { target: 'asking' }] },
    asking: {
      on: { 'reset.submitted': [{ guard: 'isEmailMissing', actions: ['reportEmailMissing', 'focusAskError'] }, { target: 'sendingLink' }] },
    },
    sendingLink: {
      entry: 'clearErrors',
      invoke: {
        src: 'askForLink',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        // A 429 says to wait; an invalid address says so beside the field.
        onError: { target: 'asking', actions: ['showAskFailure', 'focusAskError'] },
      },
    },
    // The same words whether or not an account has the address.
    sent: {},
    choosing: {
      on: { 'reset.submitted': [{ guard: 'isPasswordInvalid', actions: ['reportPasswordRule', 'focusChooseError'] }, { target: 'saving' }] },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        src: 'setPassword',
        input: ({ context }) => ({ token: context.token!, newPassword: context.newPassword }),
        onDone: { target: 'done', actions: 'reportDone' },
        onError: [
          { guard: 'isLinkRefusal', target: 'linkUnusable', actions: 'keepLinkProblem' },
          // Offline or a server error: the typed password stays, to try again.
          { target: 'choosing', actions: ['showSetFailure', 'focusChooseError'] },
        ],
      },
    },
    linkUnusable: {
      on: { 'reset.askAgain': { target: 'asking', actions: 'forgetLink' } },
    },
    done: { type: 'final' },
  },
});

export type PasswordResetActorRef = import('xstate').ActorRefFrom<typeof passwordResetMachine>;

/** Whether a form's call is out (its button says so and waits). */
export const selectResetBusy = (s: { matches: (v: 'sendingLink' | 'saving') => boolean }) => s.matches('sendingLink') || s.matches('saving');
