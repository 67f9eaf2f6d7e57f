/**
 * Reports (issue 16): what can be reported and by whom (the rows the access rules read),
 * the reports themselves, the review hold, and what the moderator queue shows of each:
 * the reported thing in context, the reported person's history and who else reported
 * them. The rules are access/reports.ts and domain/reports.ts; the telling is
 * use-cases/reports.ts.
 */
import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../client';
import {
  blocks,
  chatMessages,
  connectionRequests,
  connections,
  eventAttendees,
  events,
  groupChats,
  groupMessages,
  photos,
  reports,
  users,
} from '../schema';
import { personColumns } from './people';
import { orderedPair } from './relations';

export type ReportRow = typeof reports.$inferSelect;

// ---------------------------------------------------------------------------
// What can be reported

export async function findChatMessageForReport(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: chatMessages.id,
      fromUser: chatMessages.fromUser,
      toUser: chatMessages.toUser,
      eventId: chatMessages.eventId,
      message: chatMessages.message,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function findGroupMessageForReport(db: Queryable, id: string) {
  const [row] = await db
    .select({
      id: groupMessages.id,
      fromUser: groupMessages.fromUser,
      groupId: groupMessages.groupId,
      message: groupMessages.message,
      createdAt: groupMessages.createdAt,
      eventId: groupChats.eventId,
    })
    .from(groupMessages)
    .innerJoin(groupChats, eq(groupChats.id, groupMessages.groupId))
    .where(eq(groupMessages.id, id))
    .limit(1);
  return row ?? null;
}

export async function findPhotoForReport(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: photos.id, userId: photos.userId, eventId: photos.eventId, caption: photos.caption })
    .from(photos)
    .where(eq(photos.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Whether two people have come across each other in the app: an event both joined, a
 * chat message either way, a connection, a request either way, or a block either way.
 * A person is reported by someone who met them, so three strangers cannot hide anyone.
 */
export async function haveMet(db: Queryable, a: string, b: string): Promise<boolean> {
  const [u1, u2] = orderedPair(a, b);
  const met = sql<boolean>`(
    exists (select 1 from ${eventAttendees} x join ${eventAttendees} y on y.event_id = x.event_id where x.user_id = ${a} and y.user_id = ${b})
    or exists (select 1 from ${chatMessages} m where (m.from_user = ${a} and m.to_user = ${b}) or (m.from_user = ${b} and m.to_user = ${a}))
    or exists (select 1 from ${connections} c where c.user1 = ${u1} and c.user2 = ${u2})
    or exists (select 1 from ${connectionRequests} r where (r.from_user = ${a} and r.to_user = ${b}) or (r.from_user = ${b} and r.to_user = ${a}))
    or exists (select 1 from ${blocks} k where (k.blocker_id = ${a} and k.blocked_id = ${b}) or (k.blocker_id = ${b} and k.blocked_id = ${a}))
  )`;
  const [row] = await db.select({ met }).from(users).where(eq(users.id, a)).limit(1);
  return !!row?.met;
}

// ---------------------------------------------------------------------------
// Making a report

export async function findOpenReport(db: Queryable, reporterId: string, targetType: string, targetId: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .limit(1);
  return row ?? null;
}

export type NewReport = Pick<
  typeof reports.$inferInsert,
  'reporterId' | 'reportedUserId' | 'targetType' | 'targetId' | 'eventId' | 'groupChatId' | 'reason' | 'note' | 'reportedText' | 'createdAt'
>;

/** Stores the report; null when the reporter has an open report of the target already (the unique index decides races). */
export async function insertReport(db: Queryable, values: NewReport): Promise<ReportRow | null> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** How many different people have open reports about the person made since `since`. */
export async function recentReporters(db: Queryable, reportedUserId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.reportedUserId, reportedUserId), eq(reports.status, 'open'), gte(reports.createdAt, since)));
  return row?.n ?? 0;
}

