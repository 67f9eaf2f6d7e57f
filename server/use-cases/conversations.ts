/**
 * The Chats inbox (issue 13): every one-to-one chat the user has messages in and every
 * group chat they belong to, with the last message, its time and what is unread, and
 * the read markers kept on the server (db/repositories/conversations.ts) so counts hold
 * across reloads, devices and instances. People appear as the chat shows them: a
 * partner as `chatPartnerAs`, a group sender as the group chat does (DESIGN 5's
 * shared-space rule, anonymous included), the reader's own messages as 'You'.
 */
import {
  type ChatMessage,
  type Conversation,
  type ConversationKind,
  type ConversationsAnswer,
  CONVERSATIONS_MAX,
} from '../../contract/social';
import {
  type DirectRow,
  type GroupMembership,
  directConversations,
  groupMemberships,
  groupUnreadSince,
  markConversationRead,
} from '../db/repositories/conversations';
import { groupMessageWindow } from '../cache/shared-spaces';
import type { ViewerContext } from '../domain/visibility';
import { authorAs } from '../presenters/people';
import { viewerContext } from '../cache/relations';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { conversationOf } from '../access/chats';
import { ownOnly, resolvePerson } from '../access/people';
import { sharedPseudonyms } from '../db/repositories/pseudonyms';
import { chatPartnerAs, isAnonymousTo } from '../domain/visibility';
import { keptReads } from '../cache/kept';
import { tag } from '../cache/tags';
import type { Lifecycle } from '../core/lifecycle';
import { nameSaid } from '../../contract/constants';
import type { Said } from '../../contract/said';
import type { Ctx } from './context';

/** How the reader's own messages are signed in the inbox. */
export const YOU = 'You';

/** A conversation's title's message id and values (contract/said.ts). */
const titleOf = (said: Said) => ({ title_code: said.id, title_params: said.values ?? {} });

/** A conversation with when it was last active, for ordering the two kinds together. */
type Dated = { conversation: Conversation; activeAt: number };

/** The reader's one-to-one chats, kept per person until either side of one writes or reads, or a partner changes. */
async function directOnes(ctx: Ctx, reader: ViewerContext): Promise<Dated[]> {
  const rows = await keptReads(ctx.db).read(`inbox-direct:${reader.id}`, reader.now.getTime(), async () => {
    const value = await directConversations(ctx.db, reader.id, reader.now, CONVERSATIONS_MAX);
    return { value, tags: [tag.user(reader.id), tag.inbox(reader.id), tag.reads(reader.id), ...value.map((r) => tag.user(r.partner.id))] };
  });
  // Someone anonymous to the reader is named by their pseudonym (issue 40): at the latest
  // event the two share, as chats' live messages and notifications name them. One read for
  // all of them, and none when there are none.
  const anonymous = rows.filter(({ partner: row }) => isAnonymousTo(candidateOf(row, reader.now), { connected: reader.connected.has(row.id) }));
  const pseudonyms = await sharedPseudonyms(ctx.db, reader.id, anonymous.map((r) => r.partner.id));
  return rows.map(({ partner: row, last, unread }) => {
    const connected = reader.connected.has(row.id);
    const rel = { connected, blockedEitherWay: false, inRestrictedZone: false };
    const known = isAnonymousTo(candidateOf(row, reader.now), rel) ? (pseudonyms.get(row.id) ?? null) : row.id;
    const partner = chatPartnerAs(reader.id, candidateOf(row, reader.now), rel, known);
    return {
      activeAt: last.at.getTime(),
      conversation: {
        kind: 'direct',
        id: partner.id,
        title: partner.name,
        ...titleOf(nameSaid(partner.name)),
        partner,
        event_id: null,
        last_message: {
          message: last.message,
          from_name: last.fromUser === reader.id ? YOU : partner.name,
          timestamp: last.at.toISOString(),
        },
        unread,
      },
    };
  });
}

/**
 * The reader's group chats, from what is kept per chat (its newest messages with their
 * senders, cache/shared-spaces.ts) and per person (their chats and read marks): a message
 * in a busy chat is read once for everyone, not once per member. A reader whose mark is
 * older than a chat's kept window has that chat's unread messages counted in the database.
 */
async function groupOnes(ctx: Ctx, reader: ViewerContext): Promise<Dated[]> {
  const memberships = await keptReads(ctx.db).read(`group-memberships:${reader.id}`, reader.now.getTime(), async () => ({
    value: await groupMemberships(ctx.db, reader.id),
    tags: [tag.user(reader.id), tag.reads(reader.id), tag.groupChats],
  }));
  return Promise.all(
    memberships.map(async (m) => {
      const window = await groupMessageWindow(ctx.db, m.id, reader.now);
      const since = m.readAt ?? m.joinedAt;
      let last: (typeof window.rows)[number] | undefined;
      let unread = 0;
      let reachedSince = false;
      for (const r of window.rows) {
        if (r.message.createdAt <= since) reachedSince = true;
        if (reader.blocked.has(r.sender.id)) continue;
        last ??= r;
        if (reachedSince) break;
        if (r.sender.id !== reader.id) unread++;
      }
      if (!reachedSince && window.full) unread = await groupUnreadSince(ctx.db, m.id, reader.id, since, reader.blocked);
      const fromName = !last ? '' : last.sender.id === reader.id ? YOU : authorAs(reader, last.sender).name;
      return {
        activeAt: (last?.message.createdAt ?? m.joinedAt).getTime(),
        conversation: {
          kind: 'group' as const,
          id: m.id,
          title: m.name,
          ...titleOf({ id: m.nameCode, message: m.name, values: m.nameParams }),
          partner: null,
          event_id: m.eventId,
          last_message: last ? { message: last.message.message, from_name: fromName, timestamp: last.message.createdAt.toISOString() } : null,
          unread,
        },
      };
    }),
  );
}

