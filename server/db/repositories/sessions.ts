/** Session tokens: the cookie holds a random 256-bit token, the database only its hash. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Queryable } from '../client';
import { adminSessions, pushSubscriptions, sessions, users } from '../schema';

export const USER_SESSION_DAYS = 30;
export const ADMIN_SESSION_HOURS = 8;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');

export async function createUserSession(db: Queryable, userId: string, now: Date): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + USER_SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return token;
}

export async function findUserSession(db: Queryable, token: string, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function revokeUserSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user, or every one but `keepToken`. */
export async function revokeAllUserSessions(db: Queryable, userId: string, keepToken?: string): Promise<void> {
  const cond = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(cond);
}

/**
 * Ends every live session of a user by expiring it, rather than deleting it: a device
 * that still holds one can then be told why it was signed out (a ban), while the session
 * itself grants nothing, now or after the ban. Its push subscriptions go now (issue 41):
 * an expired session's device is told nothing more.
 */
export async function expireAllUserSessions(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
}

/** The user a session token was given to, whether or not the session still holds. */
export async function findSessionOwner(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row?.user ?? null;
}

export async function createAdminSession(db: Queryable, adminId: string, now: Date): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3_600_000);
  await db.insert(adminSessions).values({ tokenHash: hashToken(token), adminId, createdAt: now, expiresAt });
  return token;
}

export async function findAdminSession(db: Queryable, token: string, now: Date) {
  const [row] = await db
    .select({ adminId: adminSessions.adminId })
    .from(adminSessions)
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function revokeAdminSession(db: Queryable, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
}
