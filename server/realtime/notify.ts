/**
 * A notification is stored, then offered live as a `notification` message. Each one
 * carries the app address it opens (machines/addresses.ts), so tapping it leads to the
 * request, chat or exchange it is about; `links` builds those addresses in one place.
 *
 * Someone on a break (issue 16) gets their notifications stored but not offered live:
 * no toast and no system notification while they rest. The list holds them, unread, for
 * when they look; other live messages still keep their open lists right.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Lifecycle } from '../app';
import { announceKept, keptUserRow, tag } from '../cache/kept';
import type { Db, Queryable } from '../db/client';
import { isAway } from '../domain/status';
import type { Realtime } from './hub';
import { notifications, users } from '../db/schema';

export type NotificationKind =
  | 'connection_request'
  | 'connection_accepted'
  | 'contact_exchange'
  | 'chat_message'
  | 'admin_warning'
  | 'report_reviewed'
  | 'welcome_back'
  | 'event_taken_down'
  | 'event_cancelled'
  | 'event_changed'
  | 'event_announcement'
  | 'co_organizer'
  | 'general';

/** The app addresses notifications open, as machines/addresses.ts parses them. */
export const links = {
  request: (requestId: string) => `/requests/${requestId}`,
  chat: (userId: string) => `/chats/${userId}`,
  exchange: (userId: string) => `/chats/${userId}/exchange`,
  event: (eventId: string) => `/events/${eventId}`,
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

/** The same notification for many people in one insert (an event's attendees), each their own row. */
export async function storeNotifications(db: Queryable, userIds: readonly string[], n: NewNotification & { at: Date }) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ userId, kind: n.kind, title: n.title, content: n.content, link: n.link, createdAt: n.at })))
    .returning();
  return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
}

type NotifyCtx = { db: Db; clock: () => Date; realtime: Realtime; lifecycle: Lifecycle };
export type StoredNotification = ReturnType<typeof toNotification>;

/** Of `userIds`, those on a break now: their notifications are not offered live. */
async function onBreak(db: Db, userIds: readonly string[], now: Date): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  // One person (nearly every notification): their kept row; many (an event's attendees): one query.
  if (unique.length === 1) {
    const row = await keptUserRow({ db }, unique[0]!, now);
    return new Set(row && isAway(row, now) ? unique : []);
  }
  const rows = await db
    .select({ id: users.id, status: users.status, statusUntil: users.statusUntil })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'away')));
  return new Set(rows.filter((r) => isAway(r, now)).map((r) => r.id));
}

/**
 * Offers stored notifications live, except to people on a break; only once they are
 * committed. Their lists, kept on every instance, are read again.
 */
export async function publishNotifications(ctx: NotifyCtx, stored: ReadonlyArray<{ userId: string; notification: StoredNotification }>) {
  announceKept(ctx, [...new Set(stored.map((s) => tag.notifications(s.userId)))]);
  const resting = await onBreak(ctx.db, stored.map((s) => s.userId), ctx.clock());
  for (const { userId, notification } of stored) {
    if (!resting.has(userId)) await ctx.realtime.toUsers([userId], { type: 'notification', notification });
  }
}

/** Stores and publishes; pass a transaction's result only after it has committed. */
export async function notify(ctx: NotifyCtx, userId: string, n: NewNotification) {
  const notification = await storeNotification(ctx.db, userId, { ...n, at: ctx.clock() });
  await publishNotifications(ctx, [{ userId, notification }]);
  return notification;
}
