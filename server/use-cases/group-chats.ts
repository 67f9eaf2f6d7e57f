/**
 * Group chats (DESIGN 6): an event's chat for all its attendees, a community's for its
 * members and listeners (access/chats.ts). A message is stored, then published to the
 * event's joined sockets (event chat) or to the members and listeners (community chat),
 * leaving out anyone blocked either way with the sender; each reader sees the sender as
 * DESIGN 5 lets them.
 *
 * Just listening (issue 18): any attendee may listen to the event's chat or any of its
 * communities' chats. Listeners read everything and are never named to anyone, only
 * counted; members are listed. Posting, or "Join in", makes a member (in a community's
 * chat, a member of the community too).
 */
import { IdSchema } from '../../contract/common';
import type { GroupChat, GroupChatPeople, GroupChatPerson, GroupMessage } from '../../contract/social';
import {
  addListener,
  addMember,
  findGroupCursor,
  groupHistory as readHistory,
  insertGroupMessage,
  removeListener,
  type GroupChatRow,
  type GroupMessageWithSender,
} from '../db/repositories/group-chats';
import { joinCommunity } from '../db/repositories/communities';
import { podChatsOf } from '../db/repositories/pods';
import { viewerContext } from '../cache/relations';
import { peopleByIds, type Person } from '../db/repositories/people';
import { type ViewerContext, exists } from '../domain/visibility';
import { toGroupMessage } from '../presenters/chat';
import { authorAs } from '../presenters/people';
import type { UserRow } from '../db/repositories/users';
import type { EventPeople } from '../cache/event-people';
import { groupChatFor, groupChatOfAttendee, isClosedChat } from '../access/chats';
import { eventForAttendee } from '../access/events';
import { badRequest } from '../core/errors';
import { keptReads, pageFromWindow } from '../cache/kept';
import { announceKept, tag } from '../cache/tags';
import { chatPeopleOf, eventCommunities, eventGroupChatRows, groupMessageWindow, keptChatRoles } from '../cache/shared-spaces';
import type { Ctx } from './context';
import { publishAsSeen } from './shared-spaces';

/** Messages, oldest first, each with its sender as the reader sees them. */
const seenBy = (reader: ViewerContext, rows: readonly GroupMessageWithSender[]): GroupMessage[] =>
  rows.map((r) => toGroupMessage(r.message, authorAs(reader, r.sender)));

/** The newest `limit` messages of the chat the reader may see, oldest first: from the kept window, or read for them alone. */
async function newestSeen(ctx: Ctx, reader: ViewerContext, groupId: string, limit: number): Promise<GroupMessage[]> {
  const window = await groupMessageWindow(ctx.db, groupId, reader.now);
  const rows = pageFromWindow(window.rows, window.full, (r) => !reader.blocked.has(r.sender.id), limit);
  return seenBy(reader, rows ? rows.reverse() : await readHistory(ctx.db, reader, groupId, { limit }));
}

