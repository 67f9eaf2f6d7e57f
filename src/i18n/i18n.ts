/**
 * The app's words in the person's language (issues 20 and 38), through Lingui: every
 * message has an id, an ICU message and a catalogue per language (PO files, extracted from
 * the code by `npm run i18n:extract`).
 *
 * - The views' words are written in parts beside the code that shows them
 *   (src/i18n/en/<part>.ts, with Lingui's macros). A build keeps only their ids; each part
 *   loads its compiled English, so the English is there at the first render and each view's
 *   words travel in its chunk (the shell's in the entry).
 * - The sentences charts and the server write arrive as Saids (contract/said.ts), with
 *   their English: `say` shows that English as it is, and another language by the id.
 * - Every other language is one chunk (./de.ts), fetched only when it is the language.
 *
 * The language changes rarely (at the start, or in the profile's picker), so the words
 * are plain functions, not hooks: when it changes, the app is drawn again from the root
 * (main.tsx), while its charts, and so everything the person was doing, stay as they are.
 */
import { i18n, type Messages } from '@lingui/core';
import { sayEach, sayIn, type English, type Said } from '../../contract/said';
import type { Language } from '../../machines/profile/language';
import { sayShownWith } from '../../machines/pwa/shown-words';

i18n.loadAndActivate({ locale: 'en', messages: {} });

let wanted: Language = 'en';
let redraw = () => {};

/** A part's compiled English (src/i18n/locales/en/<part>.po): each part loads its own. */
export const english = (messages: Messages): void => i18n.load('en', messages);

/** What draws the app again once the language shown has changed (main.tsx). */
export const whenLanguageShown = (draw: () => void) => void (redraw = draw);

/**
 * Shows the app in `language`: German once its catalogue has arrived (English until
 * then, and if it cannot be fetched), and says so to the browser with <html lang>.
 */
export async function showLanguage(language: Language): Promise<void> {
  wanted = language;
  let arrived = language === 'en';
  try {
    if (language === 'de') {
      const german = await import('./de');
      i18n.load('de', german.messages);
      arrived = true;
    }
  } catch {
    // Not fetched (offline before the app was stored): the English words stay.
  }
  if (wanted !== language || !arrived || i18n.locale === language) return;
  i18n.activate(language);
  document.documentElement.lang = language;
  redraw();
}

/** The language the words are shown in now. */
export const shownLanguage = (): Language => (i18n.locale === 'de' ? 'de' : 'en');

/** A part's words (src/i18n/en/*.ts) in the language shown now. */
export const words = <W>(part: () => W): W => part();

/**
 * A sentence a chart or the server wrote, in the language shown now: its English as
 * written, or the message its id names, with its values (contract/said.ts sayIn).
 */
export const say = (said: Said): string => sayIn(i18n, said);

// What a chart hands the browser itself (a system notification) is said the same way.
sayShownWith(say);

/** A chart's or the contract's words (Saids and sentences, by key, at any depth), in the language shown now. */
export const sayAll = <T>(words: T): English<T> => sayEach(words, say);
