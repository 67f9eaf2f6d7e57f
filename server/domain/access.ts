/**
 * DESIGN 4's object-level rules in one place: "may this person do this to that
 * object". One named function per rule; every route's use case asks here and nowhere
 * else. Each answers the object it checked (so callers do not read it twice) or throws
 * the honest refusal: 404 when the object does not exist for the actor (a block looks
 * exactly like an unknown id, DESIGN 5), 403 when it exists but is not theirs to use.
 * Who sees whom, and how, stays DESIGN 5's `projectFor` (domain/visibility.ts).
 */
import type { OrganizerRole } from '../../contract/events';
import { CARD_NOT_FOUND } from '../../contract/cards';
import type { ReportTargetType } from '../../contract/reports';
import { SAFE_SPACE_DETAIL, STRANGER_WRITE_DETAIL, requestLapsed } from '../../contract/social';
import { eventPeopleFor, type EventPeople } from '../cache/event-people';
import { keptShareOngoingEvent, keptUserRow } from '../cache/kept';
import { relationsOf } from '../cache/relations';
import type { Db, Queryable } from '../db/client';
import type { EventInfo } from '../db/repositories/people';
import { findCommunity, type CommunityRow } from '../db/repositories/communities';
import { findEventWithAttendance, type EventRow } from '../db/repositories/events';
import type { GroupChatRow } from '../db/repositories/group-chats';
import { belongsToChat, keptGroupChat } from '../cache/shared-spaces';
import { findEventWithOrganizing } from '../db/repositories/organizers';
import { isAttendee } from '../db/repositories/relations';
import type { ZoneRow } from '../db/repositories/zones';
import { findChatMessageForReport, findGroupMessageForReport, findPhotoForReport, haveMet } from '../db/repositories/reports';
import { isBanActive, type UserRow } from '../db/repositories/users';
import { badRequest, forbidden, notFound } from '../errors';
import { bannedError } from './bans';
import { canMessage } from './visibility';

export const EVENT_NOT_FOUND = 'Event not found';
export const USER_NOT_FOUND = 'User not found';
export const NOT_ATTENDING = 'You need to join this event first';

/** Refusals that say what joining the event would give. */
export const JOIN_TO_SEE = {
  people: 'Join this event to see who is here',
  zones: 'Join this event to see its safe zones',
  communities: 'Join this event to see its interest groups',
  location: 'Join this event to share where you are',
  shared: 'Join the event first to see what its attendees share',
  announcements: 'Join this event to read its announcements',
} as const;

/** An event and whether the actor attends it, however it was read. */
export interface Attendance<E> {
  event: E;
  attending: boolean;
}

/** The event's own things (people, zones, chats, photos, feed, analytics) are for its attendees. */
export function attendedEvent<E>(found: Attendance<E> | null, refusal: string = NOT_ATTENDING): E {
  if (!found) throw notFound(EVENT_NOT_FOUND);
  if (!found.attending) throw forbidden(refusal);
  return found.event;
}

/**
 * The event, if `userId` attends it: 404 unknown, 403 with `refusal` otherwise. Asked of
 * the event's kept people (cache/event-people.ts), which ask the database before
 * refusing someone who joined elsewhere a moment ago.
 */
export async function eventForAttendee(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
  refusal: string = NOT_ATTENDING,
): Promise<EventInfo> {
  const found = await eventPeopleFor(db, eventId, userId, now);
  return attendedEvent(found && { event: found.people.event, attending: found.attending }, refusal);
}

/** The event row itself, if `userId` attends it (one query), for what the kept people do not carry. */
export async function eventRowForAttendee(
  db: Queryable,
  eventId: string,
  userId: string,
  refusal: string = NOT_ATTENDING,
): Promise<EventRow> {
  return attendedEvent(await findEventWithAttendance(db, eventId, userId), refusal);
}

/** Nobody chats with, asks, blocks or shares with themselves. */
export function notSelf(actorId: string, otherId: string, field: string, what: string): void {
  if (actorId === otherId) throw badRequest(`${field}: you cannot ${what} yourself`);
}

/**
 * The other person as someone the actor may deal with: unknown, blocked either way and
 * (unless `anyState`, for reading what was said before) deactivated or banned people
 * answer 404, all alike.
 */
export async function reachablePerson(
  db: Db,
  actorId: string,
  otherId: string,
  now: Date,
  opts: { anyState?: boolean } = {},
): Promise<UserRow> {
  // Both read at once (one wait for the database when neither is kept).
  const [row, rel] = await Promise.all([keptUserRow({ db }, otherId, now), otherId === actorId ? null : relationsOf(db, actorId, now)]);
  if (!row) throw notFound(USER_NOT_FOUND);
  if (!opts.anyState && (!row.isActive || isBanActive(row, now))) throw notFound(USER_NOT_FOUND);
  if (rel?.blocked.has(otherId)) throw notFound(USER_NOT_FOUND);
  return row;
}

