/**
 * Nothing missed across a reconnect (issue 44 item 4): per-person seqs, a replay after a
 * seq in order and once, a resync past what is kept, and the switch-over from replay to
 * live with no gap and no duplicate; on the in-process bus (also with a bus that delivers
 * late, as Redis may) and on Redis (TEST_REDIS_URL; skipped with a message without it).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LocalBus, type Bus, type Envelope } from '../../server/realtime/bus';
import { Hub } from '../../server/realtime/hub';
import { createRedisBus } from '../../server/realtime/redis-bus';
import { KEEP_MESSAGES, KEEP_MS, MemoryReplay, QUIET_LOG_MS } from '../../server/realtime/replay';
import type { LiveSocket } from '../../server/realtime/sockets';

const redisUrl = process.env.TEST_REDIS_URL;
/** The channels these tests made on Redis: their logs are removed at the end (they would live a day). */
const channels: string[] = [];
const redisBus = () => {
  const channel = `wallflower-test:${randomUUID()}`;
  channels.push(channel);
  return channel;
};
afterAll(async () => {
  if (!redisUrl || channels.length === 0) return;
  const r = new Redis(redisUrl);
  for (const channel of channels) {
    const keys = await r.keys(`${channel}:log:*`);
    if (keys.length) await r.del(...keys);
  }
  r.disconnect();
});

type Got = { type: string; n?: number; seq?: number };

/** A socket that keeps the messages written to it, parsed: `caught_up` apart (`caughtUp`), and all in `all`. */
class Recorder implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  got: Got[] = [];
  all: Got[] = [];
  caughtUp: number[] = [];
  private closers: Array<() => void> = [];
  send(data: Buffer): void {
    const m = JSON.parse(data.toString()) as Got;
    this.all.push(m);
    if (m.type === 'caught_up') this.caughtUp.push(m.seq!);
    else this.got.push(m);
  }
  ping(): void {}
  terminate(): void {
    this.close();
  }
  close(): void {
    this.readyState = 3;
    for (const c of this.closers) c();
  }
  on(event: string, listener: () => void): this {
    if (event === 'close') this.closers.push(listener);
    return this;
  }
  seqs(): number[] {
    return this.got.flatMap((m) => (m.seq === undefined ? [] : [m.seq]));
  }
  ns(): number[] {
    return this.got.flatMap((m) => (m.n === undefined ? [] : [m.n]));
  }
}

/** An in-process bus whose deliveries come a turn late, as another instance's over Redis may. */
class LateBus extends LocalBus {
  override async publish(envelope: Envelope): Promise<void> {
    setImmediate(() => void super.publish(envelope));
  }
}

interface Setup {
  /** A bus for one hub; hubs made from one setup share their messages and logs. */
  bus(): Promise<Bus | undefined>;
  /** Messages reach sockets by another path than the call (Redis, a late bus): wait for them. */
  async: boolean;
}

const kinds: Array<[string, boolean, () => Setup]> = [
  ['in process', true, () => ({ bus: async () => undefined, async: false })],
  ['in process, delivered late', true, () => ({ bus: async () => new LateBus(), async: true })],
  [
    'on Redis',
    !!redisUrl,
    () => {
      const channel = redisBus();
      return { bus: () => createRedisBus(redisUrl!, { channel }), async: true };
    },
  ],
];

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of opened.splice(0).reverse()) await x.close();
});

