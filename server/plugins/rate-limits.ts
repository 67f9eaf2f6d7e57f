/**
 * Every rate limit of DESIGN 4 on @fastify/rate-limit, counted in Redis when the app has
 * a Redis client (REDIS_URL), so N instances hold one limit, and in memory otherwise:
 * - route limits, counted in `onRequest` before the body is read, validated or any
 *   password hashed: a route opts in with `config: { rateLimit: app.routeLimits.x }`;
 * - counters the use cases consult (`app.limits`), on the same library's stores: new
 *   chat and group messages per person (a retried message is not new, so only the use
 *   case can tell), and password failures.
 *
 * Password failures never lock the owner out (DESIGN 4): they are counted per account
 * *and client*, so someone else failing from elsewhere changes nothing for the owner.
 * After PASSWORD_POLICY.freeFailures failures a client waits, twice as long after each
 * further one; a success clears that client's count. Across all clients an account
 * takes PASSWORD_POLICY.accountFailures failures per window; past that only clients
 * that have not been failing may still try (the owner on their own device).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../core/errors';
import type { Limits, PasswordScope } from '../core/context';
import type { Said } from '../../contract/said';

export interface RateLimits {
  /** Login attempts per address per window, successful or not (before any hashing). */
  loginPerAddress: number;
  registerPerAddress: number;
  /** Admin gate guesses per address per window. */
  gatePerAddress: number;
  /** Password reset asks, and reset links used, per address per window (issue 41). */
  resetPerAddress: number;
  windowMs: number;
  /** Chat and group messages a user may send per messagesWindowMs. */
  messagesPerUser: number;
  messagesWindowMs: number;
  /** Photo uploads per person per photosWindowMs. */
  photosPerUser: number;
  photosWindowMs: number;
  /** New reports per person per reportsWindowMs (a repeat of an open report is not new). */
  reportsPerUser: number;
  reportsWindowMs: number;
  /** QR connect (issue 19): fresh codes and scans per person per connectWindowMs (scans also guard the short codes against guessing). */
  connectCodesPerUser: number;
  connectScansPerUser: number;
  connectWindowMs: number;
  /** Downloads of one's data (issue 42) per person per exportWindowMs: each reads every table. */
  exportsPerUser: number;
  exportWindowMs: number;
  /** Password failures per account and client before waits begin. */
  freeFailures: number;
  /** Password failures per account, all clients together, per windowMs. */
  accountFailures: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerAddress: 300,
  registerPerAddress: 100,
  gatePerAddress: 60,
  // A person who mistypes their address a few times is fine; a script walking addresses is not.
  resetPerAddress: 10,
  windowMs: 15 * 60_000,
  messagesPerUser: 30,
  messagesWindowMs: 10_000,
  photosPerUser: 30,
  photosWindowMs: 10 * 60_000,
  // Enough to report every message of someone who floods a person; not enough to flood moderators.
  reportsPerUser: 20,
  reportsWindowMs: 60 * 60_000,
  // A code is fetched about once a minute while shown; a few reloads on top are fine.
  connectCodesPerUser: 20,
  connectScansPerUser: 20,
  connectWindowMs: 5 * 60_000,
  exportsPerUser: 5,
  exportWindowMs: 60 * 60_000,
  freeFailures: 5,
  accountFailures: 20,
};

/** How long a failing client waits: 30 s after the free failures, doubling, at most an hour. */
export const PASSWORD_WAIT = { firstMs: 30_000, maxMs: 60 * 60_000, failureWindowMs: 60 * 60_000 } as const;

export const waitAfter = (failures: number, free: number): number =>
  Math.min(PASSWORD_WAIT.firstMs * 2 ** (failures - free), PASSWORD_WAIT.maxMs);

export interface RouteLimits {
  register: RateLimitOptions;
  login: RateLimitOptions;
  gate: RateLimitOptions;
  passwordReset: RateLimitOptions;
  passwordResetConfirm: RateLimitOptions;
  photos: RateLimitOptions;
  connectCode: RateLimitOptions;
  connectScan: RateLimitOptions;
  exportData: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
    routeLimits: RouteLimits;
  }
}

/** Too many messages in a short while (chat and group chats together): a kind 429. */
export const MESSAGES_TOO_FAST: Said = /*i18n*/ { id: 'error.messagesTooFast', message: "You're sending messages very quickly. Take a breath and try again in a few seconds." };
export const REPORTS_TOO_FAST: Said = /*i18n*/ { id: 'error.reportsTooFast', message: 'You have sent a lot of reports in a short while. Our moderators will look at them; please wait a little before sending more.' };
export const CONNECT_TOO_FAST: Said = /*i18n*/ { id: 'error.connectTooFast', message: 'That was a lot of codes in a short while. Please wait a few minutes and try again.' };
export const EXPORTS_TOO_OFTEN: Said = /*i18n*/ { id: 'error.exportsTooOften', message: 'You have downloaded your data a few times just now. Please try again in an hour.' };
export const PHOTOS_TOO_FAST: Said = /*i18n*/ { id: 'error.photosTooFast', message: 'You have shared a lot of photos in a short while. Please wait a few minutes before sharing more.' };

interface Counted {
  current: number;
  ttl: number;
}
type Store = InstanceType<typeof LocalStore> | InstanceType<typeof RedisStore>;

