/**
 * One-to-one chat: history in pages, ice breakers for a pair, and sending (stored, then
 * published to both parties). Only people who may reach each other chat: a block
 * looks like an unknown id, and safe space mode takes messages from connections only.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { IdSchema } from '../../../contract/common';
import type { MessageType } from '../../../contract/constants';
import type { LiveServerMessage } from '../../../contract/live';
import type { IceBreaker } from '../../../contract/discovery';
import { SAFE_SPACE_DETAIL, type ChatMessage } from '../../../contract/social';
import { compatProfileOf, publicProfileOf } from '../../domain/nearby';
import { canMessage, projectFor } from '../../domain/visibility';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../errors';
import { notify } from '../../realtime/notify';
import type { Queryable } from '../client';
import { chatMessages, iceBreakers } from '../schema';
import { reachableUser, requireAttendance } from './connections';
import { requireAttendance as requireEventAttendance } from './events';
import { candidateOf, iceBreakersForMany } from './people';
import { areConnected } from './relations';
import type { UserRow } from './users';

type ChatRow = typeof chatMessages.$inferSelect;

export const toChatMessage = (r: ChatRow): ChatMessage => ({
  id: r.id,
  from_user: r.fromUser,
  to_user: r.toUser,
  message: r.message,
  message_type: r.messageType as MessageType,
  ice_breaker_id: r.iceBreakerId,
  event_id: r.eventId,
  client_id: r.clientId,
  timestamp: r.createdAt.toISOString(),
});

/** The other person of a chat, or 404: unknown, yourself, or blocked either way. */
export async function chatPartner(app: FastifyInstance, me: UserRow, otherId: string, opts: { sending: boolean }) {
  if (otherId === me.id) throw badRequest(`${opts.sending ? 'to_user' : 'otherUserId'}: you cannot chat with yourself`);
  // History stays readable when the other has left or is banned; new messages do not go to them.
  const other = await reachableUser(app.db, me.id, otherId, app.clock(), { anyState: !opts.sending });
  if (!other) throw notFound('User not found');
  return other;
}

const pairOf = (a: string, b: string): SQL =>
  or(
    and(eq(chatMessages.fromUser, a), eq(chatMessages.toUser, b)),
    and(eq(chatMessages.fromUser, b), eq(chatMessages.toUser, a)),
  )!;

/**
 * A page of the chat between two people, oldest first: the `limit` newest messages
 * before `before` (a message id of this chat, or a date and time).
 */
export async function chatHistory(
  db: Queryable,
  meId: string,
  otherId: string,
  q: { before?: string; limit: number },
): Promise<ChatMessage[]> {
  const pair = pairOf(meId, otherId);
  let older: SQL | undefined;
  if (q.before !== undefined) {
    if (IdSchema.safeParse(q.before).success) {
      const [cursor] = await db
        .select({ createdAt: chatMessages.createdAt, id: chatMessages.id })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, q.before), pair))
        .limit(1);
      if (!cursor) throw badRequest('before: is not a message of this chat');
      older = or(
        lt(chatMessages.createdAt, cursor.createdAt),
        and(eq(chatMessages.createdAt, cursor.createdAt), lt(chatMessages.id, cursor.id)),
      );
    } else {
      older = lt(chatMessages.createdAt, new Date(q.before));
    }
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(pair, older))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(q.limit);
  return rows.reverse().map(toChatMessage);
}

/**
 * The actor's ice breakers towards `other` (at an event the actor attends, or none),
 * built only from what `other` lets the actor see now (DESIGN 5): hidden interests or
 * occupation never reach a suggestion, not even one stored before they were hidden.
 * The same suggestions, with the same ids, as nearby people gives for the pair.
 */
export async function iceBreakersFor(
  app: FastifyInstance,
  me: UserRow,
  other: UserRow,
  eventId: string | null,
): Promise<IceBreaker[]> {
  const now = app.clock();
  const event = eventId ? await requireEventAttendance(app.db, eventId, me.id, NOT_ATTENDING) : null;
  const connected = await areConnected(app.db, me.id, other.id);
  const candidate = candidateOf(other, now);
  const seen = projectFor(me.id, candidate, { connected, blockedEitherWay: false, inRestrictedZone: false }, 'search');
  const profile = seen
    ? publicProfileOf(seen, other.socialBattery)
    : { ...compatProfileOf(candidate, other.socialBattery), interests: [], occupation: null };
  const found = await iceBreakersForMany(
    app.db,
    { id: me.id, profile: compatProfileOf(candidateOf(me, now), me.socialBattery) },
    [{ id: other.id, profile }],
    event,
    now,
  );
  return found.get(other.id) ?? [];
}

