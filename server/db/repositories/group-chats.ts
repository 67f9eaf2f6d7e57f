/**
 * Group chats (DESIGN 6): one per event for all its attendees, one per micro-community
 * for its members; their messages, leaving out anyone blocked either way with the
 * reader: a block makes both vanish from each other everywhere. Who may read and write
 * is access/chats.ts; posting and telling is use-cases/group-chats.ts.
 */
import { and, asc, desc, eq, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { GroupChatRole } from '../../../contract/social';
import type { ViewerContext } from '../../domain/visibility';
import type { Queryable } from '../client';
import { events, groupChatPeople, groupChats, groupMessages, microCommunities, microCommunityMembers, users } from '../schema';
import { asWritten } from '../../../contract/said';
import { chatName, eventChatName } from './events';
import { authorColumns, type Person } from './people';

export type GroupChatRow = typeof groupChats.$inferSelect;
type ChatRow = GroupChatRow;
export type GroupMessageRow = typeof groupMessages.$inferSelect;

/**
 * The first chat `which` selects, made now if there is none yet: the row `lock` reads
 * (the event or the community) is locked so two callers make one chat, and answers what
 * the chat is made of, or null when that row is gone.
 */
async function ensureGroupChat(
  db: Queryable,
  which: SQL,
  lock: (tx: Queryable) => Promise<Pick<typeof groupChats.$inferInsert, 'eventId' | 'communityId' | 'name' | 'nameCode' | 'nameParams'> | null>,
  onMade?: () => void,
): Promise<ChatRow | null> {
  const existing = async (q: Queryable) =>
    (await q.select().from(groupChats).where(which).orderBy(asc(groupChats.createdAt), asc(groupChats.id)).limit(1))[0] ?? null;
  const found = await existing(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    const values = await lock(tx);
    if (!values) return null;
    const again = await existing(tx);
    if (again) return again;
    const [row] = await tx.insert(groupChats).values(values).returning();
    onMade?.();
    return row!;
  });
}

/** The event's chat for everyone, made now if the event has none yet (events made before the chat existed). */
export function ensureEventGroupChat(db: Queryable, eventId: string, onMade?: () => void): Promise<ChatRow | null> {
  return ensureGroupChat(
    db,
    and(eq(groupChats.eventId, eventId), isNull(groupChats.communityId), isNull(groupChats.podId))!,
    async (tx) => {
      const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, eventId)).for('update');
      return event ? { eventId, communityId: null, ...chatName(eventChatName({ event: event.name })) } : null;
    },
    onMade,
  );
}

/** The community's chat, made now if it has none yet. */
export function ensureCommunityGroupChat(db: Queryable, communityId: string, onMade?: () => void): Promise<ChatRow | null> {
  return ensureGroupChat(
    db,
    eq(groupChats.communityId, communityId),
    async (tx) => {
      const [c] = await tx
        .select({ name: microCommunities.name, eventId: microCommunities.eventId })
        .from(microCommunities)
        .where(eq(microCommunities.id, communityId))
        .for('update');
      return c ? { eventId: c.eventId, communityId, ...chatName(asWritten(c.name)) } : null;
    },
    onMade,
  );
}

export async function isCommunityMember(db: Queryable, communityId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: microCommunityMembers.userId })
    .from(microCommunityMembers)
    .where(and(eq(microCommunityMembers.communityId, communityId), eq(microCommunityMembers.userId, userId)))
    .limit(1);
  return !!row;
}

export async function findGroupChat(db: Queryable, groupId: string): Promise<ChatRow | null> {
  const [chat] = await db.select().from(groupChats).where(eq(groupChats.id, groupId)).limit(1);
  return chat ?? null;
}

/** Messages of the chat the reader may see: none by people blocked either way. */
function readable(groupId: string, reader: ViewerContext): SQL | undefined {
  const hidden = [...reader.blocked];
  return and(eq(groupMessages.groupId, groupId), hidden.length ? notInArray(groupMessages.fromUser, hidden) : undefined);
}

/** A message and its sender, as shared spaces show people. */
export interface GroupMessageWithSender {
  message: GroupMessageRow;
  sender: Person;
}

/** The chat's newest `limit` messages with their senders, newest first, for everyone (kept per chat, cache/shared-spaces.ts). */
export async function newestGroupMessages(db: Queryable, groupId: string, limit: number): Promise<GroupMessageWithSender[]> {
  return db
    .select({ message: groupMessages, sender: authorColumns })
    .from(groupMessages)
    .innerJoin(users, eq(users.id, groupMessages.fromUser))
    .where(eq(groupMessages.groupId, groupId))
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(limit);
}

