import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { IceBreakerSchema } from '../../../contract/discovery';
import { ChatMessageSchema, SAFE_SPACE_DETAIL, SendChatAnswerSchema } from '../../../contract/social';
import { chatMessages } from '../../../server/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../../server/app';
import { MESSAGES_TOO_FAST } from '../../../server/plugins/rate-limits';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent, meet, notificationsOf, openLive, setUser, unknownId } from '../social-helpers';
import { refusalOf } from '../../../contract/said';
import { NewMessageSchema } from '../../../contract/live';
import { ANONYMOUS_NAME } from '../../../contract/constants';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const send = (from: TestUser, body: Record<string, unknown>) => as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, body);
const history = (me: TestUser, otherId: string, extra = '') =>
  as(t.app, me).get(`/api/chat/${otherId}?user_id=${me.user.id}${extra}`);
const breakers = (me: TestUser, otherId: string, extra = '') =>
  as(t.app, me).get(`/api/ice-breakers/${otherId}?user_id=${me.user.id}${extra}`);
const connect = async (x: TestUser, y: TestUser) => {
  await as(t.app, x).post(`/api/connections/request?from_user_id=${x.user.id}`, { to_user_id: y.user.id });
  await as(t.app, y).post(`/api/connections/request?from_user_id=${y.user.id}`, { to_user_id: x.user.id });
};

