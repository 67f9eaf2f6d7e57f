/** Contact exchanges (SPEC 3, 7): a person's own details, sent to another on purpose. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ExchangeType } from '../../../contract/constants';
import type { ContactExchange } from '../../../contract/social';
import type { Queryable } from '../client';
import { contactExchanges, users } from '../schema';
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

export type CardRow = ExchangeRow;

/** One card (a contact exchange row), or null. */
export async function findCard(db: Queryable, id: string): Promise<CardRow | null> {
  const [row] = await db.select().from(contactExchanges).where(eq(contactExchanges.id, id)).limit(1);
  return row ?? null;
}

/** The cards offered to `userId` that they have not declined and their senders have not revoked, newest first, with the sender. */
export async function cardsOfferedTo(db: Queryable, userId: string): Promise<Array<{ card: CardRow; sender: UserRow }>> {
  const rows = await db
    .select({ card: contactExchanges, sender: users })
    .from(contactExchanges)
    .innerJoin(users, eq(users.id, contactExchanges.fromUser))
    .where(and(eq(contactExchanges.toUser, userId), isNull(contactExchanges.declinedAt), isNull(contactExchanges.revokedAt)))
    .orderBy(desc(contactExchanges.createdAt), desc(contactExchanges.id));
  return rows;
}

/** The cards `userId` shared and has not revoked (declined ones too: a decline is private), newest first, with the recipient. */
export async function cardsSharedBy(db: Queryable, userId: string): Promise<Array<{ card: CardRow; recipient: UserRow }>> {
  return db
    .select({ card: contactExchanges, recipient: users })
    .from(contactExchanges)
    .innerJoin(users, eq(users.id, contactExchanges.toUser))
    .where(and(eq(contactExchanges.fromUser, userId), isNull(contactExchanges.revokedAt)))
    .orderBy(desc(contactExchanges.createdAt), desc(contactExchanges.id));
}

/** Marks a card kept, declined or revoked (the first time only: a second mark keeps the first's time). */
export async function markCard(db: Queryable, id: string, mark: 'kept' | 'declined' | 'revoked', at: Date): Promise<void> {
  const column = { kept: 'keptAt', declined: 'declinedAt', revoked: 'revokedAt' } as const;
  const key = column[mark];
  await db
    .update(contactExchanges)
    .set({ [key]: at })
    .where(and(eq(contactExchanges.id, id), isNull(contactExchanges[key])));
}
