import { describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE } from '../../contract/live';
import { LocalBus, parseEnvelope, type Bus, type Envelope } from '../../server/realtime/bus';
import { createRequire } from 'node:module';
import { liveSessionKey } from '../../server/core/realtime';
import { MAX_BUFFERED_BYTES, textFrame } from '../../server/realtime/fanout';
import { Hub } from '../../server/realtime/hub';
import type { LiveSession, LiveSocket } from '../../server/realtime/sockets';

/** A socket that records what the hub does to it (the `caught_up` every socket is told first, apart). */
class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  /** The very Buffers handed to send, to tell one shared frame from copies. */
  frames: Buffer[] = [];
  /** The seqs of the `caught_up` it was told (issue 44). */
  caughtUp: number[] = [];
  /** Everything sent, `caught_up` too, in order. */
  all: Array<{ type: string; seq?: number }> = [];
  pings = 0;
  terminated = false;
  closedWith: number | null = null;
  private listeners = new Map<string, Array<() => void>>();
  send(data: Buffer): void {
    const text = data.toString();
    this.all.push(JSON.parse(text) as { type: string; seq?: number });
    if (text.startsWith('{"type":"caught_up"')) {
      this.caughtUp.push((JSON.parse(text) as { seq: number }).seq);
      return;
    }
    this.frames.push(data);
    this.sent.push(text);
  }
  ping(): void {
    this.pings += 1;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    this.emit('close');
  }
  on(event: string, listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string): void {
    for (const l of this.listeners.get(event) ?? []) l();
  }
  types(): string[] {
    return this.sent.map((s) => (JSON.parse(s) as { type: string }).type);
  }
}

/** Until each socket has been told `caught_up` (issue 44): what comes before is held, and written with it. */
const greeted = (...sockets: FakeSocket[]) => vi.waitFor(() => expect(sockets.every((s) => s.caughtUp.length === 1)).toBe(true));

const hubWith = (opts: ConstructorParameters<typeof Hub>[0] = {}) => new Hub({ heartbeatMs: 0, ...opts });
const msg = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra });

