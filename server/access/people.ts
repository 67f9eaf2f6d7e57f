/**
 * DESIGN 4's object-level rules about people: whom the actor may reach, write to, answer
 * or see the card of. One named function per rule; each answers what it checked or throws
 * the honest refusal: 404 when the object does not exist for the actor (a block looks
 * exactly like an unknown id, DESIGN 5), 403 when it exists but is not theirs to use.
 * Who sees whom, and how, stays DESIGN 5's `projectFor` (domain/visibility.ts).
 */
import { CARD_NOT_FOUND } from '../../contract/cards';
import { SAFE_SPACE_DETAIL, STRANGER_WRITE_DETAIL, requestLapsed } from '../../contract/social';
import { keptHaveConversed, keptShareAnyEvent, keptShareOngoingEvent, keptUserRow } from '../cache/people';
import { relationsOf, standingWith } from '../cache/relations';
import { badRequest, forbidden, NOT_FOUND, notFound } from '../core/errors';
import type { Db } from '../db/client';
import type { UserRow } from '../db/repositories/users';
import { pseudonymHolder, sharedPseudonym } from '../db/repositories/pseudonyms';
import { bannedError, isBanActive } from '../domain/bans';
import { canMessage } from '../domain/visibility';
import { type Said, sentence } from '../../contract/said';

export const USER_NOT_FOUND: Said = /*i18n*/ { id: 'error.userNotFound', message: 'User not found' };

/** What nobody does with themselves, as a refusal says it. */
const WITH_YOURSELF = {
  block: 'block',
  request: 'send a request to',
  connect: 'connect with',
  chat: 'chat with',
  exchange: 'exchange contact details with',
  add: 'add',
  meet: 'meet',
} as const;
const notYourself = sentence(
  /*i18n*/ {
    id: 'error.field.notYourself',
    message:
      '{field}: you cannot {what, select, block {block} request {send a request to} connect {connect with} chat {chat with} exchange {exchange contact details with} add {add} other {meet}} yourself',
  },
  ({ field, what }: { field: string; what: string }) =>
    `${field}: you cannot ${WITH_YOURSELF[what as keyof typeof WITH_YOURSELF] ?? WITH_YOURSELF.meet} yourself`,
);

/** Nobody chats with, asks, blocks or shares with themselves. */
export function notSelf(actorId: string, otherId: string, field: string, what: keyof typeof WITH_YOURSELF): void {
  if (actorId === otherId) throw badRequest(notYourself({ field, what }));
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
 * The person a call names, as a user id (issue 40, DESIGN 5): their own id, as ever, or
 * their pseudonym at an event the actor attends or attended (event_attendees.pseudonym).
 * A pseudonym from an event the actor never attended, or from another event than the one
 * the call names (`eventId`), answers the 404 of an unknown person, with the same words.
 * The rules about the person that follow (reachablePerson and the rest) are unchanged.
 */
export async function resolvePerson(db: Db, actorId: string, asked: string, now: Date, eventId: string | null = null): Promise<string> {
  if (asked === actorId || (await keptUserRow({ db }, asked, now))) return asked;
  const held = await pseudonymHolder(db, asked, actorId);
  if (!held || (eventId !== null && held.eventId !== eventId)) throw notFound(USER_NOT_FOUND);
  return held.userId;
}

/**
 * An answer to a call that named a person by their pseudonym, as that caller may have it:
 * the person's own id, wherever it appears in it (an id field, a link), is the pseudonym
 * the call named, so a pseudonym never leads to the id it stands for.
 */
export function echoAs<T>(value: T, id: string, asked: string): T {
  if (id === asked) return value;
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(id) ? v.replaceAll(id, asked) : v;
    if (Array.isArray(v)) return v.map(swap);
    if (v !== null && typeof v === 'object' && !(v instanceof Date)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)]));
    return v;
  };
  return swap(value) as T;
}

/** A call about a person named by id or pseudonym (resolvePerson), answered as it was asked (echoAs). */
export async function asAsked<T>(db: Db, actorId: string, asked: string, now: Date, eventId: string | null, call: (id: string) => Promise<T>): Promise<T> {
  const id = await resolvePerson(db, actorId, asked, now, eventId);
  return echoAs(await call(id), id, asked);
}

/**
 * The id `viewerId` knows `target` by outside an event's lists (an inbox, a request, a
 * notification, a meeting): their own, unless they are anonymous to the viewer (not
 * connected), then their pseudonym at `eventId` or, without one, at the latest event
 * the two share (repositories/pseudonyms.ts); null when they share none.
 */
export async function idKnownBy(
  db: Db,
  viewerId: string,
  target: Pick<UserRow, 'id' | 'visibilityMode'>,
  now: Date,
  eventId: string | null = null,
): Promise<string | null> {
  if (target.id === viewerId || target.visibilityMode !== 'anonymous') return target.id;
  if ((await relationsOf(db, viewerId, now)).connected.has(target.id)) return target.id;
  return sharedPseudonym(db, viewerId, target.id, eventId);
}

