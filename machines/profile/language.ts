/**
 * The language of the app's words on this device (issue 20): the browser's until the
 * person picks one, then theirs, kept in localStorage like the appearance (appearance.ts).
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** 'browser': follow the browser's languages (no pick kept). */
export type LanguageChoice = 'browser' | Language;

/** Where the device keeps a pick (machines/profile/language.machine.ts writes it). */
export const LANGUAGE_KEY = 'wallflower.language';

/** The first of the browser's languages the app speaks ('de-DE' is 'de'); English when none. */
export const browserLanguage = (preferred: readonly string[] = navigator.languages): Language =>
  preferred.map((tag) => tag.split('-')[0]!.toLowerCase()).find(isLanguage) ?? 'en';

const isLanguage = (word: unknown): word is Language => LANGUAGES.includes(word as Language);

/** What this device keeps; 'browser' when nothing (or something unreadable) is kept. */
export function storedLanguage(): LanguageChoice {
  try {
    const kept = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(kept)) return kept;
  } catch {
    // Storage refused: follow the browser.
  }
  return 'browser';
}

/** The language a choice means now. */
export const languageOf = (choice: LanguageChoice, preferred?: readonly string[]): Language =>
  choice === 'browser' ? browserLanguage(preferred) : choice;
