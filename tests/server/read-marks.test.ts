/**
 * A conversation marked read on any instance is marked in each instance's kept inbox in
 * place ('conversation.read', over the live bus between instances), and a one-to-one
 * message sent through this instance shows in both people's kept inboxes in place
 * ('chat.sent'): their next inbox on that instance needs no read of the database.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Lifecycle } from '../../server/core/lifecycle';
import { keptReads } from '../../server/cache/kept';
import { tag } from '../../server/cache/tags';
import type { DirectRow, GroupMembership } from '../../server/db/repositories/conversations';
import type { ChatMessage } from '../../contract/social';
import { followReadMarks } from '../../server/use-cases/conversations';

const T = Date.parse('2026-11-24T10:00:00Z');
const direct = (partnerId: string, unread: number, readAt: Date | null = null) =>
  ({ partner: { id: partnerId }, last: { id: 'm', fromUser: partnerId, message: 'hi', at: new Date(T - 1000) }, unread, readAt }) as unknown as DirectRow;
const message = (from: string, to: string, at: number, text = 'hello'): ChatMessage => ({
  id: `msg-${from}-${at}`,
  from_user: from,
  to_user: to,
  message: text,
  message_type: 'text',
  ice_breaker_id: null,
  event_id: null,
  client_id: null,
  timestamp: new Date(at).toISOString(),
});
const keep = (kept: ReturnType<typeof keptReads>, reader: string, rows: DirectRow[]) =>
  kept.read('inbox-direct:' + reader, T, async () => ({ value: rows, tags: [tag.inbox(reader), tag.reads(reader)] }));
const summary = (rows: DirectRow[]) => rows.map((r) => [r.partner.id, r.last.message, r.last.fromUser, r.unread]);
const group = (id: string, readAt: Date | null): GroupMembership => ({ id, name: 'Chat', nameCode: 'said.asWritten', nameParams: { text: 'Chat' }, eventId: 'e', joinedAt: new Date(T - 3_600_000), readAt });
const noRead = async (): Promise<never> => {
  throw new Error('read the database again');
};

function setUp() {
  const db = {};
  const lifecycle = new EventEmitter() as Lifecycle;
  const stop = followReadMarks(db, lifecycle);
  return { kept: keptReads(db), lifecycle, stop };
}

describe('followReadMarks', () => {
  it('marks a one-to-one chat read in the kept inbox, leaving the others as they are', async () => {
    const { kept, lifecycle } = setUp();
    await kept.read('inbox-direct:r', T, async () => ({ value: [direct('ann', 3), direct('ben', 2)], tags: [tag.reads('r')] }));
    lifecycle.emit('conversation.read', 'r', 'direct', 'ann', String(T + 10));
    const rows = await kept.read<DirectRow[]>('inbox-direct:r', T + 20, noRead);
    expect(rows.map((r) => [r.partner.id, r.unread, r.readAt?.getTime() ?? null])).toEqual([
      ['ann', 0, T + 10],
      ['ben', 2, null],
    ]);
  });

  it('shows a message sent through this instance as the last of its chat in both kept inboxes, unread to the recipient', async () => {
    const { kept, lifecycle } = setUp();
    await keep(kept, 'ann', [direct('ben', 0), direct('cat', 1)]);
    await keep(kept, 'ben', [direct('ann', 2)]);
    lifecycle.emit('chat.sent', message('ann', 'ben', T + 10, 'Coffee?'));
    const read = (reader: string) => kept.read<DirectRow[]>('inbox-direct:' + reader, T + 20, noRead);
    expect(summary(await read('ann'))).toEqual([
      ['ben', 'Coffee?', 'ann', 0],
      ['cat', 'hi', 'cat', 1],
    ]);
    expect(summary(await read('ben'))).toEqual([['ann', 'Coffee?', 'ann', 3]]);
  });

  it('counts a message unread only if it came after the recipient’s mark', async () => {
    const { kept, lifecycle } = setUp();
    await keep(kept, 'ben', [direct('ann', 0, new Date(T + 50))]);
    lifecycle.emit('chat.sent', message('ann', 'ben', T + 10));
    expect(summary(await kept.read<DirectRow[]>('inbox-direct:ben', T + 20, noRead))).toEqual([['ann', 'hello', 'ann', 0]]);
  });

  it('reads an inbox again when the chat is not in it, or its kept last message is not older than the new one', async () => {
    const { kept, lifecycle } = setUp();
    await keep(kept, 'ann', [direct('cat', 1)]);
    const asNew = direct('ann', 2);
    await keep(kept, 'ben', [{ ...asNew, last: { ...asNew.last, at: new Date(T + 10) } }]);
    // New to ann's kept inbox; and ben's kept read may already count it (its last message is as new).
    lifecycle.emit('chat.sent', message('ann', 'ben', T + 10));
    const fresh = async () => ({ value: [direct('ben', 0)], tags: [tag.inbox('x')] });
    expect(summary(await kept.read<DirectRow[]>('inbox-direct:ann', T + 20, fresh))).toEqual([['ben', 'hi', 'ben', 0]]);
    expect(summary(await kept.read<DirectRow[]>('inbox-direct:ben', T + 20, fresh))).toEqual([['ben', 'hi', 'ben', 0]]);
  });

  it('reads the chat’s kept newest page again, and only that chat’s', async () => {
    const { kept, lifecycle } = setUp();
    const page = (a: string, b: string) => kept.read(`chat:${a}:${b}`, T, async () => ({ value: ['old'], tags: [tag.chat(a, b), tag.inbox(a), tag.inbox(b)] }));
    await page('ann', 'ben');
    await page('ann', 'cat');
    // Both inboxes take the message in place (else they, and with them every page of theirs, are read again).
    await keep(kept, 'ann', [direct('ben', 0)]);
    await keep(kept, 'ben', [direct('ann', 0)]);
    lifecycle.emit('chat.sent', message('ben', 'ann', T + 10));
    expect(await kept.read('chat:ann:ben', T + 20, async () => ({ value: ['new'], tags: [] }))).toEqual(['new']);
    expect(await kept.read('chat:ann:cat', T + 20, noRead)).toEqual(['old']);
  });

  it('moves a group chat’s mark on, never back', async () => {
    const { kept, lifecycle } = setUp();
    const later = new Date(T + 60_000);
    await kept.read('group-memberships:r', T, async () => ({ value: [group('g1', null), group('g2', later)], tags: [tag.reads('r')] }));
    lifecycle.emit('conversation.read', 'r', 'group', 'g1', String(T + 10));
    lifecycle.emit('conversation.read', 'r', 'group', 'g2', String(T + 10));
    const list = await kept.read<GroupMembership[]>('group-memberships:r', T + 20, noRead);
    expect(list.map((m) => m.readAt?.getTime())).toEqual([T + 10, later.getTime()]);
  });

  it('forgets the reader’s marks when nothing finished is kept, so the next inbox is read afresh', async () => {
    const { kept, lifecycle } = setUp();
    let release!: (rows: DirectRow[]) => void;
    const first = kept.read('inbox-direct:r', T, () => new Promise<{ value: DirectRow[]; tags: string[] }>((resolve) => (release = (value) => resolve({ value, tags: [tag.reads('r')] }))));
    lifecycle.emit('conversation.read', 'r', 'direct', 'ann', String(T + 10));
    release([direct('ann', 3)]);
    await first;
    const again = await kept.read('inbox-direct:r', T + 20, async () => ({ value: [direct('ann', 0)], tags: [tag.reads('r')] }));
    expect(again[0]!.unread).toBe(0);
  });

  it('stops when told to', async () => {
    const { kept, lifecycle, stop } = setUp();
    stop();
    await kept.read('inbox-direct:r', T, async () => ({ value: [direct('ann', 3)], tags: [tag.reads('r')] }));
    lifecycle.emit('conversation.read', 'r', 'direct', 'ann', String(T + 10));
    lifecycle.emit('chat.sent', message('ann', 'r', T + 10));
    expect(summary(await kept.read<DirectRow[]>('inbox-direct:r', T + 20, noRead))).toEqual([['ann', 'hi', 'ann', 3]]);
  });
});
