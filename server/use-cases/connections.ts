/**
 * Connection requests and connections (SPEC 7, DESIGN 5). Only mutual interest
 * connects: a request to someone who already asked you connects you both. A decline is
 * never shown: the sender keeps seeing request_sent. Requests to someone in safe space
 * mode wait quietly (held) until they turn it off. Everything is stored before anyone
 * is told (DESIGN 6).
 */
import type { ConnectionType, PlanName } from '../../contract/constants';
import { eventActivity } from '../cache/analytics';
import { eventPeople } from '../cache/event-people';
import { attendeesWithPhotosAsSeen } from '../cache/events';
import { keptOwnList } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { relationsOf } from '../cache/relations';
import type { LiveServerMessage } from '../../contract/live';
import {
  NO_ANSWER_DETAIL,
  PENDING_REQUEST_CAP,
  pendingCapDetail,
  requestLapsed,
  type AttendeeWithPhoto,
  type Connection,
  type ReceivedRequest,
} from '../../contract/social';
import {
  type ConnectionRow,
  type RequestRow,
  countRequestsFrom,
  findRequest,
  findRequestById,
  insertRequest,
  listConnections,
  listReceivedRequests,
  markDeclined,
  releaseHeldRequestRows,
  storeConnection,
} from '../db/repositories/connections';
import { connectionView, receivedRequestView } from '../presenters/connections';
import { atOnce } from '../db/client';
import { countToday } from '../db/repositories/admin-analytics';
import { recordFeed } from '../db/repositories/feed';
import { publishFeedEntry } from './feed';
import { areConnected, reachableUser } from '../db/repositories/relations';
import type { UserRow } from '../db/repositories/users';
import { bothAttend, eventForAttendee } from '../access/events';
import { asAsked, mayConnectDirectly, notSelf, reachablePerson, reachableSender, requestForRecipient } from '../access/people';
import { holdsRequests } from '../domain/status';
import { conflict, tooManyRequests } from '../core/errors';
import { links, notify } from './notify';
import { sentence, type Said } from '../../contract/said';
import type { Ctx } from './context';

/** A request that has not lapsed (issue 18), or null. */
const standing = (row: RequestRow | null, now: Date): RequestRow | null => (row && !requestLapsed(row.createdAt, now) ? row : null);

const capFor = (plan: string): number => PENDING_REQUEST_CAP[plan as PlanName] ?? PENDING_REQUEST_CAP.Free;

export async function eventAttendees(
  ctx: Ctx,
  me: UserRow,
  eventId: string,
  page: { limit: number; offset: number },
): Promise<AttendeeWithPhoto[]> {
  const now = ctx.clock();
  await eventForAttendee(ctx.db, eventId, me.id, now);
  const [people, rel] = await Promise.all([eventPeople(ctx.db, eventId, now), relationsOf(ctx.db, me.id, now)]);
  return people ? attendeesWithPhotosAsSeen(me.id, people, rel, page, now) : [];
}

/** Kept per person (cache/kept.ts): requests come and go ('request.changed'), and with connections and blocks. */
export function receivedRequests(ctx: Ctx, me: UserRow): Promise<ReceivedRequest[]> {
  const read = () => listReceivedRequests(ctx.db, me, ctx.clock()).then((rows) => rows.map((r) => receivedRequestView(r.request, r.sender)));
  return keptOwnList(ctx, 'received', me.id, read, (r) => r.sender.id, {
    own: [tag.requests(me.id)],
  });
}

export function mutualConnections(
  ctx: Ctx,
  me: UserRow,
  q: { event_id?: string; limit: number; offset: number },
): Promise<Connection[]> {
  return keptOwnList(
    ctx,
    `mutual:${q.event_id ?? ''}:${q.limit}:${q.offset}`,
    me.id,
    async () => {
      const now = ctx.clock();
      const rows = await listConnections(ctx.db, me, now, { eventId: q.event_id, limit: q.limit, offset: q.offset });
      return rows.map((r) => connectionView(me, r.other, r.connection, now));
    },
    (c) => c.connected_user.id,
  );
}

/** POST /connections/request: request, or connect at once when the other already asked. */
export function requestConnection(
  ctx: Ctx,
  sender: UserRow,
  body: { to_user_id: string; event_id: string | null; message: string | null },
): Promise<'request_sent' | 'connected'> {
  // to_user_id may be their pseudonym at the request's event (issue 40).
  return asAsked(ctx.db, sender.id, body.to_user_id, ctx.clock(), body.event_id, (id) => requestTo(ctx, sender, { ...body, to_user_id: id }));
}

