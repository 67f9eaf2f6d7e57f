/** A person's own notifications (SPEC 7), newest first, marked read one by one or all at once. */
import { type Notification, NOTIFICATIONS_MAX } from '../../contract/social';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '../db/repositories/notifications';
import type { UserRow } from '../db/repositories/users';
import { toNotification } from '../presenters/notifications';
import { ownNotification, ownOnly } from '../access/people';
import { keptReads } from '../cache/kept';
import { announceKept, tag } from '../cache/tags';
import type { Ctx } from './context';

/** Kept per person (cache/kept.ts) until one is stored for them or they mark some read. */
export async function notificationsOf(ctx: Ctx, me: UserRow, userId: string): Promise<Notification[]> {
  ownOnly(me.id, userId, /*i18n*/ { id: 'error.ownNotifications', message: 'You can only read your own notifications' });
  return keptReads(ctx.db).read(tag.notifications(me.id), ctx.clock().getTime(), async () => ({
    value: (await listNotifications(ctx.db, me.id, NOTIFICATIONS_MAX)).map(toNotification),
    tags: [tag.notifications(me.id)],
  }));
}

export async function markRead(ctx: Ctx, me: UserRow, notificationId: string): Promise<void> {
  ownNotification(await markNotificationRead(ctx.db, notificationId, me.id));
  announceKept(ctx, [tag.notifications(me.id)]);
}

/** "Mark all read": only the user's own notifications; answers how many became read. */
export async function markAllRead(ctx: Ctx, me: UserRow, userId: string): Promise<number> {
  ownOnly(me.id, userId, /*i18n*/ { id: 'error.ownNotificationsRead', message: 'You can only mark your own notifications read' });
  const marked = await markAllNotificationsRead(ctx.db, me.id);
  if (marked) announceKept(ctx, [tag.notifications(me.id)]);
  return marked;
}
