/** The English words of the break sheet, where a break is chosen (issue 16). */
import { t } from '@lingui/core/macro';
import type { BreakLength } from '../../../machines/presence/status.machine';
import { english } from '../i18n';
import { messages } from '../locales/en/break-sheet.po';

english(messages);

export const BREAK_SHEET = () => ({
  /** The sheet's title: the top bar's "Take a break" (en/break.ts), not imported, so the sheet's chunk stays apart from the top bar's. */
  title: t({ id: 'breakSheet.title', message: 'Take a break' }),
  about: t({
    id: 'breakSheet.about',
    message:
      "While you're away, people nearby, in search and at events can't see you. Connection requests wait quietly, and your notifications stay silent until you're back.",
  }),
  start: t({ id: 'breakSheet.start', message: 'Start my break' }),
  starting: t({ id: 'breakSheet.starting', message: 'Starting your break…' }),
  cancel: t({ id: 'breakSheet.cancel', message: 'Cancel' }),
  howLong: t({ id: 'breakSheet.howLong', message: 'How long?' }),
  lengths: {
    hour: { label: t({ id: 'breakSheet.lengths.hour.label', message: 'For 1 hour' }) },
    threeHours: { label: t({ id: 'breakSheet.lengths.threeHours.label', message: 'For 3 hours' }) },
    tomorrow: { label: t({ id: 'breakSheet.lengths.tomorrow.label', message: 'Until tomorrow morning' }), hint: t({ id: 'breakSheet.lengths.tomorrow.hint', message: 'Until 8:00 tomorrow, your time.' }) },
    untilBack: { label: t({ id: 'breakSheet.lengths.untilBack.label', message: 'Until I come back' }), hint: t({ id: 'breakSheet.lengths.untilBack.hint', message: "Until you press I'm back." }) },
  } as Record<BreakLength, { label: string; hint?: string }>,
  statusLine: t({ id: 'breakSheet.statusLine', message: 'Status line (optional)' }),
  statusHint: (max: number) => t({ id: 'breakSheet.statusHint', message: `Only your connections see it. Up to ${max} characters.` }),
  statusPlaceholder: t({ id: 'breakSheet.statusPlaceholder', message: 'Recharging, back after lunch' }),
  emojiLegend: t({ id: 'breakSheet.emojiLegend', message: 'Emoji (optional)' }),
  /** Each emoji's name, as a screen reader says it. */
  emoji: { none: t({ id: 'breakSheet.emoji.none', message: 'No emoji' }), moon: t({ id: 'breakSheet.emoji.moon', message: 'Moon' }), coffee: t({ id: 'breakSheet.emoji.coffee', message: 'Coffee' }), leaf: t({ id: 'breakSheet.emoji.leaf', message: 'Leaf' }), headphones: t({ id: 'breakSheet.emoji.headphones', message: 'Headphones' }), resting: t({ id: 'breakSheet.emoji.resting', message: 'Resting' }) },
  none: t({ id: 'breakSheet.none', message: 'None' }),
});
