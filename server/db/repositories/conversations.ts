/**
 * The Chats inbox read from the database in a few queries, whatever the number of
 * conversations: someone's one-to-one chats (one query: each partner's newest message,
 * the partner's row and the unread count) and the group chats they belong to (one query:
 * each chat's newest readable message and unread count). Read markers live in
 * conversation_reads, so counts hold across reloads, devices and instances. Who a
 * partner or a sender is to the reader is decided by the caller (use-cases/conversations.ts).
 *
 * Unread: messages from others after the reader's marker. Without a marker, a
 * one-to-one chat counts every message the other person sent, and a group chat the
 * messages since the reader joined it (the event for its chat, the interest group for
 * the group's chat): what was said before they came was never theirs to catch up on.
 */
import { and, desc, eq, gt, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversationKind } from '../../../contract/social';
import type { SaidValues } from '../../../contract/said';
import type { Queryable } from '../client';
import {
  chatMessages,
  conversationReads,
  eventAttendees,
  events,
  groupChatPeople,
  groupChats,
  groupMessages,
  microCommunityMembers,
  users,
} from '../schema';
import { activeUserSql, notBlockedSql } from './connections';
import { personColumns, type PersonRow } from './people';

/** A one-to-one conversation as read: the partner, the newest message, the unread count. */
export interface DirectRow {
  partner: PersonRow;
  last: { id: string; fromUser: string; message: string; at: Date };
  unread: number;
  /** The reader's read mark in this chat, if any: messages after it are unread. */
  readAt: Date | null;
}

/** A group conversation as read: the chat, its newest message the reader may see (if any), the unread count. */
export interface GroupRow {
  id: string;
  name: string;
  eventId: string;
  /** When the reader joined it: the inbox orders a chat without messages by it. */
  joinedAt: Date;
  last: { id: string; fromUser: string; message: string; at: Date } | null;
  unread: number;
}

const markerOf = (readerId: string, kind: ConversationKind, conversationId: typeof groupChats.id | ReturnType<typeof sql>) =>
  and(eq(conversationReads.userId, readerId), eq(conversationReads.kind, kind), eq(conversationReads.conversationId, conversationId));

/**
 * The reader's one-to-one conversations, newest activity first, at most `limit`: every
 * person they exchanged a message with who is active, not banned and not blocked either way.
 */
export async function directConversations(db: Queryable, readerId: string, now: Date, limit: number): Promise<DirectRow[]> {
  const partnerOf = sql<string>`case when ${chatMessages.fromUser} = ${readerId} then ${chatMessages.toUser} else ${chatMessages.fromUser} end`;
  // The pair, written without the reader's id: DISTINCT ON must repeat ORDER BY's first
  // expressions exactly, and a parameter twice is two different expressions to PostgreSQL.
  const pair = [
    sql`least(${chatMessages.fromUser}, ${chatMessages.toUser})`,
    sql`greatest(${chatMessages.fromUser}, ${chatMessages.toUser})`,
  ];
  // Each partner's newest message (both directions are read through their pair indexes).
  const latest = db.$with('latest').as(
    db
      .selectDistinctOn(pair, {
        partnerId: partnerOf.as('partner_id'),
        messageId: sql<string>`${chatMessages.id}`.as('message_id'),
        fromUser: sql<string>`${chatMessages.fromUser}`.as('last_from'),
        message: sql<string>`${chatMessages.message}`.as('last_message'),
        at: sql`${chatMessages.createdAt}`.mapWith(chatMessages.createdAt).as('last_at'),
      })
      .from(chatMessages)
      .where(or(eq(chatMessages.fromUser, readerId), eq(chatMessages.toUser, readerId)))
      .orderBy(...pair, desc(chatMessages.createdAt), desc(chatMessages.id)),
  );
  const m = alias(chatMessages, 'unread_m');
  const unread = db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .where(
      and(
        eq(m.toUser, readerId),
        eq(m.fromUser, latest.partnerId),
        sql`${m.createdAt} > coalesce(${conversationReads.readAt}, '-infinity'::timestamptz)`,
      ),
    );
  const rows = await db
    .with(latest)
    .select({
      partner: personColumns,
      messageId: latest.messageId,
      fromUser: latest.fromUser,
      message: latest.message,
      at: latest.at,
      unread: sql<number>`(${unread})`,
      readAt: conversationReads.readAt,
    })
    .from(latest)
    .innerJoin(users, eq(users.id, latest.partnerId))
    .leftJoin(conversationReads, markerOf(readerId, 'direct', sql`${latest.partnerId}`))
    // A chat with someone who deleted their account stays the reader's, from "Former attendee" (issue 42).
    .where(and(or(activeUserSql(now), isNotNull(users.erasedAt)), notBlockedSql(readerId, users.id)))
    .orderBy(desc(latest.at), desc(latest.messageId))
    .limit(limit);
  return rows.map((r) => ({
    partner: r.partner,
    last: { id: r.messageId, fromUser: r.fromUser, message: r.message, at: r.at },
    unread: Number(r.unread),
    readAt: r.readAt,
  }));
}

