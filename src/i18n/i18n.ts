/**
 * The app's words in the person's language (issue 20). The English catalogue is written
 * in parts beside the code that shows them (src/i18n/en/*.ts: the shell's in the entry,
 * each view's in the view's chunk), so English is there at the first render and costs the
 * entry only its own words. The German catalogue (./de.ts) is one chunk, fetched only
 * when German is the language. This module is the small runtime between them; plurals
 * and dates use the browser's Intl (src/components/format.ts), so no library is needed.
 *
 * The language changes rarely (at the start, or in the profile's picker), so the words
 * are plain functions, not hooks: when it changes, the app is drawn again from the root
 * (main.tsx), while its charts, and so everything the person was doing, stay as they are.
 */
import type { Language } from '../../machines/profile/language';
import type { German } from './de';
import type { ShellWord } from './en/shell';

/** English sentences written outside the catalogue, in German: fixed ones by their English, patterns with their groups. */
export type Sentences = Array<[RegExp | string, string | ((...groups: string[]) => string)]>;

/** One part of the English catalogue: its name in the German one, and its words. */
export interface Part<W> {
  id: keyof German['words'];
  en: W;
}

let german: German | null = null;
let wanted: Language = 'en';
let redraw = () => {};

/** What draws the app again once the language shown has changed (main.tsx). */
export const whenLanguageShown = (draw: () => void) => void (redraw = draw);

/**
 * Shows the app in `language`: German once its catalogue has arrived (English until
 * then, and if it cannot be fetched), and says so to the browser with <html lang>.
 */
export async function showLanguage(language: Language): Promise<void> {
  wanted = language;
  let catalogue: German | null = null;
  try {
    if (language === 'de') catalogue = (await import('./de')).default;
  } catch {
    // Not fetched (offline before the app was stored): the English words stay.
  }
  if (wanted !== language || catalogue === german) return;
  german = catalogue;
  document.documentElement.lang = shownLanguage();
  redraw();
}

/** The language the words are shown in now. */
export const shownLanguage = (): Language => (german ? 'de' : 'en');

/** A part's words in the language shown now. */
export const words = <W>(part: Part<W>): W => (german?.words[part.id] as W | undefined) ?? part.en;

/**
 * A sentence the app's charts or the server wrote in English (SPEC 8's messages, a
 * server's `detail`), or one of the shell's words, in the language shown now: the German
 * catalogue knows them by their English words; one it does not know is shown as written.
 */
export const say = (text: string): string => german?.say(text) ?? text;

/** The shell's words (./en/shell.ts), checked against their list. */
export const shell: (text: ShellWord) => string = say;