describe('POST /api/chat/send', () => {
  it('stores a trimmed text message and answers it', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const res = await send(a, { to_user: b.user.id, message: '  Hi there!  ', event_id: null, ice_breaker_id: null });
    expect(res.statusCode).toBe(200);
    const { message } = SendChatAnswerSchema.parse(res.json());
    expect(message).toMatchObject({
      from_user: a.user.id,
      to_user: b.user.id,
      message: 'Hi there!',
      message_type: 'text',
      ice_breaker_id: null,
      event_id: null,
      client_id: null,
      timestamp: t.clock.now().toISOString(),
    });
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row!.message).toBe('Hi there!');
  });

  it.each([
    [{ message: '' }, /^message: must not be empty/],
    [{ message: '   \n ' }, /^message: must not be empty/],
    [{ message: 'x'.repeat(2001) }, /^message: must be at most 2000/],
    [{ message: 'hi', message_type: 'shout' }, /^message_type: must be text or ice_breaker/],
    [{ message: 'hi', to_user: 'bob' }, /^to_user: /],
    [{ message: 'hi', event_id: 'party' }, /^event_id: /],
    [{ message: 'hi', client_id: 'x'.repeat(101) }, /^client_id: /],
  ])('refuses %j with 400 naming the field', async (patch, detail) => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await send(a, { to_user: b.user.id, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('sends an ice breaker only with one of this pair’s ice breakers', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await meet(t.database.db, a, b);
    // a and c met elsewhere, so a has ice breakers towards c too (issue 40).
    await meet(t.database.db, a, c);
    const mine = z.array(IceBreakerSchema).parse((await breakers(a, b.user.id)).json());
    const theirs = z.array(IceBreakerSchema).parse((await breakers(b, a.user.id)).json());
    const others = z.array(IceBreakerSchema).parse((await breakers(a, c.user.id)).json());

    const missing = await send(a, { to_user: b.user.id, message: 'hello', message_type: 'ice_breaker' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^ice_breaker_id: /);
    const wrongPair = await send(a, { to_user: b.user.id, message: 'x', message_type: 'ice_breaker', ice_breaker_id: others[0]!.id });
    expect(wrongPair.statusCode).toBe(400);
    expect(wrongPair.json().detail).toBe('ice_breaker_id: is not an ice breaker of this chat');
    const unknown = await send(a, { to_user: b.user.id, message: 'x', message_type: 'ice_breaker', ice_breaker_id: unknownId() });
    expect(unknown.statusCode).toBe(400);

    for (const ib of [mine[0]!, theirs[0]!]) {
      const ok = await send(a, { to_user: b.user.id, message: ib.suggestion_text, message_type: 'ice_breaker', ice_breaker_id: ib.id });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toMatchObject({ message_type: 'ice_breaker', ice_breaker_id: ib.id });
    }
    // An ice_breaker_id on a plain text message is not kept.
    const text = await send(a, { to_user: b.user.id, message: 'plain', ice_breaker_id: mine[0]!.id });
    expect(text.json().message).toMatchObject({ message_type: 'text', ice_breaker_id: null });
  });

  it('answers 404 for an unknown, blocked (either way), departed or banned person, and 400 for yourself', async () => {
    const a = await registerUser(t.app);
    const [x, y, gone, banned] = await Promise.all([0, 1, 2, 3].map(() => registerUser(t.app)));
    await block(t.database.db, a.user.id, x!.user.id);
    await block(t.database.db, y!.user.id, a.user.id);
    await setUser(t.database.db, gone!.user.id, { isActive: false });
    await setUser(t.database.db, banned!.user.id, { isBanned: true });
    const unknown = await send(a, { to_user: unknownId(), message: 'hi' });
    expect(unknown.statusCode).toBe(404);
    for (const to of [x, y, gone, banned]) {
      const res = await send(a, { to_user: to!.user.id, message: 'hi' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await send(y!, { to_user: a.user.id, message: 'hi' })).statusCode).toBe(404);
    const self = await send(a, { to_user: a.user.id, message: 'hi' });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toMatch(/^to_user: /);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.fromUser, a.user.id))).toHaveLength(0);
  });

  it('in safe space mode only connections get through, with a gentle 403', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await setUser(t.database.db, b.user.id, { safeSpaceMode: true });
    const res = await send(a, { to_user: b.user.id, message: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(refusalOf(SAFE_SPACE_DETAIL));
    await connect(a, b);
    expect((await send(a, { to_user: b.user.id, message: 'hi again' })).statusCode).toBe(200);
    // The person in safe space can still write to anyone they may write to.
    const c = await registerUser(t.app);
    await meet(t.database.db, b, c);
    expect((await send(b, { to_user: c.user.id, message: 'hello' })).statusCode).toBe(200);
  });

  it('checks the event it names: 404 unknown, 403 not attending', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const theirs = await makeEvent(t.database.db, [b.user.id]);
    const shared = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    expect((await send(a, { to_user: b.user.id, message: 'hi', event_id: unknownId() })).statusCode).toBe(404);
    expect((await send(a, { to_user: b.user.id, message: 'hi', event_id: theirs.id })).statusCode).toBe(403);
    const ok = await send(a, { to_user: b.user.id, message: 'hi', event_id: shared.id });
    expect(ok.json().message.event_id).toBe(shared.id);
  });

  it('a repeat with the same client_id answers the first message and stores, publishes and notifies once', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const la = await openLive(t.app, a);
    const first = await send(a, { to_user: b.user.id, message: 'Once', client_id: 'outbox-1' });
    const again = await send(a, { to_user: b.user.id, message: 'Once', client_id: 'outbox-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.json().message);
    expect(first.json().message.client_id).toBe('outbox-1');
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.fromUser, a.user.id))).toHaveLength(1);
    await la.sync();
    expect(la.ofType('new_message')).toHaveLength(1);
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(1);
    // Another sender may use the same client id.
    expect((await send(b, { to_user: a.user.id, message: 'Mine', client_id: 'outbox-1' })).json().message.from_user).toBe(b.user.id);
  });

  it('answers 429 with a kind detail past the message limit, counting only new messages, until the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const c = await registerUser(t.app);
      await meet(t.database.db, a, b, c);
      const limit = DEFAULT_RATE_LIMITS.messagesPerUser;
      for (let i = 0; i < limit; i++) expect((await send(a, { to_user: i % 2 ? b.user.id : c.user.id, message: `m${i}`, client_id: `c${i}` })).statusCode).toBe(200);
      const over = await send(a, { to_user: b.user.id, message: 'one too many' });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject(refusalOf(MESSAGES_TOO_FAST));
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // An outbox sending one again is answered as before: it is not a new message.
      const again = await send(a, { to_user: c.user.id, message: 'm0', client_id: 'c0' });
      expect(again.statusCode).toBe(200);
      // Someone else is not limited by a's messages.
      expect((await send(b, { to_user: a.user.id, message: 'calm down' })).statusCode).toBe(200);
      expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.fromUser, a.user.id))).toHaveLength(limit);
      // The limits' store reads the system clock.
      vi.setSystemTime(Date.now() + DEFAULT_RATE_LIMITS.messagesWindowMs);
      expect((await send(a, { to_user: b.user.id, message: 'later' })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('notifies the recipient only while they have no live socket open', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    await send(a, { to_user: b.user.id, message: 'Are you around? '.repeat(10) });
    const notes = await notificationsOf(t.database.db, b.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'chat_message', title: 'New message' });
    expect(notes[0]!.content.startsWith(`${a.user.name}: Are you around?`)).toBe(true);
    expect(notes[0]!.content.length).toBeLessThan(a.user.name.length + 90);

    const lb = await openLive(t.app, b);
    await send(a, { to_user: b.user.id, message: 'Now you are here' });
    await lb.next('new_message');
    expect(await notificationsOf(t.database.db, b.user.id)).toHaveLength(1);
  });

  it("comes quietly (no toast) to someone whose energy is low, unless from a connection (issue 18)", async () => {
    const [a, b, friend] = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    await meet(t.database.db, a!, b!, friend!);
    await connect(b!, friend!);
    await setUser(t.database.db, b!.user.id, { socialBattery: 2 });
    t.app.lifecycle.emit('user.changed', b!.user.id);
    const lb = await openLive(t.app, b!);
    const la = await openLive(t.app, a!);
    await send(a!, { to_user: b!.user.id, message: 'Hello, stranger here' });
    await send(friend!, { to_user: b!.user.id, message: 'Hello, friend here' });
    await lb.sync();
    const got = lb.ofType('new_message');
    expect(got.find((m) => m.message.from_user === a!.user.id)?.quiet).toBe(true);
    expect(got.find((m) => m.message.from_user === friend!.user.id)?.quiet).toBeUndefined();
    // The sender's own devices hear it as ever.
    await la.sync();
    expect(la.ofType('new_message')[0]?.quiet).toBeUndefined();
    // Loud again once the person switches it off.
    lb.close();
    await setUser(t.database.db, b!.user.id, { quietWhenLowBattery: false });
    t.app.lifecycle.emit('user.changed', b!.user.id);
    const lb3 = await openLive(t.app, b!);
    await send(a!, { to_user: b!.user.id, message: 'And again' });
    await lb3.sync();
    expect(lb3.ofType('new_message').at(-1)?.quiet).toBeUndefined();
  });

  it('keeps an anonymous sender’s name out of the notification', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    await setUser(t.database.db, a.user.id, { visibilityMode: 'anonymous' });
    await send(a, { to_user: b.user.id, message: 'psst' });
    const [note] = await notificationsOf(t.database.db, b.user.id);
    expect(note!.content).toBe('Anonymous attendee: psst');
  });

  it('names the sender to the recipient live as their chat does (issue 39 item 4): by name, or anonymously', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const shy = await registerUser(t.app);
    await meet(t.database.db, a, b, shy);
    await setUser(t.database.db, shy.user.id, { visibilityMode: 'anonymous' });
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    await send(a, { to_user: b.user.id, message: 'Hello' });
    expect(NewMessageSchema.parse(await lb.next('new_message')).from_name).toBe(a.user.name);
    // The sender's own copy needs no name.
    expect((await la.next('new_message')).from_name).toBeUndefined();

    await send(shy, { to_user: b.user.id, message: 'psst' });
    const anonymous = NewMessageSchema.parse(await lb.next('new_message', (m) => m.message.message === 'psst'));
    expect(anonymous.from_name).toBe(ANONYMOUS_NAME);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const anon = await t.app.inject({ method: 'POST', url: `/api/chat/send?user_id=${a.user.id}`, payload: { to_user: b.user.id, message: 'x' } });
    expect(anon.statusCode).toBe(401);
    const other = await as(t.app, a).post(`/api/chat/send?user_id=${b.user.id}`, { to_user: a.user.id, message: 'x' });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/chat/{otherUserId}', () => {
  it('answers both directions, oldest first, and nobody else’s messages', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await meet(t.database.db, a, b, c);
    await send(a, { to_user: b.user.id, message: 'one' });
    t.clock.advance(1000);
    await send(b, { to_user: a.user.id, message: 'two' });
    t.clock.advance(1000);
    await send(c, { to_user: a.user.id, message: 'not this chat' });
    await send(a, { to_user: b.user.id, message: 'three' });
    const res = await history(a, b.user.id);
    expect(res.statusCode).toBe(200);
    const msgs = z.array(ChatMessageSchema).parse(res.json());
    expect(msgs.map((m) => m.message)).toEqual(['one', 'two', 'three']);
    expect(msgs.map((m) => m.from_user)).toEqual([a.user.id, b.user.id, a.user.id]);
    expect(z.array(ChatMessageSchema).parse((await history(b, a.user.id)).json()).map((m) => m.message)).toEqual(['one', 'two', 'three']);
  });

  it('pages backwards with limit and a before cursor (message id or date)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    for (let i = 1; i <= 7; i++) {
      await send(i % 2 ? a : b, { to_user: i % 2 ? b.user.id : a.user.id, message: `m${i}` });
      t.clock.advance(1000);
    }
    const texts = (r: { json(): unknown }) => (r.json() as Array<{ message: string }>).map((m) => m.message);
    const last = await history(a, b.user.id, '&limit=3');
    expect(texts(last)).toEqual(['m5', 'm6', 'm7']);
    const oldestId = (last.json() as Array<{ id: string; timestamp: string }>)[0]!;
    expect(texts(await history(a, b.user.id, `&limit=3&before=${oldestId.id}`))).toEqual(['m2', 'm3', 'm4']);
    expect(texts(await history(a, b.user.id, `&before=${encodeURIComponent(oldestId.timestamp)}`))).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(texts(await history(a, b.user.id))).toHaveLength(7);
  });

  it('refuses bad paging input with 400', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await meet(t.database.db, a, c);
    const elsewhere = (await send(a, { to_user: c.user.id, message: 'hi' })).json().message.id as string;
    for (const [q, detail] of [
      ['&limit=0', /^limit: /],
      ['&limit=101', /^limit: /],
      ['&limit=ten', /^limit: /],
      ['&before=yesterday-ish', /^before: must be a message id or an ISO date/],
      [`&before=${elsewhere}`, /^before: is not a message of this chat/],
    ] as const) {
      const res = await history(a, b.user.id, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('answers 404 for unknown or blocked people, 400 for yourself, 401, 403', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    await send(a, { to_user: b.user.id, message: 'before the block' });
    await block(t.database.db, b.user.id, a.user.id);
    expect((await history(a, b.user.id)).statusCode).toBe(404);
    expect((await history(b, a.user.id)).statusCode).toBe(404);
    expect((await history(a, unknownId())).statusCode).toBe(404);
    expect((await history(a, a.user.id)).statusCode).toBe(400);
    expect((await history(a, 'nobody')).json().detail).toMatch(/^otherUserId: /);
    expect((await t.app.inject({ method: 'GET', url: `/api/chat/${b.user.id}?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/chat/${a.user.id}?user_id=${b.user.id}`)).statusCode).toBe(403);
  });

  it('keeps the history readable after the other person leaves', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    await send(a, { to_user: b.user.id, message: 'bye' });
    await setUser(t.database.db, b.user.id, { isActive: false });
    expect((await history(a, b.user.id)).json()).toHaveLength(1);
  });
});

