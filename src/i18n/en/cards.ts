/** The English words of contact cards (issue 18): Cards, the details people shared with the person, and Shared with, what the person shared. */
import { t } from '@lingui/core/macro';
import { CARD_FIELD_LABELS, CARD_WORDS } from '../../../contract/card-words';
import { english, sayAll } from '../i18n';
import { messages } from '../locales/en/cards.po';

english(messages);

export const CARDS = () => ({
  ...sayAll(CARD_WORDS),
  /** Each detail key's label; one not listed is shown as written. */
  fields: sayAll(CARD_FIELD_LABELS),
  loadingCards: t({ id: 'chatCards.loadingCards', message: 'Loading your cards…' }),
  loadingShared: t({ id: 'chatCards.loadingShared', message: 'Loading what you shared…' }),
  /** `when`: dayAndTime's words. */
  shared: (when: string) => t({ id: 'chatCards.shared', message: `Shared ${when}` }),
  keepCard: (name: string) => t({ id: 'chatCards.keepCard', message: `Keep ${name}'s card` }),
  declineCard: (name: string) => t({ id: 'chatCards.declineCard', message: `Decline ${name}'s card` }),
  removeCard: (name: string) => t({ id: 'chatCards.removeCard', message: `Remove ${name}'s card` }),
  keeping: t({ id: 'chatCards.keeping', message: 'Keeping…' }),
  revoking: t({ id: 'chatCards.revoking', message: 'Revoking…' }),
  revokeWhat: (name: string) => t({ id: 'chatCards.revokeWhat', message: `Revoke: what you shared with ${name}` }),
});
