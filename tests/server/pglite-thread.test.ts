/**
 * The embedded database in its own thread (server/db/pglite-thread.ts), as the server
 * opens it: Drizzle's queries, transactions that commit and roll back, nested ones,
 * PostgreSQL's error fields carried across, and a query from outside waiting for an open
 * transaction as it does on PGlite itself.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';

const onPglite = process.env.WF_TEST_DB !== 'postgres';

describe.skipIf(!onPglite)('PGlite in its own thread', () => {
  let database: Database;
  const select = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  const rows = async () => (await select(sql`select n from thread_probe order by n`)).rows.map((r) => Number(r.n));

  beforeAll(async () => {
    database = await openPgliteThread(null);
    await database.db.execute(sql`create table thread_probe (n int primary key, at timestamptz default now())`);
  }, 60_000);
  afterAll(() => database?.close());

  it('has the migrated schema and answers Drizzle’s queries', async () => {
    expect(await database.db.select().from(users)).toEqual([]);
    await database.db.execute(sql`insert into thread_probe (n) values (1)`);
    expect(await rows()).toEqual([1]);
    // Timestamps come back as PostgreSQL wrote them, as Drizzle asks.
    const [row] = (await select(sql`select at from thread_probe where n = 1`)).rows;
    expect(typeof row!.at).toBe('string');
    // Started as the server starts it (PGLITE_START_PARAMS).
    expect((await select(sql`select current_setting('wal_init_zero') as v`)).rows).toEqual([{ v: 'off' }]);
  });

  it('reads the date and interval types as Drizzle asks, and as PGlite would for a query asking otherwise', async () => {
    // Drizzle's own list (every query it makes) is the database's own parsers; any other is given with the query.
    const drizzleRaw = { 1082: 0, 1114: 0, 1115: 0, 1182: 0, 1184: 0, 1185: 0, 1186: 0, 1187: 0, 1231: 0 };
    const thread = (database.db as unknown as { $client: { query: (q: string, p: unknown[], o: object) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
    const probe = `select timestamptz '2026-11-28 10:00:00+00' as at, date '2026-11-28' as day, interval '90 minutes' as span`;
    const [asDrizzle] = (await thread.query(probe, [], { parsers: drizzleRaw })).rows;
    expect(asDrizzle).toEqual({ at: '2026-11-28 10:00:00+00', day: '2026-11-28', span: '01:30:00' });
    const [asked] = (await thread.query(probe, [], {})).rows;
    expect(asked!.at).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(asked!.day).toBeInstanceOf(Date);
    expect(asked!.span).toBe('01:30:00');
    const [onlyTimestamps] = (await thread.query(probe, [], { parsers: { 1184: 0 } })).rows;
    expect(onlyTimestamps!.at).toBe('2026-11-28 10:00:00+00');
    expect(onlyTimestamps!.day).toBeInstanceOf(Date);
  });

  it('commits a transaction that returns and rolls back one that throws, nested ones too', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe (n) values (2)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe (n) values (3)`);
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (n) values (4)`);
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    expect(await rows()).toEqual([1, 2]);
  });

  it('carries PostgreSQL’s error fields, and a failed transaction leaves nothing behind', async () => {
    const err = await database.db.execute(sql`insert into thread_probe (n) values (1)`).catch((e: unknown) => e);
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string });
    expect(cause).toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe (n) values (5)`);
        await tx.execute(sql`insert into thread_probe (n) values (1)`);
      }),
    ).rejects.toThrow();
    expect(await rows()).toEqual([1, 2]);
  });

  it('a query from outside waits while a transaction is open', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into thread_probe (n) values (6)`);
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const outside = rows();
    let seen: number[] | null = null;
    void outside.then((r) => (seen = r));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeNull();
    release();
    await tx;
    expect(await outside).toEqual([1, 2, 6]);
  });
});
