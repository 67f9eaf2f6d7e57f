/**
 * The person's language on the server (issue 41): their emails (a reset link, "was this
 * you?", a meeting's confirmation) are written in it. As a session opens (a sign-in, a
 * registration, a reload) and whenever the app's language is chosen on the profile, the
 * language the app is shown in is said to the server (PUT /api/auth/profile `language`),
 * only when it differs from what the server has. Quiet: nothing is shown, a failure is
 * logged and the next session says it again. A choice made while one is being saved is
 * looked at again as that save ends.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { User } from '../../contract/common';
import { api } from '../api/client';
import { logFailure } from '../log';
import { languageOf, storedLanguage, type Language } from './language';

/** The app's language was chosen (the profile's Language section). */
export type AccountLanguageEvent = { type: 'accountLanguage.chosen' };

/** The language the app is shown in now: the device's pick, or the browser's. */
export const appLanguage = (): Language => languageOf(storedLanguage());

export const accountLanguageMachine = setup({
  types: {
    input: {} as { user: User },
    /** `kept`: what the server has ('en' when it says nothing, its default); `wanted`: the app's, being saved. */
    context: {} as { userId: string; kept: Language; wanted: Language },
    events: {} as AccountLanguageEvent,
  },
  actors: {
    save: fromPromise<User, { userId: string; language: Language }>(({ input }) => api.updateProfile(input.userId, { language: input.language })),
    // The app's language now (tests give their own).
    shown: fromPromise<Language>(async () => appLanguage()),
  },
  actions: {
    keep: assign({ kept: (_, params: { user: User }) => params.user.language ?? 'en' }),
    tellRoot: sendParent((_, params: { user: User }) => ({ type: 'user.updated' as const, user: params.user })),
    logFailure: (_, params: { error: unknown }) => logFailure('language: telling the server', params.error),
  },
  guards: {
    differs: ({ context }, params: { shown: Language }) => params.shown !== context.kept,
  },
}).createMachine({
  id: 'accountLanguage',
  context: ({ input }) => ({ userId: input.user.id, kept: input.user.language ?? 'en', wanted: input.user.language ?? 'en' }),
  initial: 'looking',
  states: {
    looking: {
      invoke: {
        src: 'shown',
        onDone: [
          {
            guard: { type: 'differs', params: ({ event }) => ({ shown: event.output }) },
            target: 'saving',
            actions: assign({ wanted: ({ event }) => event.output }),
          },
          { target: 'idle' },
        ],
        onError: 'idle',
      },
    },
    idle: { on: { 'accountLanguage.chosen': 'looking' } },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ userId: context.userId, language: context.wanted }),
        onDone: {
          // Chosen again meanwhile? Looking again says the newest.
          target: 'looking',
          actions: [
            { type: 'keep', params: ({ event }) => ({ user: event.output }) },
            { type: 'tellRoot', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: { target: 'idle', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type AccountLanguageActorRef = ActorRefFrom<typeof accountLanguageMachine>;
