/**
 * How a chart's sentence reads in the language the app shows, for what a chart hands the
 * browser itself (the PWA chart's system notifications): the app's words tell it how
 * (src/i18n/i18n.ts `say`); until they do, a sentence reads as its English.
 */
import type { Said } from '../../contract/said';

let sayer = (said: Said): string => said.message;

/** A sentence in the language the app shows now. */
export const sayShown = (said: Said): string => sayer(said);

/** Set once by the app's words, as they load. */
export const sayShownWith = (say: (said: Said) => string): void => {
  sayer = say;
};