/**
 * The inbox: newest activity first (a group chat without messages by when the reader
 * joined it), at most CONVERSATIONS_MAX; put together in memory from what is kept per
 * person and per chat (cache/kept.ts).
 */
async function inbox(ctx: Ctx, me: UserRow): Promise<ConversationsAnswer> {
  const reader = await viewerContext(ctx.db, me.id, ctx.clock());
  const [direct, group] = await Promise.all([directOnes(ctx, reader), groupOnes(ctx, reader)]);
  const conversations = [...direct, ...group]
    .sort((a, b) => b.activeAt - a.activeAt)
    .slice(0, CONVERSATIONS_MAX)
    .map((d) => d.conversation);
  return { conversations, unread_total: conversations.reduce((sum, c) => sum + c.unread, 0) };
}

/** GET /conversations: the user's own inbox only. */
export async function conversationsOf(ctx: Ctx, me: UserRow, userId: string): Promise<ConversationsAnswer> {
  ownOnly(me.id, userId, /*i18n*/ { id: 'error.ownConversations', message: 'You can only read your own conversations' });
  return inbox(ctx, me);
}

/**
 * PUT /conversations/read: everything in the conversation up to now is read, on every
 * device. Only a conversation the user has (access/chats.ts); answers the new total.
 */
export async function markRead(ctx: Ctx, me: UserRow, userId: string, body: { kind: ConversationKind; id: string }): Promise<number> {
  ownOnly(me.id, userId, /*i18n*/ { id: 'error.ownConversationsRead', message: 'You can only mark your own conversations read' });
  const now = ctx.clock();
  // A one-to-one chat is named by its partner, whose pseudonym names them too (issue 40).
  const id = body.kind === 'direct' ? await resolvePerson(ctx.db, me.id, body.id, now) : body.id;
  await conversationOf(ctx.db, me.id, { kind: body.kind, id }, now);
  await markConversationRead(ctx.db, me.id, body.kind, id, now);
  // Every instance, this one first, marks what it keeps read in place (followReadMarks).
  ctx.lifecycle.emit('conversation.read', me.id, body.kind, id, String(now.getTime()));
  return (await inbox(ctx, me)).unread_total;
}

const later = (mark: Date | null, at: number): Date => (mark && mark.getTime() > at ? mark : new Date(at));

/**
 * `rows` (the reader's kept one-to-one chats) with `m` as the last message of its chat,
 * unread to the reader if the other sent it after the reader's mark;
 * undefined when they cannot show it in place: the chat is not among them (a new one, or
 * one past the inbox's length), or its last message is not older than `m` (the read may
 * already count it).
 */
function withMessage(rows: DirectRow[], readerId: string, m: ChatMessage): DirectRow[] | undefined {
  const at = Date.parse(m.timestamp);
  const partnerId = m.from_user === readerId ? m.to_user : m.from_user;
  const i = rows.findIndex((r) => r.partner.id === partnerId);
  const row = rows[i];
  if (!row || row.last.at.getTime() >= at) return undefined;
  const unread = m.to_user === readerId && (!row.readAt || at > row.readAt.getTime()) ? row.unread + 1 : row.unread;
  const next = rows.slice();
  next[i] = { ...row, last: { id: m.id, fromUser: m.from_user, message: m.message, at: new Date(at) }, unread };
  return next;
}

/**
 * What each instance keeps of the inbox follows the changes to it in place, instead of
 * reading it again:
 * - a reader's mark, made on any instance: the one-to-one chat's unread count becomes 0,
 *   a group chat's read mark moves on. An instance with nothing finished kept for the
 *   reader forgets their marks' reads instead, so the next read asks the database;
 * - a one-to-one message sent through any instance ('chat.sent', carried to the others by
 *   the live bus: app.ts): it becomes the last of the chat in both people's kept inboxes
 *   (otherwise they are read again), and the chat's kept newest page and what depends on
 *   whom each of them wrote to (their recaps) are read again.
 * Answers how to stop.
 */
export function followReadMarks(db: object, lifecycle: Lifecycle): () => void {
  const mark = (readerId: string, kind: string, id: string, atMs: string) => {
    const at = Number(atMs);
    if (!Number.isFinite(at)) return;
    const kept = keptReads(db);
    const patched =
      kind === 'direct'
        ? kept.patch<DirectRow[]>(`inbox-direct:${readerId}`, at, (rows) =>
            rows.map((r) => (r.partner.id === id ? { ...r, unread: 0, readAt: later(r.readAt, at) } : r)),
          )
        : kept.patch<GroupMembership[]>(`group-memberships:${readerId}`, at, (list) =>
            list.map((m) => (m.id === id ? { ...m, readAt: later(m.readAt, at) } : m)),
          );
    if (!patched) kept.changed([tag.reads(readerId)]);
  };
  const sent = (m: ChatMessage) => {
    const at = Date.parse(m.timestamp);
    const kept = keptReads(db);
    kept.changed([tag.chat(m.from_user, m.to_user), tag.messages(m.from_user), tag.messages(m.to_user)]);
    for (const reader of [m.from_user, m.to_user]) {
      if (!kept.patch<DirectRow[]>(`inbox-direct:${reader}`, at, (rows) => withMessage(rows, reader, m))) kept.changed([tag.inbox(reader)]);
    }
  };
  lifecycle.on('conversation.read', mark);
  lifecycle.on('chat.sent', sent);
  return () => {
    lifecycle.off('conversation.read', mark);
    lifecycle.off('chat.sent', sent);
  };
}
