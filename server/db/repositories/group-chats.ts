/**
 * Group chats (DESIGN 6): one per event for all its attendees, one per micro-community
 * for its members. Messages are stored, then published to the event's joined sockets
 * (event chat) or to the members (community chat), leaving out anyone blocked either
 * way with the sender: a block makes both vanish from each other everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { IdSchema } from '../../../contract/common';
import type { LiveServerMessage } from '../../../contract/live';
import type { GroupChat, GroupMessage } from '../../../contract/social';
import { ANONYMOUS_NAME } from '../../domain/visibility';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Queryable } from '../client';
import { events, groupChats, groupMessages, microCommunities, microCommunityMembers, users } from '../schema';
import { countMessage } from './chat';
import { requireAttendance } from './connections';
import { blockedIdsOf, isAttendee } from './relations';
import type { UserRow } from './users';

type ChatRow = typeof groupChats.$inferSelect;
type MessageRow = typeof groupMessages.$inferSelect;

/** Anonymous mode and anonymous browsing keep the sender's name out of group chats. */
export const groupSenderName = (u: Pick<UserRow, 'name' | 'visibilityMode' | 'anonymousBrowsing'>): string =>
  u.visibilityMode === 'anonymous' || u.anonymousBrowsing ? ANONYMOUS_NAME : u.name;

export const toGroupMessage = (r: MessageRow, sender: Pick<UserRow, 'name' | 'visibilityMode' | 'anonymousBrowsing'>): GroupMessage => ({
  id: r.id,
  group_id: r.groupId,
  from_user: r.fromUser,
  from_name: groupSenderName(sender),
  message: r.message,
  timestamp: r.createdAt.toISOString(),
});

/**
 * The event's chat for everyone, made now if the event has none yet (events made
 * before the chat existed). The event row is locked so two callers make one chat.
 */
export async function ensureEventGroupChat(db: Queryable, eventId: string): Promise<ChatRow | null> {
  const existing = async (q: Queryable) =>
    (
      await q
        .select()
        .from(groupChats)
        .where(and(eq(groupChats.eventId, eventId), isNull(groupChats.communityId)))
        .orderBy(asc(groupChats.createdAt), asc(groupChats.id))
        .limit(1)
    )[0] ?? null;
  const found = await existing(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, eventId)).for('update');
    if (!event) return null;
    const again = await existing(tx);
    if (again) return again;
    const [row] = await tx.insert(groupChats).values({ eventId, communityId: null, name: `${event.name} — everyone` }).returning();
    return row!;
  });
}

/** The community's chat, made now if it has none yet (same locking as the event chat). */
export async function ensureCommunityGroupChat(db: Queryable, communityId: string): Promise<ChatRow | null> {
  const existing = async (q: Queryable) =>
    (
      await q
        .select()
        .from(groupChats)
        .where(eq(groupChats.communityId, communityId))
        .orderBy(asc(groupChats.createdAt), asc(groupChats.id))
        .limit(1)
    )[0] ?? null;
  const found = await existing(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ name: microCommunities.name, eventId: microCommunities.eventId })
      .from(microCommunities)
      .where(eq(microCommunities.id, communityId))
      .for('update');
    if (!c) return null;
    const again = await existing(tx);
    if (again) return again;
    const [row] = await tx.insert(groupChats).values({ eventId: c.eventId, communityId, name: c.name }).returning();
    return row!;
  });
}

