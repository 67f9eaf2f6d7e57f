/**
 * Two app instances on one PostgreSQL test database and one Redis, as behind a load
 * balancer: each keeps its own copies, and the live bus (a Redis channel of their own,
 * so parallel runs on the same Redis never hear each other) carries messages and changes
 * between them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { type Database, openPostgres } from '../../server/db/client';
import type { Bus } from '../../server/realtime/bus';
import { createRedisBus } from '../../server/realtime/redis-bus';
import { type FakeClock, closeQuietly, createPostgresTestDatabase } from './helpers';

export interface RedisInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  /** a's handle on the database (b has its own, so each keeps its own copies). */
  database: Database;
  close(): Promise<void>;
}

export async function redisInstances(redisUrl: string, clock: FakeClock): Promise<RedisInstances> {
  const scratch = await createPostgresTestDatabase();
  const handles = [await openPostgres(scratch.url), await openPostgres(scratch.url)] as const;
  const channel = `wallflower-test:${randomUUID()}`;
  const buses: Bus[] = [await createRedisBus(redisUrl, { channel }), await createRedisBus(redisUrl, { channel })];
  const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
  const make = (database: Database, bus: Bus) =>
    buildApp({ config, database, clock: clock.now, bus, rateLimits: { loginPerAddress: 10_000, registerPerAddress: 10_000 } });
  const a = await make(handles[0], buses[0]!);
  const b = await make(handles[1], buses[1]!);
  await Promise.all([a.ready(), b.ready()]);
  return {
    a,
    b,
    database: handles[0],
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await Promise.all(buses.map((bus) => bus.close()));
      await Promise.all(handles.map(closeQuietly));
      await scratch.drop();
    },
  };
}
