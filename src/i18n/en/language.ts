/** The English words of the language picker on the profile (issue 20). */
import type { Part } from '../i18n';

export const LANGUAGE = {
  id: 'language',
  en: {
    title: 'Language',
    kept: 'Kept on this device.',
    showIn: 'Show Wallflower in',
    /** `name`: the language the browser asks for now, in its own words. */
    browser: 'Follow my browser',
    browserHint: (name: string) => `Your browser asks for ${name}.`,
  },
} satisfies Part<unknown>;

/** Each language by its own name, the same in every language (so a person finds theirs). */
export const LANGUAGE_NAMES = { en: 'English', de: 'Deutsch' } as const;