/**
 * Who may write to whom (a chat message, contact details, a business card): connections
 * always; a stranger only while both attend the same event that is not over yet (issue
 * 16: a username alone no longer reaches anyone); and to someone in safe space mode,
 * connections only (DESIGN 5). Answers whether the two are connected and, when the actor
 * may not write, the kind sentence that says why. Blocks are the caller's part (they
 * answer 404 before this is asked).
 */
export async function writePermission(
  db: Db,
  actorId: string,
  recipient: UserRow,
  now: Date,
): Promise<{ connected: boolean; refusal: string | null }> {
  const connected = (await relationsOf(db, actorId, now)).connected.has(recipient.id);
  if (!canMessage(connected, recipient.safeSpaceMode)) return { connected, refusal: SAFE_SPACE_DETAIL };
  if (!connected && !(await keptShareOngoingEvent(db, actorId, recipient.id, now))) return { connected, refusal: STRANGER_WRITE_DETAIL };
  return { connected, refusal: null };
}

/** writePermission as a gate: 403 with its kind sentence, else whether the two are connected. */
export async function mayWriteTo(db: Db, actorId: string, recipient: UserRow, now: Date): Promise<boolean> {
  const { connected, refusal } = await writePermission(db, actorId, recipient, now);
  if (refusal) throw forbidden(refusal);
  return connected;
}

/** An event an attendee may see: one taken down by an admin is unknown to them (404). */
export function shownEvent<E extends { hiddenAt: Date | null }>(row: E | null): E {
  if (!row || row.hiddenAt) throw notFound(EVENT_NOT_FOUND);
  return row;
}

export const ORGANIZERS_ONLY = 'Only the organizers of this event can do that';

/** Someone's part in organizing an event (issue 17): its creator, a co-organizer they named, or none. */
export function organizerRoleOf(event: { createdBy: string | null }, coOrganizers: readonly string[], userId: string): OrganizerRole | null {
  if (event.createdBy === userId) return 'organizer';
  return coOrganizers.includes(userId) ? 'co_organizer' : null;
}

/**
 * The organizer tools (issue 17) are for the event's organizer (its creator) and the
 * co-organizers they named: anyone else, attendee or not, 403; an unknown event, or one an
 * admin took down, 404. Asked of the database, not a kept copy: a co-organizer named a
 * moment ago on another instance may act at once.
 */
export async function eventForOrganizer(db: Queryable, eventId: string, userId: string): Promise<{ event: EventRow; role: OrganizerRole }> {
  const found = await findEventWithOrganizing(db, eventId, userId);
  const event = shownEvent(found?.event ?? null);
  const role = organizerRoleOf(event, found!.coOrganizer ? [userId] : [], userId);
  if (!role) throw forbidden(ORGANIZERS_ONLY);
  return { event, role };
}

/** A zone is changed only through its own event: any other is unknown there (404). */
export function zoneOfEvent(zone: ZoneRow | null, eventId: string): ZoneRow {
  if (!zone || zone.eventId !== eventId) throw notFound('Safe zone not found');
  return zone;
}

/**
 * Who may become a co-organizer: someone the organizer may deal with (unknown, blocked
 * either way, deactivated or banned people answer 404 alike) who attends the event.
 */
export async function newCoOrganizer(db: Db, eventId: string, actorId: string, otherId: string, now: Date): Promise<UserRow> {
  notSelf(actorId, otherId, 'user_id_to_add', 'add');
  const person = await reachablePerson(db, actorId, otherId, now);
  if (!(await isAttendee(db, eventId, otherId))) throw badRequest('user_id_to_add: is not attending this event');
  return person;
}

/** What a report is about, as the access rule found it. */
export interface ReportedThing {
  reportedUserId: string;
  eventId: string | null;
  groupChatId: string | null;
  /** What a message said, or a photo's caption, kept with the report. */
  reportedText: string | null;
}

export const REPORT_TARGET_NOT_FOUND: Record<ReportTargetType, string> = {
  user: USER_NOT_FOUND,
  message: 'Message not found',
  group_message: 'Message not found',
  photo: 'Photo not found',
};

/**
 * Who may report what (issue 16). A block never stops a report, so none of this asks
 * about blocks. A person: anyone who has come across them (an event both joined, a chat,
 * a connection, a request or a block either way), so strangers cannot gang up to hide
 * anyone. A chat message: one sent to the reporter. A group message: one in a group chat
 * the reporter belongs to. A photo: one shared at an event the reporter attends. What
 * the reporter may not see answers 404, like something that does not exist; their own
 * things answer 400.
 */
