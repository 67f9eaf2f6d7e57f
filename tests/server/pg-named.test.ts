/**
 * On PostgreSQL (run with TEST_DATABASE_URL), a query's statement seen a second time
 * runs under a name (server/db/client.ts namedStatements): prepared once per connection,
 * answering as before, with errors as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { openTestDatabase } from './helpers';

describe.skipIf(process.env.WF_TEST_DB !== 'postgres')('named statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  it('names a statement the second time it runs, on the connection that runs it, and answers as before', async () => {
    await database.db.transaction(async (tx) => {
      const named = async (like: string) =>
        ((await tx.execute(sql`select statement from pg_prepared_statements where name like 'wf\_%' and statement like ${like}`)) as unknown as { rows: unknown[] }).rows
          .length;
      const probe = () => tx.select({ id: users.id, name: users.name }).from(users).where(sql`${users.username} = ${'nobody-here'}`);
      expect(await probe()).toEqual([]);
      expect(await named('%"users"."username" = $1%')).toBe(0);
      expect(await probe()).toEqual([]);
      expect(await named('%"users"."username" = $1%')).toBe(1);
      expect(await probe()).toEqual([]);
      expect(await named('%"users"."username" = $1%')).toBe(1);
      // Settings and DDL are never named.
      await tx.execute(sql`set local application_name = 'probe'`);
      await tx.execute(sql`set local application_name = 'probe'`);
      expect(await named('set %')).toBe(0);
    });
  });

  it('gives a named statement’s errors with their fields, and the connection goes on', async () => {
    const insert = () => database.db.execute(sql`insert into subscription_plans (name, description, price, features, sort_order) values ('probe', 'd', 0, '[]', 99)`);
    await insert();
    const errs = [];
    for (let i = 0; i < 2; i++) errs.push(await insert().then(() => null, (e: unknown) => e));
    for (const err of errs) expect(err).toMatchObject({ cause: { code: '23505' } });
    const count = (await database.db.execute(sql`select count(*)::int as n from subscription_plans where name = 'probe'`)) as unknown as { rows: unknown[] };
    expect(count.rows).toEqual([{ n: 1 }]);
  });
});
