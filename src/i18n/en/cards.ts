/** The English words of contact cards (issue 18): Cards, Shared with, and sharing one's details with someone. */
import { CARD_FIELD_LABELS, CARD_WORDS } from '../../../contract/card-words';
import type { ExchangeType } from '../../../contract/constants';
import type { CardField } from '../../../machines/business-card.machine';
import type { ExchangeField } from '../../../machines/contact-exchange.machine';
import type { Part } from '../i18n';
import type { Widened } from './chat';

/** Cards (the details people shared with the person) and Shared with (what the person shared). */
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

/** Share your contact details (SPEC 3 "Contact exchange"): what to share with the chosen person. */
export const CONTACT_EXCHANGE = {
  id: 'chatExchange',
  en: {
    title: 'Share your contact details',
    intro: (name: string) => `With ${name}. Only the details you tick are shared, and you can take them back later.`,
    chooseFirst: 'Choose someone first, from your connections or the people at an event.',
    yourConnections: 'Your connections',
    form: 'Contact exchange',
    whatToShare: 'What to share',
    types: {
      social_media: 'Social media',
      business_card: 'Business card',
      phone: 'Phone',
      email: 'Email',
    } as Record<ExchangeType, string>,
    fields: {
      instagram: 'Instagram',
      twitter: 'Twitter',
      linkedin: 'LinkedIn',
      company: 'Company',
      phone: 'Phone',
      email: 'Email',
    } as Record<ExchangeField, string>,
    /** Examples in the empty fields. */
    placeholders: { instagram: '@yourname', twitter: '@yourname', linkedin: 'linkedin.com/in/yourname' } as Partial<Record<ExchangeField, string>>,
    share: (label: string) => `Share ${label}`,
    sending: 'Sending…',
    submit: 'Send Contact Exchange Request',
    sent: "Sent. They'll find your card under Cards; you can see or revoke it under Shared with.",
    sharedLink: CARD_WORDS.sharedLink as string,
  },
} satisfies Part<unknown>;

/** The person's own business card in the profile, and a connection's on their card. */
export const BUSINESS_CARD = {
  id: 'chatBusinessCard',
  en: {
    title: 'Business card',
    cardOf: (name: string) => `Business card of ${name}`,
    onlyConnections: 'Only people you are connected with can see it.',
    loading: 'Loading your business card…',
    failed: "Your business card couldn't be loaded just now.",
    none: 'No business card yet',
    create: 'Create',
    update: 'Update card',
    remove: 'Remove',
    removeConfirm: 'Remove your business card? Your connections will no longer see it.',
    removing: 'Removing…',
    yesRemove: 'Yes, remove it',
    keep: 'Keep it',
    nameOnCard: 'Name on the card',
    jobTitle: 'Job title',
    workEmail: 'Work email',
    website: 'Website',
    about: 'About you',
    linkedinExample: 'https://www.linkedin.com/in/…',
    websiteExample: 'https://…',
    saving: 'Saving…',
    save: 'Save',
    cancel: 'Cancel',
    /** A card's fields as it shows them. */
    labels: {
      name: 'Name',
      title: 'Title',
      company: 'Company',
      email: 'Email',
      phone: 'Phone',
      linkedin: 'LinkedIn',
      website: 'Website',
      bio: 'About',
    } as Record<CardField, string>,
  },
} satisfies Part<unknown>;
