/** Business cards: one per user, shown to the owner and their connections (presenters/business-cards.ts shapes the rows). */
import { eq } from 'drizzle-orm';
import type { BusinessCard, BusinessCardBody } from '../../../contract/plans';
import type { Queryable } from '../client';
import { businessCards } from '../schema';

export type BusinessCardRow = typeof businessCards.$inferSelect;

export async function findBusinessCard(db: Queryable, userId: string): Promise<BusinessCardRow | null> {
  const [row] = await db.select().from(businessCards).where(eq(businessCards.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Creates or updates the user's card with the fields given; the others stay as they
 * are, and a new card starts from the user's own name.
 */
export async function upsertBusinessCard(
  db: Queryable,
  userId: string,
  fields: BusinessCardBody,
  defaults: { name: string },
  at: Date,
): Promise<BusinessCardRow> {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<BusinessCard>;
  const [row] = await db
    .insert(businessCards)
    .values({ userId, name: defaults.name, ...given, updatedAt: at })
    .onConflictDoUpdate({ target: businessCards.userId, set: { ...given, updatedAt: at } })
    .returning();
  return row!;
}

export async function deleteBusinessCard(db: Queryable, userId: string): Promise<void> {
  await db.delete(businessCards).where(eq(businessCards.userId, userId));
}
