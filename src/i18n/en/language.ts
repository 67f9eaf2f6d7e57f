/** The English words of the profile's device settings (issue 20): the language picker and the appearance. */
import { t } from '@lingui/core/macro';
import type { TextSize, ThemeChoice } from '../../../machines/profile/appearance';
import { english } from '../i18n';
import { messages } from '../locales/en/language.po';

english(messages);

export const LANGUAGE = () => ({
  title: t({ id: 'language.title', message: 'Language' }),
  kept: t({ id: 'language.kept', message: 'Kept on this device.' }),
  showIn: t({ id: 'language.showIn', message: 'Show Wallflower in' }),
  /** `name`: the language the browser asks for now, in its own words. */
  browser: t({ id: 'language.browser', message: 'Follow my browser' }),
  browserHint: (name: string) => t({ id: 'language.browserHint', message: `Your browser asks for ${name}.` }),
});

/** Each language by its own name, the same in every language (so a person finds theirs). */
export const LANGUAGE_NAMES = { en: 'English', de: 'Deutsch' } as const;

export const APPEARANCE = () => ({
  title: t({ id: 'appearance.title', message: 'Appearance' }),
  kept: t({ id: 'appearance.kept', message: 'Kept on this device.' }),
  theme: t({ id: 'appearance.theme', message: 'Theme' }),
  themes: {
    system: { label: t({ id: 'appearance.themes.system.label', message: 'Follow my device' }), hint: t({ id: 'appearance.themes.system.hint', message: 'Light or dark, and high contrast, as your phone or computer is set.' }) },
    light: { label: t({ id: 'appearance.themes.light.label', message: 'Light' }) },
    dark: { label: t({ id: 'appearance.themes.dark.label', message: 'Dark' }), hint: t({ id: 'appearance.themes.dark.hint', message: 'Easier on the eyes in a dim room.' }) },
    contrast: { label: t({ id: 'appearance.themes.contrast.label', message: 'High contrast' }), hint: t({ id: 'appearance.themes.contrast.hint', message: 'Black text on white, with strong borders.' }) },
  } as Record<ThemeChoice, { label: string; hint?: string }>,
  textSize: t({ id: 'appearance.textSize', message: 'Text size' }),
  textSizes: { default: t({ id: 'appearance.textSizes.default', message: 'Default' }), large: t({ id: 'appearance.textSizes.large', message: 'Large' }), larger: t({ id: 'appearance.textSizes.larger', message: 'Larger' }) } as Record<TextSize, string>,
});
