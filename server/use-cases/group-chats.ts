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
  toGroupMessage,
} from '../db/repositories/group-chats';
import { authorAs, viewerContext, type ViewerContext } from '../db/repositories/insights';
import type { UserRow } from '../db/repositories/users';
import { eventForAttendee, groupChatFor } from '../domain/access';
import { badRequest } from '../errors';
import { announceKept, pageFromWindow, tag } from '../cache/kept';
import { eventCommunities, eventGroupChatRows, groupMessageWindow } from '../cache/shared-spaces';
import type { Ctx } from './context';
import { publishAsSeen } from './shared-spaces';

/** The newest `limit` messages of the chat the reader may see, oldest first: from the kept window, or read for them alone. */
async function newestSeen(ctx: Ctx, reader: ViewerContext, groupId: string, limit: number): Promise<GroupMessage[]> {
  const window = await groupMessageWindow(ctx.db, groupId, reader.now);
  const rows = pageFromWindow(window.rows, window.full, (r) => !reader.blocked.has(r.sender.id), limit);
  if (!rows) return readHistory(ctx.db, reader, groupId, { limit });
  return rows.reverse().map((r) => toGroupMessage(r.message, authorAs(reader, r.sender)));
}

/** GET /events/{id}/group-chats: the event's chat, then the user's communities' chats by name. */
export async function eventGroupChats(ctx: Ctx, me: UserRow, eventId: string): Promise<GroupChat[]> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now);
  const reader = await viewerContext(ctx.db, me.id, now);
  const [rows, communities] = await Promise.all([eventGroupChatRows(ctx, eventId, now), eventCommunities(ctx.db, eventId, now)]);
  const mine = communities
    .filter((c) => c.members.has(me.id))
    .flatMap((c) => rows.communities.get(c.id) ?? [])
    .sort((a, b) => a.name.localeCompare(b.name));
  const chats = [...(rows.event ? [rows.event] : []), ...mine];
  return Promise.all(
    chats.map(async (chat) => ({
      id: chat.id,
      name: chat.name,
      event_id: chat.eventId,
      community_id: chat.communityId,
      last_message: (await newestSeen(ctx, reader, chat.id, 1))[0] ?? null,
    })),
  );
}

/** A page of a group chat, oldest first, without the messages of people blocked either way. */
export async function groupHistory(ctx: Ctx, me: UserRow, groupId: string, q: { before?: string; limit: number }): Promise<GroupMessage[]> {
  const now = ctx.clock();
  await groupChatFor(ctx.db, groupId, me.id, now);
  const reader = await viewerContext(ctx.db, me.id, now);
  if (q.before === undefined) return newestSeen(ctx, reader, groupId, q.limit);
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
  return readHistory(ctx.db, reader, groupId, { before, limit: q.limit });
}

export async function postGroupMessage(ctx: Ctx, me: UserRow, groupId: string, text: string): Promise<GroupMessage> {
  const now = ctx.clock();
  const chat = await groupChatFor(ctx.db, groupId, me.id, now);
  await ctx.limits.message(me.id);
  const row = await insertGroupMessage(ctx.db, chat.id, me.id, text, now);
  announceKept(ctx, [tag.group(chat.id)]);
  const own = await viewerContext(ctx.db, me.id, now);
  const to = chat.communityId ? { users: await communityMemberIds(ctx.db, chat.communityId, [...own.blocked]) } : { event: chat.eventId };
  await publishAsSeen(ctx.realtime, me, own, to, (sender) => ({ type: 'group_message', message: toGroupMessage(row, sender) }));
  return toGroupMessage(row, authorAs(own, me));
}
