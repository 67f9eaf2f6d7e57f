import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { GroupChatSchema, GroupMessageAnswerSchema, GroupMessageSchema } from '../../../contract/social';
import { groupChats, groupMessages } from '../../../server/db/schema';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { DEFAULT_RATE_LIMITS } from '../../../server/app';
import { MESSAGES_TOO_FAST } from '../../../server/plugins/rate-limits';
import { silentRealtime, type Realtime } from '../../../server/core/realtime';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { connect } from '../media-helpers';
import { as, attend, block, joinEvent, makeCommunity, makeEvent, meet, openLive, setUser, unknownId } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const post = (u: TestUser, groupId: string, message: string, group_id = groupId) =>
  as(t.app, u).post(`/api/group-chats/${groupId}/messages?user_id=${u.user.id}`, { group_id, message });
const chats = (u: TestUser, eventId: string) => as(t.app, u).get(`/api/events/${eventId}/group-chats?user_id=${u.user.id}`);
const history = (u: TestUser, groupId: string, extra = '') =>
  as(t.app, u).get(`/api/group-chats/${groupId}/messages?user_id=${u.user.id}${extra}`);
const texts = (r: { json(): unknown }) => (r.json() as Array<{ message: string }>).map((m) => m.message);

describe('GET /api/events/{id}/group-chats', () => {
  it("lists the event's chat, then the chats of my communities, each with its last message", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id], { name: 'Calm Con' });
    const mine = await makeCommunity(t.database.db, event.id, [a.user.id], { name: 'Knitting' });
    await makeCommunity(t.database.db, event.id, [b.user.id], { name: 'Not mine' });
    await post(a, event.chatId, 'first');
    t.clock.advance(1000);
    await post(b, event.chatId, 'latest');
    const res = await chats(a, event.id);
    expect(res.statusCode).toBe(200);
    const list = z.array(GroupChatSchema).parse(res.json());
    expect(list.map((c) => c.id)).toEqual([event.chatId, mine.chatId]);
    expect(list[0]).toMatchObject({ name: 'Calm Con — everyone', event_id: event.id, community_id: null, closed: false });
    expect(list[0]!.last_message).toMatchObject({ message: 'latest', from_user: b.user.id, from_name: b.user.name });
    expect(list[1]).toMatchObject({ name: 'Knitting', community_id: mine.id, closed: false, last_message: null });
  });

  it('makes the chat of an event or community that has none yet, once', async () => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    await t.database.db.delete(groupChats).where(eq(groupChats.eventId, event.id));
    const community = await makeCommunity(t.database.db, event.id, [a.user.id], { withChat: false });
    const [r1, r2] = await Promise.all([chats(a, event.id), chats(a, event.id)]);
    expect(r1.json()).toEqual(r2.json());
    const rows = await t.database.db.select().from(groupChats).where(eq(groupChats.eventId, event.id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.communityId === community.id)).toHaveLength(1);
    const everyone = await t.database.db
      .select()
      .from(groupChats)
      .where(and(eq(groupChats.eventId, event.id), isNull(groupChats.communityId)));
    expect(everyone).toHaveLength(1);
  });

  it('hides the last message of someone blocked', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await post(a, event.chatId, 'mine');
    t.clock.advance(1000);
    await post(b, event.chatId, 'theirs');
    await block(t.database.db, a.user.id, b.user.id);
    expect((await chats(a, event.id)).json()[0].last_message.message).toBe('mine');
  });

  it('answers 404 for an unknown event, 403 for a non-attendee, 401, 403 acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [b.user.id]);
    expect((await chats(a, unknownId())).statusCode).toBe(404);
    expect((await chats(a, event.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/group-chats` })).statusCode).toBe(401);
    expect((await as(t.app, a).get(`/api/events/${event.id}/group-chats?user_id=${b.user.id}`)).statusCode).toBe(403);
    // SPEC sends no query: the session alone is enough.
    expect((await as(t.app, b).get(`/api/events/${event.id}/group-chats`)).statusCode).toBe(200);
  });
});

describe('POST /api/group-chats/{id}/messages', () => {
  it('stores the message and answers it', async () => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const res = await post(a, event.chatId, '  Hello all  ');
    expect(res.statusCode).toBe(200);
    const { message } = GroupMessageAnswerSchema.parse(res.json());
    expect(message).toMatchObject({ group_id: event.chatId, from_user: a.user.id, from_name: a.user.name, message: 'Hello all' });
    const rows = await t.database.db.select().from(groupMessages).where(eq(groupMessages.groupId, event.chatId));
    expect(rows.map((r) => r.message)).toEqual(['Hello all']);
  });

  it('answers the poster before the chat hears the message, then the chat hears it', async () => {
    // The chat hears it through a Realtime that holds every delivery until released: an
    // answer that waited for the delivery would never come (the test would time out).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const heard: string[] = [];
    const realtime: Realtime = {
      ...silentRealtime,
      toEvent: async (_eventId, message) => {
        await held;
        heard.push(message.type);
      },
    };
    const own = await testApp({ realtime });
    try {
      const a = await registerUser(own.app);
      const event = await makeEvent(own.database.db, [a.user.id]);
      const res = await as(own.app, a).post(`/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`, { group_id: event.chatId, message: 'first' });
      expect(res.statusCode).toBe(200);
      expect(heard).toEqual([]);
      release();
      await vi.waitFor(() => expect(heard).toEqual(['group_message']));
    } finally {
      release();
      await own.close();
    }
  });

  it('answers 429 with a kind detail past the message limit (chat and group messages together) until the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const a = await registerUser(t.app);
      const b = await registerUser(t.app);
      const event = await makeEvent(t.database.db, [a.user.id]);
      await meet(t.database.db, a, b);
      const limit = DEFAULT_RATE_LIMITS.messagesPerUser;
      // One-to-one messages count towards the same limit.
      expect((await as(t.app, a).post(`/api/chat/send?user_id=${a.user.id}`, { to_user: b.user.id, message: 'hi' })).statusCode).toBe(200);
      for (let i = 1; i < limit; i++) expect((await post(a, event.chatId, `m${i}`)).statusCode).toBe(200);
      const over = await post(a, event.chatId, 'one too many');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject(refusalOf(MESSAGES_TOO_FAST));
      expect(await t.database.db.select().from(groupMessages).where(eq(groupMessages.fromUser, a.user.id))).toHaveLength(limit - 1);
      // The limits' store reads the system clock.
      vi.setSystemTime(Date.now() + DEFAULT_RATE_LIMITS.messagesWindowMs);
      expect((await post(a, event.chatId, 'later')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an anonymous sender to others without their name or id, and to themselves as they are', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    await setUser(t.database.db, a.user.id, { visibilityMode: 'anonymous' });
    const own = GroupMessageAnswerSchema.parse((await post(a, event.chatId, 'hi')).json()).message;
    expect(own).toMatchObject({ from_user: a.user.id, from_name: a.user.name });
    const [seen] = z.array(GroupMessageSchema).parse((await history(b, event.chatId)).json());
    expect(seen).toMatchObject({ message: 'hi', from_user: null, from_name: ANONYMOUS_NAME });
  });

  it.each([
    ['', /^message: must not be empty/],
    ['   ', /^message: must not be empty/],
    ['x'.repeat(2001), /^message: must be at most 2000/],
  ])('refuses message %j with 400', async (message, detail) => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const res = await post(a, event.chatId, message);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('refuses a group_id that is not the chat of the path with 400', async () => {
    const a = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const other = await makeEvent(t.database.db, [a.user.id]);
    const res = await post(a, event.chatId, 'hi', other.chatId);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('group_id: must be the group chat of the path');
    const bad = await post(a, event.chatId, 'hi', 'room');
    expect(bad.json().detail).toMatch(/^group_id: /);
    expect(await t.database.db.select().from(groupMessages).where(eq(groupMessages.groupId, other.chatId))).toHaveLength(0);
  });

  it('lets only attendees post to the event chat, and only members to a community chat', async () => {
    const a = await registerUser(t.app);
    const outsider = await registerUser(t.app);
    const attendee = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, attendee.user.id]);
    const community = await makeCommunity(t.database.db, event.id, [a.user.id]);
    expect((await post(outsider, event.chatId, 'let me in')).statusCode).toBe(403);
    const notMember = await post(attendee, community.chatId!, 'hi');
    expect(notMember.statusCode).toBe(403);
    expect((await post(a, community.chatId!, 'members only')).statusCode).toBe(200);
    expect((await post(a, unknownId(), 'hi')).statusCode).toBe(404);
    // Membership of a community whose event one does not attend is not enough.
    const elsewhere = await makeEvent(t.database.db, []);
    const stray = await makeCommunity(t.database.db, elsewhere.id, [outsider.user.id]);
    expect((await post(outsider, stray.chatId!, 'hi')).statusCode).toBe(403);
  });

  it('publishes a community message to its members wherever they are, and to no one else', async () => {
    const a = await registerUser(t.app);
    const member = await registerUser(t.app);
    const attendee = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, member.user.id, attendee.user.id]);
    const community = await makeCommunity(t.database.db, event.id, [a.user.id, member.user.id]);
    const [lm, la] = await Promise.all([openLive(t.app, member), openLive(t.app, attendee)]);
    await joinEvent(t.app, la, attendee.user.id, event.id);
    await post(a, community.chatId!, 'knit night');
    expect((await lm.next('group_message')).message).toMatchObject({ group_id: community.chatId, message: 'knit night' });
    await la.sync();
    expect(la.ofType('group_message')).toHaveLength(0);
  });

  it('publishes a friends-only member named to their connections and anonymous, without an id, to the other members', async () => {
    const a = await registerUser(t.app);
    const friend = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, friend.user.id, stranger.user.id]);
    const community = await makeCommunity(t.database.db, event.id, [a.user.id, friend.user.id, stranger.user.id]);
    await connect(t.database.db, a.user.id, friend.user.id, event.id);
    await setUser(t.database.db, a.user.id, { visibilityMode: 'friends' });
    const [lf, ls] = await Promise.all([openLive(t.app, friend), openLive(t.app, stranger)]);
    await post(a, community.chatId!, 'knit night');
    expect((await lf.next('group_message')).message).toMatchObject({ from_user: a.user.id, from_name: a.user.name });
    expect((await ls.next('group_message')).message).toMatchObject({ from_user: null, from_name: ANONYMOUS_NAME });
    await Promise.all([lf.sync(), ls.sync()]);
    expect([lf.ofType('group_message').length, ls.ofType('group_message').length]).toEqual([1, 1]);
  });

  it('answers 401 and 403 acting as someone else', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id]);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/group-chats/${event.chatId}/messages?user_id=${a.user.id}`,
      payload: { group_id: event.chatId, message: 'x' },
    });
    expect(anon.statusCode).toBe(401);
    const other = await as(t.app, a).post(`/api/group-chats/${event.chatId}/messages?user_id=${b.user.id}`, {
      group_id: event.chatId,
      message: 'x',
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/group-chats/{id}/messages', () => {
  it('answers the history oldest first, in pages, without the messages of people blocked either way', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id, b.user.id, c.user.id]);
    for (let i = 1; i <= 5; i++) {
      await post(i === 3 ? c : b, event.chatId, `m${i}`);
      t.clock.advance(1000);
    }
    const all = await history(a, event.chatId);
    expect(all.statusCode).toBe(200);
    expect(z.array(GroupMessageSchema).parse(all.json()).map((m) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const page = await history(a, event.chatId, '&limit=2');
    expect(texts(page)).toEqual(['m4', 'm5']);
    const cursor = (page.json() as Array<{ id: string }>)[0]!.id;
    expect(texts(await history(a, event.chatId, `&limit=2&before=${cursor}`))).toEqual(['m2', 'm3']);
    await block(t.database.db, c.user.id, a.user.id);
    expect(texts(await history(a, event.chatId))).toEqual(['m1', 'm2', 'm4', 'm5']);
  });

  it('answers 404 unknown, 403 non-attendee or non-member, 400 bad paging, 401', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const event = await makeEvent(t.database.db, [a.user.id]);
    const community = await makeCommunity(t.database.db, event.id, [a.user.id]);
    expect((await history(a, unknownId())).statusCode).toBe(404);
    expect((await history(b, event.chatId)).statusCode).toBe(403);
    await attend(t.database.db, event.id, [b.user.id]);
    expect((await history(b, event.chatId)).statusCode).toBe(200);
    expect((await history(b, community.chatId!)).statusCode).toBe(403);
    const bad = await history(a, event.chatId, '&limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^limit: /);
    const badCursor = await history(a, event.chatId, '&before=soon');
    expect(badCursor.json().detail).toMatch(/^before: /);
    expect((await t.app.inject({ method: 'GET', url: `/api/group-chats/${event.chatId}/messages` })).statusCode).toBe(401);
  });
});
