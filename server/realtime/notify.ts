/** A notification is stored, then offered live as a `notification` message. */
import type { Queryable } from '../db/client';
import type { Realtime } from './hub';
import { notifications } from '../db/schema';

export type NotificationKind =
  | 'connection_request'
  | 'connection_accepted'
  | 'contact_exchange'
  | 'chat_message'
  | 'admin_warning'
  | 'general';

export const toNotification = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  read: row.read,
  created_at: row.createdAt.toISOString(),
});

export async function storeNotification(
  db: Queryable,
  userId: string,
  n: { kind: NotificationKind; title: string; content: string; at: Date },
) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, kind: n.kind, title: n.title, content: n.content, createdAt: n.at })
    .returning();
  return toNotification(row!);
}

/** Stores and publishes; pass a transaction's result only after it has committed. */
export async function notify(
  ctx: { db: Queryable; clock: () => Date; realtime: Realtime },
  userId: string,
  n: { kind: NotificationKind; title: string; content: string },
) {
  const notification = await storeNotification(ctx.db, userId, { ...n, at: ctx.clock() });
  await ctx.realtime.toUsers([userId], { type: 'notification', notification });
  return notification;
}
