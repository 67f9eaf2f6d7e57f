/** A user's notifications: newest first, marked read one by one or all at once. */
import { and, desc, eq } from 'drizzle-orm';
import type { Notification } from '../../../contract/social';
import { toNotification } from '../../realtime/notify';
import type { Queryable } from '../client';
import { notifications } from '../schema';

export async function listNotifications(db: Queryable, userId: string, limit: number): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotification);
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
