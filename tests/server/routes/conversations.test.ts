/**
 * The Chats inbox (issue 13): GET /api/conversations lists every one-to-one and group
 * conversation with its last message and unread count; PUT /api/conversations/read
 * moves the read marker, which lives in the database, so it holds on another instance;
 * GET /api/chat/{otherUserId}/partner names the other person of a chat as the chat does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PublicUserSchema } from '../../../contract/common';
import { ConversationReadAnswerSchema, ConversationsAnswerSchema, type Conversation } from '../../../contract/social';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { chatMessages, conversationReads, eventAttendees, groupMessages, microCommunityMembers } from '../../../server/db/schema';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { keptReads } from '../../../server/cache/kept';
import { tag } from '../../../server/cache/tags';
import { MESSAGE_WINDOW } from '../../../server/cache/shared-spaces';
import { makeAdmin } from '../admin-helpers';
import { connect } from '../media-helpers';
import { queriesDuring, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, HOUR, makeCommunity, makeEvent, meet, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;

const inbox = async (me: TestUser, app: FastifyInstance = t.app) => {
  const res = await as(app, me).get(`/api/conversations?user_id=${me.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ConversationsAnswerSchema.parse(res.json());
};
const markRead = (me: TestUser, body: unknown, app: FastifyInstance = t.app) =>
  as(app, me).put(`/api/conversations/read?user_id=${me.user.id}`, body);
/** Pairs that share an event, so strangers among them may write (issue 16). */
const met = new Set<string>();
const say = async (from: TestUser, to: TestUser, message: string) => {
  const pair = [from.user.id, to.user.id].sort().join();
  if (!met.has(pair)) {
    await meet(t.database.db, from, to);
    met.add(pair);
  }
  t.clock.advance(MINUTE);
  const res = await as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message });
  expect(res.statusCode, res.body).toBe(200);
};
const post = async (from: TestUser, chatId: string, message: string) => {
  t.clock.advance(MINUTE);
  const res = await as(t.app, from).post(`/api/group-chats/${chatId}/messages?user_id=${from.user.id}`, { group_id: chatId, message });
  expect(res.statusCode, res.body).toBe(200);
};
const byId = (list: Conversation[], id: string) => list.find((c) => c.id === id);

/** An event whose attendees joined an hour ago by the test clock (messages since then are theirs to read). */
async function eventWith(people: TestUser[]) {
  const event = await makeEvent(t.database.db);
  const joinedAt = new Date(t.clock.now().getTime() - HOUR);
  await t.database.db.insert(eventAttendees).values(people.map((p) => ({ eventId: event.id, userId: p.user.id, joinedAt })));
  return event;
}

async function communityWith(eventId: string, people: TestUser[]) {
  const community = await makeCommunity(t.database.db, eventId, []);
  const joinedAt = new Date(t.clock.now().getTime() - HOUR);
  await t.database.db
    .insert(microCommunityMembers)
    .values(people.map((p) => ({ communityId: community.id, userId: p.user.id, joinedAt })));
  return { id: community.id, chatId: community.chatId! };
}

