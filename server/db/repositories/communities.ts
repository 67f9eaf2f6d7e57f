/** Micro-communities (interest groups) of an event and their members. */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { MicroCommunity } from '../../../contract/discovery';
import { asWritten } from '../../../contract/said';
import { chatName } from './events';
import type { Db, Queryable } from '../client';
import { recordFeed } from './feed';
import { groupChats, microCommunities, microCommunityMembers } from '../schema';

export type CommunityRow = typeof microCommunities.$inferSelect;

/** A community of an event with who its members are. */
export interface CommunityWithMembers {
  id: string;
  name: string;
  description: string;
  interestTag: string;
  members: ReadonlySet<string>;
  /** Its group chat, when one was made (issue 18: any attendee may listen to it). */
  chatId: string | null;
}

/** The event's communities with their members, by name. */
export async function communitiesWithMembers(db: Queryable, eventId: string): Promise<CommunityWithMembers[]> {
  const [rows, members, chats] = await Promise.all([
    db
      .select()
      .from(microCommunities)
      .where(eq(microCommunities.eventId, eventId))
      .orderBy(asc(microCommunities.name), asc(microCommunities.id)),
    db
      .select({ communityId: microCommunityMembers.communityId, userId: microCommunityMembers.userId })
      .from(microCommunityMembers)
      .innerJoin(microCommunities, eq(microCommunities.id, microCommunityMembers.communityId))
      .where(eq(microCommunities.eventId, eventId)),
    db
      .select({ id: groupChats.id, communityId: groupChats.communityId })
      .from(groupChats)
      .where(and(eq(groupChats.eventId, eventId), isNotNull(groupChats.communityId)))
      .orderBy(asc(groupChats.createdAt), asc(groupChats.id)),
  ]);
  const byCommunity = new Map<string, Set<string>>(rows.map((r) => [r.id, new Set()]));
  for (const m of members) byCommunity.get(m.communityId)?.add(m.userId);
  // The first chat made, as ensureCommunityGroupChat chooses.
  const chatOf = new Map<string, string>();
  for (const c of chats) if (c.communityId && !chatOf.has(c.communityId)) chatOf.set(c.communityId, c.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    interestTag: r.interestTag,
    members: byCommunity.get(r.id)!,
    chatId: chatOf.get(r.id) ?? null,
  }));
}

/** The communities as `userId` sees them: with their member count and whether they are a member. */
export const communitiesAsSeen = (rows: readonly CommunityWithMembers[], userId: string): MicroCommunity[] =>
  rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    interest_tag: r.interestTag,
    member_count: r.members.size,
    is_member: r.members.has(userId),
    group_chat_id: r.chatId,
  }));

export async function findCommunity(db: Queryable, id: string): Promise<CommunityRow | null> {
  const [row] = await db.select().from(microCommunities).where(eq(microCommunities.id, id)).limit(1);
  return row ?? null;
}

/**
 * Adds the member and the feed entry together. Answers true when the user became a
 * member now, false when they already were (and nothing is recorded twice).
 */
export async function joinCommunity(db: Db, community: Pick<CommunityRow, 'id' | 'eventId'>, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(microCommunityMembers)
      .values({ communityId: community.id, userId, joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: microCommunityMembers.userId });
    if (rows.length === 0) return false;
    await recordFeed(tx, { eventId: community.eventId, actorId: userId, kind: 'community_join', subjectId: community.id, at: now });
    return true;
  });
}

/** Whether the event has an interest group of this name, case aside. */
export async function communityNameTaken(db: Queryable, eventId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: microCommunities.id })
    .from(microCommunities)
    .where(and(eq(microCommunities.eventId, eventId), sql`lower(${microCommunities.name}) = lower(${name})`))
    .limit(1);
  return !!row;
}

/** A new interest group of the event with its group chat (DESIGN 6), made together. */
export async function insertCommunity(
  db: Queryable,
  eventId: string,
  c: { name: string; description: string; interest_tag: string },
  now: Date,
): Promise<{ community: CommunityRow; groupChatId: string }> {
  const [community] = await db
    .insert(microCommunities)
    .values({ eventId, name: c.name, description: c.description, interestTag: c.interest_tag, createdAt: now })
    .returning();
  const [chat] = await db
    .insert(groupChats)
    .values({ eventId, communityId: community!.id, ...chatName(asWritten(c.name)), createdAt: now })
    .returning({ id: groupChats.id });
  return { community: community!, groupChatId: chat!.id };
}
