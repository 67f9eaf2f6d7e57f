/** The English words of "Take a break" in the top bar (issue 16). */
import type { Part } from '../i18n';

export const BREAK = {
  id: 'break',
  en: {
    takeBreak: 'Take a break',
    /** Where the top bar has room for one word only. */
    short: 'Break',
  },
} satisfies Part<unknown>;
