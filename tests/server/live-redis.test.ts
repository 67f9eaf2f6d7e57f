/**
 * Two app instances on one PostgreSQL database and one Redis: what is sent through one
 * reaches sockets held by the other. Runs in the server-postgres project when
 * TEST_REDIS_URL is set (PGlite is one process: several instances cannot share it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIVE_CLOSE } from '../../contract/live';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import type { Database } from '../../server/db/client';
import type { Bus } from '../../server/realtime/bus';
import { createRedisBus } from '../../server/realtime/redis-bus';
import { FakeClock, openTestDatabase, registerUser } from './helpers';
import { joinEvent, makeEvent, notificationsOf, openLive } from './social-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = process.env.WF_TEST_DB === 'postgres' && !!redisUrl;
const why = enabled ? '' : ' (skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL, runs in the server-postgres project)';

let database: Database;
let buses: Bus[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  if (!enabled) return;
  database = await openTestDatabase();
  const clock = new FakeClock();
  // A channel of its own, so parallel runs on the same Redis never hear each other.
  const channel = `wallflower-test:${randomUUID()}`;
  buses = [await createRedisBus(redisUrl!, { channel }), await createRedisBus(redisUrl!, { channel })];
  const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
  const make = (bus: Bus) =>
    buildApp({ config, database, clock: clock.now, bus, rateLimits: { loginPerAddress: 10_000, registerPerAddress: 10_000 } });
  a = await make(buses[0]!);
  b = await make(buses[1]!);
  await Promise.all([a.ready(), b.ready()]);
});

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a.close(), b.close()]);
  await Promise.all(buses.map((bus) => bus.close()));
  await database.close();
});

describe('two instances, one PostgreSQL, one Redis', () => {
  it.skipIf(!enabled)(`a chat sent through one instance reaches a socket held by the other${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const bobLive = await openLive(b, bob); // the session is in the shared database
    const aliceLive = await openLive(b, alice);
    const res = await a.inject({
      method: 'POST',
      url: `/api/chat/send?user_id=${alice.user.id}`,
      headers: alice.headers,
      payload: { to_user: bob.user.id, message: 'Across instances' },
    });
    expect(res.statusCode).toBe(200);
    expect((await bobLive.next('new_message')).message.message).toBe('Across instances');
    expect((await aliceLive.next('new_message')).message.id).toBe(res.json().message.id);
  });

  it.skipIf(!enabled)(`a group message reaches the joined sockets on the other instance${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const event = await makeEvent(database.db, [alice.user.id, bob.user.id]);
    const bobLive = await openLive(b, bob);
    await joinEvent(b, bobLive, bob.user.id, event.id);
    const res = await a.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${alice.user.id}`,
      headers: alice.headers,
      payload: { group_id: event.chatId, message: 'Hello room' },
    });
    expect(res.statusCode).toBe(200);
    expect((await bobLive.next('group_message')).message.message).toBe('Hello room');
  });

  it.skipIf(!enabled)(`presence spans instances: no chat notification for someone online elsewhere${why}`, async () => {
    const alice = await registerUser(a);
    const bob = await registerUser(a);
    const carol = await registerUser(a);
    const bobLive = await openLive(b, bob);
    await vi.waitFor(async () => expect(await a.realtime.isOnline!(bob.user.id)).toBe(true));
    expect(await a.realtime.isOnline!(carol.user.id)).toBe(false);
    for (const to of [bob, carol]) {
      await a.inject({
        method: 'POST',
        url: `/api/chat/send?user_id=${alice.user.id}`,
        headers: alice.headers,
        payload: { to_user: to.user.id, message: 'Are you there?' },
      });
    }
    await bobLive.next('new_message');
    expect(await notificationsOf(database.db, bob.user.id)).toHaveLength(0);
    expect(await notificationsOf(database.db, carol.user.id)).toHaveLength(1);
    bobLive.close();
    await vi.waitFor(async () => expect(await a.realtime.isOnline!(bob.user.id)).toBe(false));
  });

  it.skipIf(!enabled)(`ending a user's sessions on one instance closes their sockets on the other${why}`, async () => {
    const alice = await registerUser(a);
    const aliceLive = await openLive(b, alice);
    a.lifecycle.emit('user.sessionsEnded', alice.user.id);
    expect((await aliceLive.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });
});
