/**
 * The language picker on the profile (issue 20): follow the browser, or a language the
 * person picks. Each choice is shown at once and remembered on the device (`keep`, given
 * by the app: src/i18n/i18n.ts).
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { LANGUAGE_KEY, type LanguageChoice } from './language';

export type LanguageEvent = { type: 'language.chosen'; choice: LanguageChoice };

export const languageMachine = setup({
  types: { context: {} as { choice: LanguageChoice }, input: {} as { choice: LanguageChoice }, events: {} as LanguageEvent },
  actions: {
    // The app keeps and shows it (chooseLanguage); tests record it.
    keep: (_, _choice: LanguageChoice) => {},
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => input,
  on: {
    'language.chosen': {
      actions: [assign({ choice: ({ event }) => event.choice }), { type: 'keep', params: ({ event }) => event.choice }],
    },
  },
});

/** Keeps the choice on this device; 'browser' forgets any pick. */
export function keepLanguage(choice: LanguageChoice): void {
  try {
    if (choice === 'browser') localStorage.removeItem(LANGUAGE_KEY);
    else localStorage.setItem(LANGUAGE_KEY, choice);
  } catch {
    // Private browsing may refuse: the choice holds for this visit.
  }
}

export type LanguageActorRef = ActorRefFrom<typeof languageMachine>;
