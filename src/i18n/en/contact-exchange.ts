/** The English words of "Share your contact details" (SPEC 3 "Contact exchange"): what to share with the chosen person. */
import { t } from '@lingui/core/macro';
import { CARD_WORDS } from '../../../contract/card-words';
import type { ExchangeType } from '../../../contract/constants';
import type { ExchangeField } from '../../../machines/cards/contact-exchange.machine';
import { english, say } from '../i18n';
import { messages } from '../locales/en/contact-exchange.po';

english(messages);

export const CONTACT_EXCHANGE = () => ({
  title: t({ id: 'chatExchange.title', message: 'Share your contact details' }),
  intro: (name: string) => t({ id: 'chatExchange.intro', message: `With ${name}. Choose what to share: only the details filled in below are sent, and you can take them back later.` }),
  chooseFirst: t({ id: 'chatExchange.chooseFirst', message: 'Choose someone first, from your connections or the people at an event.' }),
  yourConnections: t({ id: 'chatExchange.yourConnections', message: 'Your connections' }),
  form: t({ id: 'chatExchange.form', message: 'Contact exchange' }),
  whatToShare: t({ id: 'chatExchange.whatToShare', message: 'What to share' }),
  types: {
    social_media: t({ id: 'chatExchange.types.social_media', message: 'Social media' }),
    business_card: t({ id: 'chatExchange.types.business_card', message: 'Business card' }),
    phone: t({ id: 'chatExchange.types.phone', message: 'Phone' }),
    email: t({ id: 'chatExchange.types.email', message: 'Email' }),
  } as Record<ExchangeType, string>,
  fields: {
    instagram: t({ id: 'chatExchange.fields.instagram', message: 'Instagram' }),
    twitter: t({ id: 'chatExchange.fields.twitter', message: 'Twitter' }),
    linkedin: t({ id: 'chatExchange.fields.linkedin', message: 'LinkedIn' }),
    company: t({ id: 'chatExchange.fields.company', message: 'Company' }),
    phone: t({ id: 'chatExchange.fields.phone', message: 'Phone' }),
    email: t({ id: 'chatExchange.fields.email', message: 'Email' }),
  } as Record<ExchangeField, string>,
  /** Examples in the empty fields. */
  placeholders: { instagram: t({ id: 'chatExchange.placeholders.instagram', message: '@yourname' }), twitter: t({ id: 'chatExchange.placeholders.twitter', message: '@yourname' }), linkedin: t({ id: 'chatExchange.placeholders.linkedin', message: 'linkedin.com/in/yourname' }) } as Partial<Record<ExchangeField, string>>,
  sending: t({ id: 'chatExchange.sending', message: 'Sending…' }),
  submit: t({ id: 'chatExchange.submit', message: 'Send Contact Exchange Request' }),
  sent: t({ id: 'chatExchange.sent', message: "Sent. They'll find your card under Cards; you can see or revoke it under Shared with." }),
  sharedLink: say(CARD_WORDS.sharedLink),
});
