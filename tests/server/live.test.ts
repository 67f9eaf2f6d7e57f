import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE } from '../../contract/live';
import { LIMITS } from '../../contract/constants';
import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import { hashToken, USER_SESSION_DAYS } from '../../server/db/repositories/sessions';
import { REVALIDATE_EVERY } from '../../server/realtime/hub';
import { registerUser, sessionCookie, testApp, type TestApp, type TestUser } from './helpers';
import { block, joinEvent, makeEvent, meet, openLive } from './social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const upgradeStatus = async (path: string, headers: Record<string, string> = {}) => {
  try {
    const ws = await t.app.injectWS(path, { headers } as never);
    ws.terminate();
    return 101;
  } catch (err) {
    const m = /Unexpected server response: (\d+)/.exec(String(err));
    return m ? Number(m[1]) : -1;
  }
};

describe('GET /ws/{userId} upgrade', () => {
  it('refuses an anonymous upgrade with 401, never 101', async () => {
    const a = await registerUser(t.app);
    expect(await upgradeStatus(`/ws/${a.user.id}`)).toBe(401);
    const plain = await t.app.inject({ method: 'GET', url: `/ws/${a.user.id}` });
    expect(plain.statusCode).toBe(401);
    expect(plain.json().detail).toBeTruthy();
  });

  it("refuses someone else's channel with 403", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect(await upgradeStatus(`/ws/${b.user.id}`, { cookie: a.cookie })).toBe(403);
  });

  it('refuses a page of another site with 403', async () => {
    const a = await registerUser(t.app);
    expect(await upgradeStatus(`/ws/${a.user.id}`, { cookie: a.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(`/ws/${a.user.id}`, { cookie: a.cookie, origin: 'not a url' })).toBe(403);
  });

  it('refuses a session that has ended', async () => {
    const a = await registerUser(t.app);
    await t.app.inject({ method: 'POST', url: `/api/auth/logout?user_id=${a.user.id}`, headers: a.headers });
    expect(await upgradeStatus(`/ws/${a.user.id}`, { cookie: a.cookie })).toBe(401);
  });

  it('opens for the session user, same origin included', async () => {
    const a = await registerUser(t.app);
    expect(await upgradeStatus(`/ws/${a.user.id}`, { cookie: a.cookie, origin: 'http://localhost:8080', host: 'localhost:8080' })).toBe(101);
    const live = await openLive(t.app, a);
    await vi.waitFor(() => expect(t.app.hub.localSocketCount(a.user.id)).toBe(1));
    live.close();
    await vi.waitFor(() => expect(t.app.hub.localSocketCount(a.user.id)).toBe(0));
  });
});

describe('GET /ws/{userId}?after={seq} (issue 44)', () => {
  it('refuses an after that is not a whole number with 400, never 101', async () => {
    const a = await registerUser(t.app);
    for (const after of ['abc', '-1', '1.5', '1e3', '', '12345678901234567', '1%00']) {
      expect(await upgradeStatus(`/ws/${a.user.id}?after=${after}`, { cookie: a.cookie }), after).toBe(400);
    }
    const plain = await t.app.inject({ method: 'GET', url: `/ws/${a.user.id}?after=x`, headers: a.headers });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().detail).toMatch(/after/);
  });

  it('replays what was sent while the socket was away, in order, then the live ones', async () => {
    const a = await registerUser(t.app);
    const first = await openLive(t.app, a);
    const [m1, m2, m3, m4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await t.app.realtime.toUsers([a.user.id], { type: 'meeting_changed', meeting_id: m1 });
    await first.next('meeting_changed');
    const seen = first.seqs.at(-1)!;
    expect(seen).toBeGreaterThan(0);
    first.close();
    await vi.waitFor(() => expect(t.app.hub.localSocketCount(a.user.id)).toBe(0));
    for (const id of [m2, m3]) await t.app.realtime.toUsers([a.user.id], { type: 'meeting_changed', meeting_id: id });
    const again = await openLive(t.app, a, seen);
    await t.app.realtime.toUsers([a.user.id], { type: 'meeting_changed', meeting_id: m4 });
    await again.next('meeting_changed', (m) => m.meeting_id === m4);
    expect(again.ofType('meeting_changed').map((m) => m.meeting_id)).toEqual([m2, m3, m4]);
    expect(again.seqs).toHaveLength(3);
    expect(again.seqs[0]! > seen && again.seqs[0]! < again.seqs[1]! && again.seqs[1]! < again.seqs[2]!).toBe(true);
    again.close();
  });

  it('tells a socket that heard nothing the seq it is caught up to; reopened after it, it gets what was sent meanwhile', async () => {
    const a = await registerUser(t.app);
    const first = await openLive(t.app, a);
    await vi.waitFor(() => expect(first.caughtUp).toHaveLength(1));
    expect(first.messages).toEqual([]);
    first.close();
    await vi.waitFor(() => expect(t.app.hub.localSocketCount(a.user.id)).toBe(0));
    const [m1, m2] = [randomUUID(), randomUUID()];
    for (const id of [m1, m2]) await t.app.realtime.toUsers([a.user.id], { type: 'meeting_changed', meeting_id: id });
    const again = await openLive(t.app, a, first.caughtUp[0]);
    await vi.waitFor(() => expect(again.caughtUp).toHaveLength(1));
    expect(again.ofType('meeting_changed').map((m) => m.meeting_id)).toEqual([m1, m2]);
    expect(again.caughtUp).toEqual([again.seqs[1]]);
    again.close();
  });

  it('sends resync first for a seq it never gave', async () => {
    const a = await registerUser(t.app);
    const live = await openLive(t.app, a, 99);
    await vi.waitFor(() => expect(live.messages[0]).toEqual({ type: 'resync' }));
    live.close();
  });
});

describe('memory of an open socket', () => {
  /** A full collection on demand (vitest does not start Node with --expose-gc). */
  const collect = () => {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  };

  it('keeps nothing of its upgrade request: an idle socket holds only itself (issue 15)', async () => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    let upgrade: WeakRef<IncomingMessage> | null = null;
    const remember = (req: IncomingMessage) => {
      upgrade = new WeakRef(req);
    };
    t.app.server.on('upgrade', remember);
    const ws = new WebSocket(`${address.replace(/^http/, 'ws')}/ws/${a.user.id}`, { headers: { cookie: a.cookie } });
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      t.app.server.off('upgrade', remember);
      // Offered permessage-deflate (ws offers it by default, as browsers do) and declined:
      // compression would hold zlib contexts for every socket and deflate every frame per socket.
      expect(ws.extensions).toBe('');
      ws.send(JSON.stringify({ type: 'join_event', event_id: event.id }));
      await vi.waitFor(() => expect(t.app.hub.eventAudienceCount(event.id)).toBe(1));
      // The request (and with it Fastify's request and reply, which point at it) is gone...
      for (let i = 0; i < 5 && upgrade!.deref(); i++) {
        await new Promise((r) => setImmediate(r));
        collect();
      }
      expect(upgrade!.deref()).toBeUndefined();
      // ...and the socket still does its work.
      const got = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`,
        headers: a.headers,
        payload: { group_id: event.chatId, message: 'Still here' },
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(await got)).toMatchObject({ type: 'group_message', message: { message: 'Still here' } });
    } finally {
      ws.terminate();
    }
  });
});

describe('join_event', () => {
  it('puts an attendee in the event audience; group messages reach joined sockets only', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id, c.user.id]);
    const [la, lb, lc] = await Promise.all([openLive(t.app, a), openLive(t.app, b), openLive(t.app, c)]);
    await joinEvent(t.app, la, a.user.id, event.id);
    await joinEvent(t.app, lb, b.user.id, event.id);
    // c attends but has not joined on this socket: group messages are for joined sockets.

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`,
      headers: a.headers,
      payload: { group_id: event.chatId, message: 'Hello everyone' },
    });
    expect(res.statusCode).toBe(200);
    const got = await lb.next('group_message');
    expect(got.message).toMatchObject({ message: 'Hello everyone', from_user: a.user.id, group_id: event.chatId });
    await la.next('group_message');
    await lc.sync();
    expect(lc.ofType('group_message')).toHaveLength(0);
  });

  it('ignores join_event from a non-attendee (and bad or binary frames) without answering', async () => {
    const a = await registerUser(t.app);
    const outsider = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const own = await makeEvent(t.database.db, [outsider.user.id]);
    const lo = await openLive(t.app, outsider);
    lo.ws.send('{not json');
    lo.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    lo.ws.send(JSON.stringify({ type: 'subscribe_everything' }));
    lo.ws.send(JSON.stringify({ type: 'join_event', event_id: 'nope' }));
    lo.ws.send(JSON.stringify({ type: 'join_event', event_id: event.id }));
    // Handled in order: once the second join is in, the first has been decided.
    await joinEvent(t.app, lo, outsider.user.id, own.id);
    expect(t.app.hub.joinedEvents(outsider.user.id)).toEqual([own.id]);

    await t.app.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`,
      headers: a.headers,
      payload: { group_id: event.chatId, message: 'Attendees only' },
    });
    await lo.sync();
    expect(lo.ofType('group_message')).toHaveLength(0);
    expect(lo.ws.readyState).toBe(lo.ws.OPEN);
  });

  it('keeps group messages from people blocked either way', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await block(t.database.db, b.user.id, a.user.id);
    const lb = await openLive(t.app, b);
    await joinEvent(t.app, lb, b.user.id, event.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`,
      headers: a.headers,
      payload: { group_id: event.chatId, message: 'You blocked me' },
    });
    await lb.sync();
    expect(lb.ofType('group_message')).toHaveLength(0);
  });
});

