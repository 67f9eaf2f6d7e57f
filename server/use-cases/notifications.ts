/** A person's own notifications (SPEC 7), newest first, marked read one by one or all at once. */
import { type Notification, NOTIFICATIONS_MAX } from '../../contract/social';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../db/repositories/notifications';
import type { UserRow } from '../db/repositories/users';
import { ownNotification, ownOnly } from '../domain/access';
import type { Ctx } from './context';

export async function notificationsOf(ctx: Ctx, me: UserRow, userId: string): Promise<Notification[]> {
  ownOnly(me.id, userId, 'You can only read your own notifications');
  return listNotifications(ctx.db, me.id, NOTIFICATIONS_MAX);
}

export async function markRead(ctx: Ctx, me: UserRow, notificationId: string): Promise<void> {
  ownNotification(await markNotificationRead(ctx.db, notificationId, me.id));
}

/** "Mark all read": only the user's own notifications; answers how many became read. */
export async function markAllRead(ctx: Ctx, me: UserRow, userId: string): Promise<number> {
  ownOnly(me.id, userId, 'You can only mark your own notifications read');
  return markAllNotificationsRead(ctx.db, me.id);
}
