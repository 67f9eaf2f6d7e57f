/**
 * Muted chats (issue 18 item 3): while `user_id` has muted `other_user_id`, the other's
 * messages still arrive and are stored, but come quietly. A mute whose `until` has passed
 * counts as nothing; rows are replaced, never piled up (one per pair).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../client';
import { conversationMutes } from '../schema';

/** Mutes the chat with `otherId` for `userId` until `until` (a later or earlier mute replaces it). */
export async function upsertMute(db: Queryable, userId: string, otherId: string, until: Date): Promise<void> {
  await db
    .insert(conversationMutes)
    .values({ userId, otherUserId: otherId, until })
    .onConflictDoUpdate({ target: [conversationMutes.userId, conversationMutes.otherUserId], set: { until } });
}

/** Whether `userId` has muted the chat with `otherId` at `now`. */
export async function isMuted(db: Queryable, userId: string, otherId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ until: conversationMutes.until })
    .from(conversationMutes)
    .where(and(eq(conversationMutes.userId, userId), eq(conversationMutes.otherUserId, otherId), gt(conversationMutes.until, now)));
  return row !== undefined;
}

/** The user's mutes not yet over, soonest end first. */
export async function mutesOf(db: Queryable, userId: string, now: Date): Promise<Array<{ otherUserId: string; until: Date }>> {
  return db
    .select({ otherUserId: conversationMutes.otherUserId, until: conversationMutes.until })
    .from(conversationMutes)
    .where(and(eq(conversationMutes.userId, userId), gt(conversationMutes.until, now)))
    .orderBy(asc(conversationMutes.until));
}

/** Ends a mute now; false when there was none still running (an expired one is removed too). */
export async function deleteMute(db: Queryable, userId: string, otherId: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(conversationMutes)
    .where(and(eq(conversationMutes.userId, userId), eq(conversationMutes.otherUserId, otherId)))
    .returning({ until: conversationMutes.until });
  return rows.some((r) => r.until > now);
}
