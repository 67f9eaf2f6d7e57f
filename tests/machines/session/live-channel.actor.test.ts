/** The live channel: connect, join, forward, reconnect with capped jittered backoff, 4001. */
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { ApiError } from '../../../machines/api/client';
import type { LiveServerMessage } from '../../../contract/live';
import { LIVE_CLOSE } from '../../../contract/live';
import {
  RECONNECT_MAX_MS,
  SESSION_ENDED_CLOSE,
  liveChannelMachine,
  liveChannelUrl,
  parseLiveMessage,
  reconnectDelay,
  toLiveEvent,
  type SocketCommand,
  type SocketEvent,
} from '../../../machines/session/live-channel.actor';
import { ada } from '../app.fakes';
import { asChild, flush } from '../discovery.fakes';

const eventId = 'e0000000-0000-4000-8000-000000000001';

/** A fake socket per connection: the test opens, closes and reads what was sent. */
function fakeSockets() {
  const sockets: Array<{ url: string; sent: string[]; report: (e: SocketEvent) => void; stopped: boolean }> = [];
  const socket = fromCallback<SocketCommand, { url: string }>(({ input, sendBack, receive }) => {
    const s = { url: input.url, sent: [] as string[], report: sendBack as (e: SocketEvent) => void, stopped: false };
    sockets.push(s);
    receive((c) => s.sent.push(c.data));
    return () => {
      s.stopped = true;
    };
  });
  return { socket, sockets, last: () => sockets[sockets.length - 1]! };
}

/** The session check after a 4001: still signed in here, or 401. */
function start(random = () => 0.5, session: () => Promise<unknown> = async () => {
  throw new ApiError(401, 'Not signed in');
}) {
  const fake = fakeSockets();
  const checks = vi.fn(session);
  const machine = liveChannelMachine.provide({
    actors: { socket: fake.socket, checkSession: fromPromise<unknown, { userId: string }>(() => checks()) },
  });
  const t = asChild(machine, {
    userId: ada.id,
    origin: 'https://wallflower.example',
    random,
  });
  return { ...t, ...fake, checks, snap: () => t.child.getSnapshot() };
}

const chat: LiveServerMessage = {
  type: 'new_message',
  message: {
    id: 'f0000000-0000-4000-8000-000000000001',
    from_user: 'a0000000-0000-4000-8000-000000000002',
    to_user: ada.id,
    message: 'Hello!',
    message_type: 'text',
    ice_breaker_id: null,
    event_id: null,
    client_id: null,
    timestamp: '2030-05-01T18:00:00.000Z',
  },
};

describe('reconnectDelay', () => {
  it('starts at a second and doubles, capped at 30 s (no jitter at random 0.5)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => reconnectDelay(n, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('stays within ±20 % whatever the random number', () => {
    for (const attempt of [1, 3, 9]) {
      const base = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** (attempt - 1));
      expect(reconnectDelay(attempt, 0)).toBe(base * 0.8);
      expect(reconnectDelay(attempt, 0.999999)).toBeLessThanOrEqual(base * 1.2);
      expect(reconnectDelay(attempt, 0.999999)).toBeGreaterThan(base * 1.19);
    }
  });
});

describe('parseLiveMessage', () => {
  it('accepts each of the nine messages with its payload', () => {
    expect(parseLiveMessage(JSON.stringify(chat))).toEqual(chat);
    expect(parseLiveMessage(JSON.stringify({ type: 'location_update', event_id: eventId }))).toEqual({
      type: 'location_update',
      event_id: eventId,
    });
    expect(parseLiveMessage(JSON.stringify({ type: 'new_photo', photo: { id: 'x' } }))?.type).toBe('new_photo');
  });

  it('accepts caught_up with its seq (issue 44), and refuses it without one', () => {
    expect(parseLiveMessage(JSON.stringify({ type: 'caught_up', seq: 1_796_000_000_000 }))).toEqual({ type: 'caught_up', seq: 1_796_000_000_000 });
    expect(parseLiveMessage(JSON.stringify({ type: 'caught_up' }))).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '"hello"'],
    ['an unknown type', JSON.stringify({ type: 'join_event', event_id: eventId })],
    ['a payload missing', JSON.stringify({ type: 'new_message' })],
    ['a payload without an id', JSON.stringify({ type: 'notification', notification: { title: 'x' } })],
    ['a prototype key as type', JSON.stringify({ type: 'toString' })],
  ])('refuses %s', (_, data) => {
    expect(parseLiveMessage(data)).toBeNull();
  });

  it('refuses binary frames', () => {
    expect(parseLiveMessage(new ArrayBuffer(4))).toBeNull();
  });

  it("turns a message into the root's event, payload beside the type", () => {
    expect(toLiveEvent(chat)).toEqual({ type: 'live.new_message', message: chat.message });
  });
});