/** One counter family on the library's store: count, look without counting, clear. */
class Counter {
  constructor(
    private readonly store: Store,
    private readonly redisPrefix: string | null,
    private readonly redis: Redis | null,
  ) {}

  hit(key: string, windowMs: number, max: number): Promise<Counted> {
    return new Promise((resolve, reject) =>
      this.store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, max),
    );
  }

  peek(key: string, windowMs: number): Promise<Counted> {
    return new Promise((resolve, reject) =>
      this.store.read(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, 0),
    );
  }

  /** The stores have no reset of their own: the key is removed where each keeps it. */
  async clear(key: string): Promise<void> {
    if (this.redis) await this.redis.del(`${this.redisPrefix}${key}`);
    else (this.store as InstanceType<typeof LocalStore>).lru.delete(key);
  }
}

const retryAfter = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  opts: { redis?: Redis | null; namespace?: string } = {},
): Promise<void> {
  const redis = opts.redis ?? null;
  const ns = opts.namespace ?? 'wf-rl:';
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${ns}route:` } : {}),
    // Counted where the answer is decided; skipping a limit because Redis is away would
    // make it silently N times looser, so a store failure fails the request instead.
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(retryAfter(ctx.ttl)),
  });

  const counter = (name: string) => {
    const prefix = `${ns}${name}:`;
    const store = redis ? new RedisStore(false, false, redis, prefix) : new LocalStore(false, false, 100_000);
    return new Counter(store, redis ? prefix : null, redis);
  };
  const messages = counter('messages');
  const reports = counter('reports');
  const failures = counter('password-failures');
  const waits = counter('password-waits');
  const accountFailures = counter('account-failures');

  const clientKey = (scope: PasswordScope, account: string, client: string) => `${scope}:${account}:${client}`;
  const accountKey = (scope: PasswordScope, account: string) => `${scope}:${account}`;
  const free = limits.freeFailures;

  app.decorate('limits', {
    async message(userId) {
      const r = await messages.hit(userId, limits.messagesWindowMs, limits.messagesPerUser);
      if (r.current > limits.messagesPerUser) throw tooManyRequests(retryAfter(r.ttl), MESSAGES_TOO_FAST);
    },
    async report(userId) {
      const r = await reports.hit(userId, limits.reportsWindowMs, limits.reportsPerUser);
      if (r.current > limits.reportsPerUser) throw tooManyRequests(retryAfter(r.ttl), REPORTS_TOO_FAST);
    },
    async beforePasswordCheck(scope, account, client) {
      const key = clientKey(scope, account, client);
      const failed = (await failures.peek(key, PASSWORD_WAIT.failureWindowMs)).current;
      if (failed >= free) {
        const wait = waitAfter(failed, free);
        // The wait is kept under its own length, so a look judges it by the right window.
        const waiting = await waits.peek(`${wait}:${key}`, wait);
        if (waiting.current > 0) throw tooManyRequests(retryAfter(waiting.ttl));
      }
      if (failed > 0) {
        const all = await accountFailures.peek(accountKey(scope, account), limits.windowMs);
        if (all.current >= limits.accountFailures) throw tooManyRequests(retryAfter(all.ttl));
      }
    },
    async passwordFailed(scope, account, client) {
      const key = clientKey(scope, account, client);
      const failed = (await failures.hit(key, PASSWORD_WAIT.failureWindowMs, Number.MAX_SAFE_INTEGER)).current;
      await accountFailures.hit(accountKey(scope, account), limits.windowMs, Number.MAX_SAFE_INTEGER);
      if (failed >= free) {
        const wait = waitAfter(failed, free);
        await waits.hit(`${wait}:${key}`, wait, Number.MAX_SAFE_INTEGER);
      }
    },
    async passwordSucceeded(scope, account, client) {
      await failures.clear(clientKey(scope, account, client));
    },
  } satisfies Limits);

  const byAddress = (max: number, timeWindow: number): RateLimitOptions => ({
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => req.ip,
  });
  const perUser = (max: number, timeWindow: number, detail: Said): RateLimitOptions => ({
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
    errorResponseBuilder: (_req, ctx) => tooManyRequests(retryAfter(ctx.ttl), detail),
  });
  app.decorate('routeLimits', {
    register: byAddress(limits.registerPerAddress, limits.windowMs),
    login: byAddress(limits.loginPerAddress, limits.windowMs),
    gate: byAddress(limits.gatePerAddress, limits.windowMs),
    passwordReset: byAddress(limits.resetPerAddress, limits.windowMs),
    passwordResetConfirm: byAddress(limits.resetPerAddress, limits.windowMs),
    photos: {
      max: limits.photosPerUser,
      timeWindow: limits.photosWindowMs,
      keyGenerator: (req: FastifyRequest) => req.user?.id ?? req.ip,
      errorResponseBuilder: (_req, ctx) => tooManyRequests(retryAfter(ctx.ttl), PHOTOS_TOO_FAST),
    },
    connectCode: perUser(limits.connectCodesPerUser, limits.connectWindowMs, CONNECT_TOO_FAST),
    connectScan: perUser(limits.connectScansPerUser, limits.connectWindowMs, CONNECT_TOO_FAST),
    exportData: perUser(limits.exportsPerUser, limits.exportWindowMs, EXPORTS_TOO_OFTEN),
  } satisfies RouteLimits);
}
