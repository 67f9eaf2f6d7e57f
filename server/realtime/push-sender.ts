/**
 * Sends Web Push requests (issue 41): RFC 8291 aes128gcm encryption and RFC 8292 VAPID
 * headers from web-push's generateRequestDetails, made in a worker thread (push-crypto.ts)
 * so the crypto does not share the thread that answers requests, the request itself sent here, since
 * web-push's own sender speaks only https and follows its agent's choices. Every request
 * has a timeout and never follows a redirect (the endpoint was checked, where it points
 * was not); at most `concurrency` are in flight; a 5xx, 429 or network failure is tried
 * again after a growing pause, a few times. Endpoints are never logged: they are
 * capability URLs.
 */
import type { Redis } from 'ioredis';
import webpush from 'web-push';
import type { PushPayload } from '../../contract/push';
import type { PushOutcome, PushTarget } from '../core/push';
import { WorkSlots } from '../domain/work-slots';
import { PushCrypto, type PreparedPush } from './push-crypto';

export interface VapidKeys {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Per request, headers and body (PUSH_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Sends waiting for a slot at most (PUSH_QUEUE_MAX); past it a send fails at once. */
  maxWaiting?: number;
  /** Tries after the first, for 5xx, 429 and network failures. */
  retries?: number;
  /** The pause before the first retry; each further one doubles it. */
  backoffMs?: number;
  /** How long a push service keeps a push for a device that is off (seconds). */
  ttlSeconds?: number;
  /** Where encryption and signing run: a worker thread (the default), or this thread (push-crypto.ts). */
  crypto?: 'worker' | 'thread';
  /** Tests pass their own; node's fetch (undici) otherwise. */
  fetch?: typeof fetch;
  onError?: (message: string, err?: unknown) => void;
}

export const PUSH_TIMEOUT_MS = 10_000;
export const PUSH_CONCURRENCY = 4;
export const PUSH_RETRIES = 3;
export const PUSH_BACKOFF_MS = 2_000;
/** A push older than this is no news (a reminder of a meeting long begun): the service drops it. */
export const PUSH_TTL_SECONDS = 6 * 3600;

type Attempt = { done: PushOutcome } | { retry: true; afterMs?: number };

export class PushSender {
  private readonly opts: Required<Omit<PushSenderOptions, 'fetch' | 'onError' | 'maxWaiting' | 'crypto'>>;
  private readonly fetch: typeof fetch;
  private readonly onError: (message: string, err?: unknown) => void;
  /** At most `concurrency` requests in flight; the rest wait their turn (PushJobs bounds how many). */
  private readonly slots: WorkSlots;
  private readonly pauses = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private readonly inFlight = new Set<AbortController>();
  /** Encryption and signing, off the request thread. */
  private readonly crypto: PushCrypto;
  private closed = false;

  constructor(options: PushSenderOptions) {
    this.opts = {
      vapid: options.vapid,
      timeoutMs: options.timeoutMs ?? PUSH_TIMEOUT_MS,
      concurrency: Math.max(1, options.concurrency ?? PUSH_CONCURRENCY),
      retries: options.retries ?? PUSH_RETRIES,
      backoffMs: options.backoffMs ?? PUSH_BACKOFF_MS,
      ttlSeconds: options.ttlSeconds ?? PUSH_TTL_SECONDS,
    };
    this.fetch = options.fetch ?? fetch;
    this.crypto = new PushCrypto(options.crypto === 'thread');
    this.onError = options.onError ?? (() => {});
    this.slots = new WorkSlots(this.opts.concurrency, options.maxWaiting ?? PUSH_QUEUE_MAX, () => new Error('push: too many waiting'));
  }

  get publicKey(): string {
    return this.opts.vapid.publicKey;
  }

