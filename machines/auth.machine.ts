/**
 * The login view's two forms: sign in, or register (toggled by a link). Drafts live
 * here until submitted; the SPEC 5 rules run before any call, and whatever goes wrong
 * is handed to the root chart's error banner.
 */
import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type { LoginAnswer } from '../contract/account';
import type { User } from '../contract/common';
import { COMMUNICATION_STYLE_DEFAULT, type CommunicationStyle } from '../contract/constants';
import { MESSAGES } from '../contract/messages';
import { loginError, parseAge, registrationError, splitList } from '../contract/rules';
import { api, detailOr } from './api/client';

export interface LoginDraft {
  username_or_email: string;
  password: string;
}

export interface RegisterDraft {
  username: string;
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  age: string;
  occupation: string;
  interests: string;
  social_preferences: string;
  personality_traits: string;
  communication_style: CommunicationStyle;
}

export const emptyLogin: LoginDraft = { username_or_email: '', password: '' };
export const emptyRegister: RegisterDraft = {
  username: '',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  age: '',
  occupation: '',
  interests: '',
  social_preferences: '',
  personality_traits: '',
  communication_style: COMMUNICATION_STYLE_DEFAULT,
};

export type AuthEvent =
  | { type: 'auth.modeToggled' }
  | { type: 'auth.loginChanged'; field: keyof LoginDraft; value: string }
  | { type: 'auth.registerChanged'; field: keyof RegisterDraft; value: string }
  | { type: 'auth.submitted' };

export interface AuthSucceeded {
  type: 'auth.succeeded';
  user: User;
  via: 'login' | 'register';
  reactivated: boolean;
}

export const registerBody = (d: RegisterDraft) => ({
  username: d.username.trim(),
  name: d.name.trim(),
  email: d.email.trim(),
  password: d.password,
  interests: splitList(d.interests),
  age: parseAge(d.age),
  occupation: d.occupation.trim() || null,
  social_preferences: splitList(d.social_preferences),
  personality_traits: splitList(d.personality_traits),
  communication_style: d.communication_style,
});

export const authMachine = setup({
  types: {
    context: {} as { mode: 'login' | 'register'; login: LoginDraft; register: RegisterDraft },
    events: {} as AuthEvent,
  },
  actors: {
    login: fromPromise<LoginAnswer, LoginDraft>(({ input }) =>
      api.login({ username_or_email: input.username_or_email.trim(), password: input.password }),
    ),
    register: fromPromise<User, RegisterDraft>(({ input }) => api.register(registerBody(input))),
  },
  guards: {
    isLoginMode: ({ context }) => context.mode === 'login',
    isLoginIncomplete: ({ context }) => loginError(context.login) !== null,
    isRegistrationInvalid: ({ context }) => registrationError(context.register) !== null,
  },
  actions: {
    toggleMode: assign({ mode: ({ context }) => (context.mode === 'login' ? 'register' : 'login') }),
    updateLogin: assign({
      login: ({ context, event }) => {
        assertEvent(event, 'auth.loginChanged');
        return { ...context.login, [event.field]: event.value };
      },
    }),
    updateRegister: assign({
      register: ({ context, event }) => {
        assertEvent(event, 'auth.registerChanged');
        return { ...context.register, [event.field]: event.value };
      },
    }),
    reportLoginRule: sendParent(({ context }) => ({ type: 'error.show', message: loginError(context.login)! })),
    reportRegistrationRule: sendParent(({ context }) => ({
      type: 'error.show',
      message: registrationError(context.register)!,
    })),
    clearError: sendParent({ type: 'error.cleared' }),
  },
}).createMachine({
  id: 'auth',
  context: { mode: 'login', login: emptyLogin, register: emptyRegister },
  initial: 'editing',
  // Typing is kept whatever the form is doing, also while a request is out.
  on: {
    'auth.loginChanged': { actions: 'updateLogin' },
    'auth.registerChanged': { actions: 'updateRegister' },
  },
  states: {
    editing: {
      on: {
        // A message about the other form would only confuse.
        'auth.modeToggled': { actions: ['toggleMode', 'clearError'] },
        'auth.submitted': [
          { guard: 'isLoginMode', target: 'checkingLogin' },
          { target: 'checkingRegistration' },
        ],
      },
    },
    // Transient states: the SPEC 5 rules decide before any call is made.
    checkingLogin: {
      always: [{ guard: 'isLoginIncomplete', target: 'editing', actions: 'reportLoginRule' }, { target: 'loggingIn' }],
    },
    checkingRegistration: {
      always: [
        { guard: 'isRegistrationInvalid', target: 'editing', actions: 'reportRegistrationRule' },
        { target: 'registering' },
      ],
    },
    loggingIn: {
      entry: 'clearError',
      invoke: {
        src: 'login',
        input: ({ context }) => context.login,
        onDone: {
          target: 'succeeded',
          actions: sendParent(({ event }) => ({
            type: 'auth.succeeded',
            user: event.output.user,
            via: 'login',
            reactivated: event.output.reactivated,
          })),
        },
        onError: {
          target: 'editing',
          actions: sendParent(({ event }) => ({ type: 'error.show', message: detailOr(event.error, MESSAGES.loginFailed) })),
        },
      },
    },
    registering: {
      entry: 'clearError',
      invoke: {
        src: 'register',
        input: ({ context }) => context.register,
        onDone: {
          target: 'succeeded',
          actions: sendParent(({ event }) => ({ type: 'auth.succeeded', user: event.output, via: 'register', reactivated: false })),
        },
        onError: {
          target: 'editing',
          actions: sendParent(({ event }) => ({
            type: 'error.show',
            message: detailOr(event.error, MESSAGES.registrationFailed),
          })),
        },
      },
    },
    succeeded: { type: 'final' },
  },
});

export type AuthActorRef = import('xstate').ActorRefFrom<typeof authMachine>;