for (const [name, enabled, makeSetup] of kinds) {
  const why = enabled ? '' : ' (skipped: needs TEST_REDIS_URL)';
  describe(`replay after a reconnect, ${name}${why}`, () => {
    let t = Date.parse('2026-12-07T10:00:00Z');
    const now = () => t;

    async function hub() {
      const setup = makeSetup();
      const bus = await setup.bus();
      const h = new Hub({ heartbeatMs: 0, now, bus });
      opened.push({ close: async () => (await h.close(), await bus?.close()) });
      /** Sends n-numbered messages to `to`, one after the other. */
      const send = async (to: string[], ...ns: number[]) => {
        for (const n of ns) await h.toUsers(to, { type: 'notification', n });
      };
      /** A socket of 'a' hears these, then goes away: the last seq it saw. */
      const heardThenAway = async (...ns: number[]) => {
        const first = new Recorder();
        h.attach(first, 'a');
        await send(['a'], ...ns);
        await until(first, ns.length);
        first.close();
        return first.seqs().at(-1)!;
      };
      return { h, send, heardThenAway };
    }

    /** Until `s` has `count` messages (at once when delivery is in process). */
    const until = (s: Recorder, count: number) => vi.waitFor(() => expect(s.got.length).toBeGreaterThanOrEqual(count));

    it.skipIf(!enabled)('gives each message a seq that increases per person', async () => {
      const { h, send } = await hub();
      const [a, b] = [new Recorder(), new Recorder()];
      h.attach(a, 'a');
      h.attach(b, 'b');
      await send(['a', 'b'], 1);
      await send(['a'], 2, 3);
      await until(a, 3);
      await until(b, 1);
      const s = a.seqs();
      expect(s).toHaveLength(3);
      expect(s[0]! < s[1]! && s[1]! < s[2]!).toBe(true);
      expect(b.seqs()).toHaveLength(1);
      expect(a.ns()).toEqual([1, 2, 3]);
    });

    it.skipIf(!enabled)('a message to many people (a large group: several of Redis’s slices) reaches each, with a seq of their own, kept for each', async () => {
      const { h } = await hub();
      const people = Array.from({ length: 250 }, (_, i) => `p${i}`);
      const sockets = people.map((id) => {
        const s = new Recorder();
        h.attach(s, id);
        return s;
      });
      await h.toUsers(people, { type: 'notification', n: 1 });
      for (const s of sockets) await until(s, 1);
      expect(sockets.every((s) => s.ns().join() === '1' && s.seqs().length === 1)).toBe(true);
      sockets[249]!.close();
      await h.toUsers(people, { type: 'notification', n: 2 });
      const again = new Recorder();
      h.attach(again, 'p249', undefined, sockets[249]!.seqs()[0]!);
      await until(again, 1);
      expect(again.ns()).toEqual([2]);
    });

    it.skipIf(!enabled)('replays what a socket missed after its seq, in order and once, then the live ones', async () => {
      const { h, send, heardThenAway } = await hub();
      const seen = await heardThenAway(1, 2);
      await send(['a'], 3, 4, 5);
      const again = new Recorder();
      h.attach(again, 'a', undefined, seen);
      await until(again, 3);
      await send(['a'], 6);
      await until(again, 4);
      expect(again.ns()).toEqual([3, 4, 5, 6]);
      expect(new Set(again.seqs()).size).toBe(4);
    });

    it.skipIf(!enabled)('switches from the replay to live ones with no gap and no duplicate, messages streaming all along', async () => {
      const { h, heardThenAway } = await hub();
      const seen = await heardThenAway(0);
      const again = new Recorder();
      const sending: Array<Promise<void>> = [];
      for (let n = 1; n <= 60; n++) {
        if (n === 25) h.attach(again, 'a', undefined, seen);
        sending.push(h.toUsers(['a'], { type: 'notification', n }));
      }
      await Promise.all(sending);
      await until(again, 60);
      expect(again.ns()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const s = again.seqs();
      expect(s.every((x, i) => i === 0 || x > s[i - 1]!)).toBe(true);
    });

    it.skipIf(!enabled)('tells a socket that hears nothing else the last seq (caught_up): reconnecting after it, it gets what came meanwhile, in order and once', async () => {
      const { h, send } = await hub();
      // Nothing was ever sent to 'a': the seq it is told still names a place in its log.
      const quiet = new Recorder();
      h.attach(quiet, 'a');
      await vi.waitFor(() => expect(quiet.caughtUp).toHaveLength(1));
      expect(quiet.all).toEqual([{ type: 'caught_up', seq: quiet.caughtUp[0] }]);
      quiet.close();
      await send(['a'], 1, 2, 3);
      const again = new Recorder();
      h.attach(again, 'a', undefined, quiet.caughtUp[0]);
      await until(again, 3);
      await send(['a'], 4);
      await until(again, 4);
      expect(again.ns()).toEqual([1, 2, 3, 4]);
      expect(new Set(again.seqs()).size).toBe(4);
      expect(again.seqs()[0]).toBeGreaterThan(quiet.caughtUp[0]!);
      // After the replay, caught_up with the last seq replayed, then the live ones.
      expect(again.all.map((m) => m.n ?? m.type)).toEqual([1, 2, 3, 'caught_up', 4]);
      expect(again.caughtUp).toEqual([again.seqs()[2]]);
      // After the last it heard (4), nothing is replayed: it is told that seq again.
      again.close();
      const third = new Recorder();
      h.attach(third, 'a', undefined, again.seqs().at(-1));
      await vi.waitFor(() => expect(third.caughtUp).toEqual(again.seqs().slice(-1)));
      expect(third.got).toEqual([]);
    });

    it.skipIf(!enabled)('a socket opening while messages stream is told a seq that splits them: none above it before, none at or below it after, none lost', async () => {
      const { h, heardThenAway } = await hub();
      await heardThenAway(0);
      const quiet = new Recorder();
      const sending: Array<Promise<void>> = [];
      for (let n = 1; n <= 60; n++) {
        if (n === 25) h.attach(quiet, 'a');
        sending.push(h.toUsers(['a'], { type: 'notification', n }));
      }
      await Promise.all(sending);
      await vi.waitFor(() => expect(quiet.ns().at(-1)).toBe(60));
      const [told] = quiet.caughtUp;
      expect(quiet.caughtUp).toHaveLength(1);
      const at = quiet.all.findIndex((m) => m.type === 'caught_up');
      const before = quiet.all.slice(0, at);
      const afterIt = quiet.all.slice(at + 1);
      expect(before.every((m) => m.seq! <= told!)).toBe(true);
      expect(afterIt.every((m) => m.seq! > told!)).toBe(true);
      // Everything since the socket was registered, in order, once.
      const ns = quiet.ns();
      expect(ns).toEqual(Array.from({ length: ns.length }, (_, i) => 61 - ns.length + i));
      expect(ns[0]).toBeLessThanOrEqual(25);
      // Had it dropped right after caught_up, a reconnect after it gets exactly what came after.
      quiet.close();
      const again = new Recorder();
      h.attach(again, 'a', undefined, told);
      await vi.waitFor(() => expect(again.caughtUp).toHaveLength(1));
      expect(again.got).toEqual(afterIt);
      expect(again.caughtUp).toEqual([quiet.seqs().at(-1)]);
    });

    it.skipIf(!enabled)('a socket that saw the last seq gets nothing replayed, only what comes next', async () => {
      const { h, send, heardThenAway } = await hub();
      const seen = await heardThenAway(1);
      const again = new Recorder();
      h.attach(again, 'a', undefined, seen);
      await send(['a'], 2);
      await until(again, 1);
      expect(again.got.map((m) => m.n ?? m.type)).toEqual([2]);
    });

    it.skipIf(!enabled)('sends resync first past the 10 minutes kept, then the live ones', async () => {
      const { h, send, heardThenAway } = await hub();
      const seen = await heardThenAway(1);
      await send(['a'], 2);
      t += KEEP_MS + 1;
      const again = new Recorder();
      h.attach(again, 'a', undefined, seen);
      await vi.waitFor(() => expect(again.got[0]).toEqual({ type: 'resync' }));
      // Then the last seq (2's; 2 itself, if still on its way, before it): the app reads its lists again, and keeps it.
      await vi.waitFor(() => expect(again.all.filter((m) => m.n !== 2).slice(0, 2).map((m) => m.type)).toEqual(['resync', 'caught_up']));
      await send(['a'], 3);
      await vi.waitFor(() => expect(again.got.at(-1)?.n).toBe(3));
      // 2 came after the seq seen: it may still be on its way live (a late bus), then it comes once, after the resync.
      expect(again.got.map((m) => m.n ?? m.type)).toEqual(expect.arrayContaining(['resync', 3]));
      expect(again.got[0]).toEqual({ type: 'resync' });
      expect(again.ns().filter((n) => n !== 2)).toEqual([3]);
    });

    it.skipIf(!enabled)('sends resync past the last 1,000 messages kept, and for a seq it never gave', async () => {
      const { h, heardThenAway } = await hub();
      const seen = await heardThenAway(0);
      // Redis trims approximately (whole nodes of 100), so well past the cap.
      await Promise.all(Array.from({ length: KEEP_MESSAGES + 200 }, (_, i) => h.toUsers(['a'], { type: 'notification', n: i + 1 })));
      const again = new Recorder();
      h.attach(again, 'a', undefined, seen);
      await vi.waitFor(() => expect(again.got[0]).toEqual({ type: 'resync' }));
      const never = new Recorder();
      h.attach(never, 'b', undefined, 123);
      await vi.waitFor(() => expect(never.got).toEqual([{ type: 'resync' }]));
    });
  });
}

describe('two instances on one Redis', () => {
  const now = () => Date.parse('2026-12-07T10:00:00Z');
  const until = (s: Recorder, count: number) => vi.waitFor(() => expect(s.got.length).toBeGreaterThanOrEqual(count));
  it.skipIf(!redisUrl)(`replays on another instance what was sent through one${redisUrl ? '' : ' (skipped: needs TEST_REDIS_URL)'}`, async () => {
    const channel = redisBus();
    const [busA, busB] = [await createRedisBus(redisUrl!, { channel }), await createRedisBus(redisUrl!, { channel })];
    const a = new Hub({ heartbeatMs: 0, now, bus: busA });
    const b = new Hub({ heartbeatMs: 0, now, bus: busB });
    opened.push({ close: async () => (await a.close(), await b.close(), await busA.close(), await busB.close()) });
    const first = new Recorder();
    a.attach(first, 'a');
    await a.toUsers(['a'], { type: 'notification', n: 1 });
    await until(first, 1);
    first.close();
    await a.toUsers(['a'], { type: 'notification', n: 2 });
    await b.toUsers(['a'], { type: 'notification', n: 3 });
    const again = new Recorder();
    b.attach(again, 'a', undefined, first.seqs()[0]!);
    await until(again, 2);
    expect(again.ns()).toEqual([2, 3]);
  });
});

describe('a person’s log in memory', () => {
  it('is dropped a day after its last message: a socket from before then gets resync, and seqs still rise', async () => {
    const published: Envelope[] = [];
    const log = new MemoryReplay(async (e) => void published.push(e));
    const seqOf = (e: Envelope | undefined) => (e as { seqs: number[] }).seqs[0]!;
    let now = Date.parse('2026-12-07T10:00:00Z');
    await log.send(['a'], '{"type":"notification"}', now);
    const before = seqOf(published[0]);
    now += QUIET_LOG_MS + 1;
    log.sweep(now);
    await log.send(['a'], '{"type":"notification"}', now);
    const after = seqOf(published[1]);
    expect(after).toBeGreaterThan(before);
    // What came between the two (none here, but it cannot know) is gone with the log.
    expect((await log.open('a', before, now)).replayed).toEqual({ resync: true });
    expect((await log.open('a', after, now)).replayed).toEqual({ resync: false, entries: [] });
    expect((await log.open('a', 0, now)).replayed).toMatchObject({ resync: false, entries: [{ seq: after, prev: 0 }] });
  });

  it('begins a log for a socket of someone who has none, so the seq it is told names a place in it; a restart loses it, and that shows as resync', async () => {
    const published: Envelope[] = [];
    const log = new MemoryReplay(async (e) => void published.push(e));
    const now = Date.parse('2026-12-07T10:00:00Z');
    const { last, replayed } = await log.open('a', undefined, now);
    expect(last).toBe(now);
    expect(replayed).toBeUndefined();
    // A second socket in the same millisecond is told the same; the first message comes after it.
    expect((await log.open('a', undefined, now)).last).toBe(last);
    await log.send(['a'], '{"type":"notification"}', now);
    const seq = (published[0] as { seqs: number[] }).seqs[0]!;
    expect(seq).toBe(last + 1);
    expect((await log.open('a', last, now)).replayed).toEqual({ resync: false, entries: [{ seq, prev: last, at: now, data: '{"type":"notification"}' }] });
    expect((await log.open('a', seq, now)).replayed).toEqual({ resync: false, entries: [] });
    const restarted = new MemoryReplay(async () => {});
    expect((await restarted.open('a', last, now + 1)).replayed).toEqual({ resync: true });
  });
});

describe('an instance cut off from Redis', () => {
  const now = () => Date.parse('2026-12-07T10:00:00Z');
  it.skipIf(!redisUrl)(`catches its sockets up, in order and once, with what was sent meanwhile through another${redisUrl ? '' : ' (skipped: needs TEST_REDIS_URL)'}`, async () => {
    const channel = redisBus();
    const [busA, busB] = [await createRedisBus(redisUrl!, { channel, name: `${channel}:a` }), await createRedisBus(redisUrl!, { channel, name: `${channel}:b` })];
    const a = new Hub({ heartbeatMs: 0, now, bus: busA });
    const b = new Hub({ heartbeatMs: 0, now, bus: busB });
    const admin = new Redis(redisUrl!);
    opened.push({ close: async () => (await a.close(), await b.close(), await busA.close(), await busB.close(), admin.disconnect()) });
    const socket = new Recorder();
    b.attach(socket, 'a');
    await vi.waitFor(() => expect(socket.caughtUp).toHaveLength(1));
    await a.toUsers(['a'], { type: 'notification', n: 1 });
    await vi.waitFor(() => expect(socket.ns()).toEqual([1]));

    // b's subscriber is cut off; what a sends meanwhile does not reach b live.
    const list = (await admin.client('LIST')) as string;
    const id = list.split('\n').find((line) => line.includes(` name=${channel}:b:sub `))!.match(/^id=(\d+)/)![1]!;
    await admin.client('KILL', 'ID', id);
    for (const n of [2, 3, 4]) await a.toUsers(['a'], { type: 'notification', n });
    // Once b hears the bus again, the socket gets them from the person's kept messages, then the live ones.
    await vi.waitFor(() => expect(socket.ns()).toEqual([1, 2, 3, 4]));
    await a.toUsers(['a'], { type: 'notification', n: 5 });
    await vi.waitFor(() => expect(socket.ns()).toEqual([1, 2, 3, 4, 5]));
    expect(socket.seqs()).toEqual([...socket.seqs()].sort((x, y) => x - y));
    expect(socket.all.some((m) => m.type === 'resync')).toBe(false);
  });
});
