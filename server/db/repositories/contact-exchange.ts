/**
 * Contact exchanges (SPEC 3, 7): a person's own details, sent to another on purpose, as
 * rows (presenters/cards.ts shapes them).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ExchangeType } from '../../../contract/constants';
import type { Queryable } from '../client';
import { contactExchanges, users } from '../schema';
import type { UserRow } from './users';

/** A contact exchange, which is also a card offered to its recipient (issue 18). */
export type CardRow = typeof contactExchanges.$inferSelect;

export async function insertContactExchange(
  db: Queryable,
  senderId: string,
  v: { toUser: string; eventId: string | null; exchangeType: ExchangeType; contactData: Record<string, string>; at: Date },
): Promise<CardRow> {
  const [row] = await db
    .insert(contactExchanges)
    .values({
      fromUser: senderId,
      toUser: v.toUser,
      eventId: v.eventId,
      exchangeType: v.exchangeType,
      contactData: v.contactData,
      createdAt: v.at,
    })
    .returning();
  return row!;
}

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
