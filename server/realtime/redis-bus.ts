/**
 * The bus over Redis pub/sub, so a message published by one instance reaches the
 * sockets held by every other (DESIGN 2 "Fan-out"). One channel carries every envelope;
 * each instance delivers to its own sockets. Presence (is this user's socket held
 * anywhere?) is a per-user channel an instance subscribes to while it holds one of that
 * user's sockets: Redis drops the subscription with a crashed instance's connection, so
 * presence cannot go stale.
 */
import { Redis } from 'ioredis';
import { parseEnvelope, type Bus, type Envelope } from './bus';

export interface RedisBusOptions {
  /** Channel prefix; tests use their own so parallel runs never hear each other. */
  channel?: string;
  onError?: (err: Error) => void;
}

export const DEFAULT_CHANNEL = 'wallflower:live';

export async function createRedisBus(url: string, opts: RedisBusOptions = {}): Promise<Bus> {
  const channel = opts.channel ?? DEFAULT_CHANNEL;
  const presenceChannel = (userId: string) => `${channel}:presence:${userId}`;
  const onError = opts.onError ?? ((err: Error) => console.error(`[live bus] ${err.message}`));

  // Publishing never waits for a reconnect: a message is already stored, and a request
  // must not hang because Redis is away (at most once, DESIGN 6).
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // The subscriber queues while reconnecting and re-subscribes by itself afterwards.
  const sub = new Redis(url, { lazyConnect: true });
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await pub.connect();
    await sub.connect();
    await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${(err as Error).message}`, { cause: err });
  }

  let handler: ((e: Envelope) => void) | null = null;
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel || !handler) return;
    const envelope = parseEnvelope(raw);
    if (envelope) handler(envelope);
  });

  let closed = false;
  return {
    async publish(envelope) {
      if (closed) return;
      await pub.publish(channel, JSON.stringify(envelope));
    },
    subscribe(h) {
      handler = h;
    },
    setPresent(userId, present) {
      if (closed) return;
      const p = present ? sub.subscribe(presenceChannel(userId)) : sub.unsubscribe(presenceChannel(userId));
      p.catch((err: Error) => onError(err));
    },
    async isPresentElsewhere(userId) {
      if (closed) return false;
      const reply = (await pub.call('PUBSUB', 'NUMSUB', presenceChannel(userId))) as [string, number | string];
      return Number(reply[1]) > 0;
    },
    async close() {
      if (closed) return;
      closed = true;
      handler = null;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
