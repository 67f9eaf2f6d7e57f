/** The English words of contact cards (issue 18): Cards, the details people shared with the person, and Shared with, what the person shared. */
import { CARD_FIELD_LABELS, CARD_WORDS } from '../../../contract/card-words';
import type { Part } from '../i18n';
import type { Widened } from './widened';

export const CARDS = {
  id: 'chatCards',
  en: {
    ...(CARD_WORDS as Widened<typeof CARD_WORDS>),
    /** Each detail key's label; one not listed is shown as written. */
    fields: CARD_FIELD_LABELS,
    loadingCards: 'Loading your cards…',
    loadingShared: 'Loading what you shared…',
    /** `when`: dayAndTime's words. */
    shared: (when: string) => `Shared ${when}`,
    keepCard: (name: string) => `${CARD_WORDS.keep} ${name}'s card`,
    declineCard: (name: string) => `${CARD_WORDS.decline} ${name}'s card`,
    removeCard: (name: string) => `${CARD_WORDS.remove} ${name}'s card`,
    keeping: 'Keeping…',
    revoking: 'Revoking…',
    revokeWhat: (name: string) => `${CARD_WORDS.revoke}: what you shared with ${name}`,
  },
} satisfies Part<unknown>;