describe('server messages', () => {
  it('new_message reaches every socket of both parties and no one else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const [la, la2, lb, lc] = await Promise.all([openLive(t.app, a), openLive(t.app, a), openLive(t.app, b), openLive(t.app, c)]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send?user_id=${a.user.id}`,
      headers: a.headers,
      payload: { to_user: b.user.id, message: 'Hi there' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().message.id;
    for (const l of [la, la2, lb]) expect((await l.next('new_message')).message.id).toBe(id);
    await lc.sync();
    expect(lc.messages).toHaveLength(0);
  });

  it('connection_request and notification reach the recipient; connection_accepted reaches both', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    await t.app.inject({
      method: 'POST',
      url: `/api/connections/request?from_user_id=${a.user.id}`,
      headers: a.headers,
      payload: { to_user_id: b.user.id, message: 'Loved your talk' },
    });
    const req = await lb.next('connection_request');
    expect(req.request).toMatchObject({ message: 'Loved your talk', sender: { id: a.user.id, username: a.user.username } });
    const note = await lb.next('notification');
    expect(note.notification.title).toBe('New connection request');
    await la.sync();
    expect(la.messages).toHaveLength(0);

    await t.app.inject({
      method: 'POST',
      url: `/api/connections/requests/respond?user_id=${b.user.id}`,
      headers: b.headers,
      payload: { request_id: req.request.id, action: 'accept' },
    });
    expect((await la.next('connection_accepted')).connection.connected_user.id).toBe(b.user.id);
    expect((await lb.next('connection_accepted')).connection.connected_user.id).toBe(a.user.id);
    expect((await la.next('notification')).notification.title).toBe('Connection accepted');
  });

  it('contact_exchange_request reaches the recipient', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const lb = await openLive(t.app, b);
    await t.app.inject({
      method: 'POST',
      url: `/api/contact-exchange?user_id=${a.user.id}`,
      headers: a.headers,
      payload: { to_user: b.user.id, exchange_type: 'email', contact_data: { email: 'a@example.com' } },
    });
    const got = await lb.next('contact_exchange_request');
    expect(got.exchange).toMatchObject({ from_user: a.user.id, exchange_type: 'email', contact_data: { email: 'a@example.com' } });
    expect((await lb.next('notification')).notification.title).toBe('Contact details shared with you');
  });

  it('location_update is coalesced per event: one at once, then at most one per window', async () => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const other = await makeEvent(t.database.db, [a.user.id]);
    const la = await openLive(t.app, a);
    await joinEvent(t.app, la, a.user.id, event.id);
    await joinEvent(t.app, la, a.user.id, other.id);
    const update = (id: string) => t.app.realtime.toEvent(id, { type: 'location_update', event_id: id });
    await update(event.id);
    for (let i = 0; i < 50; i++) await update(event.id);
    await update(other.id);
    await la.sync();
    expect(la.ofType('location_update').map((m) => m.event_id)).toEqual([event.id, other.id]);

    await t.app.hub.flushLocationUpdates();
    await la.sync();
    expect(la.ofType('location_update').map((m) => m.event_id)).toEqual([event.id, other.id, event.id]);

    // A new window: the next report is sent at once again.
    t.clock.advance(60_000);
    await update(event.id);
    await la.sync();
    expect(la.ofType('location_update')).toHaveLength(4);
  });
});

