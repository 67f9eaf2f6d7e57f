/**
 * SPEC 3's User status and taking a break (issue 16): GET and PUT /api/users/status.
 * Who a break hides from which list is walked in the privacy matrix; here: requests
 * held and delivered on return, silent notifications, the status line for connections
 * only, the break ending by itself on every instance and "Welcome back" said once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConnectionSchema } from '../../../contract/social';
import { DEFAULT_STATUS, StatusAnswerSchema, UserStatusSchema, WELCOME_BACK } from '../../../contract/status';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { endRunOutBreaks } from '../../../server/use-cases/status';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { connect as connectRows, search } from '../discovery-helpers';
import { as, meet, notificationsOf, openLive, requestRow, setUser } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const db = () => t.database.db;
const put = (u: TestUser, body: Record<string, unknown>, as_ = u) =>
  as(t.app, as_).put(`/api/users/status?user_id=${u.user.id}`, body);
const get = async (u: TestUser) => {
  const res = await as(t.app, u).get(`/api/users/status?user_id=${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return UserStatusSchema.parse(res.json());
};
const inAnHour = () => new Date(t.clock.now().getTime() + HOUR).toISOString();
const request = (from: TestUser, to: TestUser) =>
  as(t.app, from).post(`/api/connections/request?from_user_id=${from.user.id}`, { to_user_id: to.user.id });
const received = async (u: TestUser) => (await as(t.app, u).get(`/api/connections/requests/received?user_id=${u.user.id}`)).json() as unknown[];
const welcomes = async (u: TestUser) => (await notificationsOf(db(), u.user.id)).filter((n) => n.kind === 'welcome_back');

describe('GET and PUT /api/users/status', () => {
  it('starts available with nothing to say, and answers what was set', async () => {
    const me = await registerUser(t.app);
    expect(await get(me)).toEqual(DEFAULT_STATUS);
    const until = inAnHour();
    const res = await put(me, { status: 'away', custom_message: '  Recharging  ', emoji: '☕', until });
    expect(res.statusCode, res.body).toBe(200);
    expect(StatusAnswerSchema.parse(res.json()).status).toEqual({ status: 'away', custom_message: 'Recharging', emoji: '☕', until });
    expect(await get(me)).toEqual({ status: 'away', custom_message: 'Recharging', emoji: '☕', until });
    // Away until they come back: no end.
    expect((await put(me, { status: 'away' })).json().status).toEqual({ status: 'away', custom_message: null, emoji: null, until: null });
    // Available with a line for connections.
    expect((await put(me, { status: 'available', custom_message: 'At the quiet table' })).json().status).toMatchObject({ status: 'available', custom_message: 'At the quiet table', until: null });
  });

  it('refuses a bad status, an end in the past or over 30 days ahead, and an end while available (400)', async () => {
    const me = await registerUser(t.app);
    const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    for (const [body, detail] of [
      [{ status: 'asleep' }, /^status: must be available or away/],
      [{ status: 'away', until: later(-1000) }, /^until: must be in the future/],
      [{ status: 'away', until: later(31 * 24 * HOUR) }, /^until: must be within 30 days/],
      [{ status: 'away', until: 'tomorrow' }, /^until: must be a date and time/],
      [{ status: 'available', until: later(HOUR) }, /^until: is only for a break/],
      [{ status: 'away', custom_message: 'x'.repeat(101) }, /^custom_message: must be at most 100/],
      [{ status: 'away', emoji: 'x'.repeat(17) }, /^emoji: must be at most 16/],
    ] as const) {
      const res = await put(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await get(me)).toEqual(DEFAULT_STATUS);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/status?user_id=${me.user.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/status?user_id=${me.user.id}`, payload: { status: 'away' } })).statusCode).toBe(401);
    expect((await as(t.app, me).get(`/api/users/status?user_id=${other.user.id}`)).statusCode).toBe(403);
    expect((await put(other, { status: 'away' }, me)).statusCode).toBe(403);
    expect(await get(other)).toEqual(DEFAULT_STATUS);
  });
});

describe('a break', () => {
  it('holds connection requests quietly and delivers them, with "Welcome back", when the person returns', async () => {
    const [away, asker] = [await registerUser(t.app), await registerUser(t.app)];
    await put(away, { status: 'away' });
    const live = await openLive(t.app, away);
    try {
      expect((await request(asker, away)).json()).toEqual({ success: true, status: 'request_sent' });
      expect((await requestRow(db(), asker.user.id, away.user.id))!.held).toBe(true);
      await live.sync();
      expect(live.messages).toEqual([]);
      expect(await notificationsOf(db(), away.user.id)).toEqual([]);
      expect(await received(away)).toEqual([]);

      await put(away, { status: 'available' });
      expect((await live.next('connection_request')).request.sender.id).toBe(asker.user.id);
      const welcome = await live.next('notification', (m) => m.notification.title === WELCOME_BACK.title.message);
      expect(welcome.notification).toMatchObject({ content: WELCOME_BACK.withRequests.english({ n: 1 }), link: '/requests' });
      expect(await received(away)).toHaveLength(1);
      // Said once: setting available again is no return.
      await put(away, { status: 'available' });
      expect(await welcomes(away)).toHaveLength(1);
    } finally {
      live.close();
    }
  });

  it('ends by itself at its end: read as over at once, then ended once whichever instance sweeps first', async () => {
    const [away, asker] = [await registerUser(t.app), await registerUser(t.app)];
    await put(away, { status: 'away', custom_message: 'Quiet hour', until: inAnHour() });
    await request(asker, away);
    t.clock.advance(HOUR);
    // Compared with the clock when read: over now, before anything has written it down.
    expect(await search(t.app, asker, { query: away.user.username })).toHaveLength(1);
    // A second instance on the same database; both sweep at once.
    const other = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database: t.database, clock: t.clock.now });
    try {
      await other.ready();
      const [here, there] = await Promise.all([endRunOutBreaks(t.app), endRunOutBreaks(other)]);
      expect(here.length + there.length).toBe(1);
    } finally {
      await other.close();
    }
    expect(await welcomes(away)).toHaveLength(1);
    expect(await received(away)).toHaveLength(1);
    expect(await get(away)).toEqual(DEFAULT_STATUS);
    expect(await endRunOutBreaks(t.app)).toEqual([]);
    expect(await welcomes(away)).toHaveLength(1);
  });

  it('is ended by the person’s own GET once it has run out, if no sweep has yet', async () => {
    const away = await registerUser(t.app);
    await put(away, { status: 'away', until: inAnHour() });
    t.clock.advance(HOUR + 1);
    expect(await get(away)).toEqual(DEFAULT_STATUS);
    expect(await welcomes(away)).toHaveLength(1);
    expect(await get(away)).toEqual(DEFAULT_STATUS);
    expect(await welcomes(away)).toHaveLength(1);
  });

  it('leaves requests held by safe space mode held when it ends, and safe space turned off during it releases nothing', async () => {
    const [away, asker, other] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    await setUser(db(), away.user.id, { safeSpaceMode: true });
    await put(away, { status: 'away' });
    await request(asker, away);
    await put(away, { status: 'available' });
    expect((await requestRow(db(), asker.user.id, away.user.id))!.held).toBe(true);
    expect((await welcomes(away))[0]!.content).toBe(WELCOME_BACK.content.message);
    // Away again; turning safe space off now keeps requests waiting for the return.
    await put(away, { status: 'away' });
    await request(other, away);
    const off = await as(t.app, away).put(`/api/users/privacy?user_id=${away.user.id}`, { safe_space_mode: false });
    expect(off.statusCode).toBe(200);
    expect(await received(away)).toEqual([]);
    await put(away, { status: 'available' });
    expect(await received(away)).toHaveLength(2);
  });

  it('keeps the person’s notifications silent: stored, not sent live, while other live messages still arrive', async () => {
    const [away, friend] = [await registerUser(t.app), await registerUser(t.app)];
    await meet(db(), away, friend);
    await put(away, { status: 'away' });
    const live = await openLive(t.app, away);
    try {
      const sent = await as(t.app, friend).post(`/api/contact-exchange?user_id=${friend.user.id}`, {
        to_user: away.user.id,
        exchange_type: 'email',
        contact_data: { email: 'friend@example.com' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await live.next('contact_exchange_request');
      await live.sync();
      expect(live.ofType('notification')).toEqual([]);
      const stored = await notificationsOf(db(), away.user.id);
      expect(stored.map((n) => [n.kind, n.read])).toEqual([['contact_exchange', false]]);
      // Back: notifications are live again.
      await put(away, { status: 'available' });
      await live.next('notification', (m) => m.notification.title === WELCOME_BACK.title.message);
    } finally {
      live.close();
    }
  });

  it('shows the status line and emoji to connections only, and not after a break has run out', async () => {
    const [me, friend, stranger] = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    await connectRows(db(), me.user.id, friend.user.id);
    await meet(db(), me, stranger);
    const mutual = async (u: TestUser) =>
      z.array(ConnectionSchema).parse((await as(t.app, u).get(`/api/connections/mutual?user_id=${u.user.id}`)).json());
    expect((await mutual(friend))[0]!.connected_user.status).toBeNull();
    await put(me, { status: 'away', custom_message: 'Taking a breather', emoji: '🌿', until: inAnHour() });
    expect((await mutual(friend))[0]!.connected_user.status).toEqual({ status: 'away', custom_message: 'Taking a breather', emoji: '🌿' });
    // A stranger learns nothing of it anywhere they can look.
    await put(me, { status: 'available', custom_message: 'Taking a breather', emoji: '🌿' });
    const seen = JSON.stringify([
      await search(t.app, stranger, { query: me.user.username }),
      (await as(t.app, stranger).get(`/api/chat/${me.user.id}/partner?user_id=${stranger.user.id}`)).json(),
    ]);
    expect(seen).toContain(me.user.id);
    expect(seen).not.toContain('Taking a breather');
    expect(seen).not.toContain('🌿');
    await put(me, { status: 'away', custom_message: 'Back soon', until: inAnHour() });
    t.clock.advance(HOUR);
    expect((await mutual(friend))[0]!.connected_user.status).toBeNull();
  });
});
