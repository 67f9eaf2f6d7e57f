import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import { PublicUserSchema } from '../../../contract/common';
import { BlockedUsersAnswerSchema, PRIVACY_DEFAULTS, PrivacySettingsSchema, UserSearchAnswerSchema } from '../../../contract/discovery';
import { blocks, connectionRequests, connections, userLocations, users } from '../../../server/db/schema';
import { orderedPair } from '../../../server/db/repositories/relations';
import {
  connect,
  createEvent,
  discover,
  discoveryApp,
  happeningNow,
  joinEvent,
  putPrivacy,
  reportLocation,
  search,
  type DiscoveryTestApp,
} from '../discovery-helpers';
import { registerUser, uniqueName, type TestUser } from '../helpers';

let t: DiscoveryTestApp;
beforeAll(async () => {
  t = await discoveryApp();
});
afterAll(async () => t.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

describe('POST /api/users/search', () => {
  // A word no other test uses, so results are only this test's people.
  const tag = () => uniqueName('tag');

  it('matches the query against name, username and occupation, whatever the case', async () => {
    const me = await registerUser(t.app);
    const word = tag();
    const byName = await registerUser(t.app, { name: `Ada ${word.toUpperCase()}` });
    const byUsername = await registerUser(t.app, { username: `${word}x` });
    const byOccupation = await registerUser(t.app, { occupation: `Chief ${word} officer` });
    await registerUser(t.app, { name: 'Nobody in particular' });
    const res = await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${me.user.id}`, headers: me.headers, payload: { query: ` ${word} ` } });
    expect(res.statusCode).toBe(200);
    const found = UserSearchAnswerSchema.parse(res.json());
    expect(found.map((u) => u.id).sort()).toEqual([byName, byUsername, byOccupation].map((u) => u.user.id).sort());
    for (const { connection_status, can_message, ...u } of found) {
      expect(PublicUserSchema.parse(u)).toEqual(u);
      expect(connection_status).toBe('none');
      // Strangers who share no event: the app offers no Chat button.
      expect(can_message).toBe(false);
    }
  });

  it('says where the searcher stands with each person, so Connect is offered only to strangers', async () => {
    const me = await registerUser(t.app);
    const word = tag();
    const [friend, asked, asker, declined, held, stranger] = await Promise.all(
      ['friend', 'asked', 'asker', 'declined', 'held', 'stranger'].map((n) => registerUser(t.app, { occupation: `${word} ${n}` })),
    );
    await connect(t.db, me.user.id, friend!.user.id);
    await t.db.insert(connectionRequests).values([
      { fromUser: me.user.id, toUser: asked!.user.id },
      { fromUser: asker!.user.id, toUser: me.user.id },
      // A decline is never shown to the sender, and a held request not to the recipient.
      { fromUser: declined!.user.id, toUser: me.user.id, declinedAt: t.clock.now() },
      { fromUser: held!.user.id, toUser: me.user.id, held: true },
    ]);
    const found = UserSearchAnswerSchema.parse(
      (await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${me.user.id}`, headers: me.headers, payload: { query: word } })).json(),
    );
    const statusOf = Object.fromEntries(found.map((u) => [u.id, u.connection_status]));
    expect(statusOf).toEqual({
      [friend!.user.id]: 'connected',
      [asked!.user.id]: 'request_sent',
      [asker!.user.id]: 'request_received',
      [declined!.user.id]: 'none',
      [held!.user.id]: 'none',
      [stranger!.user.id]: 'none',
    });
    // The other side sees its own side of the same request.
    const theirs = UserSearchAnswerSchema.parse(
      (await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${asked!.user.id}`, headers: asked!.headers, payload: { query: me.user.username } })).json(),
    );
    expect(theirs.find((u) => u.id === me.user.id)?.connection_status).toBe('request_received');
  });

  it('takes % and _ in the query literally', async () => {
    const me = await registerUser(t.app);
    const word = tag();
    const literal = await registerUser(t.app, { name: `${word} 100%_sure` });
    await registerUser(t.app, { name: `${word} 100 x sure` });
    expect((await search(t.app, me, { query: `${word} 100%_` })).map((u) => u.id)).toEqual([literal.user.id]);
  });

  it('matches any of the interests, case- and space-insensitively', async () => {
    const me = await registerUser(t.app);
    const a = tag();
    const b = tag();
    const one = await registerUser(t.app, { interests: [`  ${a.toUpperCase()} `] });
    const two = await registerUser(t.app, { interests: ['tea', b] });
    await registerUser(t.app, { interests: [`${a}s`] });
    const found = await search(t.app, me, { interests: [a, b] });
    expect(found.map((u) => u.id).sort()).toEqual([one.user.id, two.user.id].sort());
  });

  it('filters by industry (the occupation), communication style and an inclusive age range', async () => {
    const me = await registerUser(t.app);
    const industry = tag();
    const young = await registerUser(t.app, { occupation: `${industry} analyst`, age: 25, communication_style: 'introverted' });
    const edge = await registerUser(t.app, { occupation: `Senior ${industry}`, age: 30, communication_style: 'introverted' });
    await registerUser(t.app, { occupation: `${industry} lead`, age: 31, communication_style: 'introverted' });
    await registerUser(t.app, { occupation: `${industry} lead`, age: 28, communication_style: 'extroverted' });
    await registerUser(t.app, { occupation: `${industry} lead`, age: null, communication_style: 'introverted' });
    const found = await search(t.app, me, { professional_industry: industry, communication_style: 'introverted', age_range: [25, 30] });
    expect(found.map((u) => u.id).sort()).toEqual([young.user.id, edge.user.id].sort());
  });

  it('never answers the searcher and at most 50 people', async () => {
    const word = tag();
    const me = await registerUser(t.app, { occupation: word });
    expect(await search(t.app, me, { query: word })).toEqual([]);
    const everyone = await search(t.app, me, {});
    expect(everyone.length).toBeLessThanOrEqual(50);
    expect(everyone.map((u) => u.id)).not.toContain(me.user.id);
  });

  it('answers 50 when more match', async () => {
    const me = await registerUser(t.app);
    const word = tag();
    await t.db.insert(users).values(
      Array.from({ length: 55 }, (_, i) => ({
        username: `${word}_${i}`,
        name: `Many ${i}`,
        email: `${word}_${i}@example.com`,
        passwordHash: 'not-a-real-hash',
      })),
    );
    expect(await search(t.app, me, { query: word })).toHaveLength(50);
  });

  it.each([
    [{ age_range: [40, 30] }, /^age_range: minimum must not exceed maximum/],
    [{ age_range: [20] }, /^age_range/],
    [{ communication_style: 'shouty' }, /^communication_style: /],
    [{ interests: 'jazz' }, /^interests: /],
    [{ query: 'x'.repeat(101) }, /^query: /],
  ])('refuses %j with 400', async (body, detail) => {
    const me = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${me.user.id}`, headers: me.headers, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('answers 401 without a session and 403 for someone else’s id', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${me.user.id}`, payload: {} })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/users/search?user_id=${other.user.id}`, headers: me.headers, payload: {} });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('POST /api/users/block', () => {
  const block = (u: TestUser | null, userId: string | undefined, target: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/block?user_id=${userId}&block_user_id=${target}`, headers: u?.headers ?? {} });

  it('blocks, removes pending requests both ways and the connection, and is idempotent', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    await connect(t.db, me.user.id, other.user.id);
    await connect(t.db, me.user.id, bystander.user.id);
    await t.db.insert(connectionRequests).values([
      { fromUser: me.user.id, toUser: other.user.id },
      { fromUser: other.user.id, toUser: me.user.id },
      { fromUser: bystander.user.id, toUser: me.user.id },
    ]);
    for (let i = 0; i < 2; i++) {
      const res = await block(me, me.user.id, other.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.user.id))).toHaveLength(1);
    const between = or(
      and(eq(connectionRequests.fromUser, me.user.id), eq(connectionRequests.toUser, other.user.id)),
      and(eq(connectionRequests.fromUser, other.user.id), eq(connectionRequests.toUser, me.user.id)),
    );
    expect(await t.db.select().from(connectionRequests).where(between)).toEqual([]);
    expect(await t.db.select().from(connectionRequests).where(eq(connectionRequests.fromUser, bystander.user.id))).toHaveLength(1);
    const [u1, u2] = orderedPair(me.user.id, other.user.id);
    expect(await t.db.select().from(connections).where(and(eq(connections.user1, u1), eq(connections.user2, u2)))).toEqual([]);
    const [b1, b2] = orderedPair(me.user.id, bystander.user.id);
    expect(await t.db.select().from(connections).where(and(eq(connections.user1, b1), eq(connections.user2, b2)))).toHaveLength(1);
  });

  it('takes both off each other’s nearby list at once', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const event = await createEvent(t, me, happeningNow(t.clock));
    await joinEvent(t.app, other, event.id);
    expect((await discover(t.app, other, event.id)).map((e) => e.user.id)).toEqual([me.user.id]);
    await block(me, me.user.id, other.user.id);
    expect(await discover(t.app, me, event.id)).toEqual([]);
    expect(await discover(t.app, other, event.id)).toEqual([]);
  });

  it('refuses to block yourself (400), an unknown user (404) and a malformed id (400)', async () => {
    const me = await registerUser(t.app);
    const self = await block(me, me.user.id, me.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toBe('block_user_id: you cannot block yourself');
    const unknown = await block(me, me.user.id, UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    const bad = await block(me, me.user.id, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^block_user_id: /);
  });

  it('answers 401 without a session and 403 for someone else’s id', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await block(null, me.user.id, other.user.id)).statusCode).toBe(401);
    expect((await block(me, other.user.id, me.user.id)).statusCode).toBe(403);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, other.user.id))).toEqual([]);
  });
});

describe('GET /api/users/blocked and DELETE /api/users/block/{blocked_user_id}', () => {
  const block = (u: TestUser, target: string) =>
    t.app.inject({ method: 'POST', url: `/api/users/block?user_id=${u.user.id}&block_user_id=${target}`, headers: u.headers });
  const blocked = (u: TestUser | null, userId: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/blocked?user_id=${userId}`, headers: u?.headers ?? {} });
  const unblock = (u: TestUser | null, userId: string, target: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/block/${target}?user_id=${userId}`, headers: u?.headers ?? {} });

  it('lists the people one blocked, newest first, as one may see them', async () => {
    const me = await registerUser(t.app);
    const first = await registerUser(t.app, { name: 'First Person' });
    const second = await registerUser(t.app, { name: 'Second Person' });
    const masked = await registerUser(t.app, { name: 'Masked Person' });
    const blockedMe = await registerUser(t.app);
    await putPrivacy(t.app, masked, { visibility_mode: 'anonymous' });
    await block(me, first.user.id);
    t.clock.advance(1_000);
    await block(me, second.user.id);
    t.clock.advance(1_000);
    await block(me, masked.user.id);
    await block(blockedMe, me.user.id);
    const res = await blocked(me, me.user.id);
    expect(res.statusCode).toBe(200);
    const list = BlockedUsersAnswerSchema.parse(res.json());
    expect(list.map(({ id, name, username }) => ({ id, name, username }))).toEqual([
      { id: masked.user.id, name: 'Anonymous attendee', username: null },
      { id: second.user.id, name: 'Second Person', username: second.user.username },
      { id: first.user.id, name: 'First Person', username: first.user.username },
    ]);
    expect(list[2]!.blocked_at).toBe(new Date(t.clock.now().getTime() - 2_000).toISOString());
    expect(BlockedUsersAnswerSchema.parse((await blocked(first, first.user.id)).json())).toEqual([]);
  });

  it('unblocks: they are strangers again, and no connection or request comes back', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    await connect(t.db, me.user.id, other.user.id);
    await t.db.insert(connectionRequests).values({ fromUser: other.user.id, toUser: me.user.id });
    await block(me, other.user.id);
    const res = await unblock(me, me.user.id, other.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, me.user.id))).toEqual([]);
    const [u1, u2] = orderedPair(me.user.id, other.user.id);
    expect(await t.db.select().from(connections).where(and(eq(connections.user1, u1), eq(connections.user2, u2)))).toEqual([]);
    expect(await t.db.select().from(connectionRequests).where(eq(connectionRequests.fromUser, other.user.id))).toEqual([]);
    const found = await search(t.app, me, { query: other.user.username });
    expect(UserSearchAnswerSchema.parse(found).map((u) => [u.id, u.connection_status])).toEqual([[other.user.id, 'none']]);
    expect(BlockedUsersAnswerSchema.parse((await blocked(me, me.user.id)).json())).toEqual([]);
  });

  it('answers 404 for someone one has not blocked, even when they blocked one', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    await block(other, me.user.id);
    const res = await unblock(me, me.user.id, other.user.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('You have not blocked this person');
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, other.user.id))).toHaveLength(1);
    expect((await unblock(me, me.user.id, UNKNOWN)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    const me = await registerUser(t.app);
    const res = await unblock(me, me.user.id, 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^blocked_user_id: must be a valid id/);
  });

  it('answers 401 without a session and 403 when acting as someone else', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    await block(other, me.user.id);
    expect((await blocked(null, other.user.id)).statusCode).toBe(401);
    expect((await unblock(null, other.user.id, me.user.id)).statusCode).toBe(401);
    expect((await blocked(me, other.user.id)).statusCode).toBe(403);
    const res = await unblock(me, other.user.id, me.user.id);
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, other.user.id))).toHaveLength(1);
  });
});

describe('PUT /api/users/social-battery', () => {
  const put = (u: TestUser | null, userId: string | undefined, level: string) =>
    t.app.inject({ method: 'PUT', url: `/api/users/social-battery?user_id=${userId}&battery_level=${level}`, headers: u?.headers ?? {} });

  it('sets the level, and others see it at once', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const event = await createEvent(t, other, happeningNow(t.clock));
    await joinEvent(t.app, me, event.id);
    expect((await discover(t.app, other, event.id))[0]!.social_battery).toBe(8);
    // (4: at 3 or lower a stranger would no longer see them at all, issue 18.)
    const res = await put(me, me.user.id, '4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, social_battery: 4 });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.socialBattery).toBe(4);
    expect((await discover(t.app, other, event.id))[0]!.social_battery).toBe(4);
  });

  it.each(['0', '11', '2.5', 'full', ''])('refuses %j with 400', async (level) => {
    const me = await registerUser(t.app);
    const res = await put(me, me.user.id, level);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^battery_level: /);
  });

  it('answers 401 and 403', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await put(null, me.user.id, '5')).statusCode).toBe(401);
    expect((await put(me, other.user.id, '5')).statusCode).toBe(403);
  });
});

describe('GET and PUT /api/users/privacy', () => {
  const getPrivacy = (u: TestUser | null, userId: string | undefined) =>
    t.app.inject({ method: 'GET', url: `/api/users/privacy?user_id=${userId}`, headers: u?.headers ?? {} });
  const put = (u: TestUser | null, userId: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/users/privacy?user_id=${userId}`, headers: u?.headers ?? {}, payload: payload as object });

  it('starts with the SPEC 3 defaults', async () => {
    const me = await registerUser(t.app);
    const res = await getPrivacy(me, me.user.id);
    expect(res.statusCode).toBe(200);
    expect(PrivacySettingsSchema.parse(res.json())).toEqual(PRIVACY_DEFAULTS);
  });

  it('changes only what is sent and answers every setting', async () => {
    const me = await registerUser(t.app);
    const res = await put(me, me.user.id, { visibility_mode: 'friends', show_interests: false });
    expect(res.statusCode).toBe(200);
    const expected = { ...PRIVACY_DEFAULTS, visibility_mode: 'friends', show_interests: false };
    expect(res.json()).toEqual(expected);
    expect((await put(me, me.user.id, { anonymous_browsing: true })).json()).toEqual({ ...expected, anonymous_browsing: true });
    expect((await getPrivacy(me, me.user.id)).json()).toEqual({ ...expected, anonymous_browsing: true });
    expect((await put(me, me.user.id, {})).json()).toEqual({ ...expected, anonymous_browsing: true });
  });

  it('turning safe space mode off makes the held requests visible', async () => {
    const me = await registerUser(t.app);
    const sender = await registerUser(t.app);
    await put(me, me.user.id, { safe_space_mode: true });
    await t.db.insert(connectionRequests).values({ fromUser: sender.user.id, toUser: me.user.id, held: true });
    await put(me, me.user.id, { show_interests: false });
    const stillHeld = await t.db.select().from(connectionRequests).where(eq(connectionRequests.toUser, me.user.id));
    expect(stillHeld.map((r) => r.held)).toEqual([true]);
    await put(me, me.user.id, { safe_space_mode: false });
    const released = await t.db.select().from(connectionRequests).where(eq(connectionRequests.toUser, me.user.id));
    expect(released.map((r) => r.held)).toEqual([false]);
  });

  it('turning show_location off forgets the positions kept', async () => {
    const me = await registerUser(t.app);
    const event = await createEvent(t, me, happeningNow(t.clock));
    await reportLocation(t.app, me, event.id, 52.52, 13.405);
    expect(await t.db.select().from(userLocations).where(eq(userLocations.userId, me.user.id))).toHaveLength(1);
    await putPrivacy(t.app, me, { show_location: false });
    expect(await t.db.select().from(userLocations).where(eq(userLocations.userId, me.user.id))).toEqual([]);
  });

  it.each([
    [{ visibility_mode: 'invisible' }, /^visibility_mode: /],
    [{ show_location: 'yes' }, /^show_location: /],
    [[], /^body|: /],
  ])('refuses %j with 400', async (body, detail) => {
    const me = await registerUser(t.app);
    const res = await put(me, me.user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('answers 401 and 403', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await getPrivacy(null, me.user.id)).statusCode).toBe(401);
    expect((await getPrivacy(me, other.user.id)).statusCode).toBe(403);
    expect((await put(null, me.user.id, {})).statusCode).toBe(401);
    expect((await put(me, other.user.id, { visibility_mode: 'private' })).statusCode).toBe(403);
    expect((await getPrivacy(other, other.user.id)).json().visibility_mode).toBe('public');
  });
});

describe('PUT /api/users/availability', () => {
  const put = (u: TestUser | null, userId: string | undefined, value: string) =>
    t.app.inject({ method: 'PUT', url: `/api/users/availability?user_id=${userId}&is_available=${value}`, headers: u?.headers ?? {} });

  it('sets availability both ways', async () => {
    const me = await registerUser(t.app);
    const off = await put(me, me.user.id, 'false');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, is_available: false });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row!.isAvailable).toBe(false);
    expect((await put(me, me.user.id, 'true')).json()).toEqual({ success: true, is_available: true });
  });

  it.each(['maybe', '1', ''])('refuses %j with 400', async (value) => {
    const me = await registerUser(t.app);
    const res = await put(me, me.user.id, value);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('is_available: must be true or false');
  });

  it('answers 401 and 403', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await put(null, me.user.id, 'false')).statusCode).toBe(401);
    expect((await put(me, other.user.id, 'false')).statusCode).toBe(403);
  });
});