  /** Sends one push; resolves with how it went, never rejects. */
  send = async (target: PushTarget, payload: PushPayload): Promise<PushOutcome> => {
    for (let attempt = 0; ; attempt++) {
      if (this.closed) return 'failed';
      let result: Attempt;
      try {
        result = await this.slots.run(() => (this.closed ? Promise.resolve({ done: 'failed' } as const) : this.attempt(target, payload)));
      } catch (err) {
        // More waiting than PushJobs ever lets in: dropped, said, never thrown.
        this.onError('push: too many waiting, one dropped', err);
        return 'failed';
      }
      if ('done' in result) return result.done;
      if (attempt >= this.opts.retries || this.closed) return 'failed';
      await this.pause(result.afterMs ?? this.opts.backoffMs * 2 ** attempt);
    }
  };

  /** Stops retrying and ends the requests in flight: closing never waits on a push service. */
  close(): void {
    this.closed = true;
    this.crypto.close();
    for (const abort of this.inFlight) abort.abort();
    for (const p of this.pauses) {
      clearTimeout(p.timer);
      p.wake();
    }
    this.pauses.clear();
  }

  private async attempt(target: PushTarget, payload: PushPayload): Promise<Attempt> {
    let details: PreparedPush;
    try {
      details = await this.crypto.prepare(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails: this.opts.vapid, TTL: this.opts.ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
    } catch (err) {
      // Keys that are not a P-256 point and a 16-byte secret: nothing to retry (nor after close).
      if (!this.closed) this.onError('push: the subscription keys cannot encrypt', err);
      return { done: 'failed' };
    }
    if (this.closed) return { done: 'failed' };
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(), this.opts.timeoutMs);
    try {
      const res = await this.fetch(details.endpoint, {
        method: 'POST',
        headers: details.headers,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: abort.signal,
      });
      // The body is not read: what a push service says beyond its status changes nothing here.
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { done: 'sent' };
      if (res.status === 404 || res.status === 410) return { done: 'gone' };
      if (res.status === 429 || res.status >= 500) return { retry: true, afterMs: retryAfterMs(res.headers.get('retry-after')) };
      this.onError(`push: refused with ${res.status}`);
      return { done: 'failed' };
    } catch (err) {
      this.onError('push: the push service did not answer', err instanceof Error ? err.name : undefined);
      return { retry: true };
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(abort);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const p = {
        timer: setTimeout(() => {
          this.pauses.delete(p);
          resolve();
        }, ms),
        wake: resolve,
      };
      p.timer.unref?.();
      this.pauses.add(p);
    });
  }
}

/** A Retry-After in seconds, kept within a minute (a push service asking for an hour is not waited for here). */
function retryAfterMs(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  return Math.min(Number(value.trim()) * 1000, 60_000);
}

/** A fresh VAPID key pair (base64url): the public key is an uncompressed P-256 point. */
export const makeVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();

/** Pushes waiting or under way at most; past it an offer is dropped (the notification stays in the list). */
export const PUSH_QUEUE_MAX = 10_000;

/**
 * The pushes offered and not yet done: each starts after the current turn of the event
 * loop (so the call that offered it answers first) and is waited for at close.
 */
export class PushJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (message: string, err: unknown) => void, private readonly max = PUSH_QUEUE_MAX) {}

  offer = (work: () => Promise<void>): void => {
    if (this.running.size >= this.max) {
      this.onError('push: too many waiting, one dropped', undefined);
      return;
    }
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.onError('push: failed', err))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  };

  /** Resolves once every push offered so far (and any they offered) is done. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/**
 * Claims a key once across instances: Redis SET NX with an expiry when several instances
 * run, else this process's memory (bounded: the oldest claims are forgotten first).
 */
export function onceClaimer(redis: Redis | null, prefix: string, keepSeconds = 86_400) {
  const seen = new Set<string>();
  return async (key: string): Promise<boolean> => {
    if (redis) return (await redis.set(`${prefix}:push-once:${key}`, '1', 'EX', keepSeconds, 'NX')) === 'OK';
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > 100_000) seen.delete(seen.values().next().value!);
    return true;
  };
}
