/**
 * The bus over Redis pub/sub, so a message published by one instance reaches the
 * sockets held by every other (DESIGN 2 "Fan-out"). One channel carries every envelope;
 * each instance delivers to its own sockets. Presence (is this user's socket held
 * anywhere?) is a per-user channel an instance subscribes to while it holds one of that
 * user's sockets: Redis drops the subscription with a crashed instance's connection, so
 * presence cannot go stale. Each person's kept messages (replay.ts) are a capped Redis
 * Stream of their own, appended to and published in one script, so every instance hears
 * a person's messages in the order of their seqs.
 *
 * Pub/sub keeps nothing, but it loses only what is published while a connection is down:
 * - the subscriber: while it is cut off and once it is subscribed again, the hub is told
 *   that envelopes may have been missed (`onMissed`), so what instances keep from announced
 *   changes is read again (every AWAY_MISSED_MS while Redis is away), and once it is back
 *   its sockets are caught up from the people's kept messages (Hub);
 * - the publisher: a change it could not publish is published once it is back (the others
 *   then read again what it touched; a change applies alike late or twice).
 */
import { Redis } from 'ioredis';
import { parseEnvelope, type Bus, type Envelope } from './bus';
import { KEEP_MESSAGES, QUIET_LOG_MS, nextSeq, replayRule, type KeptEntry, type Replay } from './replay';

/**
 * KEYS: each user's stream. ARGV: now (ms), the cap, the stream's life past its last
 * message (ms), the channel, the envelope up to its seqs, the message. Each entry's id is
 * `{seq}-0` and it holds the seq before it (`p`), its time (`t`) and the message (`d`).
 */
const SEND = `
local now = tonumber(ARGV[1])
local seqs = {}
for i, key in ipairs(KEYS) do
  local last = 0
  local top = redis.call('XREVRANGE', key, '+', '-', 'COUNT', 1)
  if top[1] then last = tonumber(string.match(top[1][1], '^%d+')) end
  local seq = string.format('%d', math.max(last + 1, now))
  redis.call('XADD', key, 'MAXLEN', '~', ARGV[2], seq .. '-0', 'p', string.format('%d', last), 't', ARGV[1], 'd', ARGV[6])
  redis.call('PEXPIRE', key, ARGV[3])
  seqs[i] = seq
end
redis.call('PUBLISH', ARGV[4], ARGV[5] .. table.concat(seqs, ',') .. ']}')
return seqs
`;

/**
 * For a socket opening (Replay.open). KEYS: the person's stream. ARGV: the seq a first
 * message would get now, the stream's life past its last message (ms), the first entry id
 * to read (`{after + 1}-0`, '' for none). Answers the last seq and the entries from that
 * id on; a person without a stream gets one, begun by an entry without data (`d`).
 */
const OPEN = `
local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local last
if top[1] then
  last = string.match(top[1][1], '^%d+')
else
  last = ARGV[1]
  redis.call('XADD', KEYS[1], last .. '-0', 'p', '0', 't', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local kept = {}
if ARGV[3] ~= '' then kept = redis.call('XRANGE', KEYS[1], ARGV[3], '+') end
return {last, kept}
`;

/** While the subscriber is cut off, how often the hub is told it may have missed something. */
export const AWAY_MISSED_MS = 5_000;
/** Changes kept for publishing once the publisher is back; past this many the oldest go. */
const MAX_UNSENT = 10_000;

/** People per script call (see send). */
const SEND_SLICE = 100;

type StreamEntry = [id: string, fields: string[]];

const entryOf = ([id, fields]: StreamEntry): KeptEntry => {
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
  const data = f.get('d');
  return { seq: Number(id.split('-')[0]), prev: Number(f.get('p') ?? 0), at: Number(f.get('t') ?? 0), ...(data === undefined ? {} : { data }) };
};

export interface RedisBusOptions {
  /** Channel prefix; tests use their own so parallel runs never hear each other. */
  channel?: string;
  /** What its two connections are called (`{name}:pub`, `{name}:sub`); the channel when not said. */
  name?: string;
  onError?: (err: Error) => void;
}

export const DEFAULT_CHANNEL = 'wallflower:live';

