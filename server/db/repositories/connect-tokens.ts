/**
 * QR connect codes (issue 19): one row per code shown, claimed once by whoever scans it
 * (an update that only succeeds while the code is unused and unexpired, so two scans
 * at the same moment cannot both win). The signing secret is kept in app_settings, so
 * every instance signs and checks alike.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { appSettings, connectTokens, eventAttendees, events } from '../schema';

export type ConnectTokenRow = typeof connectTokens.$inferSelect;

const SECRET_KEY = 'connect_token_secret';

/** The secret codes are signed with: made once (the first instance to ask wins) and kept. */
export async function ensureConnectSecret(db: Queryable): Promise<string> {
  const read = async () => (await db.select().from(appSettings).where(eq(appSettings.key, SECRET_KEY)).limit(1))[0]?.value;
  const found = await read();
  if (found) return found;
  await db.insert(appSettings).values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  return (await read())!;
}

/** Stores a code; false when its short code is taken (the caller draws another). */
export async function insertConnectToken(
  db: Queryable,
  row: { nonce: string; userId: string; shortCode: string; expiresAt: Date; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(connectTokens)
    .values({ nonce: row.nonce, userId: row.userId, shortCode: row.shortCode, expiresAt: row.expiresAt, createdAt: row.at })
    .onConflictDoNothing()
    .returning({ nonce: connectTokens.nonce });
  return inserted.length === 1;
}

/**
 * Forgets codes that ended long enough ago that nobody will scan them again (a later
 * scan of one answers "unknown" rather than "expired"), and the user's own codes that
 * nobody used, now that a fresh one replaces them.
 */
export async function pruneConnectTokens(db: Queryable, userId: string, now: Date, keepMs: number): Promise<void> {
  await db.delete(connectTokens).where(lt(connectTokens.expiresAt, new Date(now.getTime() - keepMs)));
  await db
    .delete(connectTokens)
    .where(and(eq(connectTokens.userId, userId), isNull(connectTokens.usedAt), lte(connectTokens.expiresAt, now)));
}

export async function findConnectToken(db: Queryable, by: { nonce: string } | { shortCode: string }): Promise<ConnectTokenRow | null> {
  const where = 'nonce' in by ? eq(connectTokens.nonce, by.nonce) : eq(connectTokens.shortCode, by.shortCode);
  const [row] = await db.select().from(connectTokens).where(where).limit(1);
  return row ?? null;
}

/** Claims the code for `userId` if it is still unused and unexpired; null when someone else got it or it ran out. */
export async function claimConnectToken(db: Queryable, nonce: string, userId: string, now: Date): Promise<ConnectTokenRow | null> {
  const [row] = await db
    .update(connectTokens)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(connectTokens.nonce, nonce), isNull(connectTokens.usedAt), gt(connectTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** An event both attend that is going on now (the latest to start), for the connection's record; null when none. */
export async function sharedEventNow(db: Queryable, a: string, b: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(
      and(
        inArray(eventAttendees.userId, [a, b]),
        lte(events.startTime, now),
        gt(events.endTime, now),
        isNull(events.hiddenAt),
      ),
    )
    .groupBy(events.id, events.startTime)
    .having(sql`count(distinct ${eventAttendees.userId}) = 2`)
    .orderBy(desc(events.startTime))
    .limit(1);
  return row?.id ?? null;
}
