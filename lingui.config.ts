/**
 * Wallflower's catalogues (issue 38): Lingui, message ids with ICU messages, PO files.
 *
 * - One catalogue per part of the app's English (src/i18n/en/<part>.ts): the part loads its
 *   compiled English, so each view's words travel in the view's chunk and the entry
 *   carries only the shell's.
 * - One for the sentences the charts write (machines/), and one for those of the contract
 *   (SPEC 8's messages, the server's codes, the words client and server share): these
 *   travel with their English (a Said, contract/said.ts), so only their translations are
 *   loaded, with the rest of the language's catalogue, in one chunk (src/i18n/de.ts).
 *
 * `npm run i18n:extract` writes them from the code; tests/contract/catalogues.test.ts fails
 * when they are out of date with it, or a message lacks its German.
 */
import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const parts = readdirSync(new URL('./src/i18n/en', import.meta.url))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length));

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    ...parts.map((part) => ({
      path: `<rootDir>/src/i18n/locales/{locale}/${part}`,
      include: [`<rootDir>/src/i18n/en/${part}.ts`],
    })),
    { path: '<rootDir>/machines/locales/{locale}/machines', include: ['<rootDir>/machines'] },
    { path: '<rootDir>/contract/locales/{locale}/contract', include: ['<rootDir>/contract'] },
    // The server's refusals and notifications, with the codes its answers carry: in contract/
    // too, as client and server share them, though the server's code marks them.
    { path: '<rootDir>/contract/locales/{locale}/server', include: ['<rootDir>/server'] },
  ],
  // Origins without line numbers, so moving a line does not change a catalogue.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
