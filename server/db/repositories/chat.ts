/**
 * One-to-one chat messages, as rows (presenters/chat.ts shapes them): a page of history,
 * the message a client id already stored, the pair's ice breaker a message names, and
 * storing a message. Who may chat with whom is access/people.ts; sending and telling is
 * use-cases/chat.ts.
 */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { MessageType } from '../../../contract/constants';
import type { Queryable } from '../client';
import { chatMessages, iceBreakers } from '../schema';

export type ChatRow = typeof chatMessages.$inferSelect;

const pairOf = (a: string, b: string): SQL =>
  or(
    and(eq(chatMessages.fromUser, a), eq(chatMessages.toUser, b)),
    and(eq(chatMessages.fromUser, b), eq(chatMessages.toUser, a)),
  )!;

/** Where a page ends: a message of this chat, or null when the id is not one of its messages. */
export async function findChatCursor(
  db: Queryable,
  meId: string,
  otherId: string,
  messageId: string,
): Promise<{ createdAt: Date; id: string } | null> {
  const [cursor] = await db
    .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), pairOf(meId, otherId)))
    .limit(1);
  return cursor ?? null;
}

/** Whether either of the two ever wrote to the other. */
export async function haveConversed(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ id: chatMessages.id }).from(chatMessages).where(pairOf(a, b)).limit(1);
  return !!row;
}

/**
 * A page of the chat between two people, oldest first: the `limit` newest messages
 * before `before` (a message of this chat, or a date and time).
 */
export async function chatHistory(
  db: Queryable,
  meId: string,
  otherId: string,
  q: { before?: { createdAt: Date; id: string } | Date; limit: number },
): Promise<ChatRow[]> {
  let older: SQL | undefined;
  if (q.before instanceof Date) older = lt(chatMessages.createdAt, q.before);
  else if (q.before)
    older = or(
      lt(chatMessages.createdAt, q.before.createdAt),
      and(eq(chatMessages.createdAt, q.before.createdAt), lt(chatMessages.id, q.before.id)),
    );
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(pairOf(meId, otherId), older))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(q.limit);
  return rows.reverse();
}

/** The sender's message stored under this client id (the offline outbox's retry key). */
export async function findByClientId(db: Queryable, senderId: string, clientId: string): Promise<ChatRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.fromUser, senderId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row ?? null;
}

/** The ice breaker's id if it was made for this pair (either way round), else null. */
export async function findPairIceBreaker(db: Queryable, a: string, b: string, id: string): Promise<string | null> {
  const [ib] = await db
    .select({ id: iceBreakers.id })
    .from(iceBreakers)
    .where(
      and(
        eq(iceBreakers.id, id),
        or(and(eq(iceBreakers.userA, a), eq(iceBreakers.userB, b)), and(eq(iceBreakers.userA, b), eq(iceBreakers.userB, a))),
      ),
    )
    .limit(1);
  return ib?.id ?? null;
}

/** Stores a message; null when the sender's client id is taken (a retry raced it). */
export async function insertChatMessage(
  db: Queryable,
  v: {
    fromUser: string;
    toUser: string;
    eventId: string | null;
    message: string;
    messageType: MessageType;
    iceBreakerId: string | null;
    clientId: string | null;
    at: Date;
  },
): Promise<ChatRow | null> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      fromUser: v.fromUser,
      toUser: v.toUser,
      eventId: v.eventId,
      message: v.message,
      messageType: v.messageType,
      iceBreakerId: v.iceBreakerId,
      clientId: v.clientId,
      createdAt: v.at,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
