/** A user's notifications: stored, listed newest first, marked read one by one or all at once. */
import { and, desc, eq, or } from 'drizzle-orm';
import type { Said } from '../../../contract/said';
import type { Queryable } from '../client';
import { notifications } from '../schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification says and opens, stored for one or many people at `at`. */
export interface NotificationValues {
  kind: string;
  title: Said;
  content: Said;
  link: string | null;
  /** The person it is from or names, if any. */
  aboutUserId?: string | null;
  /** The id the recipient knows that person by, when not their own (their pseudonym: issue 40). */
  aboutShownId?: string | null;
  at: Date;
}

/** A notification's row for one person: its words' English, and their message ids and values. */
const rowOf = (userId: string, n: NotificationValues) => ({
  userId,
  kind: n.kind,
  title: n.title.message,
  titleCode: n.title.id,
  titleParams: n.title.values ?? {},
  content: n.content.message,
  contentCode: n.content.id,
  contentParams: n.content.values ?? {},
  link: n.link,
  aboutUserId: n.aboutUserId ?? null,
  aboutShownId: n.aboutShownId ?? null,
  createdAt: n.at,
});

export async function insertNotification(db: Queryable, userId: string, n: NotificationValues): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values(rowOf(userId, n))
    .returning();
  return row!;
}

/** The same notification for many people in one insert (an event's attendees), each their own row. */
export async function insertNotifications(db: Queryable, userIds: readonly string[], n: NotificationValues): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db
    .insert(notifications)
    .values(userIds.map((userId) => rowOf(userId, n)))
    .returning();
}

export async function listNotifications(db: Queryable, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Removes what each of the two holds about the other (a block); answers whether any went. */
export async function deleteNotificationsBetween(db: Queryable, a: string, b: string): Promise<boolean> {
  const gone = await db
    .delete(notifications)
    .where(or(and(eq(notifications.userId, a), eq(notifications.aboutUserId, b)), and(eq(notifications.userId, b), eq(notifications.aboutUserId, a))))
    .returning({ id: notifications.id });
  return gone.length > 0;
}

/** False when there is no such notification of this user (someone else's looks the same). */
export async function markNotificationRead(db: Queryable, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Every unread notification of the user becomes read; answers how many did. */
export async function markAllNotificationsRead(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
