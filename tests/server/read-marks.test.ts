/**
 * A conversation marked read on any instance is marked in each instance's kept inbox in
 * place ('conversation.read', over the live bus between instances): the reader's next
 * inbox on that instance needs no read of the database.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Lifecycle } from '../../server/app';
import { keptReads, tag } from '../../server/cache/kept';
import type { DirectRow, GroupMembership } from '../../server/db/repositories/conversations';
import { followReadMarks } from '../../server/use-cases/conversations';

const T = Date.parse('2026-11-24T10:00:00Z');
const direct = (partnerId: string, unread: number) => ({ partner: { id: partnerId }, last: { id: 'm', fromUser: partnerId, message: 'hi', at: new Date(T - 1000) }, unread }) as unknown as DirectRow;
const group = (id: string, readAt: Date | null): GroupMembership => ({ id, name: 'Chat', eventId: 'e', joinedAt: new Date(T - 3_600_000), readAt });
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
    expect(rows.map((r) => [r.partner.id, r.unread])).toEqual([
      ['ann', 0],
      ['ben', 2],
    ]);
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
    expect((await kept.read<DirectRow[]>('inbox-direct:r', T + 20, noRead))[0]!.unread).toBe(3);
  });
});
