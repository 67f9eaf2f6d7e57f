/**
 * DESIGN 4's object-level rules about conversations: who reads and writes a group chat
 * (issue 18: members and listeners), and whose inbox a conversation is. Something not
 * theirs answers 404, as a chat that does not exist; 403 where joining would open it.
 */
import { eventPeopleFor, type EventPeople } from '../cache/event-people';
import { belongsToChat, keptChatRoles, keptGroupChat } from '../cache/shared-spaces';
import { forbidden, notFound } from '../core/errors';
import type { Db, Queryable } from '../db/client';
import type { GroupChatRow } from '../db/repositories/group-chats';
import { NOT_ATTENDING } from './events';
import { notSelf, reachablePerson } from './people';
import type { Said } from '../../contract/said';

const GROUP_CHAT_NOT_FOUND: Said = /*i18n*/ { id: 'error.groupChatNotFound', message: 'Group chat not found' };

export const JOIN_OR_LISTEN: Said = /*i18n*/ { id: 'error.joinOrListen', message: 'This chat is for the members of its interest group: join the group, or listen, first' };

/**
 * A group chat to read and write: the event's chat for its attendees; a community's chat
 * for its members and for those listening to it (issue 18).
 */
export async function groupChatFor(db: Db, groupId: string, userId: string, now: Date, opts: { writing?: boolean } = {}): Promise<GroupChatRow> {
  const { chat, people } = await groupChatOfAttendee(db, groupId, userId, now);
  if (!(await belongsToChat(db, chat, userId, now, people.attendees.has(userId)))) throw forbidden(JOIN_OR_LISTEN);
  if (opts.writing && isClosedChat(chat, people.event.endTime, now)) throw forbidden(POD_CHAT_CLOSED);
  return chat;
}

/**
 * A pod's chat closes when its event ends (issue 43): its members still read it, nobody
 * posts. The list of chats says so (`closed`), so the app shows no input there.
 */
export const isClosedChat = (chat: Pick<GroupChatRow, 'podId'>, eventEnd: Date, now: Date): boolean => !!chat.podId && now >= eventEnd;

export const POD_CHAT_CLOSED: Said = /*i18n*/ { id: 'error.podChatClosed', message: "This small group's chat closed when the event ended" };

/**
 * A group chat of an event the user attends, with the event's kept people (issue 18):
 * any attendee may listen to, join or stop listening to the event's chat and any of its
 * communities' chats. 404 for an unknown chat (or one of an event taken down), 403 for
 * someone not attending.
 */
export async function groupChatOfAttendee(
  db: Db,
  groupId: string,
  userId: string,
  now: Date,
): Promise<{ chat: GroupChatRow; people: EventPeople }> {
  const chat = await keptGroupChat(db, groupId, now);
  // A chat of an event an admin took down is gone with it.
  const found = chat && (await eventPeopleFor(db, chat.eventId, userId, now));
  if (!chat || !found) throw notFound(GROUP_CHAT_NOT_FOUND);
  if (!found.attending) throw forbidden(NOT_ATTENDING);
  // A pod's chat is its members' alone (issue 43): to anyone else it does not exist, and nobody listens in.
  if (chat.podId && (await keptChatRoles(db, chat.id, now)).get(userId) !== 'member') throw notFound(GROUP_CHAT_NOT_FOUND);
  return { chat, people: found.people };
}

/**
 * A group chat the user belongs to (an attendee of its event; a member of its interest
 * group too), for their own read marker: anyone else's answer is 404, as for a chat
 * that does not exist, since it is not a conversation of theirs.
 */
export async function groupChatOfMember(db: Db, groupId: string, userId: string, now: Date): Promise<GroupChatRow> {
  const chat = await keptGroupChat(db, groupId, now);
  if (!chat || !(await inGroupChat(db, chat, userId, now))) throw notFound(GROUP_CHAT_NOT_FOUND);
  return chat;
}

/** An attendee of the chat's event, and a member of its interest group when it is one's. */
export async function inGroupChat(db: Db, chat: GroupChatRow, userId: string, now: Date): Promise<boolean> {
  const attending = !!(await eventPeopleFor(db, chat.eventId, userId, now))?.attending;
  return belongsToChat(db, chat, userId, now, attending);
}

/**
 * A conversation of the user's Chats inbox, for marking it read: a one-to-one chat with
 * someone they may open a chat with (the rule of the chat history: not themself, known,
 * not blocked either way; one who has left still has a readable history), or a group
 * chat they belong to. Anything else answers 404.
 */
export async function conversationOf(
  db: Queryable,
  actorId: string,
  c: { kind: 'direct' | 'group'; id: string },
  now: Date,
): Promise<void> {
  if (c.kind === 'group') {
    await groupChatOfMember(db, c.id, actorId, now);
    return;
  }
  notSelf(actorId, c.id, 'id', 'chat');
  await reachablePerson(db, actorId, c.id, now, { anyState: true });
}
