/** The English words of the break sheet, where a break is chosen (issue 16). */
import type { BreakLength } from '../../../machines/presence/status.machine';
import type { Part } from '../i18n';

export const BREAK_SHEET = {
  id: 'breakSheet',
  en: {
    /** The sheet's title: the top bar's "Take a break" (en/break.ts), not imported, so the sheet's chunk stays apart from the top bar's. */
    title: 'Take a break',
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
