/** SPEC 7 GET /groups: the groups the signed-in person belongs to. */
import type { Group } from '../../contract/plans';
import { groupsOf } from '../db/repositories/groups';
import type { UserRow } from '../db/repositories/users';
import type { Ctx } from './context';

export function myGroups(ctx: Ctx, me: UserRow): Promise<Group[]> {
  return groupsOf(ctx.db, me.id);
}