async function requestTo(
  ctx: Ctx,
  sender: UserRow,
  body: { to_user_id: string; event_id: string | null; message: string | null },
): Promise<'request_sent' | 'connected'> {
  const now = ctx.clock();
  notSelf(sender.id, body.to_user_id, 'to_user_id', 'request');
  const otherId = body.to_user_id;
  // Who they are, whether both attend, and what decides the answer, read at once (one
  // wait for the database, not six); refused in that order, as if read one by one.
  const [other, , connected, theirRequest, mine, pending] = await atOnce([
    reachablePerson(ctx.db, sender.id, otherId, now),
    body.event_id ? bothAttend(ctx.db, body.event_id, sender.id, otherId, 'to_user_id', now) : null,
    areConnected(ctx.db, sender.id, otherId),
    findRequest(ctx.db, otherId, sender.id),
    findRequest(ctx.db, sender.id, otherId),
    countRequestsFrom(ctx.db, sender.id, body.event_id, now),
  ]);
  if (connected) throw conflict(/*i18n*/ { id: 'error.alreadyConnected', message: 'You are already connected' });

  // Mutual interest: they asked first (even if declined or held: wanting it now is consent),
  // and their request still stands (a lapsed one no longer speaks for them: issue 18).
  const theirs = standing(theirRequest, now);
  if (theirs) {
    await countToday(ctx.db, 'requests_sent', now);
    await connectPair(ctx, { actor: sender, other, eventId: theirs.eventId ?? body.event_id, type: 'mutual_interest', notify: [sender, other] });
    return 'connected';
  }
  // Lapsed (issue 18), declined or not: the same person is not asked again.
  if (mine) {
    if (requestLapsed(mine.createdAt, now)) throw conflict(NO_ANSWER_DETAIL);
    return 'request_sent';
  }

  const cap = capFor(sender.planName);
  if (pending >= cap) {
    throw tooManyRequests(300, pendingCapDetail(cap, !!body.event_id));
  }

  // Safe space or a break: the request waits quietly, without a notification (DESIGN 5, issue 16).
  const held = holdsRequests(other, now);
  const row = await insertRequest(ctx.db, { fromUser: sender.id, toUser: other.id, eventId: body.event_id, message: body.message, held, at: now });
  if (!row) return 'request_sent'; // a concurrent duplicate stored it first
  ctx.lifecycle.emit('request.changed', sender.id, other.id);

  // Two people asking each other at the same moment: both requests exist now, so connect.
  // (Read after the insert, in a statement of its own, so one of the two always sees the
  // other's; beside the day's count, in one round trip.)
  const [, crossed] = await Promise.all([countToday(ctx.db, 'requests_sent', now), findRequest(ctx.db, other.id, sender.id)]);
  if (standing(crossed, now)) {
    await connectPair(ctx, { actor: sender, other, eventId: body.event_id, type: 'mutual_interest', notify: [sender, other] });
    return 'connected';
  }
  if (!held) await announceRequest(ctx, row, sender, other.id);
  return 'request_sent';
}

// What a connection request and a new connection say in notifications, in each person's language.
const REQUEST_TITLE: Said = /*i18n*/ { id: 'notification.request.title', message: 'New connection request' };
const requestContent = sentence(
  /*i18n*/ { id: 'notification.request.content', message: '{name} would like to connect with you.' },
  ({ name }: { name: string }) => `${name} would like to connect with you.`,
);
const ACCEPTED_TITLE: Said = /*i18n*/ { id: 'notification.accepted.title', message: 'Connection accepted' };
const acceptedContent = sentence(
  /*i18n*/ { id: 'notification.accepted.content', message: 'You and {name} are now connected. You can now chat.' },
  ({ name }: { name: string }) => `You and ${name} are now connected. You can now chat.`,
);

/**
 * Stored already: tell the recipient live and with a notification, at once (one wait, not
 * two). The request is published first; the notification only after it is stored, so it
 * still arrives second.
 */
async function announceRequest(ctx: Ctx, row: RequestRow, sender: UserRow, recipientId: string) {
  const message: LiveServerMessage = { type: 'connection_request', request: receivedRequestView(row, sender) };
  await Promise.all([
    ctx.realtime.toUsers([recipientId], message),
    notify(ctx, recipientId, {
      kind: 'connection_request',
      aboutUserId: sender.id,
      title: REQUEST_TITLE,
      content: requestContent({ name: sender.name }),
      link: links.request(row.id),
    }),
  ]);
}

/**
 * Connects two people (their requests go), records the feed entry, and tells both
 * live; those in `notify` also get a notification. An existing connection is answered
 * as it is, and nobody is told twice.
 */
