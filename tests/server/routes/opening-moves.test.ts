/**
 * Issue 43 items 1 and 2: opening moves (prompts on a card that anyone nearby may answer,
 * the answer being a connection request under every rule of one) and "Happy to be
 * approached" (shown to others unless a break, a low battery or a quiet zone holds it;
 * those open to a hello find each other first; presence says when it is held).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OpeningMovesAnswerSchema } from '../../../contract/opening-moves';
import { PresenceSchema } from '../../../contract/presence';
import { NearbyListSchema } from '../../../contract/discovery';
import { connectionRequests, users } from '../../../server/db/schema';
import { makeAdmin } from '../admin-helpers';
import { addZone, connect, discover, north, putPrivacy, reportLocation } from '../discovery-helpers';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { report, reported, resolve } from '../report-helpers';
import { as, block, makeEvent, notificationsOf, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock: new FakeClock() });
});
afterAll(async () => t.close());

let me: TestUser;
let ana: TestUser;
let ben: TestUser;
let eventId: string;
beforeEach(async () => {
  t.clock.set(new Date('2026-11-22T10:00:00Z'));
  [me, ana, ben] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  eventId = (await makeEvent(t.database.db, [me.user.id, ana.user.id, ben.user.id], { start: new Date('2026-11-22T09:00:00Z') })).id;
});

const putMoves = (u: TestUser, prompts: unknown) => as(t.app, u).put(`/api/users/opening-moves?user_id=${u.user.id}`, { prompts });
const setMoves = async (u: TestUser, prompts: string[]) => {
  const res = await putMoves(u, prompts);
  expect(res.statusCode, res.body).toBe(200);
  return OpeningMovesAnswerSchema.parse(res.json()).opening_moves;
};
const answer = (u: TestUser, moveId: string, body: Record<string, unknown>) =>
  as(t.app, u).post(`/api/opening-moves/${moveId}/answer?user_id=${u.user.id}`, body);
const hello = (u: TestUser, open: string) => as(t.app, u).put(`/api/users/open-to-hello?user_id=${u.user.id}&open=${open}`);
const entryOf = async (viewer: TestUser, u: TestUser) => {
  const list = NearbyListSchema.parse(await discover(t.app, viewer, eventId));
  return list.find((e) => e.user.id === u.user.id);
};
const presence = async (u: TestUser) => PresenceSchema.parse((await as(t.app, u).get(`/api/users/presence?user_id=${u.user.id}`)).json());

describe('PUT /users/opening-moves', () => {
  it('keeps up to three trimmed prompts, each keeping its id while its words stay', async () => {
    const first = await setMoves(me, ['  Ask me about my sourdough ', 'What talk surprised you today?']);
    expect(first.map((m) => m.text)).toEqual(['Ask me about my sourdough', 'What talk surprised you today?']);
    const second = await setMoves(me, ['What talk surprised you today?', 'Tea or coffee?', 'Ask me about my sourdough']);
    expect(second[0]!.id).toBe(first[1]!.id);
    expect(second[2]!.id).toBe(first[0]!.id);
    expect(second[1]!.id).not.toBe(first[0]!.id);
    // The person's own account says them too.
    const mine = (await as(t.app, me).get(`/api/auth/me?user_id=${me.user.id}`)).json() as { opening_moves?: unknown };
    expect(mine.opening_moves).toEqual(second);
    expect(await setMoves(me, [])).toEqual([]);
  });

  it('refuses more than three, an empty or too long prompt, and control characters, with a detail', async () => {
    for (const [prompts, detail] of [
      [['a', 'b', 'c', 'd'], /prompts: at most 3 prompts/],
      [['   '], /prompts\.0: must not be empty/],
      [['x'.repeat(141)], /prompts\.0: must be at most 140 characters/],
      [['fine', 'bad\u0000'], /prompts\.1: must not contain control characters/],
      ['not a list', /prompts/],
    ] as const) {
      const res = await putMoves(me, prompts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(detail);
    }
    // 140 after trimming is fine.
    expect(await setMoves(me, [` ${'x'.repeat(140)} `])).toHaveLength(1);
  });
});

describe('opening moves on nearby cards', () => {
  it('are on the card for those who see the person by name; not for those who see them anonymously, nor across a block', async () => {
    const moves = await setMoves(ana, ['Ask me about my sourdough']);
    expect((await entryOf(me, ana))?.opening_moves).toEqual(moves);
    expect((await entryOf(ana, me))?.opening_moves).toEqual([]);

    await putPrivacy(t.app, ana, { visibility_mode: 'anonymous' });
    const anonymous = await entryOf(me, { ...ana, user: { ...ana.user } });
    expect(anonymous).toBeUndefined(); // listed under a pseudonym now
    const list = NearbyListSchema.parse(await discover(t.app, me, eventId));
    const unnamed = list.find((e) => e.user.is_anonymous);
    expect(unnamed?.opening_moves).toEqual([]);

    await putPrivacy(t.app, ana, { visibility_mode: 'public' });
    await block(t.database.db, ben.user.id, ana.user.id);
    expect(await entryOf(ben, ana)).toBeUndefined();
  });

  it('cost the hot read no query of their own', async () => {
    await setMoves(ana, ['Ask me about my sourdough']);
    await discover(t.app, me, eventId);
    const { queriesDuring } = await import('../helpers');
    const sql = await queriesDuring(t.database.db, () => discover(t.app, me, eventId));
    expect(sql.filter((q) => /opening_moves/.test(q))).toEqual([]);
  });
});

describe('POST /opening-moves/{id}/answer', () => {
  it('sends the owner a connection request whose message holds the prompt and the answer', async () => {
    const [move] = await setMoves(ana, ['Ask me about my sourdough']);
    const res = await answer(me, move!.id, { answer: '  Is the starter older than you?  ', event_id: eventId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, status: 'request_sent' });
    const received = (await as(t.app, ana).get(`/api/connections/requests/received?user_id=${ana.user.id}`)).json() as Array<{ message: string | null; sender: { id: string } }>;
    expect(received).toHaveLength(1);
    expect(received[0]!.sender.id).toBe(me.user.id);
    expect(received[0]!.message).toBe('“Ask me about my sourdough”\nIs the starter older than you?');
    expect((await notificationsOf(t.database.db, ana.user.id)).map((n) => n.kind)).toContain('connection_request');
    expect((await entryOf(me, ana))?.connection_status).toBe('request_sent');
    // A second answer to the same person asks nothing again.
    expect((await answer(me, move!.id, { answer: 'Also: rye?', event_id: eventId })).json()).toEqual({ success: true, status: 'request_sent' });
    const rows = await t.database.db.select().from(connectionRequests).where(and(eq(connectionRequests.fromUser, me.user.id), eq(connectionRequests.toUser, ana.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('connects at once when the owner asked first (mutual interest)', async () => {
    const [move] = await setMoves(ana, ['Tea or coffee?']);
    await as(t.app, ana).post(`/api/connections/request?from_user_id=${ana.user.id}`, { to_user_id: me.user.id, event_id: eventId });
    expect((await answer(me, move!.id, { answer: 'Tea, always', event_id: eventId })).json()).toEqual({ success: true, status: 'connected' });
  });

  it('waits quietly, as any request, while the owner is on a break or in safe space mode', async () => {
    const [move] = await setMoves(ana, ['Tea or coffee?']);
    await putPrivacy(t.app, ana, { safe_space_mode: true });
    expect((await answer(me, move!.id, { answer: 'Tea', event_id: eventId })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.toUser, ana.user.id));
    expect(row!.held).toBe(true);
    expect((await notificationsOf(t.database.db, ana.user.id)).map((n) => n.kind)).not.toContain('connection_request');
  });

  it('answers 404 for an unknown prompt, or one whose owner the asker may not see at that event', async () => {
    const [move] = await setMoves(ana, ['Tea or coffee?']);
    const body = { answer: 'Tea', event_id: eventId };
    expect((await answer(me, unknownId(), body)).statusCode).toBe(404);
    // Another event the owner does not attend.
    const other = await makeEvent(t.database.db, [me.user.id], { start: new Date('2026-11-22T09:00:00Z') });
    expect((await answer(me, move!.id, { ...body, event_id: other.id })).statusCode).toBe(404);
    // Private, then friends only (not connected), then blocked either way: the same 404.
    await putPrivacy(t.app, ana, { visibility_mode: 'private' });
    expect((await answer(me, move!.id, body)).statusCode).toBe(404);
    await putPrivacy(t.app, ana, { visibility_mode: 'friends' });
    expect((await answer(me, move!.id, body)).statusCode).toBe(404);
    await putPrivacy(t.app, ana, { visibility_mode: 'anonymous' });
    expect((await answer(me, move!.id, body)).statusCode).toBe(404);
    await putPrivacy(t.app, ana, { visibility_mode: 'public' });
    await block(t.database.db, ana.user.id, me.user.id);
    const res = await answer(me, move!.id, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('This opening move is no longer there');
    // A changed prompt has a new id: the old one is gone.
    await setMoves(ben, ['Old words']);
    const [old] = await t.database.db.select({ m: users.openingMoves }).from(users).where(eq(users.id, ben.user.id));
    await setMoves(ben, ['New words']);
    expect((await answer(me, old!.m[0]!.id, body)).statusCode).toBe(404);
    expect(await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.fromUser, me.user.id))).toEqual([]);
  });

  it('refuses the asker\'s own prompt, an empty or too long answer, a missing event; 403 to someone not attending', async () => {
    const [mine] = await setMoves(me, ['Tea or coffee?']);
    const [hers] = await setMoves(ana, ['Tea or coffee?']);
    expect((await answer(me, mine!.id, { answer: 'Me', event_id: eventId })).statusCode).toBe(400);
    expect((await answer(me, hers!.id, { answer: '  ', event_id: eventId })).statusCode).toBe(400);
    const long = await answer(me, hers!.id, { answer: 'x'.repeat(281), event_id: eventId });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/answer: must be at most 280 characters/);
    expect((await answer(me, hers!.id, { answer: 'Tea' })).statusCode).toBe(400);
    expect((await answer(me, hers!.id, { answer: 'x'.repeat(280), event_id: unknownId() })).statusCode).toBe(404);
    const outsider = await registerUser(t.app);
    expect((await answer(outsider, hers!.id, { answer: 'Tea', event_id: eventId })).statusCode).toBe(403);
  });

  it('counts toward the cap of waiting requests, as any request', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const event = await makeEvent(t.database.db, [me.user.id, ...owners.map((o) => o.user.id)], { start: new Date('2026-11-22T09:00:00Z') });
    const codes = [];
    for (const o of owners) {
      const [m] = await setMoves(o, ['Hello?']);
      codes.push((await answer(me, m!.id, { answer: 'Hi', event_id: event.id })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('reporting an opening move', () => {
  it('is open to whoever came across the owner; a moderator can take it down', async () => {
    const [move, other] = await setMoves(ana, ['Something rude', 'Tea or coffee?']);
    const outsider = await registerUser(t.app);
    expect((await report(t.app, outsider, { target_type: 'opening_move', target_id: move!.id, reason: 'inappropriate' })).statusCode).toBe(404);
    expect((await report(t.app, ana, { target_type: 'opening_move', target_id: move!.id, reason: 'inappropriate' })).statusCode).toBe(400);
    expect((await report(t.app, me, { target_type: 'opening_move', target_id: unknownId(), reason: 'inappropriate' })).statusCode).toBe(404);
    const id = await reported(t.app, me, { target_type: 'opening_move', target_id: move!.id, reason: 'inappropriate', note: null });
    const mine = (await as(t.app, me).get(`/api/reports/mine?user_id=${me.user.id}`)).json() as Array<{ target_type: string; target_id: string }>;
    expect(mine[0]).toMatchObject({ target_type: 'opening_move', target_id: move!.id });

    const admin = await makeAdmin(t.app);
    expect((await resolve(t.app, admin, id, { action: 'remove_content', reason: 'Not allowed here' })).statusCode).toBe(200);
    expect((await entryOf(me, ana))?.opening_moves).toEqual([other]);
  });
});

describe('PUT /users/open-to-hello', () => {
  it('is on the card as others see it, held by a low battery, a break or a quiet zone, and back by itself; presence says so', async () => {
    const QUIET = { latitude: 52.52, longitude: 13.405 };
    // A quiet garden holding her whole 200 m square: a smaller room is not told of, nor holds the badge (issue 40, quiet-zones.test.ts).
    await addZone(t.database.db, eventId, { name: 'Quiet garden', zone_type: 'safe_space', ...QUIET, radius_meters: 400 });
    expect((await entryOf(me, ana))?.open_to_hello).toBe(false);
    const res = await hello(ana, 'true');
    expect(res.json()).toEqual({ success: true, open_to_hello: true });
    expect((await entryOf(me, ana))?.open_to_hello).toBe(true);
    expect(await presence(ana)).toMatchObject({ open_to_hello: true, open_to_hello_shown: true });
    expect((await hello(ana, 'maybe')).statusCode).toBe(400);

    await as(t.app, ana).put(`/api/users/social-battery?user_id=${ana.user.id}&battery_level=3`);
    // A low battery hides her from strangers: her connection still sees the card, without the badge.
    await connect(t.database.db, me.user.id, ana.user.id);
    expect((await entryOf(me, ana))?.open_to_hello).toBe(false);
    expect(await presence(ana)).toMatchObject({ open_to_hello: true, open_to_hello_shown: false });
    await as(t.app, ana).put(`/api/users/social-battery?user_id=${ana.user.id}&battery_level=6`);
    expect((await entryOf(me, ana))?.open_to_hello).toBe(true);

    // A quiet zone holds it while she is there (fresh presence), and it comes back when she leaves.
    await reportLocation(t.app, ana, eventId, QUIET.latitude, QUIET.longitude);
    expect((await entryOf(me, ana))?.open_to_hello).toBe(false);
    expect((await presence(ana)).open_to_hello_shown).toBe(false);
    // Walked out: 500 m in 200 s.
    t.clock.advance(200_000);
    const hall = north(QUIET.latitude, QUIET.longitude, 500);
    await reportLocation(t.app, ana, eventId, hall.latitude, hall.longitude);
    t.clock.advance(10 * 60_000);
    expect((await entryOf(me, ana))?.open_to_hello).toBe(true);

    // A break: she is out of every list, and presence says the badge waits too; it returns when the break ends.
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    await as(t.app, ana).put(`/api/users/status?user_id=${ana.user.id}`, { status: 'away', until });
    expect(await presence(ana)).toMatchObject({ open_to_hello: true, open_to_hello_shown: false });
    t.clock.advance(3_600_001);
    expect(await presence(ana)).toMatchObject({ open_to_hello: true, open_to_hello_shown: true });
    expect((await entryOf(me, ana))?.open_to_hello).toBe(true);

    expect((await hello(ana, 'false')).json()).toEqual({ success: true, open_to_hello: false });
    expect((await entryOf(me, ana))?.open_to_hello).toBe(false);
  });

  it('puts people open to a hello first for a viewer who is open too, and only then', async () => {
    // Ben matches me best (same interests); Ana shares nothing.
    await as(t.app, ana).put(`/api/auth/profile?user_id=${ana.user.id}`, { interests: ['knitting'], social_preferences: [], personality_traits: [] });
    const order = async () => (await discover(t.app, me, eventId)).map((e) => e.user.id);
    expect(await order()).toEqual([ben.user.id, ana.user.id]);
    await hello(ana, 'true');
    expect(await order()).toEqual([ben.user.id, ana.user.id]);
    await hello(me, 'true');
    expect(await order()).toEqual([ana.user.id, ben.user.id]);
    await hello(me, 'false');
    expect(await order()).toEqual([ben.user.id, ana.user.id]);
  });
});