describe('Hub delivery', () => {
  it('delivers to every socket of the named users, once each', async () => {
    const hub = hubWith();
    const [a1, a2, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(a1, 'a');
    hub.attach(a2, 'a');
    hub.attach(b, 'b');
    hub.attach(c, 'c');
    await hub.toUsers(['a', 'b', 'a'], msg('new_message', { n: 1 }));
    expect([a1.sent.length, a2.sent.length, b.sent.length, c.sent.length]).toEqual([1, 1, 1, 0]);
    // Each person's own seq (issue 44), the same on each of their sockets.
    expect(JSON.parse(a1.sent[0]!)).toEqual({ type: 'new_message', n: 1, seq: expect.any(Number) });
    expect(a2.sent).toEqual(a1.sent);
    await hub.close();
  });

  it('delivers event messages to joined sockets except the excluded users', async () => {
    const hub = hubWith();
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.join(hub.attach(a, 'a'), 'e1');
    hub.join(hub.attach(b, 'b'), 'e1');
    hub.join(hub.attach(c, 'c'), 'e2');
    await hub.toEvent('e1', msg('group_message'), { exceptUsers: ['b'] });
    expect([a.sent.length, b.sent.length, c.sent.length]).toEqual([1, 0, 0]);
    await hub.close();
  });

  it('delivers to only the joined sockets of the named users, still leaving out the excluded', async () => {
    const hub = hubWith();
    const [a1, a2, b, c, d] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.join(hub.attach(a1, 'a'), 'e1');
    hub.attach(a2, 'a'); // a's second socket has not joined the event
    hub.join(hub.attach(b, 'b'), 'e1');
    hub.join(hub.attach(c, 'c'), 'e1');
    hub.join(hub.attach(d, 'd'), 'e2');
    await hub.toEvent('e1', msg('group_message'), { onlyUsers: ['a', 'b', 'd', 'nobody'], exceptUsers: ['b'] });
    expect([a1, a2, b, c, d].map((s) => s.sent.length)).toEqual([1, 0, 0, 0, 0]);
    await hub.toEvent('e1', msg('group_message'), { onlyUsers: [] });
    expect([a1, a2, b, c, d].map((s) => s.sent.length)).toEqual([1, 0, 0, 0, 0]);
    await hub.close();
  });

  it('writes a large audience a slice per turn, each socket hearing everything in order, a disconnect after what came before it', async () => {
    const hub = hubWith({ fanoutSlice: 2 });
    const sockets = Array.from({ length: 5 }, () => new FakeSocket());
    sockets.forEach((s, i) => hub.join(hub.attach(s, `u${i}`), 'e'));
    await greeted(...sockets);
    await hub.toEvent('e', msg('first'));
    await hub.toUsers(sockets.map((_, i) => `u${i}`), msg('second'));
    await hub.disconnectUser('u0');
    // Two sockets now; the event loop gets a turn before the next two.
    expect(sockets.map((s) => s.sent.length)).toEqual([1, 1, 0, 0, 0]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sockets.map((s) => s.sent.length)).toEqual([1, 1, 1, 1, 0]);
    expect(sockets[0]!.closedWith).toBeNull();
    await hub.allSent();
    for (const s of sockets) expect(s.types()).toEqual(['first', 'second']);
    expect(sockets[0]!.closedWith).toBe(LIVE_CLOSE.sessionEnded);
    await hub.close();
  });

  it('serialises a message to an event once and hands every socket the same bytes; one to users once, with a seq per person', async () => {
    const hub = hubWith();
    const sockets = Array.from({ length: 500 }, () => new FakeSocket());
    sockets.forEach((s, i) => hub.join(hub.attach(s, `u${i}`), 'e'));
    await greeted(...sockets);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await hub.toEvent('e', msg('group_message', { text: 'hello all' }), { exceptUsers: ['u7'] });
      await hub.toUsers(sockets.map((_, i) => `u${i}`), msg('notification'));
      await hub.allSent();
      // One serialisation per message, however many sockets it goes to.
      expect(stringify).toHaveBeenCalledTimes(2);
    } finally {
      stringify.mockRestore();
    }
    const groupFrames = new Set(sockets.flatMap((s) => s.frames.slice(0, s === sockets[7] ? 0 : 1)));
    expect(groupFrames.size).toBe(1);
    expect(JSON.parse([...groupFrames][0]!.toString())).toEqual({ type: 'group_message', text: 'hello all' });
    expect(sockets[7]!.types()).toEqual(['notification']);
    // A message to users: each person's payload carries their own seq (issue 44).
    expect(sockets.every((s) => Number.isSafeInteger(JSON.parse(s.sent.at(-1)!).seq))).toBe(true);
    await hub.close();
  });

  it('frames a message once and writes the same whole frame to every socket without extensions', async () => {
    const hub = hubWith();
    const written: Buffer[][] = [];
    const raw = Array.from({ length: 50 }, (_, i) => {
      const s = new FakeSocket() as FakeSocket & { extensions: string; _socket: { write(b: Buffer): boolean } };
      s.extensions = '';
      written[i] = [];
      s._socket = { write: (b) => written[i]!.push(b) > 0 };
      return s;
    });
    // One that agreed on compression still goes through ws.
    const deflating = Object.assign(new FakeSocket(), { extensions: 'permessage-deflate', _socket: { write: () => true } });
    [...raw, deflating].forEach((s, i) => hub.join(hub.attach(s, `u${i}`), 'e'));
    await greeted(...raw, deflating);
    await hub.toEvent('e', msg('group_message', { text: 'hello all' }));
    expect(new Set(written.map((w) => w[0])).size).toBe(1);
    expect(raw.every((s) => s.frames.length === 0)).toBe(true);
    const payload = Buffer.from(JSON.stringify(msg('group_message', { text: 'hello all' })));
    expect(written[0]![0]!.equals(textFrame(payload))).toBe(true);
    expect(deflating.types()).toEqual(['group_message']);
    await hub.close();
  });

  it.each([0, 125, 126, 65_535, 65_536])('frames %i bytes exactly as ws does', (n) => {
    // ws's own framing (not in its typings), as a server sends: unmasked, whole.
    const { Sender } = createRequire(import.meta.url)('ws') as {
      Sender: { frame(data: Buffer, o: object): Buffer[] };
    };
    const payload = Buffer.alloc(n, 'a');
    const theirs = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }));
    expect(textFrame(payload).equals(theirs)).toBe(true);
  });

  it('drops a socket that has more than 1 MiB waiting instead of buffering without bound', async () => {
    const hub = hubWith();
    const slow = new FakeSocket();
    const fine = new FakeSocket();
    hub.join(hub.attach(slow, 's'), 'e');
    hub.join(hub.attach(fine, 'f'), 'e');
    await greeted(slow, fine);
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    await hub.toEvent('e', msg('group_message'));
    expect(slow.terminated).toBe(true);
    expect(slow.sent).toHaveLength(0);
    expect(fine.sent).toHaveLength(1);
    expect(hub.eventAudienceCount('e')).toBe(1);
    expect(hub.localSocketCount('s')).toBe(0);
    await hub.close();
  });

  it('does not write to sockets that are no longer open', async () => {
    const hub = hubWith();
    const s = new FakeSocket();
    hub.attach(s, 'a');
    s.readyState = 2;
    await hub.toUsers(['a'], msg('notification'));
    expect(s.sent).toHaveLength(0);
    await hub.close();
  });

  it('forgets a socket when it closes', async () => {
    const hub = hubWith();
    const s = new FakeSocket();
    hub.join(hub.attach(s, 'a'), 'e');
    s.emit('close');
    expect(hub.stats()).toEqual({ sockets: 0, users: 0, events: 0 });
    expect(await hub.isOnline('a')).toBe(false);
    await hub.close();
  });

  it('lets a socket join a bounded number of events', async () => {
    const hub = hubWith({ maxEventsPerSocket: 2 });
    const client = hub.attach(new FakeSocket(), 'a');
    expect([hub.join(client, 'e1'), hub.join(client, 'e2'), hub.join(client, 'e1'), hub.join(client, 'e3')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await hub.close();
  });

  it('disconnectUser closes all of that user’s sockets with the session-ended code', async () => {
    const hub = hubWith();
    const [a1, a2, b] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(a1, 'a');
    hub.attach(a2, 'a');
    hub.attach(b, 'b');
    await hub.disconnectUser('a');
    expect([a1.closedWith, a2.closedWith, b.closedWith]).toEqual([LIVE_CLOSE.sessionEnded, LIVE_CLOSE.sessionEnded, null]);
    expect(await hub.isOnline('a')).toBe(false);
    expect(await hub.isOnline('b')).toBe(true);
    await hub.close();
  });
});

