/** A catalogue (src/i18n/locales/<language>/<part>.po), compiled by @lingui/vite-plugin when imported. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
