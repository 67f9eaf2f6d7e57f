/**
 * The toast a received contact exchange raises. Apart from the exchange form's chart, so
 * the switchboard (which raises it for a live message, on any view) carries only this.
 */
import type { ExchangeType } from '../../contract/constants';
import type { ContactExchange } from '../../contract/social';

const EXCHANGE_LABELS: Record<ExchangeType, string> = {
  social_media: 'social media',
  business_card: 'business card',
  phone: 'phone number',
  email: 'email address',
};

/** Where a card offered to the user is kept (issue 18): the toast's button opens it. */
export const CARDS_LINK = { link: '/cards', label: 'See card' } as const;

/** The toast a received exchange raises: who, what, and the details themselves. */
export function contactExchangeToast(exchange: Pick<ContactExchange, 'from_name' | 'exchange_type' | 'contact_data'>): string {
  const details = Object.entries(exchange.contact_data)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const what = `${exchange.from_name} shared their ${EXCHANGE_LABELS[exchange.exchange_type]}`;
  return details ? `${what} (${details})` : what;
}
