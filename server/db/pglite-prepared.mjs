/**
 * PGlite queries through named prepared statements (issue 15). PGlite's own `query`
 * parses, plans and describes every statement afresh, in five calls into the database
 * and a sync: for the inbox's group chats that was 2.5 ms a time, 2.2 ms of it planning.
 * Here a statement seen a second time is prepared once under a name, and each later
 * run is one call (Bind, Execute, Sync) with its rows read by the description kept
 * from preparing it: the same statement took 0.4 ms, a row by its key 0.3 → 0.07 ms
 * (2026-11-29). PostgreSQL re-plans a prepared statement on its own when a table it
 * reads changes. Used by the database thread (./pglite-worker.mjs) and by tests' PGlite
 * on the main thread (./client.ts), so both run the one path. Plain JavaScript, as the
 * thread starts without a TypeScript loader.
 */
import { Buffer } from 'node:buffer';
import { protocol, types } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared (the least recently used is closed past this). */
export const STATEMENTS_KEPT = 500;
/** Statements remembered as seen once, so one-off statements (a seed's bulk insert) are not kept. */
const SEEN_KEPT = 10_000;
/** What is worth preparing: the statements of the app's queries, not DDL or a session's settings. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** A kept statement that no longer fits its tables (DDL since), or is gone: run it afresh. */
const STALE = new Set(['0A000', '26000']);
/** Asked to run the statement PGlite's own way. */
const AFRESH = Symbol('afresh');

/**
 * @typedef {{ name: string, fields: { name: string, dataTypeID: number }[], paramTypes: number[] }} Statement
 * @typedef {{ rowMode?: 'array' | 'object', parsers?: Record<number, (value: string, type: number) => unknown> }} QueryOptions
 * @typedef {{ query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> }} Queryable
 */

/**
 * Whether a statement is worth preparing: a query's (not DDL or a setting) seen before.
 * Answers a function that remembers what it is asked about.
 */
export function seenBefore() {
  /** @type {Set<string>} */
  const seen = new Set();
  return (/** @type {string} */ sql) => {
    if (seen.has(sql)) return true;
    if (!PREPARABLE.test(sql)) return false;
    if (seen.size >= SEEN_KEPT) seen.clear();
    seen.add(sql);
    return false;
  };
}

/**
 * Prepared queries on `db`. Answers `query(target, inTransaction, sql, params, options)`,
 * which answers as PGlite's `query` does; `target` (the database, or the open transaction
 * the query belongs to) runs what is not prepared.
 * @param {import('@electric-sql/pglite').PGlite} db
 */
export function preparedQueries(db) {
  const pg = /** @type {any} */ (db);
  /** @type {Map<string, Statement>} */
  const kept = new Map();
  const worthPreparing = seenBefore();
  /** Close messages of statements let go, sent ahead of the next run. */
  /** @type {Uint8Array[]} */
  let closing = [];
  let nextName = 1;

  /** @param {string} sql @returns {Promise<Statement | null>} (inside the query lock) */
  async function prepare(sql) {
    const name = `wf${nextName++}`;
    /** @type {any[]} */
    let messages;
    try {
      messages = await pg.execProtocolStream(Buffer.concat([...closing, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
        syncToFs: false,
      });
    } catch {
      // Its error is PGlite's own to give (the statement is run afresh).
      return null;
    } finally {
      closing = [];
    }
    const described = messages.find((m) => m.name === 'rowDescription');
    /** @type {Statement} */
    const statement = {
      name,
      fields: described ? described.fields.map((/** @type {any} */ f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [],
      paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
    };
    if (kept.size >= STATEMENTS_KEPT) {
      const [oldest, gone] = kept.entries().next().value;
      kept.delete(oldest);
      closing.push(serialize.close({ type: 'S', name: gone.name }));
    }
    kept.set(sql, statement);
    return statement;
  }

  /**
   * @param {string} sql @param {unknown[]} params @param {QueryOptions | undefined} options
   * @returns {Promise<unknown>} (inside the query lock)
   */
  async function run(sql, params, options) {
    let statement = kept.get(sql);
    if (statement) {
      // Most recently used last.
      kept.delete(sql);
      kept.set(sql, statement);
    } else {
      const made = await prepare(sql);
      if (!made) return AFRESH;
      statement = made;
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    /** @type {any[]} */
    let messages;
    const ahead = closing;
    closing = [];
    try {
      messages = await pg.execProtocolStream(Buffer.concat([...ahead, serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]), {
        syncToFs: false,
      });
    } catch (err) {
      const e = /** @type {any} */ (err);
      if (STALE.has(e?.code)) {
        kept.delete(sql);
        if (e.code === '0A000') closing.push(serialize.close({ type: 'S', name: statement.name }));
        return AFRESH;
      }
      // As PGlite's own query tells its errors.
      if (e && typeof e === 'object') Object.assign(e, { query: sql, params, queryOptions: options });
      throw err;
    }
    return resultOf(statement, messages, pg.parsers, options);
  }

  /**
   * @param {Queryable} target @param {boolean} inTransaction @param {string} sql
   * @param {unknown[]} [params] @param {QueryOptions} [options]
   */
  return async function query(target, inTransaction, sql, params = [], options = undefined) {
    if (!kept.has(sql) && !worthPreparing(sql)) return target.query(sql, params, options);
    // PGlite's locks, as its own query takes them: its transaction lock (so no query runs
    // inside another's open transaction) unless the query is in that transaction, then
    // its query lock.
    const locked = () => pg._runExclusiveQuery(() => run(sql, params, options));
    const result = inTransaction ? await locked() : await pg._runExclusiveTransaction(locked);
    if (result === AFRESH) return target.query(sql, params, options);
    if (!inTransaction) await pg.syncToFs();
    return result;
  };
}

/**
 * The rows as PGlite's query answers them (parseResults): each value by its type's parser,
 * the query's own first (`options.parsers`), then the database's, then PGlite's defaults.
 * @param {Statement} statement @param {any[]} messages
 * @param {Record<number, (value: string, type: number) => unknown>} database @param {QueryOptions | undefined} options
 */
function resultOf(statement, messages, database, options) {
  const { fields } = statement;
  /** @type {Record<number, (value: string, type: number) => unknown>} */
  const own = options?.parsers ?? {};
  /** @type {Record<number, (value: string, type: number) => unknown>} */
  const usual = types.parsers;
  const parsers = fields.map((f) => own[f.dataTypeID] ?? database[f.dataTypeID] ?? usual[f.dataTypeID] ?? null);
  const asArrays = options?.rowMode === 'array';
  /** @type {unknown[]} */
  const rows = [];
  /** @type {Record<string, unknown>} */
  const result = { rows, fields, affectedRows: 0 };
  for (const m of messages) {
    if (m.name === 'dataRow') {
      /** @type {(string | null)[]} */
      const values = m.fields;
      if (asArrays) {
        rows.push(values.map((v, i) => (v === null ? null : parsers[i] ? parsers[i](v, fields[i].dataTypeID) : v)));
      } else {
        /** @type {Record<string, unknown>} */
        const row = {};
        for (let i = 0; i < values.length; i++) {
          const v = values[i];
          row[fields[i].name] = v === null ? null : parsers[i] ? parsers[i](v, fields[i].dataTypeID) : v;
        }
        rows.push(row);
      }
    } else if (m.name === 'commandComplete') {
      const words = String(m.text).split(' ');
      const command = words[0];
      const count = Number.parseInt(words[words.length - 1] ?? '', 10);
      result.command = command;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) result.affectedRows = count;
      if (!Number.isNaN(count)) result.rowCount = count;
    }
  }
  return result;
}
