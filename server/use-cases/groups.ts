/** SPEC 7 GET /groups: the groups the signed-in person belongs to. */
import type { Group } from '../../contract/plans';
import { groupsOf } from '../db/repositories/groups';
import type { UserRow } from '../db/repositories/users';
import { toGroup } from '../presenters/groups';
import { keptReads } from '../cache/kept';
import { tag } from '../cache/tags';
import type { Ctx } from './context';

/** Kept per person (cache/kept.ts): groups are made with the demo data only, so a change to the person is all that retires it. */
export function myGroups(ctx: Ctx, me: UserRow): Promise<Group[]> {
  return keptReads(ctx.db).read(`groups:${me.id}`, ctx.clock().getTime(), async () => ({
    value: (await groupsOf(ctx.db, me.id)).map(toGroup),
    tags: [tag.user(me.id)],
  }));
}
