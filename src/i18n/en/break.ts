/** The English words of "Take a break" in the top bar (issue 16). */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/break.po';

english(messages);

export const BREAK = () => ({
  takeBreak: t({ id: 'break.takeBreak', message: 'Take a break' }),
  /** Where the top bar has room for one word only. */
  short: t({ id: 'break.short', message: 'Break' }),
});
