/**
 * Quiet zones (issue 18): who is inside one now, from the presence the 10-second
 * location check keeps (db/repositories/locations.ts), and what came in for someone
 * while they were there.
 */
import { and, count, eq, gt, gte, inArray, ne } from 'drizzle-orm';
import { type HeldPings, QUIET_PRESENCE_FRESH_MS } from '../../../contract/safety-words';
import type { Queryable } from '../client';
import { chatMessages, notifications, quietPresence } from '../schema';

/**
 * Of `userIds`, those inside a quiet zone at any event now. A presence whose reports
 * stopped (the app closed in the quiet room) holds nothing after QUIET_PRESENCE_FRESH_MS.
 */
export async function inQuietZone(db: Queryable, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const fresh = new Date(now.getTime() - QUIET_PRESENCE_FRESH_MS);
  const rows = await db
    .selectDistinct({ userId: quietPresence.userId })
    .from(quietPresence)
    .where(and(inArray(quietPresence.userId, [...new Set(userIds)]), gt(quietPresence.updatedAt, fresh)));
  return new Set(rows.map((r) => r.userId));
}

/** Who is in a quiet zone of the event now (their cards say so). */
export async function quietAt(db: Queryable, eventId: string, now: Date): Promise<Set<string>> {
  const fresh = new Date(now.getTime() - QUIET_PRESENCE_FRESH_MS);
  const rows = await db
    .select({ userId: quietPresence.userId })
    .from(quietPresence)
    .where(and(eq(quietPresence.eventId, eventId), gt(quietPresence.updatedAt, fresh)));
  return new Set(rows.map((r) => r.userId));
}

const KIND_OF: Record<string, keyof HeldPings> = {
  connection_request: 'requests',
  contact_exchange: 'cards',
};

/** What came in for `userId` from `since` on: direct messages, and their notifications by kind. */
export async function heldSince(db: Queryable, userId: string, since: Date): Promise<HeldPings> {
  const [messages, kinds] = await Promise.all([
    db
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.toUser, userId), gte(chatMessages.createdAt, since))),
    db
      .select({ kind: notifications.kind, n: count() })
      .from(notifications)
      // Chat messages are counted from the chats themselves (one is notified only when offline).
      .where(and(eq(notifications.userId, userId), gte(notifications.createdAt, since), ne(notifications.kind, 'chat_message')))
      .groupBy(notifications.kind),
  ]);
  const held: HeldPings = { messages: Number(messages[0]?.n ?? 0), requests: 0, cards: 0, other: 0 };
  for (const k of kinds) held[KIND_OF[k.kind] ?? 'other'] += Number(k.n);
  return held;
}
