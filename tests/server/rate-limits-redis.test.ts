/**
 * Limits hold across instances (DESIGN 4): two app instances counting in one Redis give
 * one limit, not two. Runs when TEST_REDIS_URL is set, in the PGlite project (both
 * instances share one in-process database; the limits live in Redis either way).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Database } from '../../server/db/client';
import { FakeClock, openTestDatabase, registerUser } from './helpers';
import { meet } from './social-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.WF_TEST_DB === 'pglite' && !!redisUrl;
const why = enabled ? '' : ' (skipped: needs TEST_REDIS_URL, runs in the server project)';

let database: Database;
let redis: Redis;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  if (!enabled) return;
  database = await openTestDatabase();
  redis = new Redis(redisUrl!);
  // Keys of their own, so parallel runs on the same Redis never count together.
  const namespace = `wf-rl-test:${randomUUID()}:`;
  const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
  const make = () =>
    buildApp({
      config,
      database,
      clock: new FakeClock().now,
      rateLimitRedis: redis,
      rateLimitNamespace: namespace,
      rateLimits: { loginPerAddress: 6, registerPerAddress: 10_000, freeFailures: 2, messagesPerUser: 3 },
    });
  a = await make();
  b = await make();
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a.close(), b.close()]);
  await redis.quit();
  await database.close();
});

const login = (app: FastifyInstance, ip: string, username_or_email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username_or_email, password } });

describe('limits across two instances on one Redis', () => {
  it.skipIf(!enabled)(`a client failing on both instances waits on both, and the owner elsewhere signs in${why}`, async () => {
    const u = await registerUser(a);
    expect((await login(a, '10.7.0.1', u.user.username, 'wrong')).statusCode).toBe(401);
    expect((await login(b, '10.7.0.1', u.user.username, 'wrong')).statusCode).toBe(401);
    // Two failures in all: counted apart, each instance would still let this client try.
    expect((await login(a, '10.7.0.1', u.user.username, u.password)).statusCode).toBe(429);
    expect((await login(b, '10.7.0.1', u.user.username, u.password)).statusCode).toBe(429);
    expect((await login(b, '10.7.0.2', u.user.username, u.password)).statusCode).toBe(200);
  });

  it.skipIf(!enabled)(`the per-address login limit is one limit for both${why}`, async () => {
    for (let i = 0; i < 3; i++) expect((await login(a, '10.7.1.1', `nobody-a-${i}`, 'x')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(b, '10.7.1.1', `nobody-b-${i}`, 'x')).statusCode).toBe(401);
    expect((await login(a, '10.7.1.1', 'nobody-c', 'x')).statusCode).toBe(429);
    expect((await login(b, '10.7.1.1', 'nobody-d', 'x')).statusCode).toBe(429);
  });

  it.skipIf(!enabled)(`the message limit counts a person's messages on both${why}`, async () => {
    const sender = await registerUser(a);
    const other = await registerUser(a);
    await meet(database.db, sender, other);
    const send = (app: FastifyInstance, message: string) =>
      app.inject({
        method: 'POST',
        url: `/api/chat/send?user_id=${sender.user.id}`,
        headers: sender.headers,
        payload: { to_user: other.user.id, message },
      });
    expect((await send(a, 'one')).statusCode).toBe(200);
    expect((await send(b, 'two')).statusCode).toBe(200);
    expect((await send(a, 'three')).statusCode).toBe(200);
    expect((await send(b, 'four')).statusCode).toBe(429);
  });
});
