/**
 * Admin accounts and the user queries of the admin panel: stats, the searchable user
 * list, one user's details, and the moderation changes (each with its audit row, in
 * one transaction).
 */
import { and, count, desc, eq, gt, gte, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../client';
import { adminSessions, admins, calendarFeeds, connections, eventAttendees, users } from '../schema';
import { type ActionRow, actionsOnUser, displayNameOf, recordAdminAction } from './audit';
import { expireAllUserSessions, hashToken } from './sessions';
import type { UserRow } from './users';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByUsername(db: Queryable, username: string): Promise<AdminRow | null> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findAdminById(db: Queryable, id: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row ?? null;
}

/** Another admin already uses this name, whatever its case. */
export async function isAdminUsernameTaken(db: Queryable, username: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(sql`lower(${admins.username}) = ${username.toLowerCase()}`, ne(admins.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Ends every session of an admin, or every one but `keepToken`. */
export async function revokeAllAdminSessions(db: Queryable, adminId: string, keepToken?: string): Promise<void> {
  const cond = keepToken
    ? and(eq(adminSessions.adminId, adminId), ne(adminSessions.tokenHash, hashToken(keepToken)))
    : eq(adminSessions.adminId, adminId);
  await db.delete(adminSessions).where(cond);
}

// --- Users for the admin panel (presenters/admin.ts shapes them) ---

/** A ban in force at `now`: the flag is set and its end, if any, has not passed. */
const banActive = (now: Date): SQL =>
  and(eq(users.isBanned, true), or(isNull(users.bannedUntil), gt(users.bannedUntil, now)))!;

const startOfUtcDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** The users counted at `now`: all of them, active, under a ban in force, and made today (UTC). */
export interface UserCounts {
  total: number;
  banned: number;
  active: number;
  today: number;
}

export async function userStats(db: Queryable, now: Date): Promise<UserCounts> {
  const [row] = await db
    .select({
      total: count(),
      banned: count(sql`case when ${banActive(now)} then 1 end`),
      active: count(sql`case when ${users.isActive} and not (${banActive(now)}) then 1 end`),
      today: count(sql`case when ${gte(users.createdAt, startOfUtcDay(now))} then 1 end`),
    })
    .from(users)
    .where(isNull(users.erasedAt));
  return row ?? { total: 0, banned: 0, active: 0, today: 0 };
}

/** LIKE treats % and _ as wildcards; a search for them means the characters themselves. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface UserListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  bannedOnly?: boolean | undefined;
}

export async function listUsers(
  db: Queryable,
  q: UserListQuery,
  now: Date,
): Promise<{ users: UserRow[]; total: number }> {
  // Someone deleted for good is gone from the admin's lists too (issue 42).
  const conditions: SQL[] = [isNull(users.erasedAt)];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern))!);
  }
  if (q.bannedOnly) conditions.push(banActive(now));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { users: rows, total: totalRow?.n ?? 0 };
}

export const USER_DETAIL_ACTIONS = 20;

/** What the admin sees of one user besides their row: their counts and the latest actions on them. */
export interface UserDetailRows {
  user: UserRow;
  eventsAttended: number;
  connections: number;
  recentActions: ActionRow[];
}

export async function userDetail(db: Queryable, row: UserRow): Promise<UserDetailRows> {
  const [events] = await db.select({ n: count() }).from(eventAttendees).where(eq(eventAttendees.userId, row.id));
  const [links] = await db
    .select({ n: count() })
    .from(connections)
    .where(or(eq(connections.user1, row.id), eq(connections.user2, row.id)));
  return {
    user: row,
    eventsAttended: events?.n ?? 0,
    connections: links?.n ?? 0,
    recentActions: await actionsOnUser(db, row.id, USER_DETAIL_ACTIONS),
  };
}

// --- Moderation: the change and its audit row, together ---

/**
 * Reads the user and holds their row until the transaction ends, so two admins acting
 * at once cannot both pass the "is banned?" check and both write.
 */
export async function lockUser(tx: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.erasedAt)))
    .for('update')
    .limit(1);
  return row ?? null;
}

type Actor = Pick<AdminRow, 'id' | 'username'>;

export interface BanChange {
  reason: string;
  /** null for a permanent ban. */
  days: number | null;
}

export async function banUser(
  db: Queryable,
  admin: Actor,
  target: UserRow,
  ban: BanChange,
  now: Date,
  details: Record<string, unknown> = {},
): Promise<UserRow> {
  const bannedUntil = ban.days === null ? null : new Date(now.getTime() + ban.days * 86_400_000);
  const [row] = await db
    .update(users)
    .set({ isBanned: true, bannedUntil, banReason: ban.reason })
    .where(eq(users.id, target.id))
    .returning();
  // Expired, not deleted: the banned person's device can still be told why (plugins/session.ts).
  await expireAllUserSessions(db, target.id, now);
  // Their calendar's address ends too (issue 42); a new one is made if they come back.
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, target.id));
  await recordAdminAction(db, {
    admin,
    actionType: 'ban',
    target: { userId: target.id, displayName: displayNameOf(target) },
    reason: ban.reason,
    details: {
      ...details,
      ban_type: ban.days === null ? 'permanent' : 'temporary',
      duration_days: ban.days,
      banned_until: bannedUntil?.toISOString() ?? null,
    },
    at: now,
  });
  return row!;
}

export async function unbanUser(db: Queryable, admin: Actor, target: UserRow, reason: string, now: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ isBanned: false, bannedUntil: null, banReason: null })
    .where(eq(users.id, target.id))
    .returning();
  await recordAdminAction(db, {
    admin,
    actionType: 'unban',
    target: { userId: target.id, displayName: displayNameOf(target) },
    reason,
    at: now,
  });
  return row!;
}

// --- The admin's own account ---

export async function setAdminLastLogin(db: Queryable, adminId: string, at: Date): Promise<void> {
  await db.update(admins).set({ lastLogin: at }).where(eq(admins.id, adminId));
}

export async function setAdminPassword(db: Queryable, adminId: string, passwordHash: string, at: Date): Promise<AdminRow> {
  const [row] = await db.update(admins).set({ passwordHash, passwordChangedAt: at }).where(eq(admins.id, adminId)).returning();
  return row!;
}

export async function renameAdmin(db: Queryable, adminId: string, username: string): Promise<AdminRow> {
  const [row] = await db.update(admins).set({ username }).where(eq(admins.id, adminId)).returning();
  return row!;
}