describe('GET /api/conversations', () => {
  it('lists one-to-one and group chats, newest activity first, with last messages and unread counts', async () => {
    const me = await registerUser(t.app, { name: 'Mira Stone' });
    const ann = await registerUser(t.app, { name: 'Ann Lee' });
    const bob = await registerUser(t.app, { name: 'Bob Ray' });
    const event = await eventWith([me, ann, bob]);
    const games = await communityWith(event.id, [me, bob]);
    // Said in the event's chat before I came: never mine to catch up on.
    await t.database.db
      .insert(groupMessages)
      .values({ groupId: event.chatId, fromUser: ann.user.id, message: 'Early bird', createdAt: new Date(t.clock.now().getTime() - 2 * HOUR) });

    await say(bob, me, 'Hi from Bob');
    await post(ann, event.chatId, 'Welcome all');
    await post(me, event.chatId, 'Hello everyone');
    await post(bob, games.chatId, 'Chess?');
    await post(bob, games.chatId, 'Or Go?');
    await say(ann, me, 'Hello Mira');
    await say(me, ann, 'Hi Ann');
    await say(ann, me, 'How are you?');

    const answer = await inbox(me);
    expect(answer.conversations.map((c) => [c.kind, c.id])).toEqual([
      ['direct', ann.user.id],
      ['group', games.chatId],
      ['group', event.chatId],
      ['direct', bob.user.id],
    ]);
    const withAnn = byId(answer.conversations, ann.user.id)!;
    expect(withAnn).toMatchObject({
      kind: 'direct',
      title: 'Ann Lee',
      event_id: null,
      last_message: { message: 'How are you?', from_name: 'Ann Lee', timestamp: t.clock.now().toISOString() },
      unread: 2,
    });
    expect(withAnn.partner).toMatchObject({ id: ann.user.id, name: 'Ann Lee', is_anonymous: false });
    expect(byId(answer.conversations, bob.user.id)).toMatchObject({ title: 'Bob Ray', unread: 1, last_message: { from_name: 'Bob Ray' } });
    expect(byId(answer.conversations, games.chatId)).toMatchObject({
      kind: 'group',
      partner: null,
      event_id: event.id,
      last_message: { message: 'Or Go?', from_name: 'Bob Ray' },
      unread: 2,
    });
    // My own message is last and never unread; Ann's came after I joined, the early one before.
    expect(byId(answer.conversations, event.chatId)).toMatchObject({ last_message: { message: 'Hello everyone', from_name: 'You' }, unread: 1 });
    expect(answer.unread_total).toBe(2 + 1 + 2 + 1);

    // The other side: my message to Ann is signed 'You' in her inbox.
    const hers = await inbox(ann);
    expect(byId(hers.conversations, me.user.id)).toMatchObject({ last_message: { from_name: 'You', message: 'How are you?' }, unread: 1 });
  });

  it('lists a group chat without messages, and only the community chats of groups the user joined', async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const event = await eventWith([me, other]);
    const mine = await communityWith(event.id, [me]);
    const theirs = await communityWith(event.id, [other]);
    const list = (await inbox(me)).conversations;
    expect(byId(list, event.chatId)).toMatchObject({ kind: 'group', last_message: null, unread: 0 });
    expect(byId(list, mine.chatId)).toBeDefined();
    expect(byId(list, theirs.chatId)).toBeUndefined();
  });

  it('names group senders as the group chat does: anonymous browsing stays anonymous', async () => {
    const me = await registerUser(t.app);
    const shy = await registerUser(t.app, { name: 'Shy Person' });
    const event = await eventWith([me, shy]);
    await setUser(t.database.db, shy.user.id, { anonymousBrowsing: true });
    await post(shy, event.chatId, 'Hello quietly');
    const chat = byId((await inbox(me)).conversations, event.chatId)!;
    expect(chat.last_message).toMatchObject({ message: 'Hello quietly', from_name: ANONYMOUS_NAME });
    expect(JSON.stringify(chat)).not.toContain('Shy Person');
  });

  it('shows a hidden partner as an anonymous attendee, and a private connection by name', async () => {
    const me = await registerUser(t.app);
    const hidden = await registerUser(t.app, { name: 'Hidden Hal' });
    const friend = await registerUser(t.app, { name: 'Private Pat' });
    await connect(t.database.db, me.user.id, friend.user.id, null);
    await say(hidden, me, 'Psst');
    await say(friend, me, 'Hey you');
    await setUser(t.database.db, hidden.user.id, { visibilityMode: 'private' });
    await setUser(t.database.db, friend.user.id, { visibilityMode: 'private' });
    const list = (await inbox(me)).conversations;
    const withHidden = byId(list, hidden.user.id)!;
    expect(withHidden).toMatchObject({ title: ANONYMOUS_NAME, last_message: { from_name: ANONYMOUS_NAME } });
    expect(withHidden.partner).toMatchObject({ id: hidden.user.id, name: ANONYMOUS_NAME, username: null, is_anonymous: true });
    expect(JSON.stringify(withHidden)).not.toContain('Hidden Hal');
    expect(byId(list, friend.user.id)).toMatchObject({ title: 'Private Pat', partner: { name: 'Private Pat' } });
  });

  it('leaves out people blocked either way, with their group messages, and people who left', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const gone = await registerUser(t.app);
    const event = await eventWith([me, ann]);
    await say(ann, me, 'Hello');
    await say(gone, me, 'Hello too');
    await post(ann, event.chatId, 'Hi all');
    const before = await inbox(me);
    expect(byId(before.conversations, ann.user.id)).toBeDefined();
    expect(byId(before.conversations, event.chatId)).toMatchObject({ unread: 1, last_message: { message: 'Hi all' } });
    expect(before.unread_total).toBe(3);

    await block(t.database.db, ann.user.id, me.user.id);
    await setUser(t.database.db, gone.user.id, { isActive: false });
    // Written straight to the database: announced as the app's own block and leaving are.
    t.app.lifecycle.emit('relation.changed', ann.user.id, me.user.id);
    t.app.lifecycle.emit('user.sessionsEnded', gone.user.id);
    const after = await inbox(me);
    expect(byId(after.conversations, ann.user.id)).toBeUndefined();
    expect(byId(after.conversations, gone.user.id)).toBeUndefined();
    expect(byId(after.conversations, event.chatId)).toMatchObject({ unread: 0, last_message: null });
    expect(after.unread_total).toBe(0);
    // And the other way round.
    expect(byId((await inbox(ann)).conversations, me.user.id)).toBeUndefined();
  });

  it("answers 403 for another user's inbox and 401 without a session", async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    expect((await as(t.app, me).get(`/api/conversations?user_id=${other.user.id}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/conversations?user_id=${me.user.id}` })).statusCode).toBe(401);
  });

  it("reads a person's inbox in a fixed number of queries, however many conversations there are, and none while nothing changed", async () => {
    const me = await registerUser(t.app);
    const count = async (opts = { kept: false }) => {
      await inbox(me); // the session and each chat's newest messages are kept after this
      // What is kept for the person is read again; what is kept per chat is shared by its members.
      if (!opts.kept) keptReads(t.database.db).changed([tag.user(me.user.id), tag.inbox(me.user.id)]);
      return (await queriesDuring(t.database.db, () => inbox(me))).length;
    };
    const people = await Promise.all([1, 2].map(() => registerUser(t.app)));
    const event = await eventWith([me, ...people]);
    for (const p of people) await say(p, me, 'Hello');
    await post(people[0]!, event.chatId, 'Hi');
    const few = await count();
    expect(few).toBeGreaterThan(0);
    expect(few).toBeLessThanOrEqual(6);
    const more = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const elsewhere = await eventWith([me, ...more]);
    for (const p of more) {
      await say(p, me, 'Hello');
      const c = await communityWith(elsewhere.id, [me, p]);
      await post(p, c.chatId, 'Welcome');
    }
    expect((await inbox(me)).conversations).toHaveLength(4 + 2 + 2 + 4);
    expect(await count()).toBe(few);
    expect(await count({ kept: true })).toBe(0);
  });

  it("counts a busy group chat's unread messages exactly beyond what is kept per chat", async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const event = await eventWith([me, ann]);
    const many = MESSAGE_WINDOW + 20;
    const start = t.clock.now().getTime() - HOUR / 2;
    await t.database.db
      .insert(groupMessages)
      .values(Array.from({ length: many }, (_, i) => ({ groupId: event.chatId, fromUser: ann.user.id, message: `m${i}`, createdAt: new Date(start + i) })));
    keptReads(t.database.db).changed([tag.group(event.chatId)]);
    expect(byId((await inbox(me)).conversations, event.chatId)).toMatchObject({ unread: many, last_message: { message: `m${many - 1}` } });
    // Within the window the count comes from the kept messages.
    expect((await markRead(me, { kind: 'group', id: event.chatId })).statusCode).toBe(200);
    await post(ann, event.chatId, 'One more');
    expect(byId((await inbox(me)).conversations, event.chatId)).toMatchObject({ unread: 1, last_message: { message: 'One more' } });
  });

  it('a kept inbox follows new messages, marks and group messages at once', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const event = await eventWith([me, ann]);
    expect((await inbox(me)).unread_total).toBe(0);
    await say(ann, me, 'Hello');
    expect((await inbox(me)).unread_total).toBe(1);
    await post(ann, event.chatId, 'Hi all');
    expect(byId((await inbox(me)).conversations, event.chatId)).toMatchObject({ unread: 1, last_message: { message: 'Hi all' } });
    const marked = await as(t.app, me).put(`/api/conversations/read?user_id=${me.user.id}`, { kind: 'direct', id: ann.user.id });
    expect(marked.json()).toMatchObject({ unread_total: 1 });
    expect(byId((await inbox(me)).conversations, ann.user.id)).toMatchObject({ unread: 0 });
    expect((await inbox(me)).unread_total).toBe(1);
  });
});