/**
 * Whether two people may know of each other (issue 40, DESIGN 5): they are connected, a
 * request between them is pending either way (as each side sees it: a declined one
 * stays pending to its sender until it lapses), they attend or attended one event, or
 * they had a one-to-one conversation. Anyone else is a stranger, who learns nothing about
 * the person from reads about them. Blocks are the caller's part. Asked cheapest first,
 * of kept copies: the actor's relations, then each one's events, then the pair's chat.
 */
export async function mayKnowOf(db: Db, actorId: string, otherId: string, now: Date): Promise<boolean> {
  const standing = standingWith(await relationsOf(db, actorId, now), otherId, now);
  if (standing === 'connected' || standing === 'request_sent' || standing === 'request_received') return true;
  return (await keptShareAnyEvent(db, actorId, otherId, now)) || keptHaveConversed(db, actorId, otherId, now);
}

/**
 * reachablePerson for reads about the person (a chat's partner, ice breakers): besides
 * the rules there, only someone the actor may know of (mayKnowOf); a stranger answers
 * the same 404 as an unknown id, so the call tells nothing of who exists.
 */
export async function knownPerson(
  db: Db,
  actorId: string,
  otherId: string,
  now: Date,
  opts: { anyState?: boolean } = {},
): Promise<UserRow> {
  // One after the other: an unknown id is refused before anything is read about it.
  const row = await reachablePerson(db, actorId, otherId, now, opts);
  if (!(await mayKnowOf(db, actorId, otherId, now))) throw notFound(USER_NOT_FOUND);
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
): Promise<{ connected: boolean; refusal: Said | null }> {
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

/**
 * Only the recipient answers a request; a declined one is gone from their side for
 * good, and one from someone they can no longer reach answers as if it never was.
 */
export function requestForRecipient<R extends { toUser: string; declinedAt: Date | null; createdAt: Date }>(row: R | null, actorId: string, now: Date): R {
  if (!row) throw notFound(/*i18n*/ { id: 'error.requestNotFound', message: 'Request not found' });
  if (row.toUser !== actorId) throw forbidden(/*i18n*/ { id: 'error.requestNotYours', message: 'Only the person who received this request can answer it' });
  // Declined, or lapsed (issue 18): for the recipient it is gone.
  if (row.declinedAt || requestLapsed(row.createdAt, now)) throw notFound(/*i18n*/ { id: 'error.requestNotFound', message: 'Request not found' });
  return row;
}

/** POST /connections connects only when the other person already asked the actor (SPEC 1), and their request has not lapsed. */
export function mayConnectDirectly<R extends { createdAt: Date }>(theirRequest: R | null, now: Date): R {
  if (!theirRequest || requestLapsed(theirRequest.createdAt, now)) {
    throw forbidden(/*i18n*/ { id: 'error.connectionNeedsBoth', message: 'A connection needs you both: send a connection request, and you will be connected when they want it too.' });
  }
  return theirRequest;
}

/** A request from someone the recipient can no longer reach answers as if it never was. */
export function reachableSender(sender: UserRow | null): UserRow {
  if (!sender) throw notFound(/*i18n*/ { id: 'error.requestNotFound', message: 'Request not found' });
  return sender;
}

/**
 * A business card is shown to its owner and their connections; to anyone else, and to
 * someone blocked either way, it is as if there were none.
 */
export async function businessCardVisible(db: Db, actorId: string, ownerId: string, now: Date): Promise<boolean> {
  if (ownerId === actorId) return true;
  const rel = await relationsOf(db, actorId, now);
  const owner = rel.connected.has(ownerId) && !rel.blocked.has(ownerId) ? await keptUserRow({ db }, ownerId, now) : null;
  return owner !== null && owner.isActive && !isBanActive(owner, now);
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

/** Calls that name a user in the path (notifications, plan, live channel) are for that user only. */
export function ownOnly(actorId: string, pathUserId: string, refusal: Said): void {
  if (actorId !== pathUserId) throw forbidden(refusal);
}

/** Someone else's notification answers like a missing one: its existence is not theirs to learn. */
export function ownNotification(found: boolean): void {
  if (!found) throw notFound(/*i18n*/ { id: 'error.notificationNotFound', message: 'Notification not found' });
}

/**
 * A banned person does not sign in: the answer says until when, and carries the admin's
 * reason and where to write (domain/bans.ts). An ended ban lifts by itself.
 */
export function maySignIn(row: Pick<UserRow, 'isBanned' | 'bannedUntil' | 'banReason'>, now: Date, contact: string | null): void {
  if (isBanActive(row, now)) throw bannedError(row, contact);
}

/** The admin entrance answers only to its slug, compared in constant time (DESIGN 4). */
export function adminGateOpens(given: string, slug: string, sameSecret: (a: string, b: string) => boolean): void {
  if (!sameSecret(given, slug)) throw notFound(NOT_FOUND);
}
