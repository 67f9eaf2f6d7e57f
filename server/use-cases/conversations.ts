/**
 * The Chats inbox (issue 13): every one-to-one chat the user has messages in and every
 * group chat they belong to, with the last message, its time and what is unread, and
 * the read markers kept on the server (db/repositories/conversations.ts) so counts hold
 * across reloads, devices and instances. People appear as the chat shows them: a
 * partner as `chatPartnerAs`, a group sender as the group chat does (DESIGN 5's
 * shared-space rule, anonymous included), the reader's own messages as 'You'.
 */
import {
  type Conversation,
  type ConversationKind,
  type ConversationsAnswer,
  CONVERSATIONS_MAX,
} from '../../contract/social';
import { directConversations, groupConversations, markConversationRead } from '../db/repositories/conversations';
import { authorAs, peopleByIds, viewerContext, type ViewerContext } from '../db/repositories/insights';
import { candidateOf } from '../db/repositories/people';
import type { UserRow } from '../db/repositories/users';
import { conversationOf, ownOnly } from '../domain/access';
import { ANONYMOUS_NAME, chatPartnerAs } from '../domain/visibility';
import { announceKept, keptReads, tag } from '../cache/kept';
import type { Ctx } from './context';

/** How the reader's own messages are signed in the inbox. */
export const YOU = 'You';

/** A conversation with when it was last active, for ordering the two kinds together. */
type Dated = { conversation: Conversation; activeAt: number; senderId?: string };

async function directOnes(ctx: Ctx, reader: ViewerContext): Promise<Dated[]> {
  const rows = await directConversations(ctx.db, reader.id, reader.now, CONVERSATIONS_MAX);
  return rows.map(({ partner: row, last, unread }) => {
    const rel = { connected: reader.connected.has(row.id), blockedEitherWay: false, inRestrictedZone: false };
    const partner = chatPartnerAs(reader.id, candidateOf(row, reader.now), rel);
    return {
      activeAt: last.at.getTime(),
      conversation: {
        kind: 'direct',
        id: partner.id,
        title: partner.name,
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

async function groupOnes(ctx: Ctx, reader: ViewerContext): Promise<Dated[]> {
  const rows = await groupConversations(ctx.db, reader.id, reader.blocked, CONVERSATIONS_MAX);
  // The senders of the last messages, read once for all chats.
  const senders = await peopleByIds(
    ctx.db,
    rows.flatMap((r) => (r.last && r.last.fromUser !== reader.id ? [r.last.fromUser] : [])),
  );
  return rows.map((r) => {
    const sender = r.last ? senders.get(r.last.fromUser) : undefined;
    const fromName = !r.last ? '' : r.last.fromUser === reader.id ? YOU : sender ? authorAs(reader, sender).name : ANONYMOUS_NAME;
    return {
      activeAt: (r.last?.at ?? r.joinedAt).getTime(),
      senderId: r.last?.fromUser,
      conversation: {
        kind: 'group',
        id: r.id,
        title: r.name,
        partner: null,
        event_id: r.eventId,
        last_message: r.last ? { message: r.last.message, from_name: fromName, timestamp: r.last.at.toISOString() } : null,
        unread: r.unread,
      },
    };
  });
}

/**
 * The inbox: newest activity first (a group chat without messages by when the reader
 * joined it), at most CONVERSATIONS_MAX. Kept per person (cache/kept.ts) until a message
 * or mark of theirs, a message in one of their group chats, or a change to them or to
 * someone it shows.
 */
function inbox(ctx: Ctx, me: UserRow): Promise<ConversationsAnswer> {
  const now = ctx.clock();
  return keptReads(ctx.db).read(`inbox:${me.id}`, now.getTime(), async () => {
    const reader = await viewerContext(ctx.db, me.id, now);
    const [direct, group] = await Promise.all([directOnes(ctx, reader), groupOnes(ctx, reader)]);
    const conversations = [...direct, ...group]
      .sort((a, b) => b.activeAt - a.activeAt)
      .slice(0, CONVERSATIONS_MAX)
      .map((d) => d.conversation);
    const tags = [tag.user(me.id), tag.inbox(me.id), tag.groupChats];
    for (const c of conversations) {
      tags.push(c.kind === 'direct' ? tag.user(c.id) : tag.group(c.id));
    }
    for (const d of group) if (d.senderId) tags.push(tag.user(d.senderId));
    return { value: { conversations, unread_total: conversations.reduce((sum, c) => sum + c.unread, 0) }, tags };
  });
}

/** GET /conversations: the user's own inbox only. */
export async function conversationsOf(ctx: Ctx, me: UserRow, userId: string): Promise<ConversationsAnswer> {
  ownOnly(me.id, userId, 'You can only read your own conversations');
  return inbox(ctx, me);
}

/**
 * PUT /conversations/read: everything in the conversation up to now is read, on every
 * device. Only a conversation the user has (domain/access.ts); answers the new total.
 */
export async function markRead(ctx: Ctx, me: UserRow, userId: string, body: { kind: ConversationKind; id: string }): Promise<number> {
  ownOnly(me.id, userId, 'You can only mark your own conversations read');
  const now = ctx.clock();
  await conversationOf(ctx.db, me.id, body, now);
  await markConversationRead(ctx.db, me.id, body.kind, body.id, now);
  announceKept(ctx, [tag.inbox(me.id)]);
  return (await inbox(ctx, me)).unread_total;
}
