/**
 * Opening moves and "Happy to be approached" (issue 43). A person's prompts and their
 * choice live on their row, so the event's kept people carry them to every nearby card
 * without a read of their own (cache/event-people.ts). Answering a prompt is a connection
 * request whose message holds the prompt and the answer, made by the very use case a
 * request is made by (use-cases/connections.ts requestConnection), so blocks, breaks,
 * caps, the private decline and the lapse all apply as they do to any request.
 */
import { randomUUID } from 'node:crypto';
import { OPENING_MOVE_NOT_FOUND, type OpeningMove, answerMessage } from '../../contract/opening-move-words';
import { eventPeopleFor } from '../cache/event-people';
import { JOIN_TO_SEE, attendedEvent } from '../access/events';
import { USER_NOT_FOUND, notSelf } from '../access/people';
import { findOpeningMove, storeOpeningMoves } from '../db/repositories/opening-moves';
import { type UserRow, updateUser } from '../db/repositories/users';
import { isAnonymousTo, isVisibleTo } from '../domain/visibility';
import { notFound } from '../core/errors';
import { requestConnection } from './connections';
import type { Ctx } from './context';


/**
 * The new list of prompts, each keeping its id while its words stay the same (an answer
 * on its way still finds it); new words get a new id, so an answer is never sent to words
 * the asker did not see.
 */
export function withIds(before: readonly OpeningMove[], prompts: readonly string[]): OpeningMove[] {
  const free = [...before];
  return prompts.map((text) => {
    const i = free.findIndex((m) => m.text === text);
    if (i < 0) return { id: randomUUID(), text };
    const [kept] = free.splice(i, 1);
    return kept!;
  });
}

/** PUT /users/opening-moves: the whole list, replaced. */
export async function setOpeningMoves(ctx: Ctx, me: UserRow, prompts: string[]): Promise<OpeningMove[]> {
  const moves = await storeOpeningMoves(ctx.db, me.id, withIds(me.openingMoves, prompts));
  if (!moves) throw notFound(USER_NOT_FOUND);
  // On every card at once, on every instance (the event's kept people read the row again).
  ctx.lifecycle.emit('user.changed', me.id);
  return moves;
}

/** PUT /users/open-to-hello. */
export async function setOpenToHello(ctx: Ctx, me: UserRow, open: boolean): Promise<boolean> {
  const row = await updateUser(ctx.db, me.id, { openToHello: open });
  if (!row) throw notFound(USER_NOT_FOUND);
  ctx.lifecycle.emit('user.changed', me.id);
  return row.openToHello;
}

/**
 * POST /opening-moves/{id}/answer. The prompt must be one the asker may see on its
 * owner's card at the event now: the owner attends it and is shown to the asker by the
 * gate of nearby people (blocks either way, privacy, a break, a review hold, a restricted
 * zone), by name (an anonymous card shows no prompts). Anything else is 404, as a prompt
 * that does not exist. Then it is a connection request like any other.
 */
export async function answerOpeningMove(
  ctx: Ctx,
  me: UserRow,
  moveId: string,
  body: { answer: string; event_id: string },
): Promise<'request_sent' | 'connected'> {
  const now = ctx.clock();
  const [found, kept] = await Promise.all([findOpeningMove(ctx.db, moveId), eventPeopleFor(ctx.db, body.event_id, me.id, now)]);
  const people = attendedEvent(kept && { event: kept.people, attending: kept.attending }, JOIN_TO_SEE.people);
  if (!found) throw notFound(OPENING_MOVE_NOT_FOUND);
  notSelf(me.id, found.ownerId, 'id', 'request');
  const owner = people.attendees.get(found.ownerId);
  const relation = {
    connected: people.connected.get(me.id)?.has(found.ownerId) ?? false,
    blockedEitherWay: people.blocked.get(me.id)?.has(found.ownerId) ?? false,
    inRestrictedZone: owner?.restricted ?? false,
  };
  if (!owner || !isVisibleTo(me.id, owner.candidate, relation, 'nearby') || isAnonymousTo(owner.candidate, relation)) {
    throw notFound(OPENING_MOVE_NOT_FOUND);
  }
  return requestConnection(ctx, me, { to_user_id: found.ownerId, event_id: body.event_id, message: answerMessage(found.move.text, body.answer) });
}
