/**
 * Kind endings (issue 43 item 5): "I'm heading off" sends a warm closing line, by every
 * rule of POST /chat/send, then rests the chat for both people: messages still arrive,
 * quietly (no toast, no push: use-cases/chat.ts and notify.ts), both hear `chat_rest`
 * live and see the same state, and either can wake it. Nobody is muted in secret.
 */
import type { ChatRest, ChatRestAnswerSchema } from '../../contract/recap';
import { headingOffLine, type HeadingOffLineId } from '../../contract/kind-endings';
import type { PushLanguage } from '../../contract/push-kinds';
import type { z } from 'zod';
import { idKnownBy, knownPerson, notSelf, resolvePerson } from '../access/people';
import { notFound } from '../core/errors';
import { keptRestOf } from '../cache/people';
import { announceKept, tag } from '../cache/tags';
import { rest, wake } from '../db/repositories/recap';
import type { UserRow } from '../db/repositories/users';
import { sayInLanguage } from '../presenters/push';
import { sendChatMessage } from './chat';
import type { Ctx } from './context';

const restView = (row: { restedBy: string | null; since: Date } | null, meId: string): ChatRest =>
  row ? { resting: true, by_me: row.restedBy === meId, since: row.since.toISOString() } : { resting: false, by_me: null, since: null };

/** The other person of the chat, as GET /chat/{id}/partner finds them: known to the user, not blocked either way. */
async function partnerOf(ctx: Ctx, me: UserRow, asked: string): Promise<UserRow> {
  const now = ctx.clock();
  const id = await resolvePerson(ctx.db, me.id, asked, now);
  notSelf(me.id, id, 'otherUserId', 'chat');
  return knownPerson(ctx.db, me.id, id, now, { anyState: true });
}

/** Both hear it: each with the other as they know them. */
async function tellBoth(ctx: Ctx, me: UserRow, asked: string, other: UserRow, resting: boolean): Promise<void> {
  const meAsKnown = (await idKnownBy(ctx.db, other.id, me, ctx.clock())) ?? me.id;
  await Promise.all([
    ctx.realtime.toUsers([me.id], { type: 'chat_rest', user_id: asked, resting, by_me: true }),
    ctx.realtime.toUsers([other.id], { type: 'chat_rest', user_id: meAsKnown, resting, by_me: false }),
  ]);
}

/** GET /chat/{otherUserId}/rest. */
export async function chatRestWith(ctx: Ctx, me: UserRow, asked: string): Promise<ChatRest> {
  const other = await partnerOf(ctx, me, asked);
  return restView(await keptRestOf(ctx.db, me.id, other.id, ctx.clock()), me.id);
}

/** POST /chat/{otherUserId}/rest: the line goes as an ordinary message (refused as one would be), then the chat rests. */
export async function headOff(
  ctx: Ctx,
  me: UserRow,
  asked: string,
  body: { line_id: HeadingOffLineId; language: PushLanguage; event_id: string | null },
): Promise<z.infer<typeof ChatRestAnswerSchema>> {
  const line = headingOffLine(body.line_id)!;
  const message = await sendChatMessage(ctx, me, {
    to_user: asked,
    message: sayInLanguage(body.language, line),
    event_id: body.event_id,
    message_type: 'text',
    ice_breaker_id: null,
    client_id: null,
  });
  const other = await partnerOf(ctx, me, asked);
  const since = ctx.clock();
  await rest(ctx.db, me.id, other.id, since);
  announceKept(ctx, [tag.rests(me.id), tag.rests(other.id)]);
  await tellBoth(ctx, me, asked, other, true);
  return { success: true, message, rest: restView({ restedBy: me.id, since }, me.id) };
}

/** DELETE /chat/{otherUserId}/rest: either of the two wakes it; 404 when it was not resting. */
export async function wakeChat(ctx: Ctx, me: UserRow, asked: string): Promise<ChatRest> {
  const other = await partnerOf(ctx, me, asked);
  if (!(await wake(ctx.db, me.id, other.id))) throw notFound(/*i18n*/ { id: 'error.chatNotResting', message: 'This chat is not resting.' });
  announceKept(ctx, [tag.rests(me.id), tag.rests(other.id)]);
  await tellBoth(ctx, me, asked, other, false);
  return restView(null, me.id);
}