const NOT_ATTENDING = 'You need to join this event first';

/** Too many messages in a short while (chat and group chats together): a kind 429. */
export const MESSAGES_TOO_FAST =
  "You're sending messages very quickly. Take a breath and try again in a few seconds.";

/** Counts one new message of `userId` against their limit; 429 when over it. */
export function countMessage(app: FastifyInstance, userId: string): void {
  const r = app.limiters.messages.hit(userId);
  if (!r.allowed) throw tooManyRequests(r.retryAfterSec, MESSAGES_TOO_FAST);
}

const PREVIEW_MAX = 80;
const preview = (s: string): string => (s.length > PREVIEW_MAX ? `${s.slice(0, PREVIEW_MAX - 1)}…` : s);

/** POST /chat/send: checks, stores (once per client_id), publishes to both, notifies if away. */
export async function sendChatMessage(
  app: FastifyInstance,
  me: UserRow,
  body: {
    to_user: string;
    message: string;
    event_id: string | null;
    message_type: MessageType;
    ice_breaker_id: string | null;
    client_id: string | null;
  },
): Promise<ChatMessage> {
  const db = app.db;
  const now = app.clock();
  const byClientId = async () => {
    if (!body.client_id) return null;
    const [row] = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.fromUser, me.id), eq(chatMessages.clientId, body.client_id)))
      .limit(1);
    return row ?? null;
  };
  // A retry from the offline outbox: answer the message already stored, publish nothing twice.
  const repeat = await byClientId();
  if (repeat) return toChatMessage(repeat);
  // Only new messages count: an outbox sending its retries again is not flooding.
  countMessage(app, me.id);

  const other = await chatPartner(app, me, body.to_user, { sending: true });
  if (body.event_id) await requireAttendance(db, body.event_id, me.id);
  const connected = await areConnected(db, me.id, other.id);
  if (!canMessage(connected, other.safeSpaceMode)) throw forbidden(SAFE_SPACE_DETAIL);

  let iceBreakerId: string | null = null;
  if (body.message_type === 'ice_breaker') {
    if (!body.ice_breaker_id) throw badRequest('ice_breaker_id: is required for an ice_breaker message');
    const [ib] = await db
      .select({ id: iceBreakers.id })
      .from(iceBreakers)
      .where(
        and(
          eq(iceBreakers.id, body.ice_breaker_id),
          or(
            and(eq(iceBreakers.userA, me.id), eq(iceBreakers.userB, other.id)),
            and(eq(iceBreakers.userA, other.id), eq(iceBreakers.userB, me.id)),
          ),
        ),
      )
      .limit(1);
    if (!ib) throw badRequest('ice_breaker_id: is not an ice breaker of this chat');
    iceBreakerId = ib.id;
  }

  const [row] = await db
    .insert(chatMessages)
    .values({
      fromUser: me.id,
      toUser: other.id,
      eventId: body.event_id,
      message: body.message,
      messageType: body.message_type,
      iceBreakerId,
      clientId: body.client_id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // The same client_id won a race a moment ago.
    const first = await byClientId();
    if (first) return toChatMessage(first);
    throw new Error('chat message was neither stored nor found');
  }

  const message = toChatMessage(row);
  // Both parties: the sender's other devices show it too.
  const live: LiveServerMessage = { type: 'new_message', message };
  await app.realtime.toUsers([me.id, other.id], live);

  // A notification only for someone not holding the live channel open somewhere.
  const online = (await app.realtime.isOnline?.(other.id)) ?? false;
  if (!online) {
    const asSeen = projectFor(
      other.id,
      candidateOf(me, now),
      { connected, blockedEitherWay: false, inRestrictedZone: false },
      'search',
    );
    await notify(app, other.id, {
      kind: 'chat_message',
      title: 'New message',
      content: `${asSeen?.name ?? 'Someone'}: ${preview(body.message)}`,
    });
  }
  return message;
}
