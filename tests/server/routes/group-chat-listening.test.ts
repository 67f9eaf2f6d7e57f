/**
 * Just listening (issue 18): listeners read a group chat unseen (only counted, never
 * named), the first message or "Join in" makes a member, and the counts change live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GroupChatPeopleSchema, GroupChatSchema } from '../../../contract/social';
import { MicroCommunityListSchema } from '../../../contract/discovery';
import { ANONYMOUS_NAME } from '../../../server/domain/visibility';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { connect } from '../media-helpers';
import { as, block, joinEvent, makeCommunity, makeEvent, openLive, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const q = (u: TestUser) => `?user_id=${u.user.id}`;
const people = (u: TestUser, groupId: string) => as(t.app, u).get(`/api/group-chats/${groupId}/people${q(u)}`);
const listen = (u: TestUser, groupId: string) => as(t.app, u).post(`/api/group-chats/${groupId}/listen${q(u)}`);
const join = (u: TestUser, groupId: string) => as(t.app, u).post(`/api/group-chats/${groupId}/join${q(u)}`);
const unlisten = (u: TestUser, groupId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/group-chats/${groupId}/listen${q(u)}`, headers: u.headers });
const post = (u: TestUser, groupId: string, message: string) =>
  as(t.app, u).post(`/api/group-chats/${groupId}/messages${q(u)}`, { group_id: groupId, message });
const history = (u: TestUser, groupId: string) => as(t.app, u).get(`/api/group-chats/${groupId}/messages${q(u)}`);
const chats = async (u: TestUser, eventId: string) =>
  z.array(GroupChatSchema).parse((await as(t.app, u).get(`/api/events/${eventId}/group-chats${q(u)}`)).json());
const seen = async (u: TestUser, groupId: string) => {
  const res = await people(u, groupId);
  expect(res.statusCode).toBe(200);
  return GroupChatPeopleSchema.parse(res.json());
};

async function threeAt() {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  const c = await registerUser(t.app);
  const event = await makeEvent(t.database.db, [a.user.id, b.user.id, c.user.id]);
  return { a, b, c, event };
}

describe("an event's chat", () => {
  it('starts with nobody listed or listening, and the reader in no role', async () => {
    const { a, event } = await threeAt();
    expect(await seen(a, event.chatId)).toEqual({ members: [], listening: 0, me: null });
  });

  it('counts a listener and never names them, to anyone, in any answer', async () => {
    const { a, b, event } = await threeAt();
    await post(a, event.chatId, 'Hello all');
    const res = await listen(b, event.chatId);
    expect(res.statusCode).toBe(200);
    expect(GroupChatPeopleSchema.parse(res.json())).toEqual({ members: [{ id: a.user.id, name: a.user.name }], listening: 1, me: 'listener' });
    const forA = await people(a, event.chatId);
    expect(GroupChatPeopleSchema.parse(forA.json())).toEqual({ members: [{ id: a.user.id, name: a.user.name }], listening: 1, me: 'member' });
    expect(forA.body).not.toContain(b.user.id);
    expect(forA.body).not.toContain(b.user.name);
    // The listener reads everything.
    expect((await history(b, event.chatId)).json().map((m: { message: string }) => m.message)).toEqual(['Hello all']);
  });

  it('makes the poster a member with their first message: listed, no longer counted as listening', async () => {
    const { a, b, event } = await threeAt();
    await listen(b, event.chatId);
    expect((await seen(a, event.chatId)).listening).toBe(1);
    expect((await post(b, event.chatId, 'Hi, I was listening')).statusCode).toBe(200);
    const after = await seen(a, event.chatId);
    expect(after).toEqual({ members: [{ id: b.user.id, name: b.user.name }], listening: 0, me: null });
    expect((await seen(b, event.chatId)).me).toBe('member');
  });

  it('"Join in" makes a member without posting; listening again keeps them a member', async () => {
    const { a, b, event } = await threeAt();
    await listen(b, event.chatId);
    const joined = GroupChatPeopleSchema.parse((await join(b, event.chatId)).json());
    expect(joined).toMatchObject({ listening: 0, me: 'member', members: [{ id: b.user.id, name: b.user.name }] });
    expect(GroupChatPeopleSchema.parse((await listen(b, event.chatId)).json())).toMatchObject({ me: 'member', listening: 0 });
    expect(GroupChatPeopleSchema.parse((await unlisten(b, event.chatId)).json())).toMatchObject({ me: 'member' });
    expect((await seen(a, event.chatId)).members.map((m) => m.id)).toEqual([b.user.id]);
  });

  it('counts whoever posted as a member, also from before places were kept', async () => {
    const { a, b, event } = await threeAt();
    const { groupMessages } = await import('../../../server/db/schema');
    await t.database.db.insert(groupMessages).values({ groupId: event.chatId, fromUser: a.user.id, message: 'From the old days' });
    expect(await seen(b, event.chatId)).toEqual({ members: [{ id: a.user.id, name: a.user.name }], listening: 0, me: null });
    expect((await seen(a, event.chatId)).me).toBe('member');
  });

  it('stops listening', async () => {
    const { a, b, event } = await threeAt();
    await listen(b, event.chatId);
    expect(GroupChatPeopleSchema.parse((await unlisten(b, event.chatId)).json())).toEqual({ members: [], listening: 0, me: null });
    expect((await seen(a, event.chatId)).listening).toBe(0);
  });

  it('lists the reader first, then by name; hidden members as "Anonymous attendee" without an id; nobody blocked either way', async () => {
    const { a, b, c, event } = await threeAt();
    const d = await registerUser(t.app);
    const { attend } = await import('../social-helpers');
    await attend(t.database.db, event.id, [d.user.id]);
    for (const u of [a, b, c, d]) await join(u, event.chatId);
    await setUser(t.database.db, c.user.id, { visibilityMode: 'anonymous' });
    await block(t.database.db, d.user.id, a.user.id);
    const forA = await seen(a, event.chatId);
    expect(forA.members).toEqual([
      { id: a.user.id, name: a.user.name },
      { id: b.user.id, name: b.user.name },
      { id: null, name: ANONYMOUS_NAME },
    ]);
    expect((await seen(b, event.chatId)).members).toHaveLength(4);
  });

  it('answers 404 unknown, 403 to someone not attending, 401 signed out, 403 acting as someone else', async () => {
    const { a, b, event } = await threeAt();
    const outsider = await registerUser(t.app);
    for (const call of [people, listen, join, unlisten]) {
      expect((await call(a, unknownId())).statusCode).toBe(404);
      expect((await call(outsider, event.chatId)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/group-chats/${event.chatId}/listen` })).statusCode).toBe(401);
    expect((await as(t.app, a).post(`/api/group-chats/${event.chatId}/listen?user_id=${b.user.id}`)).statusCode).toBe(403);
    expect((await seen(a, event.chatId)).listening).toBe(0);
  });
});

describe("an interest group's chat", () => {
  it('lets any attendee listen without joining the group: read it, see it among their chats, and leave it again', async () => {
    const { a, b, event } = await threeAt();
    const group = await makeCommunity(t.database.db, event.id, [a.user.id], { name: 'Knitting' });
    await post(a, group.chatId!, 'Knit night at eight');
    expect((await history(b, group.chatId!)).statusCode).toBe(403);
    expect((await people(b, group.chatId!)).statusCode).toBe(403);
    expect((await chats(b, event.id)).map((c) => c.id)).toEqual([event.chatId]);
    const listened = GroupChatPeopleSchema.parse((await listen(b, group.chatId!)).json());
    expect(listened).toEqual({ members: [{ id: a.user.id, name: a.user.name }], listening: 1, me: 'listener' });
    expect((await history(b, group.chatId!)).json().map((m: { message: string }) => m.message)).toEqual(['Knit night at eight']);
    expect((await chats(b, event.id)).map((c) => c.id)).toEqual([event.chatId, group.chatId]);
    // Still not a member of the group.
    const groups = MicroCommunityListSchema.parse((await as(t.app, b).get(`/api/micro-communities/${event.id}${q(b)}`)).json());
    expect(groups).toEqual([expect.objectContaining({ id: group.id, is_member: false, member_count: 1, group_chat_id: group.chatId })]);
    // In the Chats inbox too, with its unread count, and read marks kept.
    const inbox = async () => (await as(t.app, b).get(`/api/conversations${q(b)}`)).json().conversations as Array<{ id: string; unread: number }>;
    expect((await inbox()).find((c) => c.id === group.chatId)).toMatchObject({ unread: 0 });
    t.clock.advance(1000);
    await post(a, group.chatId!, 'Bring your own yarn');
    expect((await inbox()).find((c) => c.id === group.chatId)).toMatchObject({ unread: 1 });
    const read = await as(t.app, b).put(`/api/conversations/read${q(b)}`, { kind: 'group', id: group.chatId });
    expect(read.statusCode).toBe(200);
    expect((await inbox()).find((c) => c.id === group.chatId)).toMatchObject({ unread: 0 });
    await unlisten(b, group.chatId!);
    expect((await inbox()).map((c) => c.id)).not.toContain(group.chatId);
    expect((await history(b, group.chatId!)).statusCode).toBe(403);
    expect((await chats(b, event.id)).map((c) => c.id)).toEqual([event.chatId]);
  });

  it("counts the group's members as the chat's members; a listener's first message makes them a member of the group", async () => {
    const { a, b, event } = await threeAt();
    const group = await makeCommunity(t.database.db, event.id, [a.user.id]);
    expect((await seen(a, group.chatId!)).members).toEqual([{ id: a.user.id, name: a.user.name }]);
    // A member of the group listening stays a member.
    expect(GroupChatPeopleSchema.parse((await listen(a, group.chatId!)).json())).toMatchObject({ me: 'member', listening: 0 });
    await listen(b, group.chatId!);
    expect((await post(b, group.chatId!, 'Hello, knitters')).statusCode).toBe(200);
    expect(await seen(a, group.chatId!)).toEqual({
      members: [{ id: a.user.id, name: a.user.name }, { id: b.user.id, name: b.user.name }],
      listening: 0,
      me: 'member',
    });
    const groups = MicroCommunityListSchema.parse((await as(t.app, b).get(`/api/micro-communities/${event.id}${q(b)}`)).json());
    expect(groups[0]).toMatchObject({ is_member: true, member_count: 2 });
    expect((await chats(b, event.id)).map((c) => c.id)).toEqual([event.chatId, group.chatId]);
  });

  it('"Join in" joins the group too', async () => {
    const { b, event } = await threeAt();
    const group = await makeCommunity(t.database.db, event.id, []);
    expect((await join(b, group.chatId!)).json()).toMatchObject({ me: 'member', members: [{ id: b.user.id }] });
    const groups = MicroCommunityListSchema.parse((await as(t.app, b).get(`/api/micro-communities/${event.id}${q(b)}`)).json());
    expect(groups[0]).toMatchObject({ is_member: true, member_count: 1 });
  });

  it('still refuses posting to an attendee who neither belongs nor listens', async () => {
    const { a, b, event } = await threeAt();
    const group = await makeCommunity(t.database.db, event.id, [a.user.id]);
    expect((await post(b, group.chatId!, 'hi')).statusCode).toBe(403);
    expect((await seen(a, group.chatId!)).members).toHaveLength(1);
  });
});

describe('live', () => {
  it("sends a community chat's messages to its listeners, and the counts to its people as they change", async () => {
    const { a, b, c, event } = await threeAt();
    const group = await makeCommunity(t.database.db, event.id, [a.user.id]);
    const [la, lb, lc] = await Promise.all([openLive(t.app, a), openLive(t.app, b), openLive(t.app, c)]);
    await listen(b, group.chatId!);
    expect(await la.next('group_chat_people')).toEqual({ type: 'group_chat_people', group_id: group.chatId, listening: 1, member_count: 1 });
    await post(a, group.chatId!, 'Needles ready?');
    expect((await lb.next('group_message')).message).toMatchObject({ message: 'Needles ready?', from_user: a.user.id });
    await post(b, group.chatId!, 'Yes!');
    await la.next('group_chat_people', (m) => m.member_count === 2);
    expect(la.ofType('group_chat_people').at(-1)).toMatchObject({ listening: 0, member_count: 2 });
    await lc.sync();
    expect(lc.messages.filter((m) => m.type === 'group_chat_people' || m.type === 'group_message')).toEqual([]);
    // Nothing live names a listener either.
    expect(JSON.stringify(la.ofType('group_chat_people'))).not.toContain(b.user.id);
  });

  it("sends an event chat's counts to its members and listeners, not to others at the event; nothing when nothing changed", async () => {
    const { a, b, c, event } = await threeAt();
    await join(a, event.chatId);
    const [la, lc] = await Promise.all([openLive(t.app, a), openLive(t.app, c)]);
    await joinEvent(t.app, lc, c.user.id, event.id);
    await listen(b, event.chatId);
    expect(await la.next('group_chat_people')).toEqual({ type: 'group_chat_people', group_id: event.chatId, listening: 1, member_count: 1 });
    await listen(b, event.chatId);
    await la.sync();
    expect(la.ofType('group_chat_people')).toHaveLength(1);
    await unlisten(b, event.chatId);
    expect(await la.next('group_chat_people', (m) => m.listening === 0)).toMatchObject({ group_id: event.chatId, member_count: 1 });
    await lc.sync();
    expect(lc.ofType('group_chat_people')).toEqual([]);
  });

  it('a friends-only member is named to connections in the member list and anonymous to others', async () => {
    const { a, b, c, event } = await threeAt();
    await connect(t.database.db, a.user.id, b.user.id, event.id);
    await join(a, event.chatId);
    await setUser(t.database.db, a.user.id, { visibilityMode: 'friends' });
    expect((await seen(b, event.chatId)).members).toEqual([{ id: a.user.id, name: a.user.name }]);
    expect((await seen(c, event.chatId)).members).toEqual([{ id: null, name: ANONYMOUS_NAME }]);
  });
});
