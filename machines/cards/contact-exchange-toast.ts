/**
 * The toast a received contact exchange raises. Apart from the exchange form's chart, so
 * the switchboard (which raises it for a live message, on any view) carries only this.
 */
import type { ExchangeType } from '../../contract/constants';
import { sentence, type Said } from '../../contract/said';
import type { ContactExchange } from '../../contract/social';

const EXCHANGE_LABELS: Record<ExchangeType, string> = {
  social_media: 'social media',
  business_card: 'business card',
  phone: 'phone number',
  email: 'email address',
};

/** Where a card offered to the user is kept (issue 18): the toast's button opens it. */
export const CARDS_LINK = { link: '/cards', label: /*i18n*/ { id: 'cards.seeCard', message: 'See card' } } as const;

/** Someone shared their details (of a kind) with the person; `details` says them ("phone: +44…"), when any. */
export const sharedTheir = sentence(
  /*i18n*/ {
    id: 'cards.sharedTheir',
    message:
      '{name} shared their {what, select, social_media {social media} business_card {business card} phone {phone number} other {email address}}',
  },
  ({ name, what }: { name: string; what: string }) => `${name} shared their ${EXCHANGE_LABELS[what as ExchangeType] ?? EXCHANGE_LABELS.email}`,
);
export const sharedTheirDetails = sentence(
  /*i18n*/ {
    id: 'cards.sharedTheirDetails',
    message:
      '{name} shared their {what, select, social_media {social media} business_card {business card} phone {phone number} other {email address}} ({details})',
  },
  ({ name, what, details }: { name: string; what: string; details: string }) =>
    `${name} shared their ${EXCHANGE_LABELS[what as ExchangeType] ?? EXCHANGE_LABELS.email} (${details})`,
);

/** The toast a received exchange raises: who, what, and the details themselves. */
export function contactExchangeToast(exchange: Pick<ContactExchange, 'from_name' | 'exchange_type' | 'contact_data'>): Said {
  const details = Object.entries(exchange.contact_data)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const said = { name: exchange.from_name, what: exchange.exchange_type };
  return details ? sharedTheirDetails({ ...said, details }) : sharedTheir(said);
}
