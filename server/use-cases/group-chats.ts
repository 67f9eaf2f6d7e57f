/**
 * Group chats (DESIGN 6): an event's chat for all its attendees, a community's for its
 * members (domain/access.ts). A message is stored, then published to the event's joined
 * sockets (event chat) or to the members (community chat), leaving out anyone blocked
 * either way with the sender; each reader sees the sender as DESIGN 5 lets them.
 */
import { IdSchema } from '../../contract/common';
import type { GroupChat, GroupMessage } from '../../contract/social';
import {
  communityMemberIds,
  findGroupCursor,
  groupHistory as readHistory,
  insertGroupMessage,
  listGroupChats,
  toGroupMessage,
} from '../db/repositories/group-chats';
import { authorAs, viewerContext } from '../db/repositories/insights';
import type { UserRow } from '../db/repositories/users';
import { eventForAttendee, groupChatFor } from '../domain/access';
import { badRequest } from '../errors';
import type { Ctx } from './context';
import { publishAsSeen } from './shared-spaces';

export async function eventGroupChats(ctx: Ctx, me: UserRow, eventId: string): Promise<GroupChat[]> {
  await eventForAttendee(ctx.db, eventId, me.id, ctx.clock());
  return listGroupChats(ctx.db, await viewerContext(ctx.db, me.id, ctx.clock()), eventId);
}

/** A page of a group chat, oldest first, without the messages of people blocked either way. */
export async function groupHistory(ctx: Ctx, me: UserRow, groupId: string, q: { before?: string; limit: number }): Promise<GroupMessage[]> {
  await groupChatFor(ctx.db, groupId, me.id);
  let before: { createdAt: Date; id: string } | Date | undefined;
  if (q.before !== undefined) {
    if (IdSchema.safeParse(q.before).success) {
      const cursor = await findGroupCursor(ctx.db, groupId, q.before);
      if (!cursor) throw badRequest('before: is not a message of this chat');
      before = cursor;
    } else {
      before = new Date(q.before);
    }
  }
  return readHistory(ctx.db, await viewerContext(ctx.db, me.id, ctx.clock()), groupId, { before, limit: q.limit });
}

export async function postGroupMessage(ctx: Ctx, me: UserRow, groupId: string, text: string): Promise<GroupMessage> {
  const chat = await groupChatFor(ctx.db, groupId, me.id);
  await ctx.limits.message(me.id);
  const now = ctx.clock();
  const row = await insertGroupMessage(ctx.db, chat.id, me.id, text, now);
  const own = await viewerContext(ctx.db, me.id, now);
  const to = chat.communityId ? { users: await communityMemberIds(ctx.db, chat.communityId, [...own.blocked]) } : { event: chat.eventId };
  await publishAsSeen(ctx.realtime, me, own, to, (sender) => ({ type: 'group_message', message: toGroupMessage(row, sender) }));
  return toGroupMessage(row, authorAs(own, me));
}
