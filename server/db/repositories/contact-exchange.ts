/** Contact exchanges (SPEC 3, 7): a person's own details, sent to another on purpose. */
import type { ExchangeType } from '../../../contract/constants';
import type { ContactExchange } from '../../../contract/social';
import type { Queryable } from '../client';
import { contactExchanges } from '../schema';
import type { UserRow } from './users';

type ExchangeRow = typeof contactExchanges.$inferSelect;

/** The sender's name shows: sharing one's details is choosing to be known. */
export const toContactExchange = (r: ExchangeRow, sender: Pick<UserRow, 'name'>): ContactExchange => ({
  id: r.id,
  from_user: r.fromUser,
  from_name: sender.name,
  to_user: r.toUser,
  exchange_type: r.exchangeType as ExchangeType,
  contact_data: { ...r.contactData },
  event_id: r.eventId,
  created_at: r.createdAt.toISOString(),
});

export async function insertContactExchange(
  db: Queryable,
  sender: Pick<UserRow, 'id' | 'name'>,
  v: { toUser: string; eventId: string | null; exchangeType: ExchangeType; contactData: Record<string, string>; at: Date },
): Promise<ContactExchange> {
  const [row] = await db
    .insert(contactExchanges)
    .values({
      fromUser: sender.id,
      toUser: v.toUser,
      eventId: v.eventId,
      exchangeType: v.exchangeType,
      contactData: v.contactData,
      createdAt: v.at,
    })
    .returning();
  return toContactExchange(row!, sender);
}
