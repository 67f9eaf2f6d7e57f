/** The English words of "Share your contact details" (SPEC 3 "Contact exchange"): what to share with the chosen person. */
import { CARD_WORDS } from '../../../contract/card-words';
import type { ExchangeType } from '../../../contract/constants';
import type { ExchangeField } from '../../../machines/cards/contact-exchange.machine';
import type { Part } from '../i18n';

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