describe('PUT /api/conversations/read', () => {
  it('marks what is kept of the inbox in place: neither the mark nor the next inbox reads it again', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const event = await eventWith([me, ann]);
    await say(ann, me, 'One');
    await post(ann, event.chatId, 'Hi all');
    expect((await inbox(me)).unread_total).toBe(2);
    const queries = async (act: () => Promise<unknown>) => (await queriesDuring(t.database.db, act)).length;
    // The access check and the mark itself; the inbox is not read again.
    expect(await queries(() => markRead(me, { kind: 'direct', id: ann.user.id }))).toBeLessThanOrEqual(2);
    expect(await queries(() => markRead(me, { kind: 'group', id: event.chatId }))).toBeLessThanOrEqual(2);
    let after!: Awaited<ReturnType<typeof inbox>>;
    expect(await queries(async () => (after = await inbox(me)))).toBe(0);
    expect(after.unread_total).toBe(0);
    expect(byId(after.conversations, ann.user.id)).toMatchObject({ unread: 0, last_message: { message: 'One' } });
    // And what comes after the mark counts again.
    await post(ann, event.chatId, 'Still here?');
    expect(byId((await inbox(me)).conversations, event.chatId)).toMatchObject({ unread: 1 });
  });

  it('zeroes a conversation, and the mark holds on a new app instance over the same database', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const event = await eventWith([me, ann]);
    await say(ann, me, 'One');
    await say(ann, me, 'Two');
    await post(ann, event.chatId, 'Hi all');
    expect((await inbox(me)).unread_total).toBe(3);

    const res = await markRead(me, { kind: 'direct', id: ann.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConversationReadAnswerSchema.parse(res.json())).toEqual({ success: true, unread_total: 1 });
    const group = await markRead(me, { kind: 'group', id: event.chatId });
    expect(group.json()).toEqual({ success: true, unread_total: 0 });

    const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
    const second = await buildApp({ config, database: t.database, clock: t.clock.now });
    await second.ready();
    try {
      const there = await inbox(me, second);
      expect(byId(there.conversations, ann.user.id)).toMatchObject({ unread: 0 });
      expect(byId(there.conversations, event.chatId)).toMatchObject({ unread: 0 });
      expect(there.unread_total).toBe(0);
      // Only what came after the mark is unread again, on both instances.
      await say(ann, me, 'Three');
      expect(byId((await inbox(me, second)).conversations, ann.user.id)).toMatchObject({ unread: 1 });
      expect((await inbox(me)).unread_total).toBe(1);
    } finally {
      await second.close();
    }
    // The other side's counts are theirs: Ann has read nothing of mine, and I wrote nothing.
    expect((await inbox(ann)).unread_total).toBe(0);
  });

  it('keeps the marks of a chat with someone deleted (issue 42): the chat stays the reader\'s, read as it was', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const bob = await registerUser(t.app);
    for (const other of [ann, bob]) {
      await say(other, me, 'Hello');
      expect((await markRead(me, { kind: 'direct', id: other.user.id })).statusCode).toBe(200);
    }
    const admin = await makeAdmin(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${ann.user.id}?admin_id=${admin.id}&reason=Asked%20to%20leave`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const marks = await t.database.db.select().from(conversationReads).where(eq(conversationReads.userId, me.user.id));
    expect(marks.map((m) => m.conversationId).sort()).toEqual([ann.user.id, bob.user.id].sort());
    // Ann's own marks went with her.
    expect(await t.database.db.select().from(conversationReads).where(eq(conversationReads.userId, ann.user.id))).toEqual([]);
  });

  it('never moves a mark back', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    await say(ann, me, 'One');
    expect((await markRead(me, { kind: 'direct', id: ann.user.id })).statusCode).toBe(200);
    t.clock.advance(-10 * MINUTE);
    expect((await markRead(me, { kind: 'direct', id: ann.user.id })).json()).toEqual({ success: true, unread_total: 0 });
    t.clock.advance(10 * MINUTE);
  });

  it("answers 404 for a conversation the user does not have, 400 for themself and bad input, 403 for another's id", async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const blocker = await registerUser(t.app);
    const elsewhere = await eventWith([ann]);
    const theirGroup = await communityWith((await eventWith([me, ann])).id, [ann]);
    await block(t.database.db, blocker.user.id, me.user.id);
    for (const body of [
      { kind: 'group', id: elsewhere.chatId },
      { kind: 'group', id: theirGroup.chatId },
      { kind: 'group', id: unknownId() },
      { kind: 'direct', id: unknownId() },
      { kind: 'direct', id: blocker.user.id },
      // A person's id is no group chat, and a chat's id no person.
      { kind: 'group', id: ann.user.id },
      { kind: 'direct', id: elsewhere.chatId },
    ]) {
      const res = await markRead(me, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 404 });
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const self = await markRead(me, { kind: 'direct', id: me.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toMatch(/^id: /);
    const bad = await markRead(me, { kind: 'channel', id: ann.user.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('kind: must be direct or group');
    const other = await as(t.app, me).put(`/api/conversations/read?user_id=${ann.user.id}`, { kind: 'direct', id: ann.user.id });
    expect(other.statusCode).toBe(403);
  });
});

describe('GET /api/chat/{otherUserId}/partner', () => {
  const partner = (me: TestUser, otherId: string) => as(t.app, me).get(`/api/chat/${otherId}/partner?user_id=${me.user.id}`);

  it('answers the other person as the chat shows them', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app, { name: 'Ann Lee', occupation: 'Potter' });
    // Someone the user may know of: they met at an event (issue 40).
    await meet(t.database.db, me, ann);
    const res = await partner(me, ann.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(PublicUserSchema.parse(res.json())).toMatchObject({ id: ann.user.id, name: 'Ann Lee', occupation: 'Potter', is_anonymous: false });

    await setUser(t.database.db, ann.user.id, { visibilityMode: 'anonymous' });
    expect((await partner(me, ann.user.id)).json()).toMatchObject({ name: ANONYMOUS_NAME, occupation: null, is_anonymous: true });
    await connect(t.database.db, me.user.id, ann.user.id, null);
    await setUser(t.database.db, ann.user.id, { visibilityMode: 'private' });
    expect((await partner(me, ann.user.id)).json()).toMatchObject({ name: 'Ann Lee', is_anonymous: false });
  });

  it('answers for someone who has left (their history stays readable), without naming them', async () => {
    const me = await registerUser(t.app);
    const gone = await registerUser(t.app, { name: 'Gone Gail' });
    await say(gone, me, 'Bye');
    await setUser(t.database.db, gone.user.id, { isActive: false });
    const res = await partner(me, gone.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: gone.user.id, name: ANONYMOUS_NAME, is_anonymous: true });
    expect(res.body).not.toContain('Gone Gail');
  });

  it('answers a stranger (no event, chat, request or connection shared) as an unknown id', async () => {
    const me = await registerUser(t.app);
    const stranger = await registerUser(t.app, { name: 'Stranger Sam' });
    const [res, unknown] = [await partner(me, stranger.user.id), await partner(me, unknownId())];
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
  });

  it('refuses as the chat history does: 404 unknown or blocked, 400 themself, 403 as someone else', async () => {
    const me = await registerUser(t.app);
    const blocker = await registerUser(t.app);
    await block(t.database.db, blocker.user.id, me.user.id);
    for (const id of [unknownId(), blocker.user.id]) {
      const res = await partner(me, id);
      const history = await as(t.app, me).get(`/api/chat/${id}?user_id=${me.user.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(history.json());
    }
    expect((await partner(me, me.user.id)).statusCode).toBe(400);
    expect((await as(t.app, me).get(`/api/chat/${blocker.user.id}/partner?user_id=${blocker.user.id}`)).statusCode).toBe(403);
  });
});

// Messages inserted without the routes still count: the inbox reads the tables.
describe('messages stored directly', () => {
  it('count from the partner only', async () => {
    const me = await registerUser(t.app);
    const ann = await registerUser(t.app);
    const at = t.clock.now();
    await t.database.db.insert(chatMessages).values([
      { fromUser: ann.user.id, toUser: me.user.id, message: 'a', createdAt: at },
      { fromUser: me.user.id, toUser: ann.user.id, message: 'b', createdAt: new Date(at.getTime() + 1) },
    ]);
    expect(byId((await inbox(me)).conversations, ann.user.id)).toMatchObject({ unread: 1, last_message: { message: 'b', from_name: 'You' } });
  });
});
