/** The English words for when a break or a quiet chat ends (format.ts breakUntil): "until 15:30" and the like. */
import { t } from '@lingui/core/macro';
import { english } from '../i18n';
import { messages } from '../locales/en/until.po';

english(messages);

export const UNTIL = () => ({
  noEnd: t({ id: 'until.noEnd', message: 'until you come back' }),
  /** `time`: "15:30", today. */
  today: (time: string) => t({ id: 'until.today', message: `until ${time}` }),
  tomorrow: (time: string) => t({ id: 'until.tomorrow', message: `until tomorrow, ${time}` }),
  /** `when`: "Monday 30 November, 20:23" (format.ts dayAndTime). */
  later: (when: string) => t({ id: 'until.later', message: `until ${when}` }),
});
