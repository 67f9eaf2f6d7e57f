/**
 * Two app instances on one PostgreSQL test database and one Redis, as behind a load
 * balancer: each keeps its own copies, and the live bus (a Redis channel of their own,
 * so parallel runs on the same Redis never hear each other) carries messages and changes
 * between them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app';
import { configFromEnv, type Config } from '../../server/config';
import { type Database, openPostgres } from '../../server/db/client';
import type { Bus } from '../../server/realtime/bus';
import { createRedisBus } from '../../server/realtime/redis-bus';
import { type FakeClock, closeQuietly, createPostgresTestDatabase } from './helpers';

/** Two instances need PostgreSQL and Redis: the server-postgres project run with TEST_REDIS_URL (PGlite is one process). */
export const twoInstances = process.env.WF_TEST_DB === 'postgres' && !!process.env.TEST_REDIS_URL;
/** Said in the name of a test skipped for want of them. */
export const whySkipped = twoInstances ? '' : ' (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL, runs in the server-postgres project)';

/** Makes the two instances before the tests of this file (or block), when they can run, gives them to `use`, and closes them after. */
export function instancesForTests(clock: FakeClock, use: (made: RedisInstances) => void): void {
  let made: RedisInstances | null = null;
  beforeAll(async () => {
    if (!twoInstances) return;
    made = await redisInstances(process.env.TEST_REDIS_URL!, clock);
    use(made);
  });
  afterAll(async () => {
    await made?.close();
  });
}

export interface RedisInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  /** a's handle on the database (b has its own, so each keeps its own copies). */
  database: Database;
  /** The bus's channel; each instance's connections are called `{channel}:a:…` and `{channel}:b:…` (CLIENT LIST). */
  channel: string;
  close(): Promise<void>;
}

export async function redisInstances(
  redisUrl: string,
  clock: FakeClock,
  /** More configuration and dependencies of both (the push tests: an allowed push service, a shared Redis for claims). */
  extra: { config?: Partial<Config>; deps?: Partial<AppDeps> } = {},
): Promise<RedisInstances> {
  const scratch = await createPostgresTestDatabase();
  const handles = [await openPostgres(scratch.url), await openPostgres(scratch.url)] as const;
  const channel = `wallflower-test:${randomUUID()}`;
  const buses: Bus[] = [
    await createRedisBus(redisUrl, { channel, name: `${channel}:a` }),
    await createRedisBus(redisUrl, { channel, name: `${channel}:b` }),
  ];
  const config = { ...configFromEnv({}), staticDir: null, seedDemo: false, ...extra.config };
  const make = (database: Database, bus: Bus) =>
    buildApp({ config, database, clock: clock.now, bus, rateLimits: { loginPerAddress: 10_000, registerPerAddress: 10_000 }, ...extra.deps });
  const a = await make(handles[0], buses[0]!);
  const b = await make(handles[1], buses[1]!);
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    database: handles[0],
    channel,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(buses.map((bus) => bus.close()));
      await Promise.all(handles.map(closeQuietly));
      await scratch.drop();
    },
  };
}
