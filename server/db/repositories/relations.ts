/**
 * Who stands how to whom: attendance, blocks, connections. The per-object checks of
 * DESIGN 4 (attendee of the event, not blocked either way, party to a connection)
 * are built on these, so every route asks the same questions the same way.
 */
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../client';
import { blocks, connectionRequests, connections, eventAttendees, events, users } from '../schema';
import { deleteNotificationsBetween } from './notifications';
import { personColumns } from './people';
import { isBanActive } from '../../domain/bans';
import { findUserById, type UserRow } from './users';

export async function isAttendee(db: Queryable, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    .limit(1);
  return !!row;
}

export async function attendeeIds(db: Queryable, eventId: string): Promise<string[]> {
  const rows = await db.select({ userId: eventAttendees.userId }).from(eventAttendees).where(eq(eventAttendees.eventId, eventId));
  return rows.map((r) => r.userId);
}

export async function isBlockedEitherWay(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return !!row;
}

/** Everyone `userId` has blocked or is blocked by. */
export async function blockedIdsOf(db: Queryable, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return new Set(rows.map((r) => (r.blockerId === userId ? r.blockedId : r.blockerId)));
}

/** A person's relations, as every list of theirs asks about them (kept by cache/relations.ts). */
export interface Relations {
  readonly blocked: ReadonlySet<string>;
  readonly connected: ReadonlySet<string>;
  /** Everyone they asked to connect (held or declined too: the sender is never told), with when. */
  readonly sent: ReadonlyMap<string, Date>;
  /** Everyone whose request to them they may see (not held, not declined), with when. */
  readonly received: ReadonlyMap<string, Date>;
}

/**
 * Who `userId` blocked or was blocked by, is connected to, asked, and was asked by (those
 * requests they may see), in one statement: one round trip instead of four, for the
 * relations every list of theirs asks about.
 */
export async function relationRowsOf(db: Queryable, userId: string): Promise<Relations> {
  const otherOf = (a: AnyPgColumn, b: AnyPgColumn) => sql<string>`case when ${a} = ${userId} then ${b} else ${a} end`;
  const at = (col: AnyPgColumn | null) => (col ? sql<Date | null>`${col}` : sql<Date | null>`null::timestamptz`).mapWith(connectionRequests.createdAt);
  const kind = (k: keyof Relations) => sql<keyof Relations>`${k}::text`;
  const rows = await db
    .select({ kind: kind('blocked'), id: otherOf(blocks.blockerId, blocks.blockedId), at: at(null) })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)))
    .unionAll(
      db
        .select({ kind: kind('connected'), id: otherOf(connections.user1, connections.user2), at: at(null) })
        .from(connections)
        .where(or(eq(connections.user1, userId), eq(connections.user2, userId))),
    )
    .unionAll(
      db
        .select({ kind: kind('sent'), id: sql<string>`${connectionRequests.toUser}`, at: at(connectionRequests.createdAt) })
        .from(connectionRequests)
        .where(eq(connectionRequests.fromUser, userId)),
    )
    .unionAll(
      db
        .select({ kind: kind('received'), id: sql<string>`${connectionRequests.fromUser}`, at: at(connectionRequests.createdAt) })
        .from(connectionRequests)
        .where(and(eq(connectionRequests.toUser, userId), eq(connectionRequests.held, false), isNull(connectionRequests.declinedAt))),
    );
  const out = { blocked: new Set<string>(), connected: new Set<string>(), sent: new Map<string, Date>(), received: new Map<string, Date>() };
  for (const r of rows) {
    if (r.kind === 'blocked' || r.kind === 'connected') out[r.kind].add(r.id);
    else out[r.kind].set(r.id, r.at!);
  }
  return out;
}

/** A connection is stored once per pair with user1 < user2. */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export async function areConnected(db: Queryable, a: string, b: string): Promise<boolean> {
  const [u1, u2] = orderedPair(a, b);
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.user1, u1), eq(connections.user2, u2)))
    .limit(1);
  return !!row;
}

/** The events the person attends that are not over at `now` and not taken down, with when they end. */
export async function ongoingEventsOf(db: Queryable, userId: string, now: Date): Promise<{ eventId: string; endTime: Date }[]> {
  return db
    .select({ eventId: eventAttendees.eventId, endTime: events.endTime })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.userId, userId), gt(events.endTime, now), isNull(events.hiddenAt)));
}

/** Every event the person attends or attended, over or not, taken down or not. */
export async function attendedEventIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.select({ eventId: eventAttendees.eventId }).from(eventAttendees).where(eq(eventAttendees.userId, userId));
  return rows.map((r) => r.eventId);
}

/** The ids of everyone `userId` is connected to. */
export async function connectionIdsOf(db: Queryable, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ user1: connections.user1, user2: connections.user2 })
    .from(connections)
    .where(or(eq(connections.user1, userId), eq(connections.user2, userId)));
  return new Set(rows.map((r) => (r.user1 === userId ? r.user2 : r.user1)));
}

/** Of `ids`, those that attend `eventId`. */
export async function attendingAmong(db: Queryable, eventId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), inArray(eventAttendees.userId, ids)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * The other user as someone `viewerId` may deal with, or null: unknown, blocked either
 * way (a block looks exactly like an unknown id, DESIGN 5) and, unless `anyState`,
 * deactivated or banned.
 */
export async function reachableUser(
  db: Queryable,
  viewerId: string,
  otherId: string,
  now: Date,
  opts: { anyState?: boolean } = {},
): Promise<UserRow | null> {
  const row = await findUserById(db, otherId);
  if (!row) return null;
  if (!opts.anyState && (!row.isActive || isBanActive(row, now))) return null;
  if (row.id !== viewerId && (await isBlockedEitherWay(db, viewerId, otherId))) return null;
  return row;
}

/**
 * Stores a block; the pending requests both ways and the connection between the two go
 * with it (DESIGN 5), all in one transaction.
 */
export async function storeBlock(db: Queryable, blockerId: string, blockedId: string, at: Date): Promise<void> {
  const [u1, u2] = orderedPair(blockerId, blockedId);
  await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
    await tx
      .delete(connectionRequests)
      .where(
        or(
          and(eq(connectionRequests.fromUser, blockerId), eq(connectionRequests.toUser, blockedId)),
          and(eq(connectionRequests.fromUser, blockedId), eq(connectionRequests.toUser, blockerId)),
        ),
      );
    await tx.delete(connections).where(and(eq(connections.user1, u1), eq(connections.user2, u2)));
    // Nothing either holds names the other any more (issue 40): requests, messages, meetings, cards.
    await deleteNotificationsBetween(tx, blockerId, blockedId);
  });
}

/** The people `blockerId` has blocked, newest first, with when. */
export async function blockedByMe(db: Queryable, blockerId: string) {
  return db
    .select({ person: personColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), users.id);
}

/** Removes a block; false when there was none. Nothing else comes back with it. */
export async function removeBlock(db: Queryable, blockerId: string, blockedId: string): Promise<boolean> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return removed.length > 0;
}