/** Puts the person on hold for review; false when they were on hold already. */
export async function setReviewHold(db: Queryable, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ reviewHoldAt: at })
    .where(and(eq(users.id, userId), isNull(users.reviewHoldAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Lifts the hold once no report about the person is open; true when it was lifted now. */
export async function liftReviewHoldIfReviewed(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ reviewHoldAt: null })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.reviewHoldAt),
        sql`not exists (select 1 from ${reports} r where r.reported_user_id = ${userId} and r.status = 'open')`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------
// The reporter's own reports

/** The reporter's reports, newest first, each with the reported person as people are judged and shown. */
export async function reportsBy(db: Queryable, reporterId: string, page: { limit: number; offset: number }) {
  return db
    .select({ report: reports, person: personColumns })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedUserId))
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit)
    .offset(page.offset);
}

// ---------------------------------------------------------------------------
// The moderator queue

export async function countOpenReports(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
  return row?.n ?? 0;
}

/** Open reports oldest first (a queue); resolved ones most recently resolved first. */
export async function listReports(db: Queryable, status: 'open' | 'resolved', page: { page: number; limit: number }) {
  const where = eq(reports.status, status);
  const order = status === 'open' ? [asc(reports.createdAt), asc(reports.id)] : [desc(reports.resolvedAt), desc(reports.id)];
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  const rows = await db
    .select()
    .from(reports)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function findReport(db: Queryable, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row ?? null;
}

/** The open reports of a target, held until the transaction ends (resolving them together). */
export async function lockOpenReportsOf(db: Queryable, targetType: string, targetId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .for('update');
}

export async function markResolved(
  db: Queryable,
  ids: string[],
  r: { admin: { id: string; username: string }; action: string; reason: string; at: Date },
): Promise<void> {
  await db
    .update(reports)
    .set({
      status: 'resolved',
      resolvedAt: r.at,
      resolvedBy: r.admin.id,
      resolvedByUsername: r.admin.username,
      resolutionAction: r.action,
      resolutionReason: r.reason,
    })
    .where(inArray(reports.id, ids));
}

/** Open reports of the same target besides `exceptId`, per report of `rows`. */
export async function openOfSameTarget(db: Queryable, rows: ReportRow[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (rows.length === 0) return out;
  const found = await db
    .select({ targetType: reports.targetType, targetId: reports.targetId, n: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), inArray(reports.targetId, rows.map((r) => r.targetId))))
    .groupBy(reports.targetType, reports.targetId);
  const key = (type: string, id: string) => `${type}:${id}`;
  const n = new Map(found.map((f) => [key(f.targetType, f.targetId), f.n]));
  for (const r of rows) out.set(r.id, Math.max(0, (n.get(key(r.targetType, r.targetId)) ?? 0) - (r.status === 'open' ? 1 : 0)));
  return out;
}

/** People by id, as the moderator sees them (their row). */
export async function usersByIds(db: Queryable, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, typeof users.$inferSelect>();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

export const CONTEXT_AROUND = 5;

interface Said {
  id: string;
  fromUser: string;
  message: string;
  createdAt: Date;
}

/**
 * Up to CONTEXT_AROUND messages before and after a point of a conversation, oldest
 * first, with the point itself when it is a message of it (`at` its id and time);
 * `scope` names the conversation.
 */
async function around(
  db: Queryable,
  table: typeof chatMessages | typeof groupMessages,
  scope: SQL,
  at: { id: string | null; createdAt: Date },
): Promise<Said[]> {
  const cols = { id: table.id, fromUser: table.fromUser, message: table.message, createdAt: table.createdAt };
  const before = at.id
    ? or(lt(table.createdAt, at.createdAt), and(eq(table.createdAt, at.createdAt), lt(table.id, at.id)))!
    : lt(table.createdAt, at.createdAt);
  const after = at.id
    ? or(gt(table.createdAt, at.createdAt), and(eq(table.createdAt, at.createdAt), gt(table.id, at.id)))!
    : gte(table.createdAt, at.createdAt);
  const [earlier, later, self] = await Promise.all([
    db.select(cols).from(table).where(and(scope, before)).orderBy(desc(table.createdAt), desc(table.id)).limit(CONTEXT_AROUND),
    db.select(cols).from(table).where(and(scope, after)).orderBy(asc(table.createdAt), asc(table.id)).limit(CONTEXT_AROUND),
    at.id ? db.select(cols).from(table).where(and(scope, eq(table.id, at.id))).limit(1) : Promise.resolve([]),
  ]);
  return [...earlier.reverse(), ...self, ...later];
}

/** The one-to-one chat of `a` and `b` around a message of it (or, once it is gone, around a moment). */
export async function chatAround(db: Queryable, a: string, b: string, at: { id: string | null; createdAt: Date }): Promise<Said[]> {
  const pair = or(and(eq(chatMessages.fromUser, a), eq(chatMessages.toUser, b)), and(eq(chatMessages.fromUser, b), eq(chatMessages.toUser, a)))!;
  return around(db, chatMessages, pair, at);
}

/** A group chat around a message of it (or, once it is gone, around a moment). */
export async function groupChatAround(db: Queryable, groupId: string, at: { id: string | null; createdAt: Date }): Promise<Said[]> {
  return around(db, groupMessages, eq(groupMessages.groupId, groupId), at);
}

export async function findPhotoRow(db: Queryable, id: string) {
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  return row ?? null;
}

export async function placeOf(db: Queryable, eventId: string | null, groupChatId: string | null) {
  const [event] = eventId ? await db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1) : [];
  const [chat] = groupChatId ? await db.select({ name: groupChats.name }).from(groupChats).where(eq(groupChats.id, groupChatId)).limit(1) : [];
  return {
    event_id: event ? eventId : null,
    event_name: event?.name ?? null,
    group_chat_id: chat ? groupChatId : null,
    group_chat_name: chat?.name ?? null,
  };
}

export const HISTORY_MAX = 20;

/** Reports about the person made before `before` (the report being looked at), newest first. */
export async function earlierReportsAbout(db: Queryable, reportedUserId: string, before: ReportRow): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.reportedUserId, reportedUserId),
        ne(reports.id, before.id),
        or(lt(reports.createdAt, before.createdAt), and(eq(reports.createdAt, before.createdAt), lt(reports.id, before.id))),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(HISTORY_MAX);
}