/** Where a page ends: a message of this chat, or null when the id is not one of its messages. */
export async function findGroupCursor(db: Queryable, groupId: string, messageId: string) {
  const [cursor] = await db
    .select({ createdAt: groupMessages.createdAt, id: groupMessages.id })
    .from(groupMessages)
    .where(and(eq(groupMessages.id, messageId), eq(groupMessages.groupId, groupId)))
    .limit(1);
  return cursor ?? null;
}

/** A page of a group chat, oldest first, without the messages of people blocked either way. */
export async function groupHistory(
  db: Queryable,
  reader: ViewerContext,
  groupId: string,
  q: { before?: { createdAt: Date; id: string } | Date; limit: number },
): Promise<GroupMessageWithSender[]> {
  let older: SQL | undefined;
  if (q.before instanceof Date) older = lt(groupMessages.createdAt, q.before);
  else if (q.before)
    older = or(
      lt(groupMessages.createdAt, q.before.createdAt),
      and(eq(groupMessages.createdAt, q.before.createdAt), lt(groupMessages.id, q.before.id)),
    );
  const rows = await db
    .select({ message: groupMessages, sender: authorColumns })
    .from(groupMessages)
    .innerJoin(users, eq(users.id, groupMessages.fromUser))
    .where(and(readable(groupId, reader), older))
    .orderBy(desc(groupMessages.createdAt), desc(groupMessages.id))
    .limit(q.limit);
  return rows.reverse();
}

export async function insertGroupMessage(db: Queryable, groupId: string, senderId: string, text: string, at: Date): Promise<GroupMessageRow> {
  const [row] = await db.insert(groupMessages).values({ groupId, fromUser: senderId, message: text, createdAt: at }).returning();
  return row!;
}

/** The members of a community, leaving out `except`. */
export async function communityMemberIds(db: Queryable, communityId: string, except: readonly string[]): Promise<string[]> {
  const members = await db
    .select({ userId: microCommunityMembers.userId })
    .from(microCommunityMembers)
    .where(
      and(
        eq(microCommunityMembers.communityId, communityId),
        except.length ? notInArray(microCommunityMembers.userId, [...except]) : undefined,
      ),
    );
  return members.map((m) => m.userId);
}

/**
 * Who took a place in a chat (issue 18): listeners, and members who posted or pressed
 * "Join in". A community's members are members of its chat without a row.
 */
export async function chatRoles(db: Queryable, groupId: string): Promise<Map<string, GroupChatRole>> {
  const [rows, senders] = await Promise.all([
    db
      .select({ userId: groupChatPeople.userId, role: groupChatPeople.role })
      .from(groupChatPeople)
      .where(eq(groupChatPeople.groupId, groupId)),
    // Whoever posted is a member, also from before places were kept (posting now keeps one).
    db.selectDistinct({ userId: groupMessages.fromUser }).from(groupMessages).where(eq(groupMessages.groupId, groupId)),
  ]);
  const roles = new Map<string, GroupChatRole>(rows.map((r) => [r.userId, r.role === 'member' ? 'member' : 'listener']));
  for (const s of senders) roles.set(s.userId, 'member');
  return roles;
}

/** Starts listening; false when the user already had a place in the chat (a member stays one). */
export async function addListener(db: Queryable, groupId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(groupChatPeople)
    .values({ groupId, userId, role: 'listener', joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: groupChatPeople.userId });
  return rows.length > 0;
}

/** Makes the user a member (a listener becomes one); false when they already were. */
export async function addMember(db: Queryable, groupId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(groupChatPeople)
    .values({ groupId, userId, role: 'member', joinedAt: now })
    .onConflictDoUpdate({
      target: [groupChatPeople.groupId, groupChatPeople.userId],
      set: { role: 'member', joinedAt: now },
      setWhere: eq(groupChatPeople.role, 'listener'),
    })
    .returning({ userId: groupChatPeople.userId });
  return rows.length > 0;
}

/** Stops listening; false when the user was not listening. */
export async function removeListener(db: Queryable, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(groupChatPeople)
    .where(and(eq(groupChatPeople.groupId, groupId), eq(groupChatPeople.userId, userId), eq(groupChatPeople.role, 'listener')))
    .returning({ userId: groupChatPeople.userId });
  return rows.length > 0;
}
