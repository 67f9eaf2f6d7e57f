/**
 * Push encryption and signing off the request thread (issue 41): web-push's
 * generateRequestDetails (RFC 8291 aes128gcm, RFC 8292 VAPID: an ECDH key agreement and an
 * ECDSA signature per push) runs in one worker thread, so a send whose recipient has a
 * push device does not hold up the requests answered meanwhile. The library still does
 * the crypto; the worker is its own small script (no build step: it loads web-push where
 * this process finds it), started at the first push, held open only while a push is being
 * prepared, and started again after a crash. `inThread` does the same work on the calling
 * thread (tests that move fake timers step by step, where a worker's answer is not theirs to time).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';

/** What the worker runs: one generateRequestDetails per message, the body handed back without a copy. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const webpush = require(workerData.webPush);
parentPort.on('message', ({ id, subscription, payload, options }) => {
  try {
    const d = webpush.generateRequestDetails(subscription, payload, options);
    const body = d.body ? new Uint8Array(d.body) : null;
    parentPort.postMessage({ id, endpoint: d.endpoint, headers: d.headers, body }, body ? [body.buffer] : []);
  } catch (err) {
    parentPort.postMessage({ id, error: err && err.message ? String(err.message) : String(err) });
  }
});
`;

export interface PreparedPush {
  endpoint: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

type Reply = { id: number; error: string } | ({ id: number } & PreparedPush);

export class PushCrypto {
  constructor(private readonly inThread = false) {}

  private worker: Worker | null = null;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (p: PreparedPush) => void; reject: (err: Error) => void }>();

  /** generateRequestDetails in the worker; rejects as it throws (keys that cannot encrypt), or when the worker ends. */
  prepare(subscription: webpush.PushSubscription, payload: string, options: webpush.RequestOptions): Promise<PreparedPush> {
    if (this.inThread) return Promise.resolve().then(() => prepared(webpush.generateRequestDetails(subscription, payload, options)));
    const worker = this.started();
    const id = ++this.next;
    return new Promise<PreparedPush>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, subscription, payload, options });
    });
  }

  /** Ends the worker; pushes being prepared fail. */
  close(): void {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('push: closed'));
    void worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, { eval: true, workerData: { webPush: createRequire(import.meta.url).resolve('web-push') } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve({ endpoint: reply.endpoint, headers: reply.headers, body: reply.body });
    });
    const ended = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(err);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`push: the crypto worker ended (${code})`)));
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error): void {
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }
}

function prepared(d: webpush.RequestDetails): PreparedPush {
  return { endpoint: d.endpoint, headers: d.headers as Record<string, string>, body: d.body ? new Uint8Array(d.body) : null };
}
