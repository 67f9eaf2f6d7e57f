/**
 * A notification is stored, then offered live as a `notification` message. Each one
 * carries the app address it opens (machines/addresses.ts), so tapping it leads to the
 * request, chat or exchange it is about; `links` builds those addresses in one place.
 */
import type { Lifecycle } from '../app';
import { announceKept, tag } from '../cache/kept';
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

/** The app addresses notifications open, as machines/addresses.ts parses them. */
export const links = {
  request: (requestId: string) => `/requests/${requestId}`,
  chat: (userId: string) => `/chats/${userId}`,
  exchange: (userId: string) => `/chats/${userId}/exchange`,
} as const;

export interface NewNotification {
  kind: NotificationKind;
  title: string;
  content: string;
  /** Where tapping it leads; null when it opens nothing in particular (a warning, a general note). */
  link: string | null;
}

export const toNotification = (row: typeof notifications.$inferSelect) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  read: row.read,
  created_at: row.createdAt.toISOString(),
  link: row.link,
});

export async function storeNotification(db: Queryable, userId: string, n: NewNotification & { at: Date }) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, kind: n.kind, title: n.title, content: n.content, link: n.link, createdAt: n.at })
    .returning();
  return toNotification(row!);
}

/** Stores and publishes; pass a transaction's result only after it has committed. */
export async function notify(
  ctx: { db: Queryable; clock: () => Date; realtime: Realtime; lifecycle: Lifecycle },
  userId: string,
  n: NewNotification,
) {
  const notification = await storeNotification(ctx.db, userId, { ...n, at: ctx.clock() });
  announceKept(ctx, [tag.notifications(userId)]);
  await ctx.realtime.toUsers([userId], { type: 'notification', notification });
  return notification;
}
