/** Links sent by email (schema/accounts.ts `email_tokens`): kept as hashes, used once. */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../client';
import { emailTokens } from '../schema';
import { hashToken, newToken } from './sessions';

export type EmailTokenPurpose = 'reset' | 'verify';
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** A new link's token (256 random bits); only its hash is stored. */
export async function createEmailToken(
  db: Queryable,
  v: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date; validMs: number },
): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: v.userId,
    purpose: v.purpose,
    email: v.email,
    createdAt: v.now,
    expiresAt: new Date(v.now.getTime() + v.validMs),
  });
  return token;
}

/** When the person's latest link of this kind was made, if any was made after `since`. */
export async function latestEmailTokenSince(db: Queryable, userId: string, purpose: EmailTokenPurpose, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** A link by its token; with `live`, only while unused and not expired. */
export async function findEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
  opts: { live: boolean },
): Promise<EmailTokenRow | null> {
  const mine = and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose));
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(opts.live ? and(mine, isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)) : mine)
    .limit(1);
  return row ?? null;
}

/**
 * Uses a live link, once: of two requests racing with the same token, only one gets the
 * row back.
 */
export async function spendEmailToken(db: Queryable, token: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailTokenRow | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Every other live link of this kind of the person ends too (a reset done; an address replaced). */
export async function retireEmailTokens(db: Queryable, userId: string, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