/** A group chat the reader belongs to, with when they joined it and their read mark (if any). */
export interface GroupMembership {
  id: string;
  name: string;
  /** The name's message id and values (contract/said.ts). */
  nameCode: string;
  nameParams: SaidValues;
  eventId: string;
  joinedAt: Date;
  readAt: Date | null;
}

/**
 * The group chats the reader belongs to (their events' chats, their interest groups'
 * chats, and the interest groups' chats they listen to: issue 18; their pods' chats: issue 43), without their messages.
 */
export async function groupMemberships(db: Queryable, readerId: string): Promise<GroupMembership[]> {
  const joinedAt = sql`case when ${groupChats.communityId} is null and ${groupChats.podId} is null then ${eventAttendees.joinedAt} else coalesce(${microCommunityMembers.joinedAt}, ${groupChatPeople.joinedAt}) end`.mapWith(
    eventAttendees.joinedAt,
  );
  return db
    .select({
      id: groupChats.id,
      name: groupChats.name,
      nameCode: groupChats.nameCode,
      nameParams: groupChats.nameParams,
      eventId: groupChats.eventId,
      joinedAt,
      readAt: conversationReads.readAt,
    })
    .from(groupChats)
    .innerJoin(eventAttendees, and(eq(eventAttendees.eventId, groupChats.eventId), eq(eventAttendees.userId, readerId)))
    // An event an admin took down takes its chats out of the inbox (issue 16).
    .innerJoin(events, and(eq(events.id, groupChats.eventId), isNull(events.hiddenAt)))
    .leftJoin(
      microCommunityMembers,
      and(eq(microCommunityMembers.communityId, groupChats.communityId), eq(microCommunityMembers.userId, readerId)),
    )
    .leftJoin(groupChatPeople, and(eq(groupChatPeople.groupId, groupChats.id), eq(groupChatPeople.userId, readerId)))
    .leftJoin(conversationReads, markerOf(readerId, 'group', groupChats.id))
        // A pod's chat (issue 43) is listed to its members only: they have a place in it, as listeners of a community's do.
    .where(or(and(isNull(groupChats.communityId), isNull(groupChats.podId)), isNotNull(microCommunityMembers.userId), isNotNull(groupChatPeople.userId)));
}

/** Messages of the chat from others after `since`, none by `hidden` people: for a reader far behind. */
export async function groupUnreadSince(db: Queryable, groupId: string, readerId: string, since: Date, hidden: ReadonlySet<string>): Promise<number> {
  const blocked = [...hidden];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(groupMessages)
    .where(
      and(
        eq(groupMessages.groupId, groupId),
        ne(groupMessages.fromUser, readerId),
        blocked.length ? notInArray(groupMessages.fromUser, blocked) : undefined,
        gt(groupMessages.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Moves the reader's marker of a conversation to `at`; never back (two instances' clocks
 * may differ by a moment, and a mark is never meant to make read messages unread).
 */
export async function markConversationRead(db: Queryable, readerId: string, kind: ConversationKind, conversationId: string, at: Date): Promise<void> {
  await db
    .insert(conversationReads)
    .values({ userId: readerId, kind, conversationId, readAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.userId, conversationReads.kind, conversationReads.conversationId],
      set: { readAt: sql`greatest(${conversationReads.readAt}, excluded.read_at)` },
    });
}
