/**
 * relationRowsOf: a person's blocks, connections and requests in one statement (the
 * relations every list asks about, cache/relations.ts), each from the right side, with
 * the requests the person may not see left out. Runs on PostgreSQL too (WF_TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, connectionRequests, connections } from '../../server/db/schema';
import { orderedPair, relationRowsOf } from '../../server/db/repositories/relations';
import type { Db } from '../../server/db/client';
import { queriesDuring, registerUser, testApp, type TestApp } from './helpers';

describe('relationRowsOf', () => {
  let t: TestApp;
  let db: Db;
  const NAMES = ['me', 'blockedByMe', 'blockedMe', 'connA', 'connB', 'askedHeld', 'askedDeclined', 'asksMe', 'asksHeld', 'asksDeclined', 'loner'] as const;
  const who = {} as Record<(typeof NAMES)[number], string>;
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 9, minute));

  beforeAll(async () => {
    t = await testApp();
    db = t.database.db;
    for (const name of NAMES) who[name] = (await registerUser(t.app)).user.id;
  });
  afterAll(() => t.close());

  it('answers blocks and connections from either side, and the requests the person sent and may see', async () => {
    const { me, blockedByMe, blockedMe, connA, connB, askedHeld, askedDeclined, asksMe, asksHeld, asksDeclined } = who;
    await db.insert(blocks).values([
      { blockerId: me, blockedId: blockedByMe },
      { blockerId: blockedMe, blockedId: me },
    ]);
    for (const other of [connA, connB]) {
      const [user1, user2] = orderedPair(me, other);
      await db.insert(connections).values({ user1, user2 });
    }
    await db.insert(connectionRequests).values([
      { fromUser: me, toUser: askedHeld, held: true, createdAt: at(1) },
      { fromUser: me, toUser: askedDeclined, declinedAt: at(3), createdAt: at(2) },
      { fromUser: asksMe, toUser: me, createdAt: at(4) },
      { fromUser: asksHeld, toUser: me, held: true, createdAt: at(5) },
      { fromUser: asksDeclined, toUser: me, declinedAt: at(7), createdAt: at(6) },
      // Between two others: none of the person's business.
      { fromUser: connA, toUser: connB, createdAt: at(8) },
    ]);

    let rows: Awaited<ReturnType<typeof relationRowsOf>> | undefined;
    const sql = await queriesDuring(db, async () => {
      rows = await relationRowsOf(db, me);
    });
    expect(sql).toHaveLength(1);
    expect(rows!.blocked).toEqual(new Set([blockedByMe, blockedMe]));
    expect(rows!.connected).toEqual(new Set([connA, connB]));
    // Held and declined ones too: the sender is never told.
    expect(rows!.sent).toEqual(new Map([[askedHeld, at(1)], [askedDeclined, at(2)]]));
    expect(rows!.received).toEqual(new Map([[asksMe, at(4)]]));
    expect(rows!.sent.get(askedHeld)).toBeInstanceOf(Date);
  });

  it('answers empty sets for someone with no relations', async () => {
    const rows = await relationRowsOf(db, who.loner);
    expect(rows).toEqual({ blocked: new Set(), connected: new Set(), sent: new Map(), received: new Map() });
  });
});
