/** The groups a user belongs to (SPEC 3 "Group"). */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { groupMembers, groups } from '../schema';

export type GroupRow = Pick<typeof groups.$inferSelect, 'id' | 'name' | 'description' | 'category' | 'isPrivate'>;

export async function groupsOf(db: Queryable, userId: string): Promise<GroupRow[]> {
  return db
    .select({ id: groups.id, name: groups.name, description: groups.description, category: groups.category, isPrivate: groups.isPrivate })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}