export async function connectPair(
  ctx: Ctx,
  p: { actor: UserRow; other: UserRow; eventId: string | null; type: ConnectionType; notify: UserRow[] },
): Promise<ConnectionRow> {
  const now = ctx.clock();
  const { row, created } = await storeConnection(ctx.db, { a: p.actor.id, b: p.other.id, eventId: p.eventId, type: p.type, at: now });
  if (!created) return row;
  // Friends-only people and anonymous ones (named to connections) show as such at once.
  ctx.lifecycle.emit('relation.changed', p.actor.id, p.other.id);
  eventActivity(ctx.db, row.eventId);
  const [, entry] = await Promise.all([
    countToday(ctx.db, 'requests_accepted', now),
    row.eventId ? recordFeed(ctx.db, { eventId: row.eventId, actorId: p.actor.id, kind: 'connection', subjectId: row.id, at: now }) : null,
  ]);
  if (entry) {
    announceKept(ctx, [tag.event(entry.eventId)]);
    await publishFeedEntry(ctx.db, ctx.realtime, entry, now);
  }
  const sides: [UserRow, UserRow][] = [
    [p.actor, p.other],
    [p.other, p.actor],
  ];
  // Told live and notified at once; each notification is published once stored, after the live message.
  await Promise.all([
    ...sides.map(([viewer, other]) =>
      ctx.realtime.toUsers([viewer.id], { type: 'connection_accepted', connection: connectionView(viewer, other, row, now) }),
    ),
    ...p.notify.map((person) => {
      const other = person.id === p.actor.id ? p.other : p.actor;
      return notify(ctx, person.id, {
        kind: 'connection_accepted',
        aboutUserId: other.id,
        title: ACCEPTED_TITLE,
        content: acceptedContent({ name: other.name }),
        link: links.chat(other.id),
      });
    }),
  ]);
  return row;
}

/** POST /connections/requests/respond. Accept connects; decline tells nobody anything. */
export async function respondToRequest(
  ctx: Ctx,
  me: UserRow,
  body: { request_id: string; action: 'accept' | 'decline' },
): Promise<Connection | null> {
  const now = ctx.clock();
  const row = requestForRecipient(await findRequestById(ctx.db, body.request_id), me.id, now);
  const sender = reachableSender(await reachableUser(ctx.db, me.id, row.fromUser, now));
  if (body.action === 'decline') {
    // Kept for the sender, who keeps seeing request_sent; nothing is published or notified.
    await markDeclined(ctx.db, row.id, now);
    ctx.lifecycle.emit('request.changed', me.id, sender.id);
    return null;
  }
  const connection = await connectPair(ctx, { actor: me, other: sender, eventId: row.eventId, type: 'mutual_interest', notify: [sender] });
  return connectionView(me, sender, connection, now);
}

/**
 * POST /connections: connects only when the other person already asked the actor.
 * Anything else would connect two people one-sidedly, which SPEC 1 rules out.
 */
export function createConnection(
  ctx: Ctx,
  me: UserRow,
  q: { user2: string; event_id?: string; connection_type: ConnectionType },
): Promise<Connection> {
  return asAsked(ctx.db, me.id, q.user2, ctx.clock(), q.event_id ?? null, (id) => connectWith(ctx, me, { ...q, user2: id }));
}

async function connectWith(
  ctx: Ctx,
  me: UserRow,
  q: { user2: string; event_id?: string; connection_type: ConnectionType },
): Promise<Connection> {
  const now = ctx.clock();
  notSelf(me.id, q.user2, 'user2', 'connect');
  const other = await reachablePerson(ctx.db, me.id, q.user2, now);
  if (q.event_id) await bothAttend(ctx.db, q.event_id, me.id, other.id, 'user2', now);
  if (await areConnected(ctx.db, me.id, other.id)) throw conflict(/*i18n*/ { id: 'error.alreadyConnected', message: 'You are already connected' });
  const theirs = mayConnectDirectly(await findRequest(ctx.db, other.id, me.id), ctx.clock());
  const row = await connectPair(ctx, { actor: me, other, eventId: q.event_id ?? theirs.eventId, type: q.connection_type, notify: [other] });
  return connectionView(me, other, row, now);
}

/**
 * Called when `userId` turns safe_space_mode off: the requests held for them are
 * released and announced (live and notification), as if they had just arrived.
 * Answers how many were announced (a sender who left or was blocked meanwhile is not).
 */
export async function releaseHeldRequests(ctx: Ctx, userId: string): Promise<number> {
  const now = ctx.clock();
  let announced = 0;
  for (const row of await releaseHeldRequestRows(ctx.db, userId)) {
    ctx.lifecycle.emit('request.changed', userId, row.fromUser);
    // Lapsed while it was held: it is gone for the recipient too.
    if (requestLapsed(row.createdAt, now)) continue;
    const sender = await reachableUser(ctx.db, userId, row.fromUser, now);
    if (!sender) continue;
    await announceRequest(ctx, row, sender, userId);
    announced += 1;
  }
  return announced;
}
