/** Business cards: one per user, shown to the owner and their connections. */
import { eq } from 'drizzle-orm';
import type { BusinessCard, BusinessCardBody } from '../../../contract/plans';
import type { Queryable } from '../client';
import { businessCards } from '../schema';

type CardRow = typeof businessCards.$inferSelect;

export const toBusinessCard = (r: CardRow): BusinessCard => ({
  name: r.name,
  title: r.title,
  company: r.company,
  email: r.email,
  phone: r.phone,
  linkedin: r.linkedin,
  website: r.website,
  bio: r.bio,
});

export async function findBusinessCard(db: Queryable, userId: string): Promise<BusinessCard | null> {
  const [row] = await db.select().from(businessCards).where(eq(businessCards.userId, userId)).limit(1);
  return row ? toBusinessCard(row) : null;
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
): Promise<BusinessCard> {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<BusinessCard>;
  const [row] = await db
    .insert(businessCards)
    .values({ userId, name: defaults.name, ...given, updatedAt: at })
    .onConflictDoUpdate({ target: businessCards.userId, set: { ...given, updatedAt: at } })
    .returning();
  return toBusinessCard(row!);
}

export async function deleteBusinessCard(db: Queryable, userId: string): Promise<void> {
  await db.delete(businessCards).where(eq(businessCards.userId, userId));
}
