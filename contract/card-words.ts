/**
 * The words of contact cards (issue 18): the Cards and Shared with views, used by the
 * views, their charts and their tests. No zod here: the app imports this module.
 */

/** Where the Cards list and the Shared with list live in the app (machines/addresses.ts). */
export const CARDS_PATH = '/cards';
export const SHARED_CARDS_PATH = '/cards/shared';

/** The words of the Cards and Shared with views, used by the views and their tests. */
export const CARD_WORDS = {
  cardsTitle: 'Cards',
  cardsIntro: 'Contact details people chose to share with you. Keep the ones you want; decline the rest privately.',
  cardsEmpty: 'No cards yet. When someone shares their contact details with you, they appear here.',
  cardsFailed: "Your cards couldn't load just now.",
  sharedTitle: 'Shared with',
  sharedIntro: 'What you shared, and with whom. Revoke takes it back from their Cards at once.',
  sharedEmpty: "You haven't shared your contact details with anyone yet.",
  sharedFailed: "What you shared couldn't load just now.",
  tryAgain: 'Try again',
  keep: 'Keep',
  decline: 'Decline',
  remove: 'Remove',
  kept: 'Kept',
  declined: 'Declined. They are not told.',
  actionFailed: "That didn't go through. Please try again.",
  revoke: 'Revoke',
  revokeConfirm: (name: string) => `Take back what you shared with ${name}? It leaves their Cards at once.`,
  revokeYes: 'Yes, revoke',
  revokeNo: 'Keep sharing',
  revoked: (name: string) => `Taken back from ${name}.`,
  sharedLink: 'Shared with',
  cardsLink: 'Cards',
} as const;

/** Each detail key's label (SPEC 3's keys), for both lists. */
export const CARD_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone',
  linkedin: 'LinkedIn',
  company: 'Company',
  instagram: 'Instagram',
  twitter: 'Twitter/X',
};
