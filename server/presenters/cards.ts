/**
 * Contact exchanges as SPEC 7 answers them, and as cards (issue 18): offered to me
 * (GET /cards) and shared by me (GET /cards/shared). The sender's name shows: sharing
 * one's details is choosing to be known.
 */
import type { Card, SharedCard } from '../../contract/cards';
import type { ExchangeType } from '../../contract/constants';
import { CONTACT_FIELDS, type ContactExchange } from '../../contract/social';
import type { CardRow } from '../db/repositories/contact-exchange';
import type { UserRow } from '../db/repositories/users';

/** A card's detail keys in SPEC 3's order for its type (the database keeps keys in an order of its own). */
const fieldsOf = (type: string, data: Record<string, string>): string[] => {
  const order = CONTACT_FIELDS[type as ExchangeType] ?? [];
  return Object.keys(data).sort((x, y) => rank(order, x) - rank(order, y));
};
const rank = (order: readonly string[], key: string): number => (order.includes(key) ? order.indexOf(key) : order.length);

export const toContactExchange = (r: CardRow, sender: Pick<UserRow, 'name'>): ContactExchange => ({
  id: r.id,
  from_user: r.fromUser,
  from_name: sender.name,
  to_user: r.toUser,
  exchange_type: r.exchangeType as ExchangeType,
  contact_data: { ...r.contactData },
  event_id: r.eventId,
  created_at: r.createdAt.toISOString(),
});

export const toCard = (card: CardRow, sender: Pick<UserRow, 'name'>): Card => ({
  id: card.id,
  from_user: card.fromUser,
  from_name: sender.name,
  contact_data: Object.fromEntries(fieldsOf(card.exchangeType, card.contactData).map((k) => [k, card.contactData[k]!])),
  exchange_type: card.exchangeType as ExchangeType,
  event_id: card.eventId,
  created_at: card.createdAt.toISOString(),
  kept: card.keptAt !== null,
});

/** A card I shared, its recipient named as my chat with them names them (`toName`). */
export const toSharedCard = (card: CardRow, toName: string): SharedCard => ({
  id: card.id,
  to_user: card.toUser,
  to_name: toName,
  fields: fieldsOf(card.exchangeType, card.contactData),
  created_at: card.createdAt.toISOString(),
});