describe('Hub greeting (issue 44)', () => {
  /** A bus that brings what is published only as it settles: as Redis may bring a publish made before the log was read after the read's answer. */
  class SlowBus extends LocalBus {
    private pending: Envelope[] = [];
    override async publish(envelope: Envelope): Promise<void> {
      this.pending.push(envelope);
    }
    async settle(): Promise<void> {
      for (const e of this.pending.splice(0)) await super.publish(e);
    }
  }

  it('writes caught_up after every message up to its seq that the bus was still bringing, and before the next', async () => {
    const bus = new SlowBus();
    const hub = hubWith({ bus });
    const s = new FakeSocket();
    await hub.toUsers(['a'], msg('notification', { n: 1 }));
    hub.attach(s, 'a');
    await greeted(s);
    await hub.toUsers(['a'], msg('notification', { n: 2 }));
    await bus.settle();
    await hub.allSent();
    expect(s.all.map((m) => m.type)).toEqual(['notification', 'caught_up', 'notification']);
    const [first, told, second] = s.all.map((m) => m.seq!);
    expect(told).toBe(first);
    expect(second).toBeGreaterThan(told!);
    await hub.close();
  });

  it('waits its turn behind a fan-out still writing, so what came before it is written before it', async () => {
    const bus = new SlowBus();
    const hub = hubWith({ bus, fanoutSlice: 1 });
    const audience = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    audience.forEach((a, i) => hub.join(hub.attach(a, `u${i}`), 'e'));
    await bus.settle();
    await greeted(...audience);
    // A message to many, a turn per socket, then one to 'a' behind it; both brought as the socket opens.
    await hub.toEvent('e', msg('group_message'));
    await hub.toUsers(['a'], msg('notification', { n: 1 }));
    const s = new FakeSocket();
    hub.attach(s, 'a');
    await greeted(s);
    await hub.allSent();
    expect(s.all.map((m) => m.type)).toEqual(['notification', 'caught_up']);
    expect(s.caughtUp).toEqual([s.all[0]!.seq]);
    await hub.close();
  });
});

