/** The groups a user belongs to (SPEC 3 "Group"). */
import { asc, eq } from 'drizzle-orm';
import type { Group } from '../../../contract/plans';
import type { Queryable } from '../client';
import { groupMembers, groups } from '../schema';

export async function groupsOf(db: Queryable, userId: string): Promise<Group[]> {
  const rows = await db
    .select({ id: groups.id, name: groups.name, description: groups.description, category: groups.category, isPrivate: groups.isPrivate })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, category: r.category, is_private: r.isPrivate }));
}