describe('liveChannelMachine', () => {
  it('opens /ws/{userId} on the page origin, with ws for http', () => {
    const t = start();
    expect(t.last().url).toBe(`wss://wallflower.example/ws/${ada.id}`);
    expect(liveChannelUrl('http://127.0.0.1:8080', 'u1')).toBe('ws://127.0.0.1:8080/ws/u1');
  });

  it('sends join_event on entering an event, remembering it until the socket opens', () => {
    const t = start();
    t.child.send({ type: 'channel.eventJoined', eventId });
    expect(t.last().sent).toEqual([]);
    t.last().report({ type: 'socket.opened' });
    expect(t.last().sent).toEqual([JSON.stringify({ type: 'join_event', event_id: eventId })]);
    const other = 'e0000000-0000-4000-8000-000000000002';
    t.child.send({ type: 'channel.eventJoined', eventId: other });
    expect(t.last().sent[1]).toBe(JSON.stringify({ type: 'join_event', event_id: other }));
  });

  it('forwards each message to the root as live.<type>', () => {
    const t = start();
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.messageReceived', message: chat });
    expect(t.received).toEqual([{ type: 'live.new_message', message: chat.message }]);
  });

  it('reconnects after a drop with growing, capped delays, and joins again', () => {
    const t = start();
    t.child.send({ type: 'channel.eventJoined', eventId });
    t.last().report({ type: 'socket.opened' });
    expect(t.types()).toEqual([]);

    const waits: number[] = [];
    for (let drop = 1; drop <= 7; drop += 1) {
      const before = t.sockets.length;
      t.last().report({ type: 'socket.closed', code: 1006 });
      expect(t.snap().matches('reconnecting')).toBe(true);
      expect(t.sockets[before - 1]!.stopped).toBe(true);
      // Time moves in quarter seconds until a new socket appears.
      let waited = 0;
      while (t.sockets.length === before) {
        t.clock.increment(250);
        waited += 250;
        if (waited > 60_000) throw new Error('never reconnected');
      }
      // The new socket fails again before it opens: the next wait is longer.
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    t.last().report({ type: 'socket.opened' });
    expect(t.last().sent).toEqual([JSON.stringify({ type: 'join_event', event_id: eventId })]);
    expect(t.types()).toEqual(['live.reconnected']);
  });

  it('starts the backoff over once a socket opened again', () => {
    const t = start();
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: 1006 });
    t.clock.increment(1000);
    t.last().report({ type: 'socket.closed', code: 1006 });
    t.clock.increment(2000);
    t.last().report({ type: 'socket.opened' });
    expect(t.snap().context.attempt).toBe(0);
    const before = t.sockets.length;
    t.last().report({ type: 'socket.closed', code: 1006 });
    t.clock.increment(999);
    expect(t.sockets.length).toBe(before);
    t.clock.increment(1);
    expect(t.sockets.length).toBe(before + 1);
  });

  it('jitters each wait within ±20 % of the step', () => {
    for (const [random, expected] of [
      [0, 800],
      [0.25, 900],
      [0.75, 1100],
    ] as const) {
      const t = start(() => random);
      t.last().report({ type: 'socket.opened' });
      t.last().report({ type: 'socket.closed', code: 1006 });
      t.clock.increment(expected - 1);
      expect(t.sockets).toHaveLength(1);
      t.clock.increment(1);
      expect(t.sockets).toHaveLength(2);
    }
  });

  it('asks the root to reload only after a reconnect, not on the first open', () => {
    const t = start();
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: LIVE_CLOSE.goingAway });
    t.clock.increment(1000);
    expect(t.types()).toEqual([]);
    t.last().report({ type: 'socket.opened' });
    expect(t.types()).toEqual(['live.reconnected']);
  });

  it('cuts the wait short when the browser is back online', () => {
    const t = start();
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: 1006 });
    t.child.send({ type: 'connectivity.changed', online: false });
    expect(t.sockets).toHaveLength(1);
    t.child.send({ type: 'connectivity.changed', online: true });
    expect(t.sockets).toHaveLength(2);
  });

  it('signs the user out on 4001 (sessions ended) when this device is signed out too, and never reconnects', async () => {
    const t = start();
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    await flush();
    expect(t.checks).toHaveBeenCalledTimes(1);
    expect(t.types()).toEqual(['session.expired']);
    expect(t.snap().status).toBe('done');
    t.clock.increment(120_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('tells the root why when a ban ended the sessions, so it can say so instead of "User not logged in"', async () => {
    const ban = { reason: 'Unkind messages', until: '2030-11-30T19:23:57.872Z', contact: null };
    const t = start(() => 0.5, async () => {
      throw new ApiError(403, 'This account is banned until 2030-11-30T19:23:57.872Z', ban);
    });
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    await flush();
    expect(t.received).toEqual([{ type: 'session.expired', ban }]);
    expect(t.snap().status).toBe('done');
  });

  it('reconnects at once after a 4001 when this device kept its session (password changed here)', async () => {
    const t = start(() => 0.5, async () => ({ id: ada.id }));
    t.child.send({ type: 'channel.eventJoined', eventId });
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    await flush();
    expect(t.sockets).toHaveLength(2);
    t.last().report({ type: 'socket.opened' });
    expect(t.types()).toEqual(['live.reconnected']);
    expect(t.last().sent).toEqual([JSON.stringify({ type: 'join_event', event_id: eventId })]);
  });

  it('backs off when the session cannot be checked (no network)', async () => {
    const t = start(() => 0.5, async () => {
      throw new ApiError(0, null);
    });
    t.last().report({ type: 'socket.opened' });
    t.last().report({ type: 'socket.closed', code: SESSION_ENDED_CLOSE });
    await flush();
    expect(t.snap().matches('reconnecting')).toBe(true);
    expect(t.types()).toEqual([]);
    t.clock.increment(1000);
    expect(t.sockets).toHaveLength(2);
  });
});