/** GET /events/{id}/group-chats: the event's chat, then the user's communities' chats by name, then their pods' chats. */
export async function eventGroupChats(ctx: Ctx, me: UserRow, eventId: string): Promise<GroupChat[]> {
  const now = ctx.clock();
  const event = await eventForAttendee(ctx.db, eventId, me.id, now);
  const reader = await viewerContext(ctx.db, me.id, now);
  const [rows, communities] = await Promise.all([eventGroupChatRows(ctx, eventId, now), eventCommunities(ctx.db, eventId, now)]);
  // The communities' chats I belong to: a member's, and those I listen to or joined (issue 18).
  const theirs = communities.flatMap((c) => {
    const chat = rows.communities.get(c.id);
    return chat ? [{ chat, member: c.members.has(me.id) }] : [];
  });
  const roles = await Promise.all(theirs.map((t) => (t.member ? null : keptChatRoles(ctx.db, t.chat.id, now))));
  const mine = theirs
    .filter((t, i) => t.member || roles[i]!.has(me.id))
    .map((t) => t.chat)
    .sort((a, b) => a.name.localeCompare(b.name));
  // The person's pods' chats (issue 43), theirs alone.
  const chats = [...(rows.event ? [rows.event] : []), ...mine, ...(await podChatsOf(ctx.db, eventId, me.id))];
  return Promise.all(
    chats.map(async (chat) => ({
      id: chat.id,
      name: chat.name,
      name_code: chat.nameCode,
      name_params: chat.nameParams,
      event_id: chat.eventId,
      community_id: chat.communityId,
      closed: isClosedChat(chat, event.endTime, now),
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
      if (!cursor) throw badRequest(/*i18n*/ { id: 'error.field.beforeNotMessage', message: 'before: is not a message of this chat' });
      before = cursor;
    } else {
      before = new Date(q.before);
    }
  }
  return seenBy(reader, await readHistory(ctx.db, reader, groupId, { before, limit: q.limit }));
}

/**
 * POST /group-chats/{id}/messages: stores the message (the first makes the poster a
 * member) and answers it with `tell`, which has the chat's people hear it live. The
 * route answers the poster first and tells after: in the event's chat that is a frame
 * for each of a thousand sockets, 15-22 ms the poster need not wait for (issue 15).
 */
export async function postGroupMessage(
  ctx: Ctx,
  me: UserRow,
  groupId: string,
  text: string,
): Promise<{ message: GroupMessage; tell: () => Promise<void> }> {
  const now = ctx.clock();
  const chat = await groupChatFor(ctx.db, groupId, me.id, now, { writing: true });
  await ctx.limits.message(me.id);
  // Who the poster is to others and who is in the chat are read beside the insert (one wait).
  const [row, own, people] = await Promise.all([
    insertGroupMessage(ctx.db, chat.id, me.id, text, now),
    viewerContext(ctx.db, me.id, now),
    peopleOfChat(ctx, chat, me.id, now),
  ]);
  announceKept(ctx, [tag.group(chat.id)]);
  // The first message makes the poster a member (issue 18): listed, and no longer listening.
  const became = people.members.has(me.id) ? null : await becomeMember(ctx, me, chat, now);
  const to = chat.communityId || chat.podId ? { users: [...people.members, ...people.listeners] } : { event: chat.eventId };
  const tell = async () => {
    await publishAsSeen(ctx.realtime, me, own, to, (sender) => ({ type: 'group_message', message: toGroupMessage(row, sender) }));
    if (became) await publishCounts(ctx, chat, became);
  };
  return { message: toGroupMessage(row, authorAs(own, me)), tell };
}

/** The chat's members and listeners, from the event's kept attendees. */
async function peopleOfChat(ctx: Ctx, chat: GroupChatRow, userId: string, now: Date, people?: EventPeople) {
  const attendees = people?.attendees ?? (await groupChatOfAttendee(ctx.db, chat.id, userId, now)).people.attendees;
  return chatPeopleOf(ctx.db, chat, now, attendees);
}

/**
 * Makes the user a member of the chat, and of its community when it is one's (so it
 * stays among their chats); answers the chat's people afterwards, or null when nothing
 * changed.
 */
async function becomeMember(ctx: Ctx, me: UserRow, chat: GroupChatRow, now: Date) {
  let changed = await addMember(ctx.db, chat.id, me.id, now);
  if (chat.communityId) {
    const community = (await eventCommunities(ctx.db, chat.eventId, now)).find((c) => c.id === chat.communityId);
    if (community && !community.members.has(me.id)) {
      const joined = await joinCommunity(ctx.db, { id: community.id, eventId: chat.eventId }, me.id, now);
      // The event's feed and communities, and the member's group chats and inbox.
      if (joined) announceKept(ctx, [tag.event(chat.eventId), tag.user(me.id)]);
      changed ||= joined;
    }
  }
  if (!changed) return null;
  announceKept(ctx, [tag.chatPeople(chat.id), tag.user(me.id)]);
  return peopleOfChat(ctx, chat, me.id, now);
}

/**
 * Tells the chat's people (its members and listeners) that its counts changed; never who.
 * Others who open the chat read the counts with it.
 */
async function publishCounts(ctx: Ctx, chat: GroupChatRow, people: { members: Set<string>; listeners: Set<string> }): Promise<void> {
  const message = { type: 'group_chat_people' as const, group_id: chat.id, listening: people.listeners.size, member_count: people.members.size };
  await ctx.realtime.toUsers([...people.members, ...people.listeners], message);
}

/** Members as the reader may see them (DESIGN 5), the reader first, then by name; never listeners; nobody blocked either way. */
function peopleAnswer(reader: ViewerContext, rows: ReadonlyMap<string, Person>, people: { members: Set<string>; listeners: Set<string> }): GroupChatPeople {
  const members: GroupChatPerson[] = [];
  for (const id of people.members) {
    const p = rows.get(id);
    if (p && exists(reader, p)) members.push(authorAs(reader, p));
  }
  const rank = (m: GroupChatPerson) => (m.id === reader.id ? 0 : m.id === null ? 2 : 1);
  members.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  const me = people.members.has(reader.id) ? 'member' : people.listeners.has(reader.id) ? 'listener' : null;
  return { members, listening: people.listeners.size, me };
}

/** GET /group-chats/{id}/people: who is in a chat the user may read. */
export async function groupChatPeople(ctx: Ctx, me: UserRow, groupId: string): Promise<GroupChatPeople> {
  const now = ctx.clock();
  const chat = await groupChatFor(ctx.db, groupId, me.id, now);
  return answerFor(ctx, me, chat, now);
}

async function answerFor(ctx: Ctx, me: UserRow, chat: GroupChatRow, now: Date): Promise<GroupChatPeople> {
  const { people: event } = await groupChatOfAttendee(ctx.db, chat.id, me.id, now);
  const [reader, people] = await Promise.all([viewerContext(ctx.db, me.id, now), chatPeopleOf(ctx.db, chat, now, event.attendees)]);
  return peopleAnswer(reader, await membersRows(ctx, chat, people.members, now), people);
}

/**
 * The members' rows, kept per chat until someone takes or leaves a place in it, its
 * event's communities change or a member changes (their name, visibility, blocks).
 */
async function membersRows(ctx: Ctx, chat: GroupChatRow, ids: ReadonlySet<string>, now: Date): Promise<ReadonlyMap<string, Person>> {
  const read = () => peopleByIds(ctx.db, [...ids]);
  const kept = await keptReads(ctx.db).read(`chat-members:${chat.id}`, now.getTime(), async () => ({
    value: await read(),
    tags: [tag.chatPeople(chat.id), tag.event(chat.eventId), ...[...ids].map(tag.user)],
  }));
  // Read for a member set that changed meanwhile: read afresh.
  return [...ids].every((id) => kept.has(id)) ? kept : read();
}

/** POST /group-chats/{id}/listen: any attendee of the event may listen; a member stays a member. */
export async function listenToGroupChat(ctx: Ctx, me: UserRow, groupId: string): Promise<GroupChatPeople> {
  const now = ctx.clock();
  const { chat, people: event } = await groupChatOfAttendee(ctx.db, groupId, me.id, now);
  const before = await chatPeopleOf(ctx.db, chat, now, event.attendees);
  if (!before.members.has(me.id) && (await addListener(ctx.db, chat.id, me.id, now))) {
    announceKept(ctx, [tag.chatPeople(chat.id), tag.user(me.id)]);
    await publishCounts(ctx, chat, await chatPeopleOf(ctx.db, chat, now, event.attendees));
  }
  return answerFor(ctx, me, chat, now);
}

/** POST /group-chats/{id}/join: a member without posting (of the community too, for its chat). */
export async function joinGroupChat(ctx: Ctx, me: UserRow, groupId: string): Promise<GroupChatPeople> {
  const now = ctx.clock();
  const { chat, people: event } = await groupChatOfAttendee(ctx.db, groupId, me.id, now);
  const before = await chatPeopleOf(ctx.db, chat, now, event.attendees);
  if (!before.members.has(me.id)) {
    const after = await becomeMember(ctx, me, chat, now);
    if (after) await publishCounts(ctx, chat, after);
  }
  return answerFor(ctx, me, chat, now);
}

/** DELETE /group-chats/{id}/listen: stops listening (a member stays a member). */
export async function stopListening(ctx: Ctx, me: UserRow, groupId: string): Promise<GroupChatPeople> {
  const now = ctx.clock();
  const { chat, people: event } = await groupChatOfAttendee(ctx.db, groupId, me.id, now);
  if (await removeListener(ctx.db, chat.id, me.id)) {
    announceKept(ctx, [tag.chatPeople(chat.id), tag.user(me.id)]);
    await publishCounts(ctx, chat, await chatPeopleOf(ctx.db, chat, now, event.attendees));
  }
  return answerFor(ctx, me, chat, now);
}
