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
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

/** Type ids whose text the caller takes as PostgreSQL wrote it (Drizzle does for dates and intervals). */
const KNOWN_RAW = new Set([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
/** @param {string} value */
const asWritten = (value) => value;
/** @type {Map<string, Record<number, (value: string) => string>>} */
const parsersByTypes = new Map();
/** The parsers for these type ids, made once per list (Drizzle sends the same list every time). @param {number[]} raw */
function parsersFor(raw) {
  const key = raw.join();
  let parsers = parsersByTypes.get(key);
  if (!parsers) parsersByTypes.set(key, (parsers = Object.fromEntries(raw.filter((type) => KNOWN_RAW.has(type)).map((type) => [type, asWritten]))));
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
  const db = await PGlite.create({ dataDir: options.dataDir ?? undefined, startParams: options.startParams });
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
        const result = await on(req.tx).query(req.sql, req.params, { rowMode: req.rowMode, parsers: parsersFor(req.raw) });
        return result;
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
  const slowMs = Number(process.env.WF_SLOW_QUERY_MS ?? 0);
  let lastEnd = 0;
  port.on('message', (/** @type {import('./pglite-thread').Request} */ req) => {
    const arrived = slowMs ? performance.now() : 0;
    handle(req).finally(() => {
      if (!slowMs) return;
      const end = performance.now();
      const took = end - Math.max(arrived, lastEnd);
      lastEnd = end;
      if (took >= slowMs && 'sql' in req) console.warn(`[database] ${took.toFixed(1)} ms: ${req.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
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