export async function createRedisBus(url: string, opts: RedisBusOptions = {}): Promise<Bus> {
  const channel = opts.channel ?? DEFAULT_CHANNEL;
  const presenceChannel = (userId: string) => `${channel}:presence:${userId}`;
  const onError = opts.onError ?? ((err: Error) => console.error(`[live bus] ${err.message}`));

  // Publishing never waits for a reconnect: a message is already stored, and a request
  // must not hang because Redis is away (at most once, DESIGN 6).
  // Each connection is named, as CLIENT LIST shows it.
  const name = opts.name ?? channel;
  const pub = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: `${name}:pub` });
  // The subscriber queues while reconnecting and re-subscribes by itself afterwards.
  const sub = new Redis(url, { lazyConnect: true, connectionName: `${name}:sub` });
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
  let missedHandler: ((back: boolean) => void) | null = null;
  const missed = (back: boolean) => {
    if (!closed) missedHandler?.(back);
  };
  let away: NodeJS.Timeout | null = null;
  sub.on('close', () => {
    if (closed || away) return;
    missed(false);
    away = setInterval(() => missed(false), AWAY_MISSED_MS);
    away.unref();
  });
  sub.on('ready', () => {
    // ioredis subscribes again right after 'ready': the ping goes after those subscriptions,
    // so its answer means nothing published from then on is missed.
    setImmediate(() => {
      sub.ping().then(() => {
        if (away) clearInterval(away);
        away = null;
        missed(true);
      }, onError);
    });
  });

  const unsent: string[] = [];
  const publishChange = async (raw: string) => {
    try {
      await pub.publish(channel, raw);
    } catch (err) {
      if (unsent.push(raw) > MAX_UNSENT) unsent.shift();
      throw err;
    }
  };
  pub.on('ready', () => {
    const again = unsent.splice(0);
    for (const raw of again) publishChange(raw).catch(() => {});
  });

  const logKey = (userId: string) => `${channel}:log:${userId}`;
  pub.defineCommand('wfSendKept', { lua: SEND });
  pub.defineCommand('wfOpenKept', { lua: OPEN, numberOfKeys: 1 });
  const commands = pub as unknown as {
    wfSendKept(n: number, ...args: Array<string | number>): Promise<string[]>;
    wfOpenKept(key: string, ...args: Array<string | number>): Promise<[string, StreamEntry[]]>;
  };
  const sendKept = commands.wfSendKept.bind(pub);
  const replay: Replay = {
    async send(ids, data, now) {
      if (closed || ids.length === 0) return;
      // A script holds Redis while it runs (about 20 µs per person on a loaded host): a large
      // group's message goes in slices, each its own envelope, pipelined on one connection.
      const slices: Array<Promise<string[]>> = [];
      for (let i = 0; i < ids.length; i += SEND_SLICE) {
        const some = ids.slice(i, i + SEND_SLICE);
        const head = `{"t":"users","ids":${JSON.stringify(some)},"data":${JSON.stringify(data)},"seqs":[`;
        slices.push(sendKept(some.length, ...some.map(logKey), Math.floor(now), KEEP_MESSAGES, QUIET_LOG_MS, channel, head, data));
      }
      await Promise.all(slices);
    },
    async open(userId, after, now) {
      const [top, kept] = await commands.wfOpenKept(logKey(userId), nextSeq(0, now), QUIET_LOG_MS, after === undefined ? '' : `${after + 1}-0`);
      const last = Number(top);
      return { last, ...(after === undefined ? {} : { replayed: replayRule(after, last, kept.map(entryOf), now) }) };
    },
  };

  return {
    replay,
    async publish(envelope) {
      if (closed) return;
      const raw = JSON.stringify(envelope);
      await (envelope.t === 'changed' ? publishChange(raw) : pub.publish(channel, raw));
    },
    onMissed(h) {
      missedHandler = h;
    },
    subscribe(h) {
      handler = h;
    },
    setPresent(userId, present) {
      if (closed) return;
      const p = present ? sub.subscribe(presenceChannel(userId)) : sub.unsubscribe(presenceChannel(userId));
      p.catch((err: Error) => onError(err));
    },
    async settle() {
      if (closed) return;
      await sub.ping();
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
      missedHandler = null;
      if (away) clearInterval(away);
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
