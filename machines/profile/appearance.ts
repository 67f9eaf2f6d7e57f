/**
 * How the app looks on this device (issue 20): a theme and a text size the person picked,
 * kept in localStorage and set on <html> (data-theme, data-text-size) for src/theme/themes.css.
 * Without a pick, the system's settings decide.
 */
export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const TEXT_SIZES = ['default', 'large', 'larger'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];
export interface Appearance {
  theme: ThemeChoice;
  textSize: TextSize;
}

const KEY = 'wallflower.appearance';

/** What this device keeps; anything unreadable is the default. */
export function storedAppearance(): Appearance {
  let kept: Partial<Appearance> = {};
  try {
    kept = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Appearance>;
  } catch {
    // Storage refused or garbled: the defaults.
  }
  return {
    theme: THEMES.includes(kept.theme as ThemeChoice) ? (kept.theme as ThemeChoice) : 'system',
    textSize: TEXT_SIZES.includes(kept.textSize as TextSize) ? (kept.textSize as TextSize) : 'default',
  };
}

/** Sets the page's theme and text size, and keeps them when `keep`. */
export function applyAppearance(a: Appearance, keep = false): void {
  const html = document.documentElement;
  if (a.theme === 'system') delete html.dataset.theme;
  else html.dataset.theme = a.theme;
  if (a.textSize === 'default') delete html.dataset.textSize;
  else html.dataset.textSize = a.textSize;
  if (keep) {
    try {
      localStorage.setItem(KEY, JSON.stringify(a));
    } catch {
      // Private browsing may refuse: the choice holds for this visit.
    }
  }
}
