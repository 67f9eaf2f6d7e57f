/**
 * What Redis pub/sub may lose, and how the bus makes up for it (redis-bus.ts): an instance
 * whose subscriber is cut off is told it may have missed announcements, while it is away
 * and once it is subscribed again, so its kept copies are read again; a change whose
 * publishing failed is published once the publisher is back. Runs when TEST_REDIS_URL is
 * set (skipped with a message without it).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bus, Envelope } from '../../server/realtime/bus';
import { createRedisBus } from '../../server/realtime/redis-bus';

const redisUrl = process.env.TEST_REDIS_URL;
const why = redisUrl ? '' : ' (skipped: needs TEST_REDIS_URL)';

const opened: Array<Bus | Redis> = [];
afterEach(async () => {
  for (const x of opened.splice(0)) {
    if (x instanceof Redis) x.disconnect();
    else await x.close();
  }
});

async function twoBuses() {
  const channel = `wallflower-test:${randomUUID()}`;
  const errors: string[] = [];
  const onError = (err: Error) => errors.push(err.message);
  const from = await createRedisBus(redisUrl!, { channel, name: `${channel}:from`, onError });
  const to = await createRedisBus(redisUrl!, { channel, name: `${channel}:to`, onError });
  const admin = new Redis(redisUrl!);
  opened.push(from, to, admin);
  const heard: Envelope[] = [];
  to.subscribe((e) => heard.push(e));
  from.subscribe(() => {});
  return { channel, from, to, admin, heard };
}

/** Cuts off the connection called `name` (`{bus's name}:sub` or `:pub`), as a network fault would. */
async function cutOff(admin: Redis, name: string): Promise<void> {
  await vi.waitFor(async () => expect(await admin.client('LIST')).toContain(` name=${name} `));
  const list = (await admin.client('LIST')) as string;
  const ids = list
    .split('\n')
    .filter((line) => line.includes(` name=${name} `))
    .map((line) => /^id=(\d+)/.exec(line)![1]!);
  expect(ids).toHaveLength(1);
  await admin.client('KILL', 'ID', ids[0]!);
}

const change = (n: number): Envelope => ({ t: 'changed', from: 'a', change: { kind: 'user', ids: [`u${n}`] } });

describe('announcements pub/sub may lose', () => {
  it.skipIf(!redisUrl)(`an instance cut off from the bus is told it may have missed some, and again once it hears the bus again${why}`, async () => {
    const { channel, from, to, admin, heard } = await twoBuses();
    let missed = 0;
    to.onMissed!(() => missed++);
    await from.publish(change(1));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(missed).toBe(0);

    await cutOff(admin, `${channel}:to:sub`);
    // Told while cut off, and once subscribed again (the ping after the subscription has come back).
    await vi.waitFor(() => expect(missed).toBeGreaterThanOrEqual(2));
    await from.publish(change(2));
    await vi.waitFor(() => expect(heard.map((e) => e.t === 'changed' && e.change.ids[0])).toEqual(['u1', 'u2']));
  });

  it.skipIf(!redisUrl)(`a change the publisher could not send is sent once it is back${why}`, async () => {
    const { channel, from, admin, heard } = await twoBuses();
    // Changes go out, the publisher cut off before each, until one is refused: one written
    // before the publisher noticed is sent again by ioredis itself once it is back.
    let n = 0;
    let refused = false;
    while (!refused && n < 50) {
      await cutOff(admin, `${channel}:from:pub`);
      await new Promise((resolve) => setImmediate(resolve));
      n++;
      refused = await from.publish(change(n)).then(
        () => false,
        () => true,
      );
      // Back before the next cut.
      await vi.waitFor(() => from.publish({ t: 'event', id: 'x', data: '{}' }));
    }
    expect(refused).toBe(true);
    const sent = Array.from({ length: n }, (_, i) => `u${i + 1}`);
    await vi.waitFor(() => expect(new Set(heard.map((e) => e.t === 'changed' && e.change.ids[0]))).toEqual(new Set(sent)));
  });
});
