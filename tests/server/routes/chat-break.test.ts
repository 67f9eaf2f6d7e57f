/**
 * "I need a break" (issue 18 item 3): POST /api/chat/break sends a kind closing line as an
 * ordinary message and mutes the chat for the sender; GET /api/chat/mutes and DELETE /api/chat/{otherUserId}/mute. While
 * the mute lasts the other person's messages arrive quietly and make no notification, and
 * they are never told: nothing they get differs from a normal message.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CLOSING_LINES, MUTE_LENGTHS } from '../../../contract/exit-plan';
import { ChatBreakAnswerSchema, ChatMessageSchema, ChatMuteSchema } from '../../../contract/social';
import { DEFAULT_RATE_LIMITS } from '../../../server/app';
import { MESSAGES_TOO_FAST } from '../../../server/plugins/rate-limits';
import { chatMessages, conversationMutes } from '../../../server/db/schema';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, meet, notificationsOf, openLive, unknownId, withoutFreshCodes } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const takeBreak = (from: TestUser, body: Record<string, unknown>) => as(t.app, from).post(`/api/chat/break?user_id=${from.user.id}`, body);
const send = (from: TestUser, to: TestUser, message: string) =>
  as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message });
const mutes = (me: TestUser) => as(t.app, me).get(`/api/chat/mutes?user_id=${me.user.id}`);
const unmute = (me: TestUser, otherId: string, actingAs = me.user.id) =>
  t.app.inject({ method: 'DELETE', url: `/api/chat/${otherId}/mute?user_id=${actingAs}`, headers: me.headers });
const history = async (me: TestUser, other: TestUser) =>
  z.array(ChatMessageSchema).parse((await as(t.app, me).get(`/api/chat/${other.user.id}?user_id=${me.user.id}`)).json());
const muteRows = (userId: string) => t.database.db.select().from(conversationMutes).where(eq(conversationMutes.userId, userId));

async function pair(): Promise<[TestUser, TestUser]> {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  await meet(t.database.db, a, b);
  return [a, b];
}

describe('POST /api/chat/break', () => {
  it('sends the chosen line as an ordinary text message and mutes the chat until now + the length', async () => {
    const [a, b] = await pair();
    const lb = await openLive(t.app, b);
    const line = CLOSING_LINES[1];
    const res = await takeBreak(a, { to_user: b.user.id, line_id: line.id, mute_minutes: 60 });
    expect(res.statusCode).toBe(200);
    const answer = ChatBreakAnswerSchema.parse(res.json());
    expect(answer.message).toMatchObject({ from_user: a.user.id, to_user: b.user.id, message: line.text, message_type: 'text', ice_breaker_id: null });
    expect(answer.muted_until).toBe(new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString());
    const [row] = await muteRows(a.user.id);
    expect(row).toMatchObject({ otherUserId: b.user.id });
    expect(row!.until.toISOString()).toBe(answer.muted_until);
    // B hears it as any message: the same keys as a message sent with /chat/send (the sender's name
    // among them, issue 39), nothing about a mute.
    const heard = await lb.next('new_message', (m) => m.message.id === answer.message.id);
    expect(heard).toEqual({ type: 'new_message', message: answer.message, from_name: a.user.name });
    expect((await history(b, a)).map((m) => m.message)).toEqual([line.text]);
  });

  it.each(CLOSING_LINES.map((l) => [l.id, l.text]))('line %s is sent as its text', async (id, text) => {
    const [a, b] = await pair();
    const res = await takeBreak(a, { to_user: b.user.id, line_id: id, mute_minutes: 30 });
    expect(res.json().message.message).toBe(text);
  });

  it.each([
    [{ line_id: 'go-away' }, /^line_id: must be one of /],
    [{ line_id: undefined }, /^line_id: /],
    [{ mute_minutes: 45 }, /^mute_minutes: must be one of 30, 60, 180/],
    [{ mute_minutes: '30' }, /^mute_minutes: must be one of /],
    [{ mute_minutes: undefined }, /^mute_minutes: /],
    [{ to_user: 'bob' }, /^to_user: /],
  ])('refuses %j with 400 naming the field, and sends and mutes nothing', async (patch, detail) => {
    const [a, b] = await pair();
    const res = await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.fromUser, a.user.id))).toHaveLength(0);
    expect(await muteRows(a.user.id)).toHaveLength(0);
  });

  it('follows the rules of /chat/send: 400 yourself, 404 unknown or blocked, 403 a stranger with no shared event; nothing muted', async () => {
    const a = await registerUser(t.app);
    const [stranger, blocked] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await meet(t.database.db, a, blocked);
    await block(t.database.db, blocked.user.id, a.user.id);
    const body = { line_id: 'recharge', mute_minutes: 30 };
    expect((await takeBreak(a, { ...body, to_user: a.user.id })).statusCode).toBe(400);
    expect((await takeBreak(a, { ...body, to_user: unknownId() })).statusCode).toBe(404);
    expect((await takeBreak(a, { ...body, to_user: blocked.user.id })).statusCode).toBe(404);
    const refused = await takeBreak(a, { ...body, to_user: stranger.user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toEqual((await send(a, stranger, 'hi')).json().detail);
    expect(await muteRows(a.user.id)).toHaveLength(0);
  });

  it('counts toward the message rate limit: past it, 429 and no mute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const [a, b] = await pair();
      for (let i = 0; i < DEFAULT_RATE_LIMITS.messagesPerUser; i++) expect((await send(a, b, `m${i}`)).statusCode).toBe(200);
      const over = await takeBreak(a, { to_user: b.user.id, line_id: 'quiet', mute_minutes: 30 });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject(refusalOf(MESSAGES_TOO_FAST));
      expect(await muteRows(a.user.id)).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a second break replaces the end of the first', async () => {
    const [a, b] = await pair();
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 180 });
    const second = ChatBreakAnswerSchema.parse((await takeBreak(a, { to_user: b.user.id, line_id: 'later', mute_minutes: 30 })).json());
    const rows = await muteRows(a.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.until.toISOString()).toBe(second.muted_until);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const [a, b] = await pair();
    const body = { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30 };
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/break?user_id=${a.user.id}`, payload: body })).statusCode).toBe(401);
    expect((await as(t.app, a).post(`/api/chat/break?user_id=${b.user.id}`, body)).statusCode).toBe(403);
  });
});

describe('while a chat is muted', () => {
  it("the other's messages arrive and are stored, quietly (no toast), with no notification; B notices nothing", async () => {
    const [a, b] = await pair();
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30 });
    const la = await openLive(t.app, a);
    const lb = await openLive(t.app, b);
    const res = await send(b, a, 'Oh, one more thing!');
    // B's answer and B's own live echo are as ever.
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'success']);
    const sent = ChatMessageSchema.parse(res.json().message);
    expect(await lb.next('new_message', (m) => m.message.id === sent.id)).toEqual({ type: 'new_message', message: sent });
    // A has it, listed quietly.
    expect(await la.next('new_message', (m) => m.message.id === sent.id)).toEqual({ type: 'new_message', message: sent, from_name: b.user.name, quiet: true });
    expect((await history(a, b)).map((m) => m.message)).toContain('Oh, one more thing!');

    // Offline: still stored, and no notification is made for it.
    la.close();
    await vi.waitFor(async () => expect(await t.app.realtime.isOnline?.(a.user.id)).toBe(false));
    await send(b, a, 'Are you there?');
    expect((await history(a, b)).map((m) => m.message)).toContain('Are you there?');
    expect(await notificationsOf(t.database.db, a.user.id)).toHaveLength(0);
    // B's view of A, and of the chat, is what it would be without the mute.
    const partner = await as(t.app, b).get(`/api/chat/${a.user.id}/partner?user_id=${b.user.id}`);
    expect(partner.json().can_message).toBe(true);
    expect(JSON.stringify(partner.json())).not.toMatch(/mute|quiet/i);
  });

  it('is one way: A’s messages to B, and others’ messages to A, come as ever', async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    await meet(t.database.db, a, c);
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30 });
    const la = await openLive(t.app, a);
    const lb = await openLive(t.app, b);
    const toB = ChatMessageSchema.parse((await send(a, b, 'Actually, one last thing')).json().message);
    expect((await lb.next('new_message', (m) => m.message.id === toB.id)).quiet).toBeUndefined();
    const fromC = ChatMessageSchema.parse((await send(c, a, 'Hi from C')).json().message);
    expect((await la.next('new_message', (m) => m.message.id === fromC.id)).quiet).toBeUndefined();
  });

  it('ends by itself: once the mute is over the messages are loud again and notify as before', async () => {
    const [a, b] = await pair();
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30 });
    t.clock.advance(30 * MINUTE - 1);
    const la = await openLive(t.app, a);
    const early = ChatMessageSchema.parse((await send(b, a, 'still quiet')).json().message);
    expect((await la.next('new_message', (m) => m.message.id === early.id)).quiet).toBe(true);
    t.clock.advance(1);
    const late = ChatMessageSchema.parse((await send(b, a, 'loud again')).json().message);
    expect((await la.next('new_message', (m) => m.message.id === late.id)).quiet).toBeUndefined();
    la.close();
    await vi.waitFor(async () => expect(await t.app.realtime.isOnline?.(a.user.id)).toBe(false));
    await send(b, a, 'and a notification');
    expect(await notificationsOf(t.database.db, a.user.id)).toHaveLength(1);
  });
});

describe('GET /api/chat/mutes', () => {
  it("lists only the user's own mutes that are not over, the soonest end first", async () => {
    const [a, b] = await pair();
    const c = await registerUser(t.app);
    await meet(t.database.db, a, c);
    const long = ChatBreakAnswerSchema.parse((await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 180 })).json());
    const short = ChatBreakAnswerSchema.parse((await takeBreak(a, { to_user: c.user.id, line_id: 'later', mute_minutes: 30 })).json());
    const res = await mutes(a);
    expect(res.statusCode).toBe(200);
    expect(z.array(ChatMuteSchema).parse(res.json())).toEqual([
      { user_id: c.user.id, until: short.muted_until },
      { user_id: b.user.id, until: long.muted_until },
    ]);
    // Nobody else sees them: B has muted nothing.
    expect((await mutes(b)).json()).toEqual([]);
    t.clock.advance(30 * MINUTE);
    expect((await mutes(a)).json()).toEqual([{ user_id: b.user.id, until: long.muted_until }]);
  });

  it('answers 401 without a session and 403 acting as someone else', async () => {
    const [a, b] = await pair();
    expect((await t.app.inject({ method: 'GET', url: `/api/chat/mutes?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/chat/mutes?user_id=${b.user.id}`)).statusCode).toBe(403);
  });
});

describe('DELETE /api/chat/{otherUserId}/mute', () => {
  it('unmutes: the next message is loud again; a second unmute answers 404', async () => {
    const [a, b] = await pair();
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 60 });
    const res = await unmute(a, b.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await mutes(a)).json()).toEqual([]);
    const la = await openLive(t.app, a);
    const m = ChatMessageSchema.parse((await send(b, a, 'hello again')).json().message);
    expect((await la.next('new_message', (x) => x.message.id === m.id)).quiet).toBeUndefined();
    const again = await unmute(a, b.user.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('This chat is not muted.');
  });

  it('answers 404 for a chat never muted or whose mute is over, 400 for a bad id, 401 and 403', async () => {
    const [a, b] = await pair();
    expect((await unmute(a, b.user.id)).statusCode).toBe(404);
    expect((await unmute(a, unknownId())).statusCode).toBe(404);
    await takeBreak(a, { to_user: b.user.id, line_id: 'recharge', mute_minutes: 30 });
    // B cannot end A's mute, nor learn of it: B has no mute of A to end.
    expect((await unmute(b, a.user.id)).statusCode).toBe(404);
    expect((await unmute(a, b.user.id, b.user.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/chat/${b.user.id}/mute?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await unmute(a, 'nobody')).json().detail).toMatch(/^otherUserId: /);
    t.clock.advance(30 * MINUTE);
    expect((await unmute(a, b.user.id)).statusCode).toBe(404);
    expect(await t.database.db.select().from(conversationMutes).where(and(eq(conversationMutes.userId, a.user.id)))).toHaveLength(0);
  });

  it('lengths offered are the ones the server takes', () => {
    expect(MUTE_LENGTHS.map((m) => m.minutes)).toEqual([30, 60, 180]);
  });
});

describe('what the other person can learn of a mute', () => {
  /** Every attendee GET of the OpenAPI document, each `{param}` filled with each id given. */
  async function everyRead(ids: readonly string[]): Promise<string[]> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    };
    const urls: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!item.get?.security?.some((s) => 'attendeeSession' in s)) continue;
      let filled = [path];
      for (const p of path.match(/\{[^}]+\}/g) ?? []) filled = filled.flatMap((u) => ids.map((id) => u.replace(p, id)));
      urls.push(...filled);
    }
    return urls;
  }

  it('nothing: every call B can make answers the same while A has B muted as once A unmutes, and nothing arrives live', async () => {
    const [a, b] = await pair();
    await takeBreak(a, { to_user: b.user.id, line_id: 'later', mute_minutes: 180 });
    const urls = await everyRead([a.user.id, b.user.id]);
    expect(urls.length).toBeGreaterThan(25);
    const probe = async () => {
      const answers: string[] = [];
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?user_id=${b.user.id}`, headers: b.headers });
        answers.push(`${url} ${res.statusCode} ${withoutFreshCodes(res.body)}`);
      }
      return answers;
    };
    const muted = await probe();
    // (The answers' bodies: the list of B's own mutes is one of the calls, and it is empty.)
    expect(muted.map((a) => a.slice(a.indexOf(' '))).join('\n')).not.toMatch(/mute/i);
    expect(muted).toContain(`/api/chat/mutes 200 []`);
    const lb = await openLive(t.app, b);
    expect((await unmute(a, b.user.id)).statusCode).toBe(200);
    await lb.sync();
    expect(lb.messages).toEqual([]);
    const unmuted = await probe();
    expect(unmuted).toEqual(muted);
  }, 120_000);
});
