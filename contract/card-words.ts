/**
 * The words of contact cards (issue 18): the Cards and Shared with views, used by the
 * views, their charts and their tests. No zod here: the app imports this module.
 */
import { sentence, type Said } from './said';

/** Where the Cards list and the Shared with list live in the app (machines/addresses.ts). */
export const CARDS_PATH = '/cards';
export const SHARED_CARDS_PATH = '/cards/shared';

/** The words of the Cards and Shared with views, used by the views and their tests. */
export const CARD_WORDS = {
  cardsTitle: /*i18n*/ { id: 'cards.cardsTitle', message: 'Cards' },
  cardsIntro: /*i18n*/ { id: 'cards.cardsIntro', message: 'Contact details people chose to share with you. Keep the ones you want; decline the rest privately.' },
  cardsEmpty: /*i18n*/ { id: 'cards.cardsEmpty', message: 'No cards yet. When someone shares their contact details with you, they appear here.' },
  cardsFailed: /*i18n*/ { id: 'cards.cardsFailed', message: "Your cards couldn't load just now." },
  sharedTitle: /*i18n*/ { id: 'cards.sharedTitle', message: 'Shared with' },
  sharedIntro: /*i18n*/ { id: 'cards.sharedIntro', message: 'What you shared, and with whom. Revoke takes it back from their Cards at once.' },
  sharedEmpty: /*i18n*/ { id: 'cards.sharedEmpty', message: "You haven't shared your contact details with anyone yet." },
  sharedFailed: /*i18n*/ { id: 'cards.sharedFailed', message: "What you shared couldn't load just now." },
  tryAgain: /*i18n*/ { id: 'cards.tryAgain', message: 'Try again' },
  keep: /*i18n*/ { id: 'cards.keep', message: 'Keep' },
  decline: /*i18n*/ { id: 'cards.decline', message: 'Decline' },
  remove: /*i18n*/ { id: 'cards.remove', message: 'Remove' },
  kept: /*i18n*/ { id: 'cards.kept', message: 'Kept' },
  declined: /*i18n*/ { id: 'cards.declined', message: 'Declined. They are not told.' },
  actionFailed: /*i18n*/ { id: 'cards.actionFailed', message: "That didn't go through. Please try again." },
  revoke: /*i18n*/ { id: 'cards.revoke', message: 'Revoke' },
  revokeConfirm: sentence(
    /*i18n*/ { id: 'cards.revokeConfirm', message: 'Take back what you shared with {name}? It leaves their Cards at once.' },
    ({ name }: { name: string }) => `Take back what you shared with ${name}? It leaves their Cards at once.`,
  ),
  revokeYes: /*i18n*/ { id: 'cards.revokeYes', message: 'Yes, revoke' },
  revokeNo: /*i18n*/ { id: 'cards.revokeNo', message: 'Keep sharing' },
  revoked: sentence(/*i18n*/ { id: 'cards.revoked', message: 'Taken back from {name}.' }, ({ name }: { name: string }) => `Taken back from ${name}.`),
  sharedLink: /*i18n*/ { id: 'cards.sharedLink', message: 'Shared with' },
  cardsLink: /*i18n*/ { id: 'cards.cardsLink', message: 'Cards' },
} as const;

/** Each detail key's label (SPEC 3's keys), for both lists. */
export const CARD_FIELD_LABELS: Record<string, Said> = {
  email: /*i18n*/ { id: 'cards.field.email', message: 'Email' },
  phone: /*i18n*/ { id: 'cards.field.phone', message: 'Phone' },
  linkedin: /*i18n*/ { id: 'cards.field.linkedin', message: 'LinkedIn' },
  company: /*i18n*/ { id: 'cards.field.company', message: 'Company' },
  instagram: /*i18n*/ { id: 'cards.field.instagram', message: 'Instagram' },
  twitter: /*i18n*/ { id: 'cards.field.twitter', message: 'Twitter/X' },
};
