/** Micro-communities (interest groups) of an event and their members. */
import { asc, eq, sql } from 'drizzle-orm';
import type { MicroCommunity } from '../../../contract/discovery';
import type { Db, Queryable } from '../client';
import { recordFeed } from './feed';
import { microCommunities, microCommunityMembers } from '../schema';

export type CommunityRow = typeof microCommunities.$inferSelect;

/** The event's communities with their member count and whether `userId` is a member, by name. */
export async function listCommunities(db: Queryable, eventId: string, userId: string): Promise<MicroCommunity[]> {
  // Spelled out: in a select list Drizzle leaves a column unqualified.
  const communityId = sql`${sql.identifier('micro_communities')}.${sql.identifier('id')}`;
  const rows = await db
    .select({
      id: microCommunities.id,
      name: microCommunities.name,
      description: microCommunities.description,
      interestTag: microCommunities.interestTag,
      memberCount: sql<number>`(select count(*) from ${microCommunityMembers} m where m.community_id = ${communityId})::int`,
      isMember: sql<boolean>`exists (select 1 from ${microCommunityMembers} m where m.community_id = ${communityId} and m.user_id = ${userId})`,
    })
    .from(microCommunities)
    .where(eq(microCommunities.eventId, eventId))
    .orderBy(asc(microCommunities.name), asc(microCommunities.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    interest_tag: r.interestTag,
    member_count: Number(r.memberCount),
    is_member: !!r.isMember,
  }));
}

export async function findCommunity(db: Queryable, id: string): Promise<CommunityRow | null> {
  const [row] = await db.select().from(microCommunities).where(eq(microCommunities.id, id)).limit(1);
  return row ?? null;
}

/**
 * Adds the member and the feed entry together. Answers true when the user became a
 * member now, false when they already were (and nothing is recorded twice).
 */
export async function joinCommunity(db: Db, community: CommunityRow, userId: string, now: Date): Promise<boolean> {
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
