/** The English words of "I need a break" in a chat: its sheet and the calm screen after it (issue 18 item 3). */
import { t } from '@lingui/core/macro';
import { EXIT_WORDS, MUTE_LENGTHS, quietUntil, type MuteMinutes } from '../../../contract/exit-plan';
import { english, say, sayAll } from '../i18n';
import { messages } from '../locales/en/exit-plan.po';

english(messages);

export const EXIT_PLAN = () => ({
  ...sayAll(EXIT_WORDS),
  cancel: t({ id: 'exitPlan.cancel', message: 'Cancel' }),
  /** How long the chat stays quiet, by its minutes. */
  lengths: Object.fromEntries(MUTE_LENGTHS.map((m) => [m.minutes, say(m.label)])) as Record<MuteMinutes, string>,
  /** `time`: "until 15:30" and the like, in the language shown. */
  quietUntil: (time: string) => say(quietUntil({ time })),
});