describe('Hub disconnect, when a socket fails', () => {
  /** A socket whose close throws (as `ws` does for a socket in a state it cannot close from). */
  class StuckSocket extends FakeSocket {
    override close(): void {
      throw new Error('cannot close');
    }
  }

  it('cuts off a socket that cannot close, closes the rest, tells onDisconnect, and reports it', async () => {
    const errors: string[] = [];
    const told: string[] = [];
    const hub = hubWith({ onError: (message) => errors.push(message), onDisconnect: (id) => told.push(id) });
    const [stuck, fine, other] = [new StuckSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(stuck, 'a');
    hub.attach(fine, 'a');
    hub.join(hub.attach(other, 'b'), 'e');
    await hub.disconnectUser('a');
    expect(stuck.terminated).toBe(true);
    expect(fine.closedWith).toBe(LIVE_CLOSE.sessionEnded);
    expect(hub.localSocketCount('a')).toBe(0);
    expect(told).toEqual(['a']);
    expect(errors).toEqual(['live close failed']);
    // Delivery goes on.
    await hub.toEvent('e', msg('after'));
    expect(other.types()).toEqual(['after']);
    await hub.close();
  });

  it('reports a disconnect that throws in a later turn instead of throwing it there, and delivers what follows', async () => {
    const errors: string[] = [];
    const hub = hubWith({
      fanoutSlice: 1,
      onError: (message) => errors.push(message),
      onDisconnect: () => {
        throw new Error('listener failed');
      },
    });
    const sockets = [new FakeSocket(), new FakeSocket()];
    sockets.forEach((s, i) => hub.join(hub.attach(s, `u${i}`), 'e'));
    await greeted(...sockets);
    await hub.toEvent('e', msg('first'));
    // Behind the first message's second socket: it runs in a turn of its own.
    await hub.disconnectUser('u0');
    await hub.toEvent('e', msg('second'));
    await hub.allSent();
    expect(sockets[0]!.closedWith).toBe(LIVE_CLOSE.sessionEnded);
    expect(sockets[1]!.types()).toEqual(['first', 'second']);
    expect(errors).toEqual(['live delivery failed']);
    await hub.close();
  });
});

describe('Hub sessions', () => {
  const session = (tokenHash: string, expiresAt = Number.MAX_SAFE_INTEGER): LiveSession => ({
    tokenHash,
    key: liveSessionKey(tokenHash),
    expiresAt,
  });

  it('disconnectUser with a session closes only the sockets opened with it, and tells onDisconnect', async () => {
    const told: string[] = [];
    const hub = hubWith({ onDisconnect: (id) => told.push(id) });
    const [laptop, laptop2, phone, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(laptop, 'a', session('h-laptop'));
    hub.attach(laptop2, 'a', session('h-laptop'));
    hub.attach(phone, 'a', session('h-phone'));
    hub.attach(other, 'b', session('h-laptop'));
    await hub.disconnectUser('a', liveSessionKey('h-laptop'));
    expect([laptop.closedWith, laptop2.closedWith, phone.closedWith, other.closedWith]).toEqual([
      LIVE_CLOSE.sessionEnded,
      LIVE_CLOSE.sessionEnded,
      null,
      null,
    ]);
    expect(hub.localSocketCount('a')).toBe(1);
    expect(told).toEqual(['a']);
    await hub.close();
  });

  it('announces a change to the other instances, which apply it; the announcer does not apply its own', async () => {
    // One bus for two hubs, as Redis is for two instances.
    const handlers: Array<(e: Envelope) => void> = [];
    const shared = (): Bus => ({
      publish: async (e) => handlers.forEach((h) => h(e)),
      subscribe: (h) => void handlers.push(h),
      setPresent: () => {},
      isPresentElsewhere: async () => false,
      close: async () => {},
    });
    const seen: Array<{ at: string; kind: string; ids: string[] }> = [];
    const one = hubWith({ bus: shared(), onChange: (c) => seen.push({ at: 'one', ...c }) });
    const two = hubWith({ bus: shared(), onChange: (c) => seen.push({ at: 'two', ...c }) });
    await one.announceChange({ kind: 'relation', ids: ['a', 'b'] });
    await two.announceChange({ kind: 'joined', ids: ['e', 'a'] });
    expect(seen).toEqual([
      { at: 'two', kind: 'relation', ids: ['a', 'b'] },
      { at: 'one', kind: 'joined', ids: ['e', 'a'] },
    ]);
    await one.close();
    await two.close();
  });

  it('names a session on the bus without its token hash', () => {
    expect(liveSessionKey('abc')).not.toContain('abc');
    expect(liveSessionKey('abc')).toBe(liveSessionKey('abc'));
    expect(liveSessionKey('abc')).not.toBe(liveSessionKey('abd'));
  });

  it('closes a socket whose session has expired at the next heartbeat', async () => {
    let now = 1_000;
    const hub = hubWith({ now: () => now });
    const [soon, later] = [new FakeSocket(), new FakeSocket()];
    hub.attach(soon, 'a', session('h1', 2_000));
    hub.attach(later, 'a', session('h2', 9_000));
    hub.heartbeat();
    expect(soon.closedWith).toBeNull();
    now = 2_000;
    soon.emit('pong');
    later.emit('pong');
    hub.heartbeat();
    expect(soon.closedWith).toBe(LIVE_CLOSE.sessionEnded);
    expect(later.closedWith).toBeNull();
    await hub.close();
  });

  it('every few heartbeats asks which sessions are still valid, in one call, and closes the others', async () => {
    const asked: string[][] = [];
    const hub = hubWith({
      revalidateEvery: 2,
      validSessions: async (hashes) => {
        asked.push([...hashes].sort());
        return new Set(['h-ok']);
      },
    });
    const [ok, ok2, revoked, none] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.attach(ok, 'a', session('h-ok'));
    hub.attach(ok2, 'b', session('h-ok'));
    hub.attach(revoked, 'c', session('h-gone'));
    hub.attach(none, 'd');
    const beat = () => {
      for (const s of [ok, ok2, revoked, none]) s.emit('pong');
      hub.heartbeat();
    };
    beat();
    expect(asked).toEqual([]);
    beat();
    await vi.waitFor(() => expect(revoked.closedWith).toBe(LIVE_CLOSE.sessionEnded));
    expect(asked).toEqual([['h-gone', 'h-ok']]);
    expect([ok.closedWith, ok2.closedWith, none.closedWith]).toEqual([null, null, null]);
    await hub.close();
  });

  it('keeps every socket when the check fails, and reports it', async () => {
    const errors: string[] = [];
    const hub = hubWith({
      validSessions: async () => {
        throw new Error('database away');
      },
      onError: (m) => errors.push(m),
    });
    const s = new FakeSocket();
    hub.attach(s, 'a', session('h'));
    await hub.revalidateSessions();
    expect(s.closedWith).toBeNull();
    expect(errors).toEqual(['session check failed']);
    await hub.close();
  });
});

describe('Hub heartbeat', () => {
  it('pings every socket and drops one that did not answer the previous ping', async () => {
    const hub = hubWith();
    const quiet = new FakeSocket();
    const chatty = new FakeSocket();
    hub.attach(quiet, 'q');
    hub.attach(chatty, 'c');
    hub.heartbeat();
    expect([quiet.pings, chatty.pings]).toEqual([1, 1]);
    chatty.emit('pong');
    hub.heartbeat();
    expect(quiet.terminated).toBe(true);
    expect(chatty.terminated).toBe(false);
    expect(chatty.pings).toBe(2);
    await hub.close();
  });

  it('pings a slice of sockets at a time, a gap apart, so a broadcast meanwhile need not wait for them all', async () => {
    vi.useFakeTimers();
    try {
      const hub = hubWith({ heartbeatSlice: 2, heartbeatSliceGapMs: 100 });
      const sockets = Array.from({ length: 5 }, () => new FakeSocket());
      sockets.forEach((s, i) => hub.join(hub.attach(s, `u${i}`), 'e'));
      const pings = () => sockets.map((s) => s.pings);
      hub.heartbeat();
      expect(pings()).toEqual([1, 1, 0, 0, 0]);
      await hub.toEvent('e', msg('group_message'));
      expect(sockets.map((s) => s.sent.length)).toEqual([1, 1, 1, 1, 1]);
      vi.advanceTimersByTime(99);
      expect(pings()).toEqual([1, 1, 0, 0, 0]);
      // Gone before its slice: skipped, not pinged.
      sockets[3]!.close();
      vi.advanceTimersByTime(1);
      expect(pings()).toEqual([1, 1, 1, 0, 0]);
      vi.advanceTimersByTime(100);
      expect(pings()).toEqual([1, 1, 1, 0, 1]);
      // The next round drops the one that did not answer, whichever slice it is in.
      for (const i of [0, 1, 2]) sockets[i]!.emit('pong');
      hub.heartbeat();
      vi.advanceTimersByTime(200);
      expect(sockets.map((s) => s.terminated)).toEqual([false, false, false, false, true]);
      expect(pings()).toEqual([2, 2, 2, 0, 1]);
      expect(hub.stats().sockets).toBe(3);
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('spreads a round\'s pings over half the heartbeat, in slices that grow with the audience', async () => {
    vi.useFakeTimers();
    try {
      // A heartbeat of 1 s: its pings within 500 ms, five gaps of 100 ms, slices of at least 1.
      const hub = hubWith({ heartbeatMs: 1_000, heartbeatSlice: 1, heartbeatSliceGapMs: 100 });
      const sockets = Array.from({ length: 20 }, () => new FakeSocket());
      sockets.forEach((s, i) => hub.attach(s, `u${i}`));
      const pinged = () => sockets.filter((s) => s.pings > 0).length;
      vi.advanceTimersByTime(1_000);
      // 20 sockets over five gaps: four at a time, not one.
      expect(pinged()).toBe(4);
      vi.advanceTimersByTime(100);
      expect(pinged()).toBe(8);
      vi.advanceTimersByTime(300);
      expect(pinged()).toBe(20);
      for (const s of sockets) s.emit('pong');
      // The next round: every socket pinged once more, none dropped.
      vi.advanceTimersByTime(1_000);
      expect(sockets.every((s) => s.pings === 2 && !s.terminated)).toBe(true);
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops a heartbeat under way when closed', async () => {
    vi.useFakeTimers();
    try {
      const hub = hubWith({ heartbeatSlice: 1 });
      const [a, b] = [new FakeSocket(), new FakeSocket()];
      hub.attach(a, 'a');
      hub.attach(b, 'b');
      hub.heartbeat();
      await hub.close();
      vi.advanceTimersByTime(60_000);
      expect([a.pings, b.pings]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs on its own timer and stops when closed', async () => {
    vi.useFakeTimers();
    try {
      const hub = new Hub({ heartbeatMs: 30_000 });
      const s = new FakeSocket();
      hub.attach(s, 'a');
      vi.advanceTimersByTime(30_000);
      expect(s.pings).toBe(1);
      vi.advanceTimersByTime(30_000); // no pong came back
      expect(s.terminated).toBe(true);
      await hub.close();
      const later = new FakeSocket();
      hub.attach(later, 'b');
      expect(later.closedWith).toBe(LIVE_CLOSE.goingAway);
      vi.advanceTimersByTime(90_000);
      expect(later.pings).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('location_update coalescing', () => {
  it('sends the first at once, holds the rest of the window to one (the latest), then sends at once again', async () => {
    let now = 1_000_000;
    const hub = hubWith({ now: () => now, locationCoalesceMs: 10_000 });
    const s = new FakeSocket();
    hub.join(hub.attach(s, 'a'), 'e');
    await hub.toEvent('e', msg('location_update', { event_id: 'e', n: 1 }));
    await hub.toEvent('e', msg('location_update', { event_id: 'e', n: 2 }));
    await hub.toEvent('e', msg('location_update', { event_id: 'e', n: 3 }));
    expect(s.sent.map((x) => JSON.parse(x).n)).toEqual([1]);
    await hub.flushLocationUpdates();
    expect(s.sent.map((x) => JSON.parse(x).n)).toEqual([1, 3]);
    now += 10_000;
    await hub.toEvent('e', msg('location_update', { event_id: 'e', n: 4 }));
    expect(s.sent.map((x) => JSON.parse(x).n)).toEqual([1, 3, 4]);
    await hub.close();
  });

  it('releases the held update by itself when the window ends', async () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const hub = hubWith({ now: () => now, locationCoalesceMs: 10_000 });
      const s = new FakeSocket();
      hub.join(hub.attach(s, 'a'), 'e');
      await hub.toEvent('e', msg('location_update', { event_id: 'e' }));
      now = 4_000;
      await hub.toEvent('e', msg('location_update', { event_id: 'e' }));
      expect(s.sent).toHaveLength(1);
      now = 10_000;
      await vi.advanceTimersByTimeAsync(6_000);
      expect(s.sent).toHaveLength(2);
      await hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds each socket to one per window when several instances publish for the same event', async () => {
    let now = 0;
    // One bus between two instances, as Redis is: every publish reaches both.
    const handlers: Array<(e: Envelope) => void> = [];
    const shared = (): Bus => ({
      publish: async (e) => {
        // Over the wire and back, as Redis carries it.
        const carried = parseEnvelope(JSON.stringify(e))!;
        for (const h of handlers) h(carried);
      },
      subscribe: (h) => void handlers.push(h),
      setPresent: () => {},
      isPresentElsewhere: async () => false,
      close: async () => {},
    });
    const [one, two] = [hubWith({ bus: shared(), now: () => now }), hubWith({ bus: shared(), now: () => now })];
    const [s1, s2] = [new FakeSocket(), new FakeSocket()];
    one.join(one.attach(s1, 'a'), 'e');
    two.join(two.attach(s2, 'b'), 'e');
    await one.toEvent('e', msg('location_update', { event_id: 'e', from: 1 }));
    now = 3_000;
    // The other instance's own window is open: it publishes, and each socket holds it back.
    await two.toEvent('e', msg('location_update', { event_id: 'e', from: 2 }));
    expect([s1.sent.length, s2.sent.length]).toEqual([1, 1]);
    now = 10_000;
    await one.flushLocationUpdates();
    await two.flushLocationUpdates();
    expect([s1.sent.length, s2.sent.length]).toEqual([2, 2]);
    expect(JSON.parse(s1.sent[1]!).from).toBe(2);
    await one.close();
    await two.close();
  });

  it('does not coalesce other message types', async () => {
    const hub = hubWith();
    const s = new FakeSocket();
    hub.join(hub.attach(s, 'a'), 'e');
    for (let i = 0; i < 3; i++) await hub.toEvent('e', msg('group_message'));
    expect(s.types()).toEqual(['group_message', 'group_message', 'group_message']);
    await hub.close();
  });
});

describe('the bus seam', () => {
  it('a publish that fails is reported, not thrown: the message is already stored', async () => {
    const failing: Bus = {
      publish: async () => {
        throw new Error('redis away');
      },
      subscribe: () => {},
      setPresent: () => {},
      isPresentElsewhere: async () => {
        throw new Error('redis away');
      },
      close: async () => {},
    };
    const errors: string[] = [];
    const hub = hubWith({ bus: failing, onError: (m) => errors.push(m) });
    await expect(hub.toUsers(['a'], msg('notification'))).resolves.toBeUndefined();
    expect(await hub.isOnline('a')).toBe(false);
    expect(errors).toEqual(['live publish failed', 'presence check failed']);
    await hub.close();
  });

  it('tells the bus when this instance starts and stops holding a user', async () => {
    const bus = new LocalBus();
    const seen: Array<[string, boolean]> = [];
    bus.setPresent = (id, present) => void seen.push([id, present]);
    const hub = hubWith({ bus });
    const s1 = new FakeSocket();
    const s2 = new FakeSocket();
    hub.attach(s1, 'a');
    hub.attach(s2, 'a');
    s1.emit('close');
    s2.emit('close');
    expect(seen).toEqual([
      ['a', true],
      ['a', false],
    ]);
    await hub.close();
  });

  it('asks the bus about sockets held elsewhere', async () => {
    const bus = new LocalBus();
    bus.isPresentElsewhere = async (id) => id === 'remote';
    const hub = hubWith({ bus });
    expect(await hub.isOnline('remote')).toBe(true);
    expect(await hub.isOnline('nobody')).toBe(false);
    await hub.close();
  });

  it('parseEnvelope reads the three kinds and drops anything else', () => {
    const ok: Envelope[] = [
      { t: 'users', ids: ['a'], data: '{}' },
      { t: 'event', id: 'e', except: ['b'], data: '{}' },
      { t: 'event', id: 'e', only: ['a'], except: ['b'], data: '{}' },
      { t: 'event', id: 'e', data: '{}' },
      { t: 'disconnect', id: 'a' },
      { t: 'disconnect', id: 'a', session: 'k' },
      { t: 'changed', from: 'i', change: { kind: 'user', ids: ['a'] } },
      { t: 'changed', from: 'i', change: { kind: 'joined', ids: ['e', 'a'] } },
      { t: 'changed', from: 'i', change: { kind: 'sent', ids: ['{"id":"m"}'] } },
      { t: 'changed', from: 'i', change: { kind: 'positions', ids: ['[]'] } },
    ];
    for (const e of ok) expect(parseEnvelope(JSON.stringify(e))).toEqual(e);
    for (const bad of [
      'nope',
      '1',
      'null',
      '{"t":"users","ids":"a","data":"{}"}',
      '{"t":"event","id":1,"data":"{}"}',
      '{"t":"x"}',
      '{"t":"changed","from":"i","change":{"kind":"user","ids":["a","b"]}}',
      '{"t":"changed","from":"i","change":{"kind":"sent","ids":["{}","{}"]}}',
      '{"t":"changed","from":"i","change":{"kind":"positions","ids":["[]","[]"]}}',
      '{"t":"changed","from":"i","change":{"kind":"toString","ids":["a"]}}',
      '{"t":"changed","change":{"kind":"user","ids":["a"]}}',
    ]) {
      expect(parseEnvelope(bad)).toBeNull();
    }
  });

  it('close() closes every socket as going away and publishes nothing after', async () => {
    const hub = hubWith();
    const s = new FakeSocket();
    hub.attach(s, 'a');
    await hub.close();
    expect(s.closedWith).toBe(LIVE_CLOSE.goingAway);
    await hub.toUsers(['a'], msg('notification'));
    expect(s.sent).toHaveLength(0);
  });
});
