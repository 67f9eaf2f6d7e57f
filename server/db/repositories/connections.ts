/**
 * Connection requests and connections (SPEC 7, DESIGN 5). Only mutual interest connects:
 * a request to someone who already asked you connects you both. A decline marks the
 * request declined_at: it vanishes from the recipient's side, nobody is told, and the
 * sender keeps seeing request_sent. Requests to someone in safe space mode are held
 * quietly (held) until they turn it off (releaseHeldRequests).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlanName, ConnectionType } from '../../../contract/constants';
import {
  PENDING_REQUEST_CAP,
  pendingCapDetail,
  type AttendeeWithPhoto,
  type Connection,
  type ReceivedRequest,
} from '../../../contract/social';
import type { LiveServerMessage } from '../../../contract/live';
import { sharedItems } from '../../domain/compatibility';
import { projectFor } from '../../domain/visibility';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../errors';
import { notify } from '../../realtime/notify';
import type { Queryable } from '../client';
import { blocks, connectionRequests, connections, eventAttendees, events, users } from '../schema';
import { recordFeed } from './feed';
import { publishFeedEntry } from './insights';
import { candidateOf } from './people';
import { areConnected, isAttendee, isBlockedEitherWay, orderedPair } from './relations';
import { isBanActive, type UserRow } from './users';

type RequestRow = typeof connectionRequests.$inferSelect;
type ConnectionRow = typeof connections.$inferSelect;

// ---------------------------------------------------------------------------
// Who may reach whom (shared by chat, group chats and contact exchange)

/** SQL: the user is active and not under a ban that is still running. */
export const activeUserSql = (now: Date): SQL =>
  and(
    eq(users.isActive, true),
    or(eq(users.isBanned, false), and(isNotNull(users.bannedUntil), lte(users.bannedUntil, now))),
  )!;

