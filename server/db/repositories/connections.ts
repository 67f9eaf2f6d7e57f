/**
 * Connection requests and connections (SPEC 7, DESIGN 5). Only mutual interest connects:
 * a request to someone who already asked you connects you both. A decline marks the
 * request declined_at: it vanishes from the recipient's side, nobody is told, and the
 * sender keeps seeing request_sent. A request not accepted within REQUEST_LAPSE_MS lapses
 * (issue 18), declined or not: the recipient no longer sees it, the sender sees
 * request_lapsed, and it no longer counts toward the cap. Requests to someone in safe space mode are held
 * quietly (held) until they turn it off. The rules and the telling are in
 * use-cases/connections.ts and how each side sees them in presenters/connections.ts; these are the rows.
 */
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ConnectionType } from '../../../contract/constants';
import { REQUEST_LAPSE_MS } from '../../../contract/social';
import type { Queryable } from '../client';
import { blocks, connectionRequests, connections, users } from '../schema';
import { orderedPair } from './relations';
import type { UserRow } from './users';

export type RequestRow = typeof connectionRequests.$inferSelect;
export type ConnectionRow = typeof connections.$inferSelect;

// ---------------------------------------------------------------------------
// Filters the lists share

/** SQL: the user is active and not under a ban that is still running. */
export const activeUserSql = (now: Date): SQL =>
  and(
    eq(users.isActive, true),
    or(eq(users.isBanned, false), and(isNotNull(users.bannedUntil), lte(users.bannedUntil, now))),
  )!;

/** SQL: neither `viewerId` nor the user in `column` has blocked the other. */
export const notBlockedSql = (viewerId: string, column: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${column}) or (${blocks.blockerId} = ${column} and ${blocks.blockedId} = ${viewerId}))`;

// ---------------------------------------------------------------------------
// Queries

export async function findRequest(db: Queryable, from: string, to: string): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(connectionRequests)
    .where(and(eq(connectionRequests.fromUser, from), eq(connectionRequests.toUser, to)))
    .limit(1);
  return row ?? null;
}

/** Pending requests to `me` that `me` may see: not held, not declined, not lapsed, sender reachable. */
export async function listReceivedRequests(db: Queryable, me: UserRow, now: Date): Promise<Array<{ request: RequestRow; sender: UserRow }>> {
  return db
    .select({ request: connectionRequests, sender: users })
    .from(connectionRequests)
    .innerJoin(users, eq(users.id, connectionRequests.fromUser))
    .where(
      and(
        eq(connectionRequests.toUser, me.id),
        eq(connectionRequests.held, false),
        isNull(connectionRequests.declinedAt),
        waitingSince(now),
        activeUserSql(now),
        notBlockedSql(me.id, users.id),
      ),
    )
    .orderBy(desc(connectionRequests.createdAt), desc(connectionRequests.id))
    .limit(100);
}

/** `me`'s connections, newest first, with people who left, were banned or blocked left out. */
export async function listConnections(
  db: Queryable,
  me: UserRow,
  now: Date,
  opts: { eventId?: string; limit: number; offset: number },
): Promise<Array<{ connection: ConnectionRow; other: UserRow }>> {
  const otherId = sql`case when ${connections.user1} = ${me.id} then ${connections.user2} else ${connections.user1} end`;
  return db
    .select({ connection: connections, other: users })
    .from(connections)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        or(eq(connections.user1, me.id), eq(connections.user2, me.id)),
        opts.eventId ? eq(connections.eventId, opts.eventId) : undefined,
        activeUserSql(now),
        notBlockedSql(me.id, users.id),
      ),
    )
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Requests made after this moment have not lapsed at `now`. */
const waitingSince = (now: Date) => gt(connectionRequests.createdAt, new Date(now.getTime() - REQUEST_LAPSE_MS));

// ---------------------------------------------------------------------------
// Writes

/** Requests `senderId` has sent at the event (or outside any event) that have not lapsed, whatever became of them. */
export async function countRequestsFrom(db: Queryable, senderId: string, eventId: string | null, now: Date): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(connectionRequests)
    .where(
      and(
        eq(connectionRequests.fromUser, senderId),
        eventId ? eq(connectionRequests.eventId, eventId) : isNull(connectionRequests.eventId),
        waitingSince(now),
      ),
    );
  return n;
}

/** Stores a request; null when one from the sender to the recipient exists already. */
export async function insertRequest(
  db: Queryable,
  v: { fromUser: string; toUser: string; eventId: string | null; message: string | null; held: boolean; at: Date },
): Promise<RequestRow | null> {
  const [row] = await db
    .insert(connectionRequests)
    .values({ fromUser: v.fromUser, toUser: v.toUser, eventId: v.eventId, message: v.message, held: v.held, createdAt: v.at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findRequestById(db: Queryable, id: string): Promise<RequestRow | null> {
  const [row] = await db.select().from(connectionRequests).where(eq(connectionRequests.id, id)).limit(1);
  return row ?? null;
}

/** A decline: kept for the sender, who keeps seeing request_sent (DESIGN 5). */
export async function markDeclined(db: Queryable, id: string, at: Date): Promise<void> {
  await db.update(connectionRequests).set({ declinedAt: at, held: false }).where(eq(connectionRequests.id, id));
}

/** Releases the requests held for `userId` (safe space mode ended), oldest first. */
export async function releaseHeldRequestRows(db: Queryable, userId: string): Promise<RequestRow[]> {
  const released = await db
    .update(connectionRequests)
    .set({ held: false })
    .where(
      and(eq(connectionRequests.toUser, userId), eq(connectionRequests.held, true), isNull(connectionRequests.declinedAt)),
    )
    .returning();
  return released.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Connects two people, their requests to each other going in the same transaction.
 * Idempotent: an existing connection is answered as it is (`created` false).
 */
export async function storeConnection(
  db: Queryable,
  p: { a: string; b: string; eventId: string | null; type: ConnectionType; at: Date },
): Promise<{ row: ConnectionRow; created: boolean }> {
  const [user1, user2] = orderedPair(p.a, p.b);
  return db.transaction(async (tx) => {
    await tx
      .delete(connectionRequests)
      .where(
        or(
          and(eq(connectionRequests.fromUser, p.a), eq(connectionRequests.toUser, p.b)),
          and(eq(connectionRequests.fromUser, p.b), eq(connectionRequests.toUser, p.a)),
        ),
      );
    const [inserted] = await tx
      .insert(connections)
      .values({ user1, user2, eventId: p.eventId, connectionType: p.type, createdAt: p.at })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await tx
      .select()
      .from(connections)
      .where(and(eq(connections.user1, user1), eq(connections.user2, user2)))
      .limit(1);
    return { row: existing!, created: false };
  });
}
