/** The English words of "I need a break" in a chat: its sheet and the calm screen after it (issue 18 item 3). */
import { EXIT_WORDS, MUTE_LENGTHS, quietUntil, type MuteMinutes } from '../../../contract/exit-plan';
import type { Part } from '../i18n';

type ExitWord = Exclude<keyof typeof EXIT_WORDS, 'sendFailed' | 'unmuteFailed'>;

export const EXIT_PLAN = {
  id: 'exitPlan',
  en: {
    // Its two failures are said through say(), as the chat chart writes them.
    ...(EXIT_WORDS as Record<ExitWord, string>),
    cancel: 'Cancel',
    /** How long the chat stays quiet, by its minutes. */
    lengths: Object.fromEntries(MUTE_LENGTHS.map((m) => [m.minutes, m.label])) as Record<MuteMinutes, string>,
    /** `time`: "until 15:30" and the like, in the language shown. */
    quietUntil: quietUntil as (time: string) => string,
  },
} satisfies Part<unknown>;