/** Everyone else who reported the person: how many reports each, and the latest. */
export async function otherReportersOf(db: Queryable, reportedUserId: string, exceptReporterId: string | null) {
  return db
    .select({ reporterId: reports.reporterId, n: count(), last: max(reports.createdAt) })
    .from(reports)
    .where(
      and(
        eq(reports.reportedUserId, reportedUserId),
        exceptReporterId ? or(ne(reports.reporterId, exceptReporterId), isNull(reports.reporterId)) : undefined,
      ),
    )
    .groupBy(reports.reporterId)
    .orderBy(desc(max(reports.createdAt)));
}

// ---------------------------------------------------------------------------
// Taking content down (remove_content)

/** Each answers what it deleted (null when it was gone already), so its kept reads can be retired. */
export async function deleteChatMessage(db: Queryable, id: string) {
  const [gone] = await db.delete(chatMessages).where(eq(chatMessages.id, id)).returning({ fromUser: chatMessages.fromUser, toUser: chatMessages.toUser });
  return gone ?? null;
}

export async function deleteGroupMessage(db: Queryable, id: string) {
  const [gone] = await db.delete(groupMessages).where(eq(groupMessages.id, id)).returning({ groupId: groupMessages.groupId });
  return gone ?? null;
}

export async function deletePhoto(db: Queryable, id: string) {
  const [gone] = await db.delete(photos).where(eq(photos.id, id)).returning({ eventId: photos.eventId });
  return gone ?? null;
}

export async function clearProfilePhoto(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ photoData: null }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------
// Counts for the admin's events list and analytics

export async function openReportsPerEvent(db: Queryable, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({ eventId: reports.eventId, n: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), inArray(reports.eventId, eventIds)))
    .groupBy(reports.eventId);
  return new Map(rows.map((r) => [r.eventId!, r.n]));
}
