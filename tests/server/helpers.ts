/**
 * Server test helpers: an app on a fresh database per test file (in-memory PGlite from
 * the run's snapshot, or a copy of the PostgreSQL template), and users made per test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps, type RateLimits } from '../../server/app';
import { configFromEnv, type Config } from '../../server/config';
import { openPglite, openPostgres, type Database } from '../../server/db/client';
import type { User } from '../../contract/common';
import type { Realtime } from '../../server/core/realtime';
import { databaseUrlFor } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  close(): Promise<void>;
}

/** A clock that only moves when told to. */
export class FakeClock {
  constructor(private t = new Date('2026-11-22T10:00:00Z').getTime()) {}
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  set(date: Date): void {
    this.t = date.getTime();
  }
}

/** A scratch PostgreSQL database made from the run's template, and how to drop it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  const name = `wf_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const drop = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
  return { url: databaseUrlFor(base, name), drop };
}

/** Closes a PostgreSQL handle whose database is about to be dropped. */
export async function closeQuietly(db: Database): Promise<void> {
  // Connections still closing when the database is dropped are expected to go.
  (db.db as unknown as { $client: pg.Pool }).$client.removeAllListeners('error').on('error', () => {});
  await db.close();
}

export async function openTestDatabase(): Promise<Database> {
  if (process.env.WF_TEST_DB === 'postgres') {
    const { url, drop } = await createPostgresTestDatabase();
    const db = await openPostgres(url);
    return {
      ...db,
      close: async () => {
        await closeQuietly(db);
        await drop();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openPglite(null, snapshot);
}

/** The app on a fresh test database; `realtime` stands in for the live hub when a test records what is published. */
export async function testApp(
  opts: {
    clock?: FakeClock;
    rateLimits?: Partial<RateLimits>;
    config?: Partial<Config>;
    realtime?: Realtime;
    /** How pushes are sent (issue 41): tests of them pass short pauses. */
    push?: AppDeps['pushOptions'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = opts.clock ?? new FakeClock();
  // Mail without SMTP_URL goes to <dataDir>/outbox/: a folder of the test's own, removed with it.
  const scratch = mkdtempSync(join(tmpdir(), 'wf-test-data-'));
  const config: Config = { ...configFromEnv({}), staticDir: null, seedDemo: false, dataDir: scratch, ...opts.config };
  const app = await buildApp({
    config,
    database,
    clock: clock.now,
    realtime: opts.realtime,
    pushOptions: opts.push,
    rateLimits: { loginPerAddress: 10_000, registerPerAddress: 10_000, freeFailures: 1_000, accountFailures: 10_000, photosPerUser: 10_000, gatePerAddress: 10_000, ...opts.rateLimits },
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid username for this run. */
export const uniqueName = (prefix = 'user'): string => `${prefix}${++counter}${randomBytes(3).toString('hex')}`;

export interface TestUser {
  user: User;
  cookie: string;
  password: string;
  headers: { cookie: string };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'wf_session');
  if (!c) throw new Error(`no session cookie in answer ${res.statusCode}: ${res.body}`);
  return `wf_session=${c.value}`;
}

export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const username = (overrides.username as string) ?? uniqueName();
  const password = (overrides.password as string) ?? 'secret123';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username,
      name: `Test ${username}`,
      email: `${username}@example.com`,
      password,
      interests: ['hiking', 'jazz'],
      age: 30,
      occupation: 'Designer',
      social_preferences: ['small groups'],
      personality_traits: ['curious'],
      communication_style: 'balanced',
      ...overrides,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed ${res.statusCode}: ${res.body}`);
  // The new address's verification email is made after the answer (issue 41): done before the
  // test goes on, so its queries never land in what a test measures next.
  await app.mailer.settled();
  const cookie = sessionCookie(res);
  return { user: res.json() as User, cookie, password, headers: { cookie } };
}

/**
 * The SQL the database is asked while `act` runs, in order (PGlite's client takes the
 * text; node-postgres's pool a query config holding it).
 */
export async function queriesDuring(db: object, act: () => Promise<unknown>): Promise<string[]> {
  const client = (db as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const original = client.query.bind(client);
  const seen: string[] = [];
  client.query = (...args: unknown[]) => {
    seen.push(typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text));
    return original(...args);
  };
  try {
    await act();
  } finally {
    client.query = original;
  }
  return seen;
}