/** Another session of the same user (another device). */
async function secondDevice(u: TestUser): Promise<TestUser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username_or_email: u.user.username, password: u.password },
  });
  expect(res.statusCode).toBe(200);
  const cookie = sessionCookie(res);
  return { ...u, cookie, headers: { cookie } };
}

describe('location_update through POST /api/location/update', () => {
  it('a burst of position reports reaches a joined socket as one refresh, then at most one more per window', async () => {
    const [a, b, c] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id, c.user.id]);
    const la = await openLive(t.app, a);
    await joinEvent(t.app, la, a.user.id, event.id);
    for (let round = 0; round < 3; round++) {
      for (const u of [a, b, c]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/location/update',
          headers: u.headers,
          payload: { user_id: u.user.id, event_id: event.id, latitude: 52.52, longitude: 13.405 },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    await la.sync();
    expect(la.ofType('location_update')).toEqual([{ type: 'location_update', event_id: event.id }]);
    await t.app.hub.flushLocationUpdates();
    await la.sync();
    expect(la.ofType('location_update')).toHaveLength(2);
  });
});

describe('closing sockets', () => {
  it('logging out closes the sockets of that session only; the same user’s other device stays connected', async () => {
    const a = await registerUser(t.app);
    const phone = await secondDevice(a);
    const [laptopLive, phoneLive] = await Promise.all([openLive(t.app, a), openLive(t.app, phone)]);
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/logout?user_id=${a.user.id}`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    expect((await laptopLive.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    await phoneLive.sync();
    expect(phoneLive.ws.readyState).toBe(phoneLive.ws.OPEN);
    expect(t.app.hub.localSocketCount(a.user.id)).toBe(1);
    // The phone's session still works; the laptop's does not.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: phone.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.headers })).statusCode).toBe(401);
    phoneLive.close();
  });

  it('closes a socket at the first heartbeat after its session expires', async () => {
    const a = await registerUser(t.app);
    const la = await openLive(t.app, a);
    t.clock.advance(USER_SESSION_DAYS * 86_400_000 - 1_000);
    t.app.hub.heartbeat();
    await la.sync();
    expect(la.ws.readyState).toBe(la.ws.OPEN);
    t.clock.advance(1_000);
    t.app.hub.heartbeat();
    expect((await la.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it('closes the sockets of sessions found revoked when the sessions are checked again', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    // Revoked without a message reaching this instance (e.g. lost on the bus).
    const token = a.cookie.split('=')[1]!;
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await t.app.hub.revalidateSessions();
    expect((await la.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    await lb.sync();
    expect(lb.ws.readyState).toBe(lb.ws.OPEN);
    lb.close();
  });

  it('checks the sessions every few heartbeats by itself', async () => {
    const a = await registerUser(t.app);
    const la = await openLive(t.app, a);
    const token = a.cookie.split('=')[1]!;
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const answered = () => {
      // Keep the socket alive through the rounds: answer each ping at once.
      for (const s of t.app.websocketServer.clients) s.emit('pong');
    };
    for (let i = 0; i < REVALIDATE_EVERY; i++) {
      answered();
      t.app.hub.heartbeat();
    }
    expect((await la.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it("closes every socket of a user whose sessions end, and only theirs", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const [la1, la2, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, a), openLive(t.app, b)]);
    t.app.lifecycle.emit('user.sessionsEnded', a.user.id);
    expect((await la1.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    expect((await la2.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    expect(t.app.hub.localSocketCount(a.user.id)).toBe(0);
    await lb.sync();
    expect(lb.ws.readyState).toBe(lb.ws.OPEN);
  });

  it('a password change (which ends the other sessions) closes the sockets', async () => {
    const a = await registerUser(t.app);
    const la = await openLive(t.app, a);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/change-password?user_id=${a.user.id}&current_password=${a.password}&new_password=another123`,
      headers: a.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await la.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it('realtime.disconnectUser closes the sockets too', async () => {
    const a = await registerUser(t.app);
    const la = await openLive(t.app, a);
    await t.app.realtime.disconnectUser(a.user.id);
    expect((await la.closed).code).toBe(LIVE_CLOSE.sessionEnded);
  });

  it('closes a socket that sends a frame over 16 KiB (1009)', async () => {
    const a = await registerUser(t.app);
    const la = await openLive(t.app, a);
    la.ws.send(JSON.stringify({ type: 'join_event', event_id: 'x'.repeat(LIMITS.wsFrameBytes) }));
    expect((await la.closed).code).toBe(1009);
  });

  it('heartbeat: a socket that missed the last ping is dropped; one that answered stays', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const la = await openLive(t.app, a);
    // Two rounds with no chance to answer in between: the socket missed its ping.
    t.app.hub.heartbeat();
    t.app.hub.heartbeat();
    expect(t.app.hub.localSocketCount(a.user.id)).toBe(0);
    expect((await la.closed).code).toBe(1006);

    const lb = await openLive(t.app, b);
    // Wait until the server has heard every open socket's pong (b's among them).
    const open = [...t.app.websocketServer.clients].filter((s) => s.readyState === s.OPEN);
    const answered = new Set<unknown>();
    for (const s of open) s.once('pong', () => answered.add(s));
    t.app.hub.heartbeat();
    await vi.waitFor(() => expect(answered.size).toBe(open.length));
    t.app.hub.heartbeat();
    expect(t.app.hub.localSocketCount(b.user.id)).toBe(1);
    await lb.sync();
    expect(lb.ws.readyState).toBe(lb.ws.OPEN);
  });
});