export async function reportableTarget(
  db: Db,
  reporterId: string,
  target: { target_type: ReportTargetType; target_id: string },
  now: Date,
): Promise<ReportedThing> {
  const missing = () => notFound(REPORT_TARGET_NOT_FOUND[target.target_type]);
  const own = () => badRequest('target_id: you cannot report yourself or your own messages and photos');
  switch (target.target_type) {
    case 'user': {
      if (target.target_id === reporterId) throw own();
      if (!(await keptUserRow({ db }, target.target_id, now))) throw missing();
      if (!(await haveMet(db, reporterId, target.target_id))) {
        throw forbidden('You can report someone you have come across here: at an event, in a chat or through a request.');
      }
      return { reportedUserId: target.target_id, eventId: null, groupChatId: null, reportedText: null };
    }
    case 'message': {
      const m = await findChatMessageForReport(db, target.target_id);
      if (!m || (m.toUser !== reporterId && m.fromUser !== reporterId)) throw missing();
      if (m.fromUser === reporterId) throw own();
      return { reportedUserId: m.fromUser, eventId: m.eventId, groupChatId: null, reportedText: m.message };
    }
    case 'group_message': {
      const m = await findGroupMessageForReport(db, target.target_id);
      const chat = m && (await keptGroupChat(db, m.groupId));
      if (!m || !chat || !(await inGroupChat(db, chat, reporterId, now))) throw missing();
      if (m.fromUser === reporterId) throw own();
      return { reportedUserId: m.fromUser, eventId: m.eventId, groupChatId: m.groupId, reportedText: m.message };
    }
    case 'photo': {
      const p = await findPhotoForReport(db, target.target_id);
      if (!p || !(await isAttendee(db, p.eventId, reporterId))) throw missing();
      if (p.userId === reporterId) throw own();
      return { reportedUserId: p.userId, eventId: p.eventId, groupChatId: null, reportedText: p.caption };
    }
  }
}

/** A request or connection at an event needs both people there. */
export async function bothAttend(db: Db, eventId: string, actorId: string, otherId: string, field: string, now: Date): Promise<EventInfo> {
  const event = await eventForAttendee(db, eventId, actorId, now);
  // The kept people of the event first; someone who joined elsewhere is asked of the database.
  if (!(await eventPeopleFor(db, eventId, otherId, now))?.attending) throw badRequest(`${field}: is not attending this event`);
  return event;
}

/**
 * Only the recipient answers a request; a declined one is gone from their side for
 * good, and one from someone they can no longer reach answers as if it never was.
 */
export function requestForRecipient<R extends { toUser: string; declinedAt: Date | null; createdAt: Date }>(row: R | null, actorId: string, now: Date): R {
  if (!row) throw notFound('Request not found');
  if (row.toUser !== actorId) throw forbidden('Only the person who received this request can answer it');
  // Declined, or lapsed (issue 18): for the recipient it is gone.
  if (row.declinedAt || requestLapsed(row.createdAt, now)) throw notFound('Request not found');
  return row;
}

/** POST /connections connects only when the other person already asked the actor (SPEC 1), and their request has not lapsed. */
export function mayConnectDirectly<R extends { createdAt: Date }>(theirRequest: R | null, now: Date): R {
  if (!theirRequest || requestLapsed(theirRequest.createdAt, now)) {
    throw forbidden('A connection needs you both: send a connection request, and you will be connected when they want it too.');
  }
  return theirRequest;
}

export const JOIN_OR_LISTEN = 'This chat is for the members of its interest group: join the group, or listen, first';

/**
 * A group chat to read and write: the event's chat for its attendees; a community's chat
 * for its members and for those listening to it (issue 18).
 */
export async function groupChatFor(db: Db, groupId: string, userId: string, now: Date): Promise<GroupChatRow> {
  const { chat, people } = await groupChatOfAttendee(db, groupId, userId, now);
  if (!(await belongsToChat(db, chat, userId, now, people.attendees.has(userId)))) throw forbidden(JOIN_OR_LISTEN);
  return chat;
}

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
  const chat = await keptGroupChat(db, groupId);
  // A chat of an event an admin took down is gone with it.
  const found = chat && (await eventPeopleFor(db, chat.eventId, userId, now));
  if (!chat || !found) throw notFound('Group chat not found');
  if (!found.attending) throw forbidden(NOT_ATTENDING);
  return { chat, people: found.people };
}

/**
 * A group chat the user belongs to (an attendee of its event; a member of its interest
 * group too), for their own read marker: anyone else's answer is 404, as for a chat
 * that does not exist, since it is not a conversation of theirs.
 */
