/**
 * Opens the database: embedded PGlite (a data folder, or memory for tests) or a real
 * PostgreSQL server, behind one Drizzle type, and applies the SQL migrations.
 */
import { hash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { preparedQueries, seenBefore, STATEMENTS_KEPT } from './pglite-prepared.mjs';
import { placeCluster } from './pglite-template';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';
import { migrationsFolder } from '../paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository takes the database or a transaction alike. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export { migrationsFolder };

/**
 * PostgreSQL's shared buffers inside PGlite. Its default (128 MB) is resident memory the
 * embedded server never gives back, for data that fits many times over in 32 MB; the
 * operating system's file cache holds the data folder as well.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * PostgreSQL's settings inside PGlite: the shared buffers above, and new WAL segments
 * made without writing their 16 MB of zeros first (wal_init_zero). In PGlite's in-memory
 * files that zero-fill held the database's one thread for ~50 ms at every 16 MB of WAL,
 * every few thousand inserts, and every request waiting on it (issue 15, 2026-11-28).
 * Nothing needs those zeros here: PGlite runs with fsync off.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
  '-c',
  'wal_init_zero=off',
];

/**
 * PGlite in a folder, or in memory when dataDir is null; optionally from a dumped
 * snapshot. An empty folder starts as a copy of the template made at install time when
 * there is one for this build (pglite-template.ts), else initdb makes its cluster.
 */
export async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  if (dataDir !== null && !snapshot) await placeCluster(dataDir);
  const client = await PGlite.create({
    dataDir: dataDir ?? undefined,
    loadDataDir: snapshot,
    startParams: [...PGLITE_START_PARAMS],
  });
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * The client's queries, and those of its transactions, through prepared statements, as
 * the database thread runs them (pglite-prepared.mjs).
 */
function withPreparedStatements(client: PGlite): PGlite {
  type Query = (sql: string, params?: unknown[], options?: object) => Promise<unknown>;
  const prepared = preparedQueries(client);
  const own = { query: client.query.bind(client) as Query };
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (sql: string, params?: unknown[], options?: object) => prepared(own, false, sql, params, options),
    transaction: <T>(work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
      transaction((tx) => {
        const inTx = { query: tx.query.bind(tx) as Query };
        return work(Object.assign(tx, { query: (sql: string, params?: unknown[], options?: object) => prepared(inTx, true, sql, params, options) }));
      }),
  });
  return client;
}

/**
 * PGlite in a thread of its own (./pglite-thread.ts), as the server runs it: queries run
 * beside the requests instead of between them. Tests open it on the main thread
 * (openPglite), where a snapshot can be loaded and dumped.
 */
export async function openPgliteThread(dataDir: string | null): Promise<Database> {
  if (dataDir !== null) await placeCluster(dataDir);
  const client = await PgliteThread.start({
    dataDir,
    startParams: [...PGLITE_START_PARAMS],
  });
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  namedStatements(pool);
  // An idle connection dropped by the server (a restart, a terminated backend) is
  // replaced by the pool on next use; without a listener the error would end the process.
  pool.on('error', (err) => console.warn(`[database] idle connection lost: ${err.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * On PostgreSQL, a query's statement seen a second time gets a name (from its text), so
 * each connection parses it once and PostgreSQL may keep its plan, as on PGlite
 * (pglite-prepared.mjs); at most STATEMENTS_KEPT statements are named, the rest run
 * unnamed as before.
 */
function namedStatements(pool: pg.Pool): void {
  const worthNaming = seenBefore();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= STATEMENTS_KEPT || !worthNaming(text)) return known;
    const name = `wf_${hash('sha1', text, 'hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = (config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && !('name' in config && config.name) && typeof (config as { text?: unknown }).text === 'string') {
        const name = nameOf((config as { text: string }).text);
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(config, ...rest);
    };
    client.query = named as typeof client.query;
  });
}

export function openDatabase(cfg: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  return cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPgliteThread(cfg.dataDir);
}

/** One round trip to the database (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Reads that do not depend on each other, sent together so they cost one wait for the
 * database instead of one each, failing as if they had run one after another: with the
 * first failure in the order given (a 404 before a 400 that a later check would give).
 */
export async function atOnce<const T extends readonly unknown[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(reads);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
