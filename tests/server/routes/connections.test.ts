import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  ConnectionRequestAnswerSchema,
  ConnectionSchema,
  CreateConnectionAnswerSchema,
  ReceivedRequestSchema,
  RespondAnswerSchema,
  NO_ANSWER_DETAIL,
  REQUEST_LAPSE_MS,
  pendingCapDetail,
} from '../../../contract/social';
import { connectionRequests, connections, feedEntries } from '../../../server/db/schema';
import { releaseHeldRequests } from '../../../server/use-cases/connections';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import {
  as,
  attend,
  block,
  insertUsers,
  makeEvent,
  notificationsOf,
  openLive,
  requestRow,
  setUser,
  unknownId,
} from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const request = (from: TestUser, body: Record<string, unknown>) =>
  as(t.app, from).post(`/api/connections/request?from_user_id=${from.user.id}`, body);
const received = (u: TestUser) => as(t.app, u).get(`/api/connections/requests/received?user_id=${u.user.id}`);
const respond = (u: TestUser, request_id: string, action: string) =>
  as(t.app, u).post(`/api/connections/requests/respond?user_id=${u.user.id}`, { request_id, action });
const mutual = (u: TestUser, extra = '') => as(t.app, u).get(`/api/connections/mutual?user_id=${u.user.id}${extra}`);
const statusOf = async (viewer: TestUser, eventId: string, otherId: string) => {
  const res = await as(t.app, viewer).get(`/api/events/${eventId}/attendees-with-photos?user_id=${viewer.user.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ id: string; connection_status: string }>).find((x) => x.id === otherId)?.connection_status;
};
const connectionBetween = async (x: string, y: string) => {
  const rows = await t.database.db
    .select()
    .from(connections)
    .where(or(and(eq(connections.user1, x), eq(connections.user2, y)), and(eq(connections.user1, y), eq(connections.user2, x))));
  return rows;
};
const pair = async () => {
  const a = await registerUser(t.app, { interests: ['hiking', 'jazz', 'chess'] });
  const b = await registerUser(t.app, { interests: ['Jazz', 'chess', 'poetry'] });
  const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
  return { a, b, event };
};

describe('POST /api/connections/request', () => {
  it('stores a request, answers request_sent, and notifies the recipient', async () => {
    const { a, b, event } = await pair();
    const res = await request(a, { to_user_id: b.user.id, event_id: event.id, message: '  Loved your question  ' });
    expect(res.statusCode).toBe(200);
    expect(ConnectionRequestAnswerSchema.parse(res.json())).toEqual({ success: true, status: 'request_sent' });
    const row = await requestRow(t.database.db, a.user.id, b.user.id);
    expect(row).toMatchObject({ message: 'Loved your question', eventId: event.id, held: false, declinedAt: null });
    const notes = await notificationsOf(t.database.db, b.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'connection_request', title: 'New connection request', read: false });
    expect(notes[0]!.content).toContain(a.user.name);
    expect(await statusOf(a, event.id, b.user.id)).toBe('request_sent');
    expect(await statusOf(b, event.id, a.user.id)).toBe('request_received');
  });

  it('takes the message as optional (absent, null or blank are all none)', async () => {
    const a = await registerUser(t.app);
    for (const message of [undefined, null, '   ']) {
      const b = await registerUser(t.app);
      const res = await request(a, { to_user_id: b.user.id, ...(message === undefined ? {} : { message }) });
      expect(res.statusCode).toBe(200);
      expect((await requestRow(t.database.db, a.user.id, b.user.id))!.message).toBeNull();
    }
  });

  it('answers 401 without a session and 403 when acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/connections/request?from_user_id=${a.user.id}`,
      payload: { to_user_id: b.user.id },
    });
    expect(anon.statusCode).toBe(401);
    const other = await as(t.app, a).post(`/api/connections/request?from_user_id=${b.user.id}`, { to_user_id: a.user.id });
    expect(other.statusCode).toBe(403);
    expect(await requestRow(t.database.db, b.user.id, a.user.id)).toBeNull();
  });

  it.each([
    [{ to_user_id: 'someone' }, /^to_user_id: /],
    [{}, /^to_user_id: /],
    [{ to_user_id: '00000000-0000-4000-8000-000000000000', event_id: 'x' }, /^event_id: /],
    [{ to_user_id: '00000000-0000-4000-8000-000000000000', message: 'x'.repeat(501) }, /^message: must be at most 500/],
    [{ to_user_id: '00000000-0000-4000-8000-000000000000', message: 42 }, /^message: /],
  ])('refuses %j with 400 naming the field', async (body, detail) => {
    const a = await registerUser(t.app);
    const res = await request(a, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses a request to yourself with 400', async () => {
    const a = await registerUser(t.app);
    const res = await request(a, { to_user_id: a.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^to_user_id: /);
  });

  it('answers 404 "User not found" for an unknown id, and exactly the same both ways across a block', async () => {
    const a = await registerUser(t.app);
    const unknown = await request(a, { to_user_id: unknownId() });
    expect(unknown.statusCode).toBe(404);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await block(t.database.db, b.user.id, a.user.id); // b blocked a
    await block(t.database.db, a.user.id, c.user.id); // a blocked c
    for (const [from, to] of [
      [a, b],
      [b, a],
      [a, c],
      [c, a],
    ] as const) {
      const res = await request(from, { to_user_id: to.user.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(await requestRow(t.database.db, from.user.id, to.user.id)).toBeNull();
    }
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(0);
  });

  it('treats a deactivated or banned person as not found', async () => {
    const a = await registerUser(t.app);
    const gone = await registerUser(t.app);
    const banned = await registerUser(t.app);
    await setUser(t.database.db, gone.user.id, { isActive: false });
    await setUser(t.database.db, banned.user.id, { isBanned: true, bannedUntil: null });
    expect((await request(a, { to_user_id: gone.user.id })).statusCode).toBe(404);
    expect((await request(a, { to_user_id: banned.user.id })).statusCode).toBe(404);
  });

  it('is idempotent: asking again answers request_sent and notifies nobody twice', async () => {
    const { a, b } = await pair();
    await request(a, { to_user_id: b.user.id, message: 'first' });
    const again = await request(a, { to_user_id: b.user.id, message: 'second' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, status: 'request_sent' });
    expect((await requestRow(t.database.db, a.user.id, b.user.id))!.message).toBe('first');
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(1);
  });

  it('answers 409 when already connected', async () => {
    const { a, b } = await pair();
    await request(a, { to_user_id: b.user.id });
    await request(b, { to_user_id: a.user.id });
    const res = await request(a, { to_user_id: b.user.id });
    expect(res.statusCode).toBe(409);
  });

  it('connects at once when the other already asked (mutual interest), and tells both', async () => {
    const { a, b, event } = await pair();
    await request(a, { to_user_id: b.user.id, event_id: event.id });
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    const res = await request(b, { to_user_id: a.user.id, event_id: event.id });
    expect(res.json()).toEqual({ success: true, status: 'connected' });
    const rows = await connectionBetween(a.user.id, b.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user1 < rows[0]!.user2).toBe(true);
    expect(rows[0]).toMatchObject({ eventId: event.id, connectionType: 'mutual_interest' });
    expect(await requestRow(t.database.db, a.user.id, b.user.id)).toBeNull();
    expect(await requestRow(t.database.db, b.user.id, a.user.id)).toBeNull();
    for (const [u, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const kinds = (await notificationsOf(t.database.db, u.user.id)).map((n) => n.kind);
      expect(kinds).toContain('connection_accepted');
      expect(await statusOf(u, event.id, other.user.id)).toBe('connected');
    }
    expect((await la.next('connection_accepted')).connection.connected_user.id).toBe(b.user.id);
    expect((await lb.next('connection_accepted')).connection.shared_interests).toEqual(['Jazz', 'chess']);
  });

  it('needs both to attend the event it names', async () => {
    const { a, b } = await pair();
    const elsewhere = await makeEvent(t.database.db, [b.user.id]);
    const mine = await makeEvent(t.database.db, [a.user.id]);
    const notMine = await request(a, { to_user_id: b.user.id, event_id: elsewhere.id });
    expect(notMine.statusCode).toBe(403);
    const notTheirs = await request(a, { to_user_id: b.user.id, event_id: mine.id });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json().detail).toBe('to_user_id: is not attending this event');
    const unknown = await request(a, { to_user_id: b.user.id, event_id: unknownId() });
    expect(unknown.statusCode).toBe(404);
    expect(await requestRow(t.database.db, a.user.id, b.user.id)).toBeNull();
    // The checks are read at once but refuse in their order: who, then where.
    const nobody = await request(a, { to_user_id: unknownId(), event_id: elsewhere.id });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().detail).toBe('User not found');
  });

  it('holds a request quietly for someone in safe space mode, and releases it when they leave it', async () => {
    const { a, b, event } = await pair();
    await setUser(t.database.db, b.user.id, { safeSpaceMode: true });
    const lb = await openLive(t.app, b);
    const res = await request(a, { to_user_id: b.user.id, event_id: event.id, message: 'Hi' });
    expect(res.json()).toEqual({ success: true, status: 'request_sent' });
    expect((await requestRow(t.database.db, a.user.id, b.user.id))!.held).toBe(true);
    await lb.sync();
    expect(lb.messages).toHaveLength(0);
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(0);
    expect((await received(b)).json()).toEqual([]);
    expect(await statusOf(b, event.id, a.user.id)).toBe('none');
    expect(await statusOf(a, event.id, b.user.id)).toBe('request_sent');

    await setUser(t.database.db, b.user.id, { safeSpaceMode: false });
    expect(await releaseHeldRequests(t.app, b.user.id)).toBe(1);
    expect((await lb.next('connection_request')).request.message).toBe('Hi');
    expect((await notificationsOf(t.database.db, b.user.id)).map((n) => n.kind)).toEqual(['connection_request']);
    expect((await received(b)).json()).toHaveLength(1);
    expect(await statusOf(b, event.id, a.user.id)).toBe('request_received');
    expect(await releaseHeldRequests(t.app, b.user.id)).toBe(0);
  });

  it("holds a stranger's request quietly while the recipient's battery is 3 or lower, and delivers it when it rises (issue 18)", async () => {
    const { a, b, event } = await pair();
    const battery = (u: TestUser, level: number) => as(t.app, u).put(`/api/users/social-battery?user_id=${u.user.id}&battery_level=${level}`, {});
    expect((await battery(b, 3)).statusCode).toBe(200);
    const lb = await openLive(t.app, b);
    expect((await request(a, { to_user_id: b.user.id, event_id: event.id })).json()).toEqual({ success: true, status: 'request_sent' });
    await lb.sync();
    expect(lb.messages).toHaveLength(0);
    expect((await received(b)).json()).toEqual([]);
    expect(await notificationsOf(t.database.db, b.user.id)).toEqual([]);
    // Rising to 3 is still low; 4 delivers it, live and in notifications.
    expect((await battery(b, 2)).statusCode).toBe(200);
    expect((await received(b)).json()).toEqual([]);
    expect((await battery(b, 4)).statusCode).toBe(200);
    await lb.sync();
    expect(lb.messages.map((m) => m.type)).toContain('connection_request');
    expect((await received(b)).json()).toHaveLength(1);
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(1);
  });

  it('does not hold requests at a low battery for someone who switched quiet_when_low_battery off', async () => {
    const { a, b, event } = await pair();
    expect((await as(t.app, b).put(`/api/users/privacy?user_id=${b.user.id}`, { quiet_when_low_battery: false })).statusCode).toBe(200);
    expect((await as(t.app, b).put(`/api/users/social-battery?user_id=${b.user.id}&battery_level=1`, {})).statusCode).toBe(200);
    await request(a, { to_user_id: b.user.id, event_id: event.id });
    expect((await received(b)).json()).toHaveLength(1);
  });

  it('caps pending requests per event at 5 on the Free plan, with a kind detail', async () => {
    const a = await registerUser(t.app);
    const targets = await insertUsers(t.database.db, 6);
    const event = await makeEvent(t.database.db, [a.user.id, ...targets]);
    const other = await makeEvent(t.database.db, [a.user.id, targets[5]!]);
    for (const id of targets.slice(0, 5)) {
      expect((await request(a, { to_user_id: id, event_id: event.id })).statusCode).toBe(200);
    }
    // A decline still counts: the sender must not be able to tell one happened.
    await t.database.db
      .update(connectionRequests)
      .set({ declinedAt: new Date() })
      .where(and(eq(connectionRequests.fromUser, a.user.id), eq(connectionRequests.toUser, targets[0]!)));
    const over = await request(a, { to_user_id: targets[5]!, event_id: event.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toBe(
      'You have 5 requests waiting for an answer at this event. Each makes room for a new one once it is answered, or after two days.',
    );
    expect(over.json()).toMatchObject(refusalOf(pendingCapDetail(5, true)));
    expect(over.headers['retry-after']).toBeDefined();
    expect(await requestRow(t.database.db, a.user.id, targets[5]!)).toBeNull();
    // Another event has its own count.
    expect((await request(a, { to_user_id: targets[5]!, event_id: other.id })).statusCode).toBe(200);
  });

  it('caps at 25 for Premium and Professional', async () => {
    for (const plan of ['Premium', 'Professional']) {
      const a = await registerUser(t.app);
      await setUser(t.database.db, a.user.id, { planName: plan });
      const targets = await insertUsers(t.database.db, 26);
      const event = await makeEvent(t.database.db, [a.user.id, ...targets]);
      for (const id of targets.slice(0, 25)) {
        expect((await request(a, { to_user_id: id, event_id: event.id })).statusCode).toBe(200);
      }
      const over = await request(a, { to_user_id: targets[25]!, event_id: event.id });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject(refusalOf(pendingCapDetail(25, true)));
    }
  });
});

describe('requests that lapse kindly (issue 18)', () => {
  /** Four people at one event: `a` asks b (who declines), c (who never answers) and d. */
  async function scene() {
    const a = await registerUser(t.app);
    const [b, c, d] = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const event = await makeEvent(t.database.db, [a, b!, c!, d!].map((u) => u.user.id));
    for (const u of [b!, c!]) expect((await request(a, { to_user_id: u.user.id, event_id: event.id })).statusCode).toBe(200);
    const declined = (await requestRow(t.database.db, a.user.id, b!.user.id))!.id;
    expect((await respond(b!, declined, 'decline')).statusCode).toBe(200);
    return { a, b: b!, c: c!, d: d!, event };
  }

  it('a declined and an unanswered request look the same to the sender, before and after 48 hours', async () => {
    const { a, b, c, event } = await scene();
    expect(await statusOf(a, event.id, b.user.id)).toBe('request_sent');
    expect(await statusOf(a, event.id, c.user.id)).toBe('request_sent');
    t.clock.advance(REQUEST_LAPSE_MS - 1);
    expect(await statusOf(a, event.id, c.user.id)).toBe('request_sent');
    t.clock.advance(1);
    for (const other of [b, c]) {
      expect(await statusOf(a, event.id, other.user.id)).toBe('request_lapsed');
      // The recipient sees nothing, declined or not.
      expect(await statusOf(other, event.id, a.user.id)).toBe('none');
      // Asking again is answered alike: the same person is not asked again.
      const again = await request(a, { to_user_id: other.user.id, event_id: event.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject(refusalOf(NO_ANSWER_DETAIL));
    }
    // Nearby people and search say the same.
    const nearby = await as(t.app, a).get(`/api/discover/${event.id}?user_id=${a.user.id}`);
    const entry = (nearby.json() as Array<{ user: { id: string }; connection_status: string }>).find((e) => e.user.id === c.user.id);
    expect(entry?.connection_status).toBe('request_lapsed');
    expect((await received(c)).json()).toEqual([]);
  });

  it('the unanswered recipient can no longer accept, and a lapsed request is not consent to connect', async () => {
    const { a, c, event } = await scene();
    const id = (await requestRow(t.database.db, a.user.id, c.user.id))!.id;
    expect((await received(c)).json()).toHaveLength(1);
    t.clock.advance(REQUEST_LAPSE_MS);
    expect((await received(c)).json()).toEqual([]);
    expect((await respond(c, id, 'accept')).statusCode).toBe(404);
    // POST /connections needs a standing request from the other.
    const direct = await as(t.app, c).post(`/api/connections?user1=${c.user.id}&user2=${a.user.id}&connection_type=search_result`);
    expect(direct.statusCode).toBe(403);
    // c asking now is a new request for a to answer, not a connection made at once.
    expect((await request(c, { to_user_id: a.user.id, event_id: event.id })).json()).toEqual({ success: true, status: 'request_sent' });
    expect(await connectionBetween(a.user.id, c.user.id)).toEqual([]);
    expect(await statusOf(a, event.id, c.user.id)).toBe('request_received');
  });

  it('a lapsed request frees its place in the cap, declined or not', async () => {
    const a = await registerUser(t.app);
    const targets = await insertUsers(t.database.db, 7);
    const event = await makeEvent(t.database.db, [a.user.id, ...targets]);
    for (const id of targets.slice(0, 5)) expect((await request(a, { to_user_id: id, event_id: event.id })).statusCode).toBe(200);
    await t.database.db
      .update(connectionRequests)
      .set({ declinedAt: new Date(t.clock.now().getTime()) })
      .where(and(eq(connectionRequests.fromUser, a.user.id), eq(connectionRequests.toUser, targets[0]!)));
    expect((await request(a, { to_user_id: targets[5]!, event_id: event.id })).statusCode).toBe(429);
    t.clock.advance(REQUEST_LAPSE_MS);
    expect((await request(a, { to_user_id: targets[5]!, event_id: event.id })).statusCode).toBe(200);
    expect((await request(a, { to_user_id: targets[6]!, event_id: event.id })).statusCode).toBe(200);
  });

  it('a request held during a break that outlasts it lapses unseen', async () => {
    const { a, d, event } = await scene();
    await setUser(t.database.db, d.user.id, { safeSpaceMode: true });
    expect((await request(a, { to_user_id: d.user.id, event_id: event.id })).statusCode).toBe(200);
    t.clock.advance(REQUEST_LAPSE_MS);
    await setUser(t.database.db, d.user.id, { safeSpaceMode: false });
    expect(await releaseHeldRequests(t.app, d.user.id)).toBe(0);
    expect((await received(d)).json()).toEqual([]);
    expect(await notificationsOf(t.database.db, d.user.id)).toEqual([]);
  });
});

describe('GET /api/connections/requests/received', () => {
  it('lists pending requests to me, newest first, with the sender as SPEC 3 describes', async () => {
    const b = await registerUser(t.app);
    const a = await registerUser(t.app, { occupation: 'Baker', interests: ['bread', 'jazz', 'chess', 'tea'] });
    const c = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await setUser(t.database.db, a.user.id, { photoData: 'aGVsbG8=' });
    await request(a, { to_user_id: b.user.id, event_id: event.id, message: 'Hello!' });
    t.clock.advance(60_000);
    await request(c, { to_user_id: b.user.id });
    const res = await received(b);
    expect(res.statusCode).toBe(200);
    const list = z.array(ReceivedRequestSchema).parse(res.json());
    expect(list.map((r) => r.sender.id)).toEqual([c.user.id, a.user.id]);
    expect(list[1]).toMatchObject({
      sender: { name: a.user.name, username: a.user.username, occupation: 'Baker', interests: ['bread', 'jazz', 'chess', 'tea'] },
      sender_photo: 'aGVsbG8=',
      message: 'Hello!',
      event_id: event.id,
    });
    expect((await received(a)).json()).toEqual([]);
  });

  it('leaves out declined requests and senders who are blocked, deactivated or banned', async () => {
    const b = await registerUser(t.app);
    const [declined, blocked, gone, banned, fine] = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
    for (const s of [declined, blocked, gone, banned, fine]) await request(s!, { to_user_id: b.user.id });
    const reqId = (await requestRow(t.database.db, declined!.user.id, b.user.id))!.id;
    await respond(b, reqId, 'decline');
    await block(t.database.db, b.user.id, blocked!.user.id);
    await setUser(t.database.db, gone!.user.id, { isActive: false });
    await setUser(t.database.db, banned!.user.id, { isBanned: true, bannedUntil: new Date('2099-01-01') });
    const list = (await received(b)).json() as Array<{ sender: { id: string } }>;
    expect(list.map((r) => r.sender.id)).toEqual([fine!.user.id]);
  });

  it('answers 401, 403 for someone else, 400 for a bad id', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/connections/requests/received?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/connections/requests/received?user_id=${b.user.id}`)).statusCode).toBe(403);
    const bad = await as(t.app, a).get(`/api/connections/requests/received`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^user_id: /);
  });
});

describe('POST /api/connections/requests/respond', () => {
  it('accept connects the two, records the feed, notifies the sender and answers the connection', async () => {
    const { a, b, event } = await pair();
    const c = await registerUser(t.app);
    await attend(t.database.db, event.id, [c.user.id]);
    const lc = await openLive(t.app, c);
    await request(a, { to_user_id: b.user.id, event_id: event.id });
    const id = (await requestRow(t.database.db, a.user.id, b.user.id))!.id;
    const res = await respond(b, id, 'accept');
    expect(res.statusCode).toBe(200);
    const answer = RespondAnswerSchema.parse(res.json());
    expect(answer.connection).toMatchObject({
      connected_user: { id: a.user.id, name: a.user.name, username: a.user.username },
      shared_interests: ['Jazz', 'chess'],
      event_id: event.id,
      connection_type: 'mutual_interest',
    });
    const rows = await connectionBetween(a.user.id, b.user.id);
    expect(rows).toHaveLength(1);
    expect(await requestRow(t.database.db, a.user.id, b.user.id)).toBeNull();
    const feed = await t.database.db.select().from(feedEntries).where(eq(feedEntries.subjectId, rows[0]!.id));
    expect(feed).toMatchObject([{ kind: 'connection', eventId: event.id }]);
    // The other attendees hear of it live, as a feed entry.
    expect((await lc.next('event_feed')).feed).toMatchObject({ kind: 'connection' });
    const notes = await notificationsOf(t.database.db, a.user.id);
    expect(notes.map((n) => n.kind)).toEqual(['connection_accepted']);
    expect(await statusOf(a, event.id, b.user.id)).toBe('connected');
    expect(await statusOf(b, event.id, a.user.id)).toBe('connected');
  });

  it('decline is invisible to the sender: nothing published or notified, and they keep seeing request_sent', async () => {
    const { a, b, event } = await pair();
    await request(a, { to_user_id: b.user.id, event_id: event.id });
    const id = (await requestRow(t.database.db, a.user.id, b.user.id))!.id;
    const la = await openLive(t.app, a);
    const before = await notificationsOf(t.database.db, a.user.id);
    const res = await respond(b, id, 'decline');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, connection: null });
    await la.sync();
    expect(la.messages).toHaveLength(0);
    expect(await notificationsOf(t.database.db, a.user.id)).toEqual(before);
    expect(await statusOf(a, event.id, b.user.id)).toBe('request_sent');
    expect(await statusOf(b, event.id, a.user.id)).toBe('none');
    expect((await received(b)).json()).toEqual([]);
    // Asking again still looks like a pending request to the sender.
    expect((await request(a, { to_user_id: b.user.id, event_id: event.id })).json()).toEqual({
      success: true,
      status: 'request_sent',
    });
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(1);
    // The decline is final for this request…
    expect((await respond(b, id, 'accept')).statusCode).toBe(404);
    // …but if the recipient later asks, both wanted it: connected.
    expect((await request(b, { to_user_id: a.user.id })).json()).toEqual({ success: true, status: 'connected' });
  });

  it('lets only the recipient answer: 403 for others, 404 for an unknown request', async () => {
    const { a, b } = await pair();
    const c = await registerUser(t.app);
    await request(a, { to_user_id: b.user.id });
    const id = (await requestRow(t.database.db, a.user.id, b.user.id))!.id;
    expect((await respond(c, id, 'accept')).statusCode).toBe(403);
    expect((await respond(a, id, 'accept')).statusCode).toBe(403);
    expect((await respond(b, unknownId(), 'accept')).statusCode).toBe(404);
    expect(await connectionBetween(a.user.id, b.user.id)).toHaveLength(0);
  });

  it('answers 404 when the sender is now blocked', async () => {
    const { a, b } = await pair();
    await request(a, { to_user_id: b.user.id });
    const id = (await requestRow(t.database.db, a.user.id, b.user.id))!.id;
    await block(t.database.db, a.user.id, b.user.id);
    expect((await respond(b, id, 'accept')).statusCode).toBe(404);
  });

  it('answers 400 for a bad action or id, 401 without a session, 403 acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const bad = await respond(a, unknownId(), 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('action: must be accept or decline');
    const badId = await respond(a, 'x', 'accept');
    expect(badId.json().detail).toMatch(/^request_id: /);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/connections/requests/respond?user_id=${a.user.id}`,
      payload: { request_id: unknownId(), action: 'accept' },
    });
    expect(anon.statusCode).toBe(401);
    const other = await as(t.app, a).post(`/api/connections/requests/respond?user_id=${b.user.id}`, {
      request_id: unknownId(),
      action: 'accept',
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/connections/mutual', () => {
  it('lists my connections with the other person and what we share, optionally for one event', async () => {
    const { a, b, event } = await pair();
    const c = await registerUser(t.app, { interests: ['hiking'] });
    await request(a, { to_user_id: b.user.id, event_id: event.id });
    await request(b, { to_user_id: a.user.id, event_id: event.id });
    t.clock.advance(1000);
    await request(c, { to_user_id: a.user.id });
    await request(a, { to_user_id: c.user.id });
    const res = await mutual(a);
    expect(res.statusCode).toBe(200);
    const list = z.array(ConnectionSchema).parse(res.json());
    expect(list.map((x) => x.connected_user.id)).toEqual([c.user.id, b.user.id]);
    expect(list[0]).toMatchObject({ shared_interests: ['hiking'], event_id: null });
    expect(list[1]).toMatchObject({
      connected_user: { id: b.user.id, name: b.user.name, username: b.user.username, occupation: 'Designer', interests: ['Jazz', 'chess', 'poetry'] },
      shared_interests: ['jazz', 'chess'],
      event_id: event.id,
    });
    const forEvent = z.array(ConnectionSchema).parse((await mutual(a, `&event_id=${event.id}`)).json());
    expect(forEvent.map((x) => x.connected_user.id)).toEqual([b.user.id]);
  });

  it('keeps hidden interests and photos hidden, and leaves out blocked or departed people', async () => {
    const { a, b } = await pair();
    const c = await registerUser(t.app);
    const d = await registerUser(t.app);
    for (const x of [b, c, d]) {
      await request(a, { to_user_id: x.user.id });
      await request(x, { to_user_id: a.user.id });
    }
    await setUser(t.database.db, b.user.id, { showInterests: false, showProfilePicture: false, photoData: 'cGhvdG8=' });
    await block(t.database.db, c.user.id, a.user.id);
    await setUser(t.database.db, d.user.id, { isActive: false });
    const list = z.array(ConnectionSchema).parse((await mutual(a)).json());
    expect(list).toHaveLength(1);
    expect(list[0]!.connected_user).toMatchObject({ id: b.user.id, interests: [], photo_data: null });
    expect(list[0]!.shared_interests).toEqual([]);
  });

  it('pages with limit and offset, at most 100', async () => {
    const a = await registerUser(t.app);
    const others = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
    for (const x of others) {
      await request(a, { to_user_id: x.user.id });
      await request(x, { to_user_id: a.user.id });
      t.clock.advance(1000);
    }
    const page = (await mutual(a, '&limit=2&offset=1')).json() as Array<{ connected_user: { id: string } }>;
    expect(page.map((x) => x.connected_user.id)).toEqual([others[1]!.user.id, others[0]!.user.id]);
    const tooMany = await mutual(a, '&limit=101');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/^limit: /);
  });

  it('answers 401, 403 and 400', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/connections/mutual?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/connections/mutual?user_id=${b.user.id}`)).statusCode).toBe(403);
    const bad = await mutual(a, '&event_id=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^event_id: /);
  });
});

describe('POST /api/connections', () => {
  const connect = (u: TestUser, q: string) => as(t.app, u).post(`/api/connections?user1=${u.user.id}&${q}`);

  it('connects only when the other person already asked (never one-sidedly)', async () => {
    const { a, b, event } = await pair();
    const refused = await connect(a, `user2=${b.user.id}&event_id=${event.id}&connection_type=search_result`);
    expect(refused.statusCode).toBe(403);
    expect(await connectionBetween(a.user.id, b.user.id)).toHaveLength(0);

    await request(b, { to_user_id: a.user.id });
    const res = await connect(a, `user2=${b.user.id}&event_id=${event.id}&connection_type=search_result`);
    expect(res.statusCode).toBe(200);
    const answer = CreateConnectionAnswerSchema.parse(res.json());
    expect(answer.connection).toMatchObject({ connected_user: { id: b.user.id }, connection_type: 'search_result', event_id: event.id });
    expect(await requestRow(t.database.db, b.user.id, a.user.id)).toBeNull();
    expect((await notificationsOf(t.database.db, b.user.id)).map((n) => n.kind)).toEqual(['connection_accepted']);
    expect((await connect(a, `user2=${b.user.id}`)).statusCode).toBe(409);
  });

  it('answers 400 for yourself or a bad type, 404 for unknown or blocked, 401 and 403', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const self = await connect(a, `user2=${a.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toMatch(/^user2: /);
    const badType = await connect(a, `user2=${b.user.id}&connection_type=forced`);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().detail).toMatch(/^connection_type: /);
    expect((await connect(a, `user2=${unknownId()}`)).statusCode).toBe(404);
    await request(b, { to_user_id: a.user.id });
    await block(t.database.db, a.user.id, b.user.id);
    expect((await connect(a, `user2=${b.user.id}`)).statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'POST', url: `/api/connections?user1=${a.user.id}&user2=${b.user.id}` });
    expect(anon.statusCode).toBe(401);
    const asOther = await as(t.app, a).post(`/api/connections?user1=${b.user.id}&user2=${a.user.id}`);
    expect(asOther.statusCode).toBe(403);
  });

  it('needs both to attend the event it names', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    await request(b, { to_user_id: a.user.id });
    const res = await connect(a, `user2=${b.user.id}&event_id=${event.id}`);
    expect(res.statusCode).toBe(400);
    await attend(t.database.db, event.id, [b.user.id]);
    expect((await connect(a, `user2=${b.user.id}&event_id=${event.id}`)).statusCode).toBe(200);
  });
});