async function isCommunityMember(db: Queryable, communityId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: microCommunityMembers.userId })
    .from(microCommunityMembers)
    .where(and(eq(microCommunityMembers.communityId, communityId), eq(microCommunityMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/** The chat if `userId` may read and write it: 404 unknown, 403 not an attendee or member. */
export async function requireGroupAccess(db: Queryable, groupId: string, userId: string): Promise<ChatRow> {
  const [chat] = await db.select().from(groupChats).where(eq(groupChats.id, groupId)).limit(1);
  if (!chat) throw notFound('Group chat not found');
  if (!(await isAttendee(db, chat.eventId, userId))) throw forbidden('You need to join this event first');
  if (chat.communityId && !(await isCommunityMember(db, chat.communityId, userId))) {
    throw forbidden('This chat is for the members of its interest group: join the group first');
  }
  return chat;
}

async function lastMessage(db: Queryable, groupId: string, hidden: string[]): Promise<GroupMessage | null> {
  const [row] = await db
    .select({ message: groupMessages, sender: users })
    .from(groupMessages)
    .innerJoin(users, eq(users.id, groupMessages.fromUser))
    .where(and(eq(groupMessages.groupId, groupId), hidden.length ? notInArray(groupMessages.fromUser, hidden) : undefined))
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(1);
  return row ? toGroupMessage(row.message, row.sender) : null;
}

/** GET /events/{id}/group-chats: the event's chat, then the user's communities' chats by name. */
export async function listGroupChats(db: Queryable, me: UserRow, eventId: string): Promise<GroupChat[]> {
  await requireAttendance(db, eventId, me.id);
  const eventChat = await ensureEventGroupChat(db, eventId);
  const memberOf = await db
    .select({ id: microCommunities.id })
    .from(microCommunities)
    .innerJoin(microCommunityMembers, eq(microCommunityMembers.communityId, microCommunities.id))
    .where(and(eq(microCommunities.eventId, eventId), eq(microCommunityMembers.userId, me.id)));
  const communityChats: ChatRow[] = [];
  for (const c of memberOf) {
    const chat = await ensureCommunityGroupChat(db, c.id);
    if (chat) communityChats.push(chat);
  }
  communityChats.sort((a, b) => a.name.localeCompare(b.name));
  const hidden = [...(await blockedIdsOf(db, me.id))];
  const chats = [...(eventChat ? [eventChat] : []), ...communityChats];
  return Promise.all(
    chats.map(async (chat) => ({
      id: chat.id,
      name: chat.name,
      event_id: chat.eventId,
      community_id: chat.communityId,
      last_message: await lastMessage(db, chat.id, hidden),
    })),
  );
}

/** A page of a group chat, oldest first, without the messages of people blocked either way. */
export async function groupHistory(
  db: Queryable,
  me: UserRow,
  groupId: string,
  q: { before?: string; limit: number },
): Promise<GroupMessage[]> {
  await requireGroupAccess(db, groupId, me.id);
  let older: SQL | undefined;
  if (q.before !== undefined) {
    if (IdSchema.safeParse(q.before).success) {
      const [cursor] = await db
        .select({ createdAt: groupMessages.createdAt, id: groupMessages.id })
        .from(groupMessages)
        .where(and(eq(groupMessages.id, q.before), eq(groupMessages.groupId, groupId)))
        .limit(1);
      if (!cursor) throw badRequest('before: is not a message of this chat');
      older = or(
        lt(groupMessages.createdAt, cursor.createdAt),
        and(eq(groupMessages.createdAt, cursor.createdAt), lt(groupMessages.id, cursor.id)),
      );
    } else {
      older = lt(groupMessages.createdAt, new Date(q.before));
    }
  }
  const hidden = [...(await blockedIdsOf(db, me.id))];
  const rows = await db
    .select({ message: groupMessages, sender: users })
    .from(groupMessages)
    .innerJoin(users, eq(users.id, groupMessages.fromUser))
    .where(
      and(eq(groupMessages.groupId, groupId), older, hidden.length ? notInArray(groupMessages.fromUser, hidden) : undefined),
    )
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(q.limit);
  return rows.reverse().map((r) => toGroupMessage(r.message, r.sender));
}

/** POST /group-chats/{id}/messages: stores, then publishes to the chat's audience. */
export async function postGroupMessage(
  app: FastifyInstance,
  me: UserRow,
  groupId: string,
  text: string,
): Promise<GroupMessage> {
  const db = app.db;
  const chat = await requireGroupAccess(db, groupId, me.id);
  countMessage(app, me.id);
  const [row] = await db
    .insert(groupMessages)
    .values({ groupId: chat.id, fromUser: me.id, message: text, createdAt: app.clock() })
    .returning();
  const message = toGroupMessage(row!, me);
  const live: LiveServerMessage = { type: 'group_message', message };
  const blocked = [...(await blockedIdsOf(db, me.id))];
  if (!chat.communityId) {
    await app.realtime.toEvent(chat.eventId, live, { exceptUsers: blocked });
  } else {
    const members = await db
      .select({ userId: microCommunityMembers.userId })
      .from(microCommunityMembers)
      .where(
        and(
          eq(microCommunityMembers.communityId, chat.communityId),
          blocked.length ? notInArray(microCommunityMembers.userId, blocked) : undefined,
        ),
      );
    await app.realtime.toUsers(
      members.map((m) => m.userId),
      live,
    );
  }
  return message;
}
