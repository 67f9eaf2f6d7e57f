/**
 * The login view's two forms: sign in, or register (toggled by a link). Drafts live
 * here until submitted; the SPEC 5 rules run before any call. What goes wrong is said
 * beside the field it is about (or above the button), and focus moves to it; a banned
 * account is told to the root chart, which shows why. The heading welcomes a first-time
 * visitor and welcomes back someone who has signed in on this device before.
 */
import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import type { BanNotice, User } from '../../contract/common';
import { COMMUNICATION_STYLE_DEFAULT } from '../../contract/constants';
import { ACCOUNT_TAKEN, MESSAGES } from '../../contract/messages';
import { loginError, registrationError } from '../../contract/rules';
import { api, banOf, errorOf } from '../api/client';
import { NO_ERRORS, errorsFromFailure, fieldError, focusFirstError, withoutFieldError, type FormErrors } from '../form-errors';
import type { Said } from '../../contract/said';
import { hasSignedInHere, rememberSignedInHere } from './signed-in-here';
import { isPasskeyDismissed, passkeysSupported, signInWithPasskey } from '../api/passkeys';
import { PASSKEY_SIGN_IN_FAILED } from '../../contract/passkeys';
import { languageOf, storedLanguage } from '../profile/language';

export interface LoginDraft {
  username_or_email: string;
  password: string;
}

/**
 * Sign-up asks only what an account needs (issue 39 item 6); the rest of the profile is
 * offered afterwards, a step at a time (profile/profile-steps.machine.ts).
 */
