/**
 * An event's shared spaces, kept (cache/kept.ts): its group chats, its communities with
 * their members, and each group chat's newest messages with their senders. Kept per
 * event or per chat, never per viewer: who may see which message, and how its sender is
 * named to them, is worked out for each reader in memory (DESIGN 5).
 */
import { PAGE_SIZE_MAX } from '../../contract/constants';
import type { Db } from '../db/client';
import { communitiesWithMembers, type CommunityWithMembers } from '../db/repositories/communities';
import type { GroupChatRole } from '../../contract/social';
import {
  chatRoles,
  ensureCommunityGroupChat,
  ensureEventGroupChat,
  findGroupChat,
  newestGroupMessages,
  type GroupChatRow,
  type GroupMessageRow,
} from '../db/repositories/group-chats';
import type { Person } from '../db/repositories/people';
import type { Lifecycle } from '../core/lifecycle';
import { keptReads, WINDOW_SPARE } from './kept';
import { announceKept, tag } from './tags';

/** The event's communities and their members, by name; kept until one is made or joined. */
export function eventCommunities(db: Db, eventId: string, now: Date): Promise<CommunityWithMembers[]> {
  return keptReads(db).read(`communities:${eventId}`, now.getTime(), async () => ({
    value: await communitiesWithMembers(db, eventId),
    tags: [tag.event(eventId)],
  }));
}

/** A group chat's row: it never changes once made, so it depends on no tag; one not made yet is not kept. */
export function keptGroupChat(db: Db, groupId: string, now: Date): Promise<GroupChatRow | null> {
  return keptReads(db).read(`group-chat:${groupId}`, now.getTime(), async () => {
    const value = await findGroupChat(db, groupId);
    return { value, tags: value ? [] : null };
  }, { tags: [] });
}

/**
 * Whether the user belongs to the chat: an attendee of its event (`attending`), and for a
 * community's chat a member of the community or someone listening (issue 18); for a pod's
 * chat a member of the pod (issue 43).
 */
export async function belongsToChat(db: Db, chat: GroupChatRow, userId: string, now: Date, attending: boolean): Promise<boolean> {
  if (!attending) return false;
  if (chat.podId) return (await keptChatRoles(db, chat.id, now)).get(userId) === 'member';
  if (!chat.communityId) return true;
  const community = (await eventCommunities(db, chat.eventId, now)).find((c) => c.id === chat.communityId);
  if (community?.members.has(userId)) return true;
  return (await keptChatRoles(db, chat.id, now)).has(userId);
}

/** Who took a place in a chat (listeners, and members by posting or "Join in"); kept until one changes. */
export function keptChatRoles(db: Db, groupId: string, now: Date): Promise<ReadonlyMap<string, GroupChatRole>> {
  return keptReads(db).read(`chat-roles:${groupId}`, now.getTime(), async () => ({
    value: await chatRoles(db, groupId),
    tags: [tag.chatPeople(groupId)],
  }));
}

/** A chat's members and listeners (issue 18), each an attendee of its event. */
export interface ChatPeople {
  /** The event's chat: who posted or pressed "Join in"; a community's: its members too. */
  members: Set<string>;
  /** Who listens and is not a member. */
  listeners: Set<string>;
}

export async function chatPeopleOf(db: Db, chat: GroupChatRow, now: Date, attendees: { has(id: string): boolean }): Promise<ChatPeople> {
  const roles = await keptChatRoles(db, chat.id, now);
  const members = new Set<string>();
  const listeners = new Set<string>();
  if (chat.communityId) {
    const community = (await eventCommunities(db, chat.eventId, now)).find((c) => c.id === chat.communityId);
    for (const id of community?.members ?? []) if (attendees.has(id)) members.add(id);
  }
  for (const [id, role] of roles) {
    if (!attendees.has(id) || members.has(id)) continue;
    (role === 'member' ? members : listeners).add(id);
  }
  return { members, listeners };
}

/**
 * The event's chat and each community's chat, made on first use (which is announced:
 * inboxes list the chats people belong to); kept until a community is made.
 */
export function eventGroupChatRows(
  ctx: { db: Db; lifecycle: Lifecycle },
  eventId: string,
  now: Date,
): Promise<{ event: GroupChatRow | null; communities: Map<string, GroupChatRow> }> {
  const { db } = ctx;
  return keptReads(db).read(`group-chats:${eventId}`, now.getTime(), async () => {
    let made = false;
    const onMade = () => (made = true);
    const event = await ensureEventGroupChat(db, eventId, onMade);
    const communities = new Map<string, GroupChatRow>();
    for (const c of await eventCommunities(db, eventId, now)) {
      const chat = await ensureCommunityGroupChat(db, c.id, onMade);
      if (chat) communities.set(c.id, chat);
    }
    // The event's communities name their chats (issue 18), so they are read again too.
    if (made) announceKept(ctx, [tag.groupChats, tag.event(eventId)]);
    return { value: { event, communities }, tags: [tag.event(eventId)] };
  });
}

/** A chat's newest messages with their senders, newest first. */
export interface MessageWindow {
  rows: { message: GroupMessageRow; sender: Person }[];
  /** The window was cut off: the chat may hold older messages. */
  full: boolean;
}

/** The largest page of a chat's history, and what a window keeps beyond it. */
export const MESSAGE_WINDOW = PAGE_SIZE_MAX + WINDOW_SPARE;

/** Kept until a message is posted there or a sender changes. */
export function groupMessageWindow(db: Db, groupId: string, now: Date): Promise<MessageWindow> {
  return keptReads(db).read(`group-messages:${groupId}`, now.getTime(), async () => {
    const rows = await newestGroupMessages(db, groupId, MESSAGE_WINDOW);
    const senders = new Set(rows.map((r) => r.sender.id));
    return { value: { rows, full: rows.length === MESSAGE_WINDOW }, tags: [tag.group(groupId), ...[...senders].map(tag.user)] };
  });
}
