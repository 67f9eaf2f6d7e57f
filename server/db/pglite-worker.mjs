/**
 * The embedded database in its own thread (issue 15). PGlite runs PostgreSQL compiled to
 * WebAssembly: every query, and the parsing of its answer, runs synchronously on the
 * thread that owns it. On the server's main thread that was half of its CPU at an event
 * day, and each query held up every other request while it ran. Here it has a core of
 * its own; the server talks to it through ./pglite-thread.ts, one message per query.
 * Plain JavaScript, so the thread starts without a TypeScript loader.
 *
 * Messages in: { id, op: 'query', sql, params, rowMode, raw, tx }, { id, op: 'exec', sql,
 * tx }, { id, op: 'begin' }, { id, op: 'end', tx, commit }, { id, op: 'close' }. Each is
 * answered with { id, result } or { id, error }, in the order PGlite finishes them.
 */
import { writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { preparedQueries } from './pglite-prepared.mjs';

/** Type ids whose text the caller takes as PostgreSQL wrote it (Drizzle does for dates and intervals). */
const KNOWN_RAW = new Set([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
/** @param {string} value */
const asWritten = (value) => value;
/**
 * The database's own parsers read every KNOWN_RAW type as written: Drizzle asks that of
 * every query, and parsers given with a query cost PGlite a copy of its whole table of
 * parsers each time (85 µs a query, most of a small query's time, 2026-11-28).
 */
const RAW_PARSERS = Object.fromEntries([...KNOWN_RAW].map((type) => [type, asWritten]));
/** Drizzle's list as it arrives (an object's number keys, in ascending order). */
const DRIZZLE_RAW = [...KNOWN_RAW].sort((a, b) => a - b).join();
/** @type {Map<string, Record<number, (value: string) => unknown>>} */
const parsersByTypes = new Map();
/**
 * What a query needs beyond the database's own parsers: nothing for Drizzle's list; for
 * any other, PGlite's usual parser back for each KNOWN_RAW type it leaves out (made once
 * per list). @param {number[]} raw
 */
function parsersFor(raw) {
  const key = raw.join();
  if (key === DRIZZLE_RAW) return undefined;
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    const asked = new Set(raw);
    /** @type {Record<number, (value: string) => unknown>} */
    const usual = types.parsers;
    parsers = Object.fromEntries([...KNOWN_RAW].map((type) => [type, (!asked.has(type) && usual[type]) || asWritten]));
    parsersByTypes.set(key, parsers);
  }
  return parsers;
}

/** An error as plain fields (a PostgreSQL error's code, detail, constraint and so on). */
/** @param {unknown} err @returns {Record<string, unknown> & { message: string }} */
function plain(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(err)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: err.name, message: err.message };
}

/** A rollback asked for by the caller, not an error to pass on. */
const ROLLBACK = Symbol('rollback');

/**
 * @param {import('node:worker_threads').MessagePort} port
 * @param {import('./pglite-thread').WorkerOptions} options
 */
async function serve(port, options) {
  const db = await PGlite.create({ dataDir: options.dataDir ?? undefined, startParams: options.startParams, parsers: RAW_PARSERS });
  const prepared = preparedQueries(db);
  /** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, done: Promise<unknown> }>} */
  const open = new Map();
  let nextTx = 1;
  /** @param {import('./pglite-thread').Reply} message */
  const reply = (message) => port.postMessage(message);
  /** @param {number | null} tx */
  const on = (tx) => {
    if (tx === null) return db;
    const t = open.get(tx);
    if (!t) throw new Error(`transaction ${tx} is not open`);
    return t.tx;
  };

  /** @param {import('./pglite-thread').Request} req @returns {Promise<unknown>} */
  async function handle(req) {
    switch (req.op) {
      case 'query': {
        const parsers = parsersFor(req.raw);
        return prepared(on(req.tx), req.tx !== null, req.sql, req.params, parsers ? { rowMode: req.rowMode, parsers } : { rowMode: req.rowMode });
      }
      case 'exec':
        return on(req.tx).exec(req.sql);
      case 'begin': {
        const tx = nextTx++;
        return new Promise((answer, refuse) => {
          /** @type {(commit: boolean) => void} */
          let end = () => {};
          /** @type {Promise<boolean>} */
          const ended = new Promise((resolve) => (end = resolve));
          const done = db
            .transaction(async (t) => {
              open.set(tx, { tx: t, end, done });
              answer(tx);
              if (!(await ended)) throw ROLLBACK;
            })
            .catch((err) => {
              if (err !== ROLLBACK) throw err;
            });
          // BEGIN itself failed (the database is closing): nothing was answered yet.
          done.catch(refuse);
        });
      }
      case 'end': {
        const t = open.get(req.tx);
        if (!t) throw new Error(`transaction ${req.tx} is not open`);
        t.end(req.commit);
        try {
          return await t.done;
        } finally {
          open.delete(req.tx);
        }
      }
      case 'close':
        await db.close();
        return null;
    }
  }

  // WF_SLOW_QUERY_MS (diagnosis): says which statements hold the database that long. A
  // statement's own time is from when it arrived, or when the one before it ended if that
  // was later (PGlite runs them one at a time, in order), to its end.
  // WF_QUERY_STATS=file (diagnosis): on close, the statements that held it longest in
  // all, with how often each ran, written to that file.
  const slowMs = Number(process.env.WF_SLOW_QUERY_MS ?? 0);
  /** @type {Map<string, { count: number, ms: number }> | null} */
  const stats = process.env.WF_QUERY_STATS ? new Map() : null;
  const timed = slowMs > 0 || stats !== null;
  let lastEnd = 0;
  port.on('message', (/** @type {import('./pglite-thread').Request} */ req) => {
    const arrived = timed ? performance.now() : 0;
    if (stats && req.op === 'close') {
      const top = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 60);
      writeFileSync(String(process.env.WF_QUERY_STATS), top.map(([sql, s]) => `${s.ms.toFixed(0).padStart(6)} ms ${String(s.count).padStart(6)}× ${sql}\n`).join(''));
    }
    handle(req).finally(() => {
      if (!timed) return;
      const end = performance.now();
      const took = end - Math.max(arrived, lastEnd);
      lastEnd = end;
      if (!('sql' in req)) return;
      const sql = req.sql.replace(/\s+/g, ' ').slice(0, 160);
      if (slowMs > 0 && took >= slowMs) console.warn(`[database] ${took.toFixed(1)} ms: ${sql}`);
      if (stats) {
        const s = stats.get(sql) ?? { count: 0, ms: 0 };
        s.count++;
        s.ms += took;
        stats.set(sql, s);
      }
    }).then(
      (result) => reply({ id: req.id, result }),
      (err) => reply({ id: req.id, error: plain(err) }),
    );
  });
  port.postMessage({ ready: true });
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData).catch((err) => port.postMessage({ failed: plain(err) }));
}