export interface RegisterDraft {
  username: string;
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const emptyLogin: LoginDraft = { username_or_email: '', password: '' };
export const emptyRegister: RegisterDraft = {
  username: '',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export type AuthField = keyof LoginDraft | keyof RegisterDraft;

/** The forms' element ids (fieldDomId) and the order their fields are shown in. */
export const LOGIN_FORM = 'login';
export const REGISTER_FORM = 'register';
const LOGIN_ORDER: readonly (keyof LoginDraft)[] = ['username_or_email', 'password'];
const REGISTER_ORDER: readonly (keyof RegisterDraft)[] = ['username', 'name', 'email', 'password', 'confirmPassword'];

/** The request's fields as the register form names them (the same, bar the confirmation). */
const REGISTER_FIELDS = Object.fromEntries(REGISTER_ORDER.map((f) => [f, f])) as Record<string, keyof RegisterDraft>;

/** The root hears that the account is banned, and why. */
export interface AuthBanned {
  type: 'auth.banned';
  ban: BanNotice;
}

export type AuthEvent =
  | { type: 'auth.modeToggled' }
  | { type: 'auth.loginChanged'; field: keyof LoginDraft; value: string }
  | { type: 'auth.registerChanged'; field: keyof RegisterDraft; value: string }
  | { type: 'auth.submitted' }
  /** Sign in with a passkey of this device instead (issue 41): no name or password. */
  | { type: 'auth.passkeyRequested' };

export interface AuthSucceeded {
  type: 'auth.succeeded';
  user: User;
  via: 'login' | 'register';
  reactivated: boolean;
}

/**
 * SPEC 7's register body: the form's fields, and the rest of the profile empty (SPEC 5: age
 * null when empty), filled in afterwards; and the app's language, so the first email is in it (issue 41).
 */
export const registerBody = (d: RegisterDraft) => ({
  username: d.username.trim(),
  name: d.name.trim(),
  email: d.email.trim(),
  password: d.password,
  interests: [],
  age: null,
  occupation: null,
  social_preferences: [],
  personality_traits: [],
  communication_style: COMMUNICATION_STYLE_DEFAULT,
  language: languageOf(storedLanguage()),
});

export const authMachine = setup({
  types: {
    context: {} as {
      mode: 'login' | 'register';
      /** Whether someone has signed in on this device before: "Welcome back" rather than a first welcome. */
      returning: boolean;
      /** Whether this browser can sign in with a passkey (the button is offered only then). */
      passkeys: boolean;
      login: LoginDraft;
      register: RegisterDraft;
      errors: FormErrors<AuthField>;
    },
    events: {} as AuthEvent,
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginDraft>(({ input }) =>
      api.login({ username_or_email: input.username_or_email.trim(), password: input.password }),
    ),
    register: fromPromise<User, RegisterDraft>(({ input }) => api.register(registerBody(input))),
    passkeySignIn: fromPromise<LoginAnswer>(() => signInWithPasskey()),
  },
  guards: {
    isLoginMode: ({ context }) => context.mode === 'login',
    isLoginIncomplete: ({ context }) => loginError(context.login) !== null,
    isRegistrationInvalid: ({ context }) => registrationError(context.register) !== null,
    isBanned: ({ event }) => banOf(errorOf(event)) !== null,
    // Closing the browser's passkey sheet is a change of mind, not a failure.
    isPasskeyDismissed: ({ event }) => isPasskeyDismissed(errorOf(event)),
  },
  actions: {
    // A message about the other form would only confuse.
    toggleMode: assign({ mode: ({ context }) => (context.mode === 'login' ? 'register' : 'login'), errors: NO_ERRORS }),
    // Typing in a field settles what was said about it.
    updateLogin: assign(({ context, event }) => {
      assertEvent(event, 'auth.loginChanged');
      return { login: { ...context.login, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    updateRegister: assign(({ context, event }) => {
      assertEvent(event, 'auth.registerChanged');
      return { register: { ...context.register, [event.field]: event.value }, errors: withoutFieldError(context.errors, event.field) };
    }),
    reportLoginRule: assign({
      errors: ({ context }) => {
        const broken = loginError(context.login)!;
        return fieldError(broken.field, broken.message);
      },
    }),
    reportRegistrationRule: assign({
      errors: ({ context }) => {
        const broken = registrationError(context.register)!;
        return fieldError(broken.field, broken.message);
      },
    }),
    showFailure: assign({
      errors: ({ event }, params: { fallback: Said; fields: Record<string, AuthField> }) =>
        errorsFromFailure<AuthField>(errorOf(event), {
          fallback: params.fallback,
          fields: params.fields,
          conflicts: [
            [ACCOUNT_TAKEN.username, 'username'],
            [ACCOUNT_TAKEN.email, 'email'],
          ],
        }),
    }),
    clearErrors: assign({ errors: NO_ERRORS }),
    focusFirstError: ({ context }) =>
      focusFirstError(context.mode === 'login' ? LOGIN_FORM : REGISTER_FORM, context.mode === 'login' ? LOGIN_ORDER : REGISTER_ORDER, context.errors),
    reportBanned: sendParent(({ event }): AuthBanned => ({ type: 'auth.banned', ban: banOf(errorOf(event))! })),
    clearRootError: sendParent({ type: 'error.cleared' }),
    rememberSignedInHere: () => rememberSignedInHere(),
    reportSignedIn: sendParent((_, params: Omit<AuthSucceeded, 'type'>): AuthSucceeded => ({ type: 'auth.succeeded', ...params })),
    // A password's or a passkey's sign-in: the answer of either call (a done event, outside the event union).
    reportLoggedIn: sendParent(({ event }): AuthSucceeded => {
      const { user, reactivated } = (event as unknown as { output: LoginAnswer }).output;
      return { type: 'auth.succeeded', user, via: 'login', reactivated };
    }),
  },
}).createMachine({
  id: 'auth',
  context: () => ({
    mode: 'login',
    returning: hasSignedInHere(),
    passkeys: passkeysSupported(),
    login: emptyLogin,
    register: emptyRegister,
    errors: NO_ERRORS,
  }),
  initial: 'editing',
  // Typing is kept whatever the form is doing, also while a request is out.
  on: {
    'auth.loginChanged': { actions: 'updateLogin' },
    'auth.registerChanged': { actions: 'updateRegister' },
  },
  states: {
    editing: {
      on: {
        'auth.modeToggled': { actions: ['toggleMode', 'clearRootError'] },
        'auth.submitted': [
          { guard: 'isLoginMode', target: 'checkingLogin' },
          { target: 'checkingRegistration' },
        ],
        'auth.passkeyRequested': { guard: 'isLoginMode', target: 'passkeySigningIn' },
      },
    },
    passkeySigningIn: {
      entry: ['clearErrors', 'clearRootError'],
      invoke: {
        src: 'passkeySignIn',
        onDone: { target: 'succeeded', actions: ['rememberSignedInHere', 'reportLoggedIn'] },
        onError: [
          { guard: 'isBanned', target: 'editing', actions: 'reportBanned' },
          { guard: 'isPasskeyDismissed', target: 'editing' },
          { target: 'editing', actions: { type: 'showFailure', params: { fallback: PASSKEY_SIGN_IN_FAILED, fields: {} } } },
        ],
      },
    },
    // Transient states: the SPEC 5 rules decide before any call is made.
    checkingLogin: {
      always: [
        { guard: 'isLoginIncomplete', target: 'editing', actions: ['reportLoginRule', 'focusFirstError'] },
        { target: 'loggingIn' },
      ],
    },
    checkingRegistration: {
      always: [
        { guard: 'isRegistrationInvalid', target: 'editing', actions: ['reportRegistrationRule', 'focusFirstError'] },
        { target: 'registering' },
      ],
    },
    loggingIn: {
      entry: ['clearErrors', 'clearRootError'],
      invoke: {
        src: 'login',
        input: ({ context }) => context.login,
        onDone: { target: 'succeeded', actions: ['rememberSignedInHere', 'reportLoggedIn'] },
        onError: [
          { guard: 'isBanned', target: 'editing', actions: 'reportBanned' },
          {
            target: 'editing',
            actions: [{ type: 'showFailure', params: { fallback: MESSAGES.loginFailed, fields: { username_or_email: 'username_or_email', password: 'password' } } }, 'focusFirstError'],
          },
        ],
      },
    },
    registering: {
      entry: ['clearErrors', 'clearRootError'],
      invoke: {
        src: 'register',
        input: ({ context }) => context.register,
        onDone: {
          target: 'succeeded',
          actions: [
            'rememberSignedInHere',
            { type: 'reportSignedIn', params: ({ event }) => ({ user: event.output, via: 'register' as const, reactivated: false }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [{ type: 'showFailure', params: { fallback: MESSAGES.registrationFailed, fields: REGISTER_FIELDS } }, 'focusFirstError'],
        },
      },
    },
    succeeded: { type: 'final' },
  },
});

export type AuthActorRef = import('xstate').ActorRefFrom<typeof authMachine>;
