/**
 * The server's side of the embedded database's thread (./pglite-worker.ts): an object
 * with the part of PGlite's client that Drizzle uses (query, exec, transaction, close),
 * each call one message to the thread. Drizzle cannot tell it from PGlite itself.
 *
 * Transactions keep PGlite's meaning: between begin and end, the thread holds PGlite's
 * lock, so other queries wait there, as they would on the main thread; the queries of the
 * transaction carry its number.
 */
import { Worker } from 'node:worker_threads';
import { pgliteWorkerFile } from '../paths';

export interface WorkerOptions {
  dataDir: string | null;
  startParams: string[];
}

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; raw: number[]; tx: number | null }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type Reply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> & { message: string } };

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** An error from the thread with its PostgreSQL fields (code, detail, constraint, …). */
function revive(fields: Record<string, unknown> & { message: string }): Error {
  const err = new Error(fields.message);
  Object.assign(err, fields);
  return err;
}

class Connection {
  constructor(
    protected readonly call: (c: Call) => Promise<unknown>,
    private readonly tx: number | null,
  ) {}

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<unknown> {
    const raw = Object.keys(options.parsers ?? {}).map(Number);
    return this.call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', raw, tx: this.tx });
  }

  exec(sql: string): Promise<unknown> {
    return this.call({ op: 'exec', sql, tx: this.tx });
  }
}

export class PgliteThread extends Connection {
  private constructor(
    private readonly worker: Worker,
    call: (c: Call) => Promise<unknown>,
  ) {
    super(call, null);
  }

  /** Starts the thread and waits until its database is open. */
  static async start(options: WorkerOptions): Promise<PgliteThread> {
    const worker = new Worker(pgliteWorkerFile, { workerData: options });
    const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
    let nextId = 1;
    let gone: Error | null = null;
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { ready?: true; failed?: Record<string, unknown> & { message: string } }) =>
        m.ready ? resolve() : reject(revive(m.failed ?? { message: 'the database thread did not start' })),
      );
      worker.once('error', reject);
    });
    worker.on('message', (reply: Reply) => {
      const w = waiting.get(reply.id);
      if (!w) return;
      waiting.delete(reply.id);
      if ('error' in reply) w.reject(revive(reply.error));
      else w.resolve(reply.result);
    });
    const fail = (err: Error) => {
      gone = err;
      for (const w of waiting.values()) w.reject(err);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread ended (${code})`)));
    const call = (c: Call) =>
      new Promise<unknown>((resolve, reject) => {
        if (gone) return reject(gone);
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ ...c, id });
      });
    return new PgliteThread(worker, call);
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: Connection) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work(new Connection(this.call, tx));
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
