/** The English words of the profile's device settings (issue 20): the language picker and the appearance. */
import type { TextSize, ThemeChoice } from '../../../machines/profile/appearance';
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

export const APPEARANCE = {
  id: 'appearance',
  en: {
    title: 'Appearance',
    kept: 'Kept on this device.',
    theme: 'Theme',
    themes: {
      system: { label: 'Follow my device', hint: 'Light or dark, and high contrast, as your phone or computer is set.' },
      light: { label: 'Light' },
      dark: { label: 'Dark', hint: 'Easier on the eyes in a dim room.' },
      contrast: { label: 'High contrast', hint: 'Black text on white, with strong borders.' },
    } as Record<ThemeChoice, { label: string; hint?: string }>,
    textSize: 'Text size',
    textSizes: { default: 'Default', large: 'Large', larger: 'Larger' } as Record<TextSize, string>,
  },
} satisfies Part<unknown>;