/** SQL: neither `viewerId` nor the user in `column` has blocked the other. */
export const notBlockedSql = (viewerId: string, column: AnyPgColumn): SQL =>
  sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${column}) or (${blocks.blockerId} = ${column} and ${blocks.blockedId} = ${viewerId}))`;

/**
 * The other user as someone `viewerId` may deal with, or null: unknown, blocked either
 * way (a block looks exactly like an unknown id, DESIGN 5) and, unless `anyState`,
 * deactivated or banned.
 */
export async function reachableUser(
  db: Queryable,
  viewerId: string,
  otherId: string,
  now: Date,
  opts: { anyState?: boolean } = {},
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, otherId)).limit(1);
  if (!row) return null;
  if (!opts.anyState && (!row.isActive || isBanActive(row, now))) return null;
  if (row.id !== viewerId && (await isBlockedEitherWay(db, viewerId, otherId))) return null;
  return row;
}

export type EventAccess = 'missing' | 'not_attendee' | 'ok';

/** Whether the event exists and `userId` attends it (DESIGN 4's per-object check). */
export async function eventAccess(db: Queryable, eventId: string, userId: string): Promise<EventAccess> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return 'missing';
  return (await isAttendee(db, eventId, userId)) ? 'ok' : 'not_attendee';
}

/** Throws the answer for an event the actor may not use: 404 unknown, 403 not attending. */
export async function requireAttendance(db: Queryable, eventId: string, userId: string): Promise<void> {
  const access = await eventAccess(db, eventId, userId);
  if (access === 'missing') throw notFound('Event not found');
  if (access === 'not_attendee') throw forbidden('You need to join this event first');
}

// ---------------------------------------------------------------------------
// Views

/**
 * A connection seen by `viewer`. Connections know who each other are, so name,
 * username and occupation show; interests and photo still follow the other's
 * show_interests / show_profile_picture, and so do the shared interests.
 */
export function connectionView(viewer: UserRow, other: UserRow, row: ConnectionRow): Connection {
  const interests = other.showInterests ? [...other.interests] : [];
  return {
    id: row.id,
    connected_user: {
      id: other.id,
      name: other.name,
      username: other.username,
      occupation: other.occupation,
      interests,
      photo_data: other.showProfilePicture ? other.photoData : null,
    },
    shared_interests: sharedItems(viewer.interests, interests),
    event_id: row.eventId,
    connection_type: row.connectionType as ConnectionType,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A request as its recipient sees it. The sender chose to reach out, so their name,
 * username, occupation and interests show as stored; the photo follows
 * show_profile_picture.
 */
export function receivedRequestView(row: RequestRow, sender: UserRow): ReceivedRequest {
  return {
    id: row.id,
    sender: {
      id: sender.id,
      name: sender.name,
      username: sender.username,
      occupation: sender.occupation,
      interests: [...sender.interests],
    },
    sender_photo: sender.showProfilePicture ? sender.photoData : null,
    message: row.message,
    event_id: row.eventId,
    created_at: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Queries

async function findRequest(db: Queryable, from: string, to: string): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(connectionRequests)
    .where(and(eq(connectionRequests.fromUser, from), eq(connectionRequests.toUser, to)))
    .limit(1);
  return row ?? null;
}

/** Pending requests to `me` that `me` may see: not held, not declined, sender reachable. */
export async function listReceivedRequests(db: Queryable, me: UserRow, now: Date): Promise<ReceivedRequest[]> {
  const rows = await db
    .select({ request: connectionRequests, sender: users })
    .from(connectionRequests)
    .innerJoin(users, eq(users.id, connectionRequests.fromUser))
    .where(
      and(
        eq(connectionRequests.toUser, me.id),
        eq(connectionRequests.held, false),
        isNull(connectionRequests.declinedAt),
        activeUserSql(now),
        notBlockedSql(me.id, users.id),
      ),
    )
    .orderBy(desc(connectionRequests.createdAt), desc(connectionRequests.id))
    .limit(100);
  return rows.map((r) => receivedRequestView(r.request, r.sender));
}

/** `me`'s connections, newest first, with people who left, were banned or blocked left out. */
export async function listConnections(
  db: Queryable,
  me: UserRow,
  now: Date,
  opts: { eventId?: string; limit: number; offset: number },
): Promise<Connection[]> {
  const otherId = sql`case when ${connections.user1} = ${me.id} then ${connections.user2} else ${connections.user1} end`;
  const rows = await db
    .select({ connection: connections, other: users })
    .from(connections)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        or(eq(connections.user1, me.id), eq(connections.user2, me.id)),
        opts.eventId ? eq(connections.eventId, opts.eventId) : undefined,
        activeUserSql(now),
        notBlockedSql(me.id, users.id),
      ),
    )
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => connectionView(me, r.other, r.connection));
}

/**
 * The event's attendees as `viewer` may see them (projectFor, purpose 'attendees'),
 * each with where the two stand. Who is hidden is decided in SQL first, so a page
 * is a page; projectFor then decides every field.
 */
export async function attendeesWithPhotos(
  db: Queryable,
  viewer: UserRow,
  eventId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<AttendeeWithPhoto[]> {
  const connectedToViewer = sql`exists (select 1 from ${connections} where (${connections.user1} = ${viewer.id} and ${connections.user2} = ${users.id}) or (${connections.user2} = ${viewer.id} and ${connections.user1} = ${users.id}))`;
  const rows = await db
    .select({ user: users })
    .from(eventAttendees)
    .innerJoin(users, eq(users.id, eventAttendees.userId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        ne(users.id, viewer.id),
        activeUserSql(now),
        notBlockedSql(viewer.id, users.id),
        ne(users.visibilityMode, 'private'),
        or(ne(users.visibilityMode, 'friends'), connectedToViewer),
      ),
    )
    .orderBy(asc(eventAttendees.joinedAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.user.id);
  if (ids.length === 0) return [];

  const [connected, sent, received] = await Promise.all([
    db
      .select({ user1: connections.user1, user2: connections.user2 })
      .from(connections)
      .where(
        or(
          and(eq(connections.user1, viewer.id), inArray(connections.user2, ids)),
          and(eq(connections.user2, viewer.id), inArray(connections.user1, ids)),
        ),
      ),
    // Every request of the viewer's counts, held or declined: the sender is never told.
    db
      .select({ to: connectionRequests.toUser })
      .from(connectionRequests)
      .where(and(eq(connectionRequests.fromUser, viewer.id), inArray(connectionRequests.toUser, ids))),
    // Held and declined requests are not shown to the recipient.
    db
      .select({ from: connectionRequests.fromUser })
      .from(connectionRequests)
      .where(
        and(
          eq(connectionRequests.toUser, viewer.id),
          inArray(connectionRequests.fromUser, ids),
          eq(connectionRequests.held, false),
          isNull(connectionRequests.declinedAt),
        ),
      ),
  ]);
  const connectedIds = new Set(connected.map((c) => (c.user1 === viewer.id ? c.user2 : c.user1)));
  const sentIds = new Set(sent.map((r) => r.to));
  const receivedIds = new Set(received.map((r) => r.from));

  const out: AttendeeWithPhoto[] = [];
  for (const { user } of rows) {
    const isConnected = connectedIds.has(user.id);
    const seen = projectFor(
      viewer.id,
      candidateOf(user, now),
      { connected: isConnected, blockedEitherWay: false, inRestrictedZone: false },
      'attendees',
    );
    if (!seen) continue;
    out.push({
      id: seen.id,
      name: seen.name,
      username: seen.username,
      photo_data: seen.photo_data,
      age: seen.age,
      occupation: seen.occupation,
      communication_style: seen.communication_style,
      interests: seen.interests,
      connection_status: isConnected
        ? 'connected'
        : sentIds.has(user.id)
          ? 'request_sent'
          : receivedIds.has(user.id)
            ? 'request_received'
            : 'none',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Flows

/** Both must attend the event a request or connection names. */
async function requireBothAttend(db: Queryable, eventId: string, me: string, other: string, field: string) {
  await requireAttendance(db, eventId, me);
  if (!(await isAttendee(db, eventId, other))) throw badRequest(`${field}: is not attending this event`);
}

const capFor = (plan: string): number => PENDING_REQUEST_CAP[plan as PlanName] ?? PENDING_REQUEST_CAP.Free;

/** POST /connections/request: request, or connect at once when the other already asked. */
export async function requestConnection(
  app: FastifyInstance,
  sender: UserRow,
  body: { to_user_id: string; event_id: string | null; message: string | null },
): Promise<'request_sent' | 'connected'> {
  const db = app.db;
  const now = app.clock();
  if (body.to_user_id === sender.id) throw badRequest('to_user_id: you cannot send a request to yourself');
  const other = await reachableUser(db, sender.id, body.to_user_id, now);
  if (!other) throw notFound('User not found');
  if (body.event_id) await requireBothAttend(db, body.event_id, sender.id, other.id, 'to_user_id');
  if (await areConnected(db, sender.id, other.id)) throw conflict('You are already connected');

  // Mutual interest: they asked first (even if declined or held: wanting it now is consent).
  const theirs = await findRequest(db, other.id, sender.id);
  if (theirs) {
    await connectPair(app, {
      actor: sender,
      other,
      eventId: theirs.eventId ?? body.event_id,
      type: 'mutual_interest',
      notify: [sender, other],
    });
    return 'connected';
  }
  if (await findRequest(db, sender.id, other.id)) return 'request_sent';

  const cap = capFor(sender.planName);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(connectionRequests)
    .where(
      and(
        eq(connectionRequests.fromUser, sender.id),
        body.event_id ? eq(connectionRequests.eventId, body.event_id) : isNull(connectionRequests.eventId),
      ),
    );
  if (n >= cap) throw tooManyRequests(300, pendingCapDetail(cap, !!body.event_id));

  // Safe space: the request waits quietly, without a notification (DESIGN 5).
  const held = other.safeSpaceMode;
  const [row] = await db
    .insert(connectionRequests)
    .values({ fromUser: sender.id, toUser: other.id, eventId: body.event_id, message: body.message, held, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) return 'request_sent'; // a concurrent duplicate stored it first

  // Two people asking each other at the same moment: both requests exist now, so connect.
  if (await findRequest(db, other.id, sender.id)) {
    await connectPair(app, { actor: sender, other, eventId: body.event_id, type: 'mutual_interest', notify: [sender, other] });
    return 'connected';
  }
  if (!held) await announceRequest(app, row, sender, other.id);
  return 'request_sent';
}

/** Stored already: tell the recipient live and with a notification. */
async function announceRequest(app: FastifyInstance, row: RequestRow, sender: UserRow, recipientId: string) {
  const message: LiveServerMessage = { type: 'connection_request', request: receivedRequestView(row, sender) };
  await app.realtime.toUsers([recipientId], message);
  await notify(app, recipientId, {
    kind: 'connection_request',
    title: 'New connection request',
    content: `${sender.name} would like to connect with you.`,
  });
}

/**
 * Connects two people (their requests go), records the feed entry, and tells both
 * live; those in `notify` also get a notification. Idempotent: an existing connection
 * is answered as it is.
 */
async function connectPair(
  app: FastifyInstance,
  p: { actor: UserRow; other: UserRow; eventId: string | null; type: ConnectionType; notify: UserRow[] },
): Promise<ConnectionRow> {
  const now = app.clock();
  const [user1, user2] = orderedPair(p.actor.id, p.other.id);
  const { row, created } = await app.db.transaction(async (tx) => {
    await tx
      .delete(connectionRequests)
      .where(
        or(
          and(eq(connectionRequests.fromUser, p.actor.id), eq(connectionRequests.toUser, p.other.id)),
          and(eq(connectionRequests.fromUser, p.other.id), eq(connectionRequests.toUser, p.actor.id)),
        ),
      );
    const [inserted] = await tx
      .insert(connections)
      .values({ user1, user2, eventId: p.eventId, connectionType: p.type, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await tx
      .select()
      .from(connections)
      .where(and(eq(connections.user1, user1), eq(connections.user2, user2)))
      .limit(1);
    return { row: existing!, created: false };
  });
  if (!created) return row;
  // Friends-only people and anonymous ones (named to connections) show as such at once.
  app.lifecycle.emit('relation.changed', p.actor.id, p.other.id);
  if (row.eventId) {
    const entry = await recordFeed(app.db, { eventId: row.eventId, actorId: p.actor.id, kind: 'connection', subjectId: row.id, at: now });
    await publishFeedEntry(app.db, app.realtime, entry, now);
  }

  const sides: [UserRow, UserRow][] = [
    [p.actor, p.other],
    [p.other, p.actor],
  ];
  for (const [viewer, other] of sides) {
    const message: LiveServerMessage = { type: 'connection_accepted', connection: connectionView(viewer, other, row) };
    await app.realtime.toUsers([viewer.id], message);
  }
  for (const person of p.notify) {
    const other = person.id === p.actor.id ? p.other : p.actor;
    await notify(app, person.id, {
      kind: 'connection_accepted',
      title: 'Connection accepted',
      content: `You and ${other.name} are now connected. You can now chat.`,
    });
  }
  return row;
}

/** POST /connections/requests/respond. Accept connects; decline tells nobody anything. */
export async function respondToRequest(
  app: FastifyInstance,
  me: UserRow,
  body: { request_id: string; action: 'accept' | 'decline' },
): Promise<Connection | null> {
  const now = app.clock();
  const [row] = await app.db.select().from(connectionRequests).where(eq(connectionRequests.id, body.request_id)).limit(1);
  if (!row) throw notFound('Request not found');
  if (row.toUser !== me.id) throw forbidden('Only the person who received this request can answer it');
  // Declined already: gone from this side for good.
  if (row.declinedAt) throw notFound('Request not found');
  const sender = await reachableUser(app.db, me.id, row.fromUser, now);
  if (!sender) throw notFound('Request not found');

  if (body.action === 'decline') {
    // Kept for the sender, who keeps seeing request_sent; nothing is published or notified.
    await app.db
      .update(connectionRequests)
      .set({ declinedAt: now, held: false })
      .where(eq(connectionRequests.id, row.id));
    return null;
  }
  const connection = await connectPair(app, {
    actor: me,
    other: sender,
    eventId: row.eventId,
    type: 'mutual_interest',
    notify: [sender],
  });
  return connectionView(me, sender, connection);
}

/**
 * POST /connections: connects only when the other person already asked the actor.
 * Anything else would connect two people one-sidedly, which SPEC 1 rules out.
 */
export async function createConnection(
  app: FastifyInstance,
  me: UserRow,
  q: { user2: string; event_id?: string; connection_type: ConnectionType },
): Promise<Connection> {
  const now = app.clock();
  if (q.user2 === me.id) throw badRequest('user2: you cannot connect with yourself');
  const other = await reachableUser(app.db, me.id, q.user2, now);
  if (!other) throw notFound('User not found');
  if (q.event_id) await requireBothAttend(app.db, q.event_id, me.id, other.id, 'user2');
  if (await areConnected(app.db, me.id, other.id)) throw conflict('You are already connected');
  const theirs = await findRequest(app.db, other.id, me.id);
  if (!theirs) {
    throw forbidden('A connection needs you both: send a connection request, and you will be connected when they want it too.');
  }
  const row = await connectPair(app, {
    actor: me,
    other,
    eventId: q.event_id ?? theirs.eventId,
    type: q.connection_type,
    notify: [other],
  });
  return connectionView(me, other, row);
}

/**
 * Called when `userId` turns safe_space_mode off: the requests held for them are
 * released and announced (live and notification), as if they had just arrived.
 * Answers how many were announced (a sender who left or was blocked meanwhile is not).
 */
export async function releaseHeldRequests(app: FastifyInstance, userId: string): Promise<number> {
  const now = app.clock();
  const released = await app.db
    .update(connectionRequests)
    .set({ held: false })
    .where(
      and(eq(connectionRequests.toUser, userId), eq(connectionRequests.held, true), isNull(connectionRequests.declinedAt)),
    )
    .returning();
  released.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let announced = 0;
  for (const row of released) {
    const sender = await reachableUser(app.db, userId, row.fromUser, now);
    if (!sender) continue;
    await announceRequest(app, row, sender, userId);
    announced += 1;
  }
  return announced;
}
