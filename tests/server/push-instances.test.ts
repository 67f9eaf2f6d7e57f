/**
 * Web Push across two instances sharing PostgreSQL and Redis (issue 41): a notification is
 * pushed once, whichever instances handle it, and a device whose app holds its socket on
 * the other instance is not pushed to. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asWritten } from '../../contract/said';
import { liveSessionKey } from '../../server/core/realtime';
import { hashToken } from '../../server/db/repositories/sessions';
import { notify } from '../../server/use-cases/notify';
import { pushNotification } from '../../server/use-cases/push';
import { FakeClock, registerUser } from './helpers';
import { redisInstances, twoInstances, whySkipped, type RedisInstances } from './instances-helpers';
import { startPushService, type PushService } from './push-service';
import { as, openLive } from './social-helpers';

const clock = new FakeClock();
let made: RedisInstances | null = null;
let service: PushService;
let claims: Redis | null = null;

beforeAll(async () => {
  if (!twoInstances) return;
  service = await startPushService();
  claims = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
  made = await redisInstances(process.env.TEST_REDIS_URL!, clock, {
    config: { pushEndpointAllow: [service.origin] },
    deps: { pushRedis: claims, pushNamespace: `wallflower-test:${randomUUID()}` },
  });
});

afterAll(async () => {
  await made?.close();
  await claims?.quit();
  await service?.close();
});

const note = { kind: 'chat_message', title: asWritten('New message'), content: asWritten('Hello'), link: '/chats/x' } as const;

describe('Web Push on two instances', () => {
  it.skipIf(!twoInstances)(`pushes a notification once, though both instances offer it${whySkipped}`, async () => {
    const { a, b } = made!;
    const me = await registerUser(a);
    const device = service.device();
    expect((await as(a, me).post(`/api/push/subscriptions?user_id=${me.user.id}`, device.json)).statusCode).toBe(200);
    const n = await notify(a, me.user.id, note);
    // The other instance offers the same notification (a sweep both ran, a retry).
    b.push.offer(() => pushNotification(b, me.user.id, n, 'chat_message'));
    await Promise.all([a.pushJobs.idle(), b.pushJobs.idle()]);
    expect(service.received.filter((r) => device.endpoint.endsWith(r.path))).toHaveLength(1);
  });

  it.skipIf(!twoInstances)(`does not push to a device whose socket is open on the other instance${whySkipped}`, async () => {
    const { a, b } = made!;
    const me = await registerUser(a);
    const device = service.device();
    expect((await as(a, me).post(`/api/push/subscriptions?user_id=${me.user.id}`, device.json)).statusCode).toBe(200);
    const live = await openLive(b, me);
    const session = liveSessionKey(hashToken(me.cookie.slice('wf_session='.length)));
    await vi.waitFor(async () => expect(await a.realtime.isSessionOnline!(session)).toBe(true));
    await notify(a, me.user.id, note);
    await a.pushJobs.idle();
    expect(service.received.filter((r) => device.endpoint.endsWith(r.path))).toHaveLength(0);
    live.close();
    await live.closed;
    await vi.waitFor(async () => expect(await a.realtime.isSessionOnline!(session)).toBe(false));
    await notify(a, me.user.id, note);
    await a.pushJobs.idle();
    expect(service.received.filter((r) => device.endpoint.endsWith(r.path))).toHaveLength(1);
  });
});