export async function groupChatOfMember(db: Db, groupId: string, userId: string, now: Date): Promise<GroupChatRow> {
  const chat = await keptGroupChat(db, groupId);
  if (!chat || !(await inGroupChat(db, chat, userId, now))) throw notFound('Group chat not found');
  return chat;
}

/** An attendee of the chat's event, and a member of its interest group when it is one's. */
async function inGroupChat(db: Db, chat: GroupChatRow, userId: string, now: Date): Promise<boolean> {
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
  notSelf(actorId, c.id, 'id', 'chat with');
  await reachablePerson(db, actorId, c.id, now, { anyState: true });
}

/** An interest group is joined by the attendees of its event. */
export async function communityForAttendee(db: Queryable, communityId: string, userId: string): Promise<CommunityRow> {
  const community = await findCommunity(db, communityId);
  if (!community) throw notFound('Interest group not found');
  if (!(await isAttendee(db, community.eventId, userId))) throw forbidden(JOIN_TO_SEE.communities);
  return community;
}

/** Calls that name a user in the path (notifications, plan, live channel) are for that user only. */
export function ownOnly(actorId: string, pathUserId: string, refusal: string): void {
  if (actorId !== pathUserId) throw forbidden(refusal);
}

/**
 * A business card is shown to its owner and their connections; to anyone else, and to
 * someone blocked either way, it does not exist.
 */
export async function businessCardVisible(db: Db, actorId: string, ownerId: string, now: Date): Promise<void> {
  if (ownerId === actorId) return;
  const rel = await relationsOf(db, actorId, now);
  const owner = rel.connected.has(ownerId) && !rel.blocked.has(ownerId) ? await keptUserRow({ db }, ownerId, now) : null;
  const allowed = owner !== null && owner.isActive && !isBanActive(owner, now);
  if (!allowed) throw notFound('No business card');
}

/** A photo exists for the viewer only while its uploader does (not blocked, banned or gone). */
export function visiblePhoto<P>(photo: P | null, uploaderExists: boolean): P {
  if (!photo || !uploaderExists) throw notFound('Photo not found');
  return photo;
}

/** Only an attendee's `join_event` on the live channel counts (others are ignored, unanswered). */
export async function mayFollowEventLive(db: Queryable, eventId: string, userId: string): Promise<boolean> {
  return isAttendee(db, eventId, userId);
}

/** Someone else's notification answers like a missing one: its existence is not theirs to learn. */
export function ownNotification(found: boolean): void {
  if (!found) throw notFound('Notification not found');
}

/** The admin entrance answers only to its slug, compared in constant time (DESIGN 4). */
export function adminGateOpens(given: string, slug: string, sameSecret: (a: string, b: string) => boolean): void {
  if (!sameSecret(given, slug)) throw notFound('Not found');
}

/**
 * A banned person does not sign in: the answer says until when, and carries the admin's
 * reason and where to write (domain/bans.ts). An ended ban lifts by itself.
 */
export function maySignIn(row: Pick<UserRow, 'isBanned' | 'bannedUntil' | 'banReason'>, now: Date, contact: string | null): void {
  if (isBanActive(row, now)) throw bannedError(row, contact);
}

/** A request from someone the recipient can no longer reach answers as if it never was. */
export function reachableSender(sender: UserRow | null): UserRow {
  if (!sender) throw notFound('Request not found');
  return sender;
}

/**
 * A card offered to the actor (issue 18), for keeping or declining it: only its recipient
 * may, and only while it is on their list (not declined, not revoked by its sender, not
 * from someone blocked either way). Anything else answers 404, as a card that never was.
 */
export async function cardForRecipient<R extends { toUser: string; fromUser: string; declinedAt: Date | null; revokedAt: Date | null }>(
  db: Db,
  row: R | null,
  actorId: string,
  now: Date,
): Promise<R> {
  if (!row || row.toUser !== actorId || row.declinedAt || row.revokedAt) throw notFound(CARD_NOT_FOUND);
  if ((await relationsOf(db, actorId, now)).blocked.has(row.fromUser)) throw notFound(CARD_NOT_FOUND);
  return row;
}

/**
 * A card the actor shared, for taking it back: only its sender may, while it is not
 * revoked yet. Whether its recipient declined it makes no difference (a decline is
 * private). Anyone else's card answers 404, as a card that never was.
 */
export function cardForSender<R extends { fromUser: string; revokedAt: Date | null }>(row: R | null, actorId: string): R {
  if (!row || row.fromUser !== actorId || row.revokedAt) throw notFound(CARD_NOT_FOUND);
  return row;
}
