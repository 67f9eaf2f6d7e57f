/**
 * PGlite's queries through named prepared statements (server/db/pglite-prepared.mjs):
 * the same answers as PGlite's own query, errors with their fields and the database
 * usable after them, transactions kept apart, a statement re-run afresh when its table
 * changes shape, and no more statements kept than STATEMENTS_KEPT.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQueries, STATEMENTS_KEPT, type PreparedQuery } from '../../server/db/pglite-prepared.mjs';

type Rows = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number; rowCount?: number };

describe('prepared statements on PGlite', () => {
  let db: PGlite;
  let prepared: PreparedQuery;
  const q = (sql: string, params: unknown[] = [], options?: Parameters<PreparedQuery>[4]) => prepared(db, false, sql, params, options) as Promise<Rows>;
  const preparedCount = async () => Number(((await db.query('select count(*)::int as n from pg_prepared_statements')).rows[0] as { n: number }).n);
  const isPrepared = async (text: string) =>
    ((await db.query('select 1 from pg_prepared_statements where statement = $1', [text])).rows.length as number) > 0;

  beforeAll(async () => {
    db = await PGlite.create();
    prepared = preparedQueries(db);
    await db.exec(`create table probe (id int primary key, name text, tags text[], facts jsonb, at timestamptz, ok boolean, score float8);
      insert into probe values (1, 'Ada', '{a,b}', '{"x":1}', '2026-11-29 10:00:00+00', true, 1.5), (2, null, null, null, null, null, null)`);
  });
  afterAll(() => db?.close());

  it('answers as PGlite’s own query does, the first time and once prepared, in both row modes and with a query’s own parsers', async () => {
    const text = 'select id, name, tags, facts, at, ok, score from probe where id >= $1 order by id';
    const own = await db.query(text, [1]);
    const first = await q(text, [1]);
    expect(await isPrepared(text)).toBe(false); // seen once: not kept yet
    const second = await q(text, [1]);
    expect(await isPrepared(text)).toBe(true);
    const third = await q(text, [2]);
    for (const answer of [first, second]) {
      expect(answer.rows).toEqual(own.rows);
      expect(answer.fields).toEqual(own.fields);
      expect(answer.rowCount).toBe(2);
    }
    expect(third.rows).toEqual([own.rows[1]]);
    expect(second.rows[0]).toMatchObject({ tags: ['a', 'b'], facts: { x: 1 }, at: new Date('2026-11-29T10:00:00Z'), ok: true, score: 1.5 });

    const asArrays = await q(text, [1], { rowMode: 'array' });
    expect(asArrays.rows).toEqual((await db.query(text, [1], { rowMode: 'array' })).rows);
    const raw = { 1184: (v: string) => v };
    const asWritten = await q(text, [1], { parsers: raw });
    expect((asWritten.rows[0] as { at: unknown }).at).toBe('2026-11-29 10:00:00+00');
    expect((asWritten.rows[0] as { facts: unknown }).facts).toEqual({ x: 1 });
  });

  it('writes, answering the rows changed, and keeps every parameter type as PGlite would send it', async () => {
    const insert = 'insert into probe (id, name, tags, facts, at, ok, score) values ($1, $2, $3, $4, $5, $6, $7) returning id, tags, facts, at';
    const at = new Date('2026-11-29T12:00:00Z');
    await q(insert, [10, 'x', ['p', 'q'], { y: [1, 2] }, at, false, 2]);
    const made = await q(insert, [11, "it's", [], JSON.stringify({ z: 'w' }), at.toISOString(), true, null]);
    expect(made.affectedRows).toBe(1);
    expect(made.rows).toEqual([{ id: 11, tags: [], facts: { z: 'w' }, at }]);
    const update = 'update probe set score = $1 where id in ($2, $3)';
    await q(update, [3, 10, 11]);
    const changed = await q(update, [4, 10, 11]);
    expect(changed).toMatchObject({ affectedRows: 2, rowCount: 2, rows: [] });
    expect((await db.query('select id, name, score from probe where id >= 10 order by id')).rows).toEqual([
      { id: 10, name: 'x', score: 4 },
      { id: 11, name: "it's", score: 4 },
    ]);
  });

  it('gives a failing statement’s error with its fields, and the database goes on', async () => {
    const insert = 'insert into probe (id) values ($1)';
    await q(insert, [20]);
    await q(insert, [21]);
    expect(await isPrepared(insert)).toBe(true);
    const err = await q(insert, [20]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: '23505', constraint: 'probe_pkey', query: insert, params: [20] });
    expect((await q('select count(*)::int as n from probe where id in ($1, $2)', [20, 21])).rows).toEqual([{ n: 2 }]);
    // Outside any transaction each statement is its own: nothing is left aborted.
    await q(insert, [22]);
    expect((await db.query('select id from probe where id = 22')).rows).toEqual([{ id: 22 }]);
  });

  it('runs inside a transaction when asked, and a query from outside waits for it to end', async () => {
    const count = 'select count(*)::int as n from probe where id >= $1';
    await q(count, [100]);
    await q(count, [100]);
    const order: string[] = [];
    let outside: Promise<Rows> | null = null;
    await db
      .transaction(async (tx) => {
        await prepared(tx, true, 'insert into probe (id) values ($1)', [100]);
        await prepared(tx, true, 'insert into probe (id) values ($1)', [101]);
        expect((await prepared(tx, true, count, [100])) as Rows).toMatchObject({ rows: [{ n: 2 }] });
        outside = q(count, [100]).then((r) => {
          order.push('outside');
          return r;
        });
        // The outside query cannot run while this transaction is open.
        await new Promise((resolve) => setImmediate(resolve));
        order.push('transaction');
        await tx.rollback();
      })
      .catch(() => {});
    expect((await outside!).rows).toEqual([{ n: 0 }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('runs a kept statement afresh once its table has changed shape', async () => {
    await db.exec('create table shape (id int)');
    await db.exec('insert into shape values (1)');
    const text = 'select * from shape';
    await q(text);
    expect((await q(text)).rows).toEqual([{ id: 1 }]);
    await db.exec("alter table shape add column label text default 'new'");
    expect((await q(text)).rows).toEqual([{ id: 1, label: 'new' }]);
    expect((await q(text)).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it(`keeps at most ${STATEMENTS_KEPT} statements, letting the least recently used go`, async () => {
    const text = (i: number) => `select $1::int + ${i} as n`;
    for (let i = 0; i < STATEMENTS_KEPT + 20; i++) {
      await q(text(i), [1]);
      expect((await q(text(i), [1])).rows).toEqual([{ n: 1 + i }]);
    }
    // A statement let go is closed with the next one run.
    await q(text(0), [1]);
    expect(await preparedCount()).toBeLessThanOrEqual(STATEMENTS_KEPT);
    expect(await isPrepared(text(STATEMENTS_KEPT + 19))).toBe(true);
    expect(await isPrepared(text(5))).toBe(false);
    // Let go, it is prepared again when it comes back.
    expect((await q(text(5), [2])).rows).toEqual([{ n: 7 }]);
  });

  it('leaves statements that are not a query’s (settings, DDL) to PGlite', async () => {
    const set = "set application_name = 'probe'";
    await q(set);
    await q(set);
    expect(await isPrepared(set)).toBe(false);
  });
});
