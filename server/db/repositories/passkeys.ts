/** Passkeys and the one-time WebAuthn challenges they answer (schema/accounts.ts). */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { passkeys, webauthnChallenges } from '../schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'register' | 'login';

/** Keeps a challenge until `expiresAt`; the expired ones go first, so the table stays small. */
export async function keepChallenge(
  db: Queryable,
  c: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(c);
}

/**
 * Takes a challenge: it is removed whether or not it still holds, so it answers once. A
 * registration's must belong to `userId`; a sign-in's to no one.
 */
export async function takeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const [row] = await db.delete(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)).returning();
  return !!row && row.purpose === purpose && row.userId === userId && row.expiresAt > now;
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findPasskeyByCredential(db: Queryable, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Null when the credential is already someone's (the unique index decides a race). */
export async function insertPasskey(db: Queryable, values: typeof passkeys.$inferInsert): Promise<PasskeyRow | null> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Records a sign-in: the new signature count, only if it grew past the kept one (or both
 * are 0, for authenticators that keep none), so two sign-ins with one count cannot both pass.
 */
export async function recordPasskeyUse(db: Queryable, id: string, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), sql`(${passkeys.counter} < ${counter} or (${passkeys.counter} = 0 and ${counter} = 0))`))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return rows.length > 0;
}
