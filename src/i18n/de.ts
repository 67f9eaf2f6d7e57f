/**
 * The German catalogue (issues 20 and 38): every German catalogue of the app (PO files,
 * compiled by @lingui/vite-plugin) in one chunk, fetched only when German is the language.
 * Every sentence the app shows has its message id, so nothing is said by matching its
 * English. Informal "du" throughout, as a friend would say it.
 */
import type { Messages } from '@lingui/core';

const catalogues = import.meta.glob<{ messages: Messages }>(
  ['./locales/de/*.po', '../../machines/locales/de/*.po', '../../contract/locales/de/*.po'],
  { eager: true },
);

/** Every German message, by its id. */
export const messages: Messages = Object.assign({}, ...Object.values(catalogues).map((c) => c.messages));