describe('GET /api/ice-breakers/{otherUserId}', () => {
  it('answers 3 to 5 suggestions with stable ids', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'hiking'] });
    const b = await registerUser(t.app, { interests: ['jazz'] });
    await meet(t.database.db, a, b);
    const res = await breakers(a, b.user.id);
    expect(res.statusCode).toBe(200);
    const list = z.array(IceBreakerSchema).parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list.some((ib) => ib.suggestion_text.includes('jazz'))).toBe(true);
    expect((await breakers(a, b.user.id)).json()).toEqual(list);
  });

  it('never uses what the other person hides', async () => {
    const a = await registerUser(t.app, { interests: ['jazz'] });
    const b = await registerUser(t.app, { interests: ['jazz'], occupation: 'Spy' });
    await meet(t.database.db, a, b);
    await setUser(t.database.db, b.user.id, { showInterests: false, visibilityMode: 'anonymous' });
    const text = JSON.stringify((await breakers(a, b.user.id)).json());
    expect(text).not.toMatch(/jazz/i);
    expect(text).not.toMatch(/spy/i);
  });

  it('stops offering a suggestion built on something hidden since, and keeps the ids of the others', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'chess'] });
    const b = await registerUser(t.app, { interests: ['jazz', 'chess'], occupation: 'Baker' });
    await meet(t.database.db, a, b);
    const before = z.array(IceBreakerSchema).parse((await breakers(a, b.user.id)).json());
    expect(JSON.stringify(before)).toMatch(/jazz/);
    expect(JSON.stringify(before)).toMatch(/baker/i);
    await setUser(t.database.db, b.user.id, { showInterests: false });
    const after = z.array(IceBreakerSchema).parse((await breakers(a, b.user.id)).json());
    expect(JSON.stringify(after)).not.toMatch(/jazz|chess/);
    const occupation = after.find((ib) => ib.category === 'occupation')!;
    expect(occupation.suggestion_text).toMatch(/baker/i);
    expect(before.find((ib) => ib.category === 'occupation')!.id).toBe(occupation.id);
    // What is shown again is offered again, with its first id.
    await setUser(t.database.db, b.user.id, { showInterests: true });
    const again = z.array(IceBreakerSchema).parse((await breakers(a, b.user.id)).json());
    expect(again).toEqual(before);
  });

  it('gives the same suggestions, with the same ids, as nearby people for the pair at the event', async () => {
    const a = await registerUser(t.app, { interests: ['jazz', 'hiking'] });
    const b = await registerUser(t.app, { interests: ['jazz'], occupation: 'Nurse' });
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id], { name: 'Calm Coders' });
    const nearby = await as(t.app, a).get(`/api/discover/${event.id}?user_id=${a.user.id}`);
    expect(nearby.statusCode).toBe(200);
    const entry = (nearby.json() as Array<{ user: { id: string }; ice_breakers: unknown[] }>).find((e) => e.user.id === b.user.id)!;
    expect(entry.ice_breakers.length).toBeGreaterThanOrEqual(3);
    expect((await breakers(a, b.user.id, `&event_id=${event.id}`)).json()).toEqual(entry.ice_breakers);
  });

  it('mentions the event when given one the viewer attends; 403 otherwise, 404 unknown', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id], { name: 'Quiet Coders' });
    const notMine = await makeEvent(t.database.db, [b.user.id]);
    const list = z.array(IceBreakerSchema).parse((await breakers(a, b.user.id, `&event_id=${event.id}`)).json());
    expect(list.some((ib) => ib.suggestion_text.includes('Quiet Coders'))).toBe(true);
    expect((await breakers(a, b.user.id, `&event_id=${notMine.id}`)).statusCode).toBe(403);
    expect((await breakers(a, b.user.id, `&event_id=${unknownId()}`)).statusCode).toBe(404);
  });

  it('answers 404 across a block or for an unknown id, 401, 403', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await block(t.database.db, a.user.id, b.user.id);
    expect((await breakers(a, b.user.id)).statusCode).toBe(404);
    expect((await breakers(a, unknownId())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ice-breakers/${b.user.id}?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/ice-breakers/${a.user.id}?user_id=${b.user.id}`)).statusCode).toBe(403);
  });
});
