/** The English words of the break sheet, where a break is chosen (issue 16). */
import type { BreakLength } from '../../../machines/status.machine';
import type { Part } from '../i18n';

export const BREAK_SHEET = {
  id: 'breakSheet',
  en: {
    about:
      "While you're away, people nearby, in search and at events can't see you. Connection requests wait quietly, " +
      "and your notifications stay silent until you're back.",
    start: 'Start my break',
    starting: 'Starting your break…',
    cancel: 'Cancel',
    howLong: 'How long?',
    lengths: {
      hour: { label: 'For 1 hour' },
      threeHours: { label: 'For 3 hours' },
      tomorrow: { label: 'Until tomorrow morning', hint: 'Until 8:00 tomorrow, your time.' },
      untilBack: { label: 'Until I come back', hint: "Until you press I'm back." },
    } as Record<BreakLength, { label: string; hint?: string }>,
    statusLine: 'Status line (optional)',
    statusHint: (max: number) => `Only your connections see it. Up to ${max} characters.`,
    statusPlaceholder: 'Recharging, back after lunch',
    emojiLegend: 'Emoji (optional)',
    /** Each emoji's name, as a screen reader says it. */
    emoji: { none: 'No emoji', moon: 'Moon', coffee: 'Coffee', leaf: 'Leaf', headphones: 'Headphones', resting: 'Resting' },
    none: 'None',
  },
} satisfies Part<unknown>;

/** The English words of the banner while on a break, and of "Welcome back" after it (issue 16). */
export const BREAK_BANNER = {
  id: 'breakBanner',
  en: {
    yourBreak: 'Your break',
    /** `until`: "until 15:30" and the like (format.ts breakUntil, said in the language shown). */
    onBreak: (until: string) => `You're on a break ${until}.`,
    hidden: "People nearby and in search can't see you, and requests wait quietly until you're back.",
    line: (line: string) => `Your connections see: “${line}”`,
    comingBack: 'Coming back…',
    back: "I'm back",
    welcomeBack: 'Welcome back',
  },
} satisfies Part<unknown>;
