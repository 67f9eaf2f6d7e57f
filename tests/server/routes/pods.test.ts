/**
 * Issue 43 item 3: small groups ("pods"). POST/DELETE /api/events/{id}/pods/queue and GET
 * .../pods/mine; forming by the sweep's function called directly on a fake clock; the pod as
 * a group (GET /api/groups) with a chat only its members read; two instances forming at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MyPodSchema } from '../../../contract/pods';
import { GroupChatSchema } from '../../../contract/social';
import { GroupListSchema } from '../../../contract/plans';
import { eventAttendees, groupMembers, groups, podQueue, pods, safeZones } from '../../../server/db/schema';
import { deleteEvent } from '../../../server/db/repositories/admin-events';
import { formDuePods } from '../../../server/use-cases/pods';
import { POD_GATHER_MS, groupIntoPods, podSize } from '../../../server/domain/pods';
import { FakeClock, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { instancesForTests, twoInstances, whySkipped } from '../instances-helpers';
import { as, block, changedOutside, HOUR, makeEvent, notificationsOf, openLive, setUser, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/** An event going on at the test clock (or starting `startsIn` from it), attended by these people. */
async function event(people: TestUser[], startsIn = -HOUR) {
  const e = await makeEvent(t.database.db, [], { start: new Date(t.clock.now().getTime() + startsIn) });
  if (people.length) await t.database.db.insert(eventAttendees).values(people.map((p) => ({ eventId: e.id, userId: p.user.id, joinedAt: t.clock.now() })));
  changedOutside(t.database.db, { users: people.map((p) => p.user.id), events: [e.id] });
  return e;
}
const people = (n: number, interests: string[] = ['hiking', 'jazz']) => Promise.all(Array.from({ length: n }, () => registerUser(t.app, { interests })));
const queue = (me: TestUser, eventId: string, app: FastifyInstance = t.app) => as(app, me).post(`/api/events/${eventId}/pods/queue?user_id=${me.user.id}`);
const leave = (me: TestUser, eventId: string) => as(t.app, me).delete(`/api/events/${eventId}/pods/queue?user_id=${me.user.id}`);
const mineRes = (me: TestUser, eventId: string) => as(t.app, me).get(`/api/events/${eventId}/pods/mine?user_id=${me.user.id}`);
const mine = async (me: TestUser, eventId: string) => MyPodSchema.parse((await mineRes(me, eventId)).json());
const groupsOf = async (me: TestUser) => GroupListSchema.parse((await as(t.app, me).get(`/api/groups?user_id=${me.user.id}`)).json());
async function queueAll(eventId: string, ...who: TestUser[]) {
  for (const p of who) {
    const res = await queue(p, eventId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'waiting' });
    t.clock.advance(10);
  }
}
/** The ids of the members of each formed pod among these people, as sets of their user ids. */
async function podsOf(eventId: string, who: TestUser[]) {
  const byPod = new Map<string, string[]>();
  for (const p of who) {
    const m = await mine(p, eventId);
    if (m.status === 'formed') byPod.set(m.pod!.id, m.pod!.members.map((x) => x.id!).sort());
  }
  return [...byPod.values()];
}
const ids = (...who: TestUser[]) => who.map((p) => p.user.id).sort();

describe('forming pods', () => {
  it('forms a pod of three within 10 s, at the event\'s location, listed as a private group to its members only', async () => {
    const [a, b, c, outsider] = await people(4);
    const e = await event([a!, b!, c!, outsider!]);
    expect(await mine(a!, e.id)).toEqual({ status: 'none', pod: null });
    await queueAll(e.id, a!, b!, c!);
    // Three wait: the first is given a few seconds for more to come.
    expect(await formDuePods(t.app)).toBe(0);
    expect(await mine(a!, e.id)).toEqual({ status: 'waiting', pod: null });
    t.clock.advance(POD_GATHER_MS);
    expect(await formDuePods(t.app)).toBe(1);
    const got = await mine(b!, e.id);
    expect(got.status).toBe('formed');
    expect(got.pod!.members.map((m) => m.id).sort()).toEqual(ids(a!, b!, c!));
    expect(got.pod!.members[0]!.id).toBe(b!.user.id);
    expect(got.pod!.meeting_point).toEqual({ name: 'Library hall' });
    expect(new Date(got.pod!.starts_at).getTime()).toBeGreaterThan(t.clock.now().getTime());
    for (const p of [a!, c!]) expect((await mine(p, e.id)).pod!.id).toBe(got.pod!.id);
    expect(await mine(outsider!, e.id)).toEqual({ status: 'none', pod: null });
    // One of each member's groups (SPEC "Group"), and nobody else's.
    expect((await groupsOf(a!)).find((g) => g.id === got.pod!.id)).toMatchObject({ category: 'pod', is_private: true, name: 'Pod at Library hall' });
    expect((await groupsOf(outsider!)).some((g) => g.id === got.pod!.id)).toBe(false);
    // Each member is told, in a notification that opens the event.
    const notes = await notificationsOf(t.database.db, c!.user.id);
    expect(notes.find((n) => n.kind === 'pod')).toMatchObject({ link: `/events/${e.id}` });
    expect((await queueRows(e.id)).length).toBe(0);
  });

  it('forms at once when five wait, and meets at a spot the organizer marked for pods', async () => {
    const five = await people(5);
    const e = await event(five);
    const [zone] = await t.database.db
      .insert(safeZones)
      .values({ eventId: e.id, name: 'Blue sofas', zoneType: 'pod', latitude: 52.5, longitude: 13.4, radiusMeters: 10 })
      .returning({ id: safeZones.id });
    changedOutside(t.database.db, { events: [e.id] });
    await queueAll(e.id, ...five);
    const got = await mine(five[0]!, e.id);
    expect(got.status).toBe('formed');
    expect(got.pod!.members).toHaveLength(5);
    expect(got.pod!.meeting_point).toEqual({ name: 'Blue sofas', zone_id: zone!.id });
  });

  it('never puts two people together where one blocked the other', async () => {
    const [a, b, c, d] = await people(4);
    const e = await event([a!, b!, c!, d!]);
    await block(t.database.db, b!.user.id, a!.user.id);
    await queueAll(e.id, a!, b!, c!, d!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    expect(await podsOf(e.id, [a!, b!, c!, d!])).toEqual([ids(a!, c!, d!)]);
    expect((await mine(b!, e.id)).status).toBe('waiting');
  });

  it('prefers shared interests, and sizes pods so nobody is left over', async () => {
    const [first] = await people(1, ['chess', 'go']);
    const hikers = await people(3, ['hiking']);
    const players = await people(2, ['chess', 'go']);
    const all = [first!, ...hikers, ...players];
    const e = await event(all);
    // Six waiting at once (a fifth joining forms a pod at once: here they came in between two sweeps).
    const at = t.clock.now().getTime();
    await t.database.db.insert(podQueue).values([first!, ...hikers, ...players].map((p, i) => ({ eventId: e.id, userId: p.user.id, joinedAt: new Date(at + i) })));
    t.clock.advance(POD_GATHER_MS);
    expect(await formDuePods(t.app)).toBe(2);
    expect((await podsOf(e.id, all)).sort()).toEqual([ids(first!, ...players), ids(...hikers)].sort());
  });

  it('sizes: 6 → 3+3, 7 → 4+3, 8 → 5+3, 11 → 5+3+3', () => {
    const sizes = (n: number) => {
      const out: number[] = [];
      for (let left = n; left >= 3; left -= out.at(-1)!) out.push(podSize(left));
      return out;
    };
    expect([6, 7, 8, 11].map(sizes)).toEqual([[3, 3], [4, 3], [5, 3], [5, 3, 3]]);
    const now = new Date();
    const w = (id: string) => ({ id, interests: [], joinedAt: now });
    expect(groupIntoPods([w('a'), w('b')], () => false, new Date(now.getTime() + POD_GATHER_MS))).toEqual([]);
  });

  it('shows an anonymous member as "Anonymous attendee", without an id', async () => {
    const [a, b, c] = await people(3);
    await setUser(t.database.db, c!.user.id, { visibilityMode: 'anonymous' });
    const e = await event([a!, b!, c!]);
    await queueAll(e.id, a!, b!, c!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    const members = (await mine(a!, e.id)).pod!.members;
    expect(members).toContainEqual({ id: null, name: 'Anonymous attendee' });
    expect(members.some((m) => m.id === c!.user.id)).toBe(false);
  });
});

const queueRows = (eventId: string) => t.database.db.select().from(podQueue).where(eq(podQueue.eventId, eventId));

describe('who may queue', () => {
  it('answers 400 for a bad id, 403 for someone else\'s user_id, 404 to a non-attendee and for an unknown event', async () => {
    const [a, b] = await people(2);
    const e = await event([a!]);
    const bad = await as(t.app, a!).post(`/api/events/nope/pods/queue?user_id=${a!.user.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    expect((await as(t.app, a!).get(`/api/events/${e.id}/pods/mine`)).statusCode).toBe(400);
    expect((await as(t.app, a!).post(`/api/events/${e.id}/pods/queue?user_id=${b!.user.id}`)).statusCode).toBe(403);
    expect((await queue(b!, e.id)).statusCode).toBe(404);
    expect((await mineRes(b!, e.id)).statusCode).toBe(404);
    expect((await leave(b!, e.id)).statusCode).toBe(404);
    expect((await queue(a!, unknownId())).statusCode).toBe(404);
  });

  it('is open only while the event is on, and not on a break or at a battery of 3 or less', async () => {
    const [a, b, c] = await people(3);
    const later = await event([a!], 2 * HOUR);
    expect((await queue(a!, later.id)).statusCode).toBe(409);
    const over = await event([a!], -5 * HOUR);
    expect((await queue(a!, over.id)).statusCode).toBe(409);
    const e = await event([b!, c!]);
    await setUser(t.database.db, b!.user.id, { status: 'away', statusUntil: null });
    const away = await queue(b!, e.id);
    expect(away.statusCode).toBe(409);
    expect(away.json().detail).toMatch(/break/);
    await setUser(t.database.db, c!.user.id, { socialBattery: 3 });
    expect((await queue(c!, e.id)).json().detail).toMatch(/battery/);
    expect(await queueRows(e.id)).toEqual([]);
  });

  it('ends waiting when the event ends', async () => {
    const [a, b] = await people(2);
    const e = await event([a!, b!]);
    await queueAll(e.id, a!, b!);
    expect((await mine(a!, e.id)).status).toBe('waiting');
    // The event runs from an hour ago for four hours: two waiting make no pod, and they keep waiting until it ends.
    t.clock.advance(2 * HOUR);
    await formDuePods(t.app);
    expect(await queueRows(e.id)).toHaveLength(2);
    t.clock.advance(HOUR);
    expect(await mine(a!, e.id)).toEqual({ status: 'none', pod: null });
    expect(await formDuePods(t.app)).toBe(0);
    expect(await queueRows(e.id)).toEqual([]);
  });

  it('leaves quietly: waiting ends, or the pod goes on without them and nobody is told', async () => {
    const [a, b, c, d] = await people(4);
    const e = await event([a!, b!, c!, d!]);
    await queueAll(e.id, d!);
    expect((await leave(d!, e.id)).json()).toEqual({ status: 'none', pod: null });
    expect(await mine(d!, e.id)).toEqual({ status: 'none', pod: null });
    const [liveB, liveD] = await Promise.all([openLive(t.app, b!), openLive(t.app, d!)]);
    await queueAll(e.id, a!, b!, c!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    const pod = (await mine(a!, e.id)).pod!;
    // Each member hears it live; someone who is not in it does not.
    expect(await liveB.next('pod_formed')).toEqual({ type: 'pod_formed', event_id: e.id, pod_id: pod.id });
    await liveD.sync();
    expect(liveD.ofType('pod_formed')).toEqual([]);
    expect((await queue(a!, e.id)).statusCode).toBe(409);
    const before = (await notificationsOf(t.database.db, b!.user.id)).length;
    expect((await leave(a!, e.id)).statusCode).toBe(200);
    expect(await mine(a!, e.id)).toEqual({ status: 'none', pod: null });
    expect((await mine(b!, e.id)).pod!.members.map((m) => m.id).sort()).toEqual(ids(b!, c!));
    expect((await notificationsOf(t.database.db, b!.user.id)).length).toBe(before);
    await liveB.sync();
    expect(liveB.messages.map((m) => m.type)).toEqual(['pod_formed', 'notification']);
    for (const l of [liveB, liveD]) l.close();
    expect((await groupsOf(a!)).some((g) => g.id === pod.id)).toBe(false);
    expect((await as(t.app, a!).get(`/api/group-chats/${pod.group_chat_id}/messages?user_id=${a!.user.id}`)).statusCode).toBe(404);
  });
});

describe("a pod's chat", () => {
  it('is read and written by its members only, listed to them only, reportable, and read-only once the event ends', async () => {
    const [a, b, c, outsider] = await people(4);
    const e = await event([a!, b!, c!, outsider!]);
    // It began an hour ago and runs four hours (makeEvent).
    const ends = t.clock.now().getTime() + 3 * HOUR;
    await queueAll(e.id, a!, b!, c!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    const chatId = (await mine(a!, e.id)).pod!.group_chat_id;
    const post = (u: TestUser, message: string) => as(t.app, u).post(`/api/group-chats/${chatId}/messages?user_id=${u.user.id}`, { group_id: chatId, message });
    const read = (u: TestUser) => as(t.app, u).get(`/api/group-chats/${chatId}/messages?user_id=${u.user.id}`);
    const sent = await post(b!, 'Hi both, blue jumper here');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await read(a!)).json().map((m: { message: string }) => m.message)).toEqual(['Hi both, blue jumper here']);
    // To anyone else the chat does not exist: no reading, posting, listening or joining in.
    expect((await read(outsider!)).statusCode).toBe(404);
    expect((await post(outsider!, 'me too?')).statusCode).toBe(404);
    expect((await as(t.app, outsider!).post(`/api/group-chats/${chatId}/listen?user_id=${outsider!.user.id}`)).statusCode).toBe(404);
    expect((await as(t.app, outsider!).post(`/api/group-chats/${chatId}/join?user_id=${outsider!.user.id}`)).statusCode).toBe(404);
    const inbox = async (u: TestUser) => JSON.stringify((await as(t.app, u).get(`/api/conversations?user_id=${u.user.id}`)).json());
    expect(await inbox(c!)).toContain(chatId);
    expect(await inbox(outsider!)).not.toContain(chatId);
    expect((await as(t.app, outsider!).get(`/api/events/${e.id}/group-chats?user_id=${outsider!.user.id}`)).body).not.toContain(chatId);
    expect((await as(t.app, c!).get(`/api/events/${e.id}/group-chats?user_id=${c!.user.id}`)).json()).toContainEqual(expect.objectContaining({ id: chatId, name: 'Small group at Library hall' }));
    // Reported like any chat's message, by a member; to anyone else it is not there.
    const messageId = sent.json().message.id;
    const report = (u: TestUser) => as(t.app, u).post(`/api/reports?user_id=${u.user.id}`, { target_type: 'group_message', target_id: messageId, reason: 'spam' });
    expect((await report(outsider!)).statusCode).toBe(404);
    expect((await report(c!)).statusCode).toBe(200);
    // The list says whether posting is open: the pod's chat is, and the event's chat, while the event is on.
    const closedOf = async (u: TestUser) =>
      Object.fromEntries(GroupChatSchema.array().parse((await as(t.app, u).get(`/api/events/${e.id}/group-chats?user_id=${u.user.id}`)).json()).map((c) => [c.id, c.closed]));
    const eventChatId = e.chatId;
    expect(await closedOf(a!)).toEqual({ [eventChatId]: false, [chatId]: false });
    // A minute before the end it is still open; once the event has ended, the pod's chat is listed closed, and a post is refused.
    t.clock.advance(ends - t.clock.now().getTime() - 60_000);
    expect(await closedOf(a!)).toEqual({ [eventChatId]: false, [chatId]: false });
    t.clock.advance(60_000);
    expect(await closedOf(a!)).toEqual({ [eventChatId]: false, [chatId]: true });
    expect((await post(a!, 'Thanks all')).statusCode).toBe(403);
    expect((await read(a!)).statusCode).toBe(200);
  });
});

describe('export and erasure', () => {
  it('exports the waiting row, and erasing a person takes them out of the queue and their pods', async () => {
    const [a, b, c, d] = await people(4);
    const e = await event([a!, b!, c!, d!]);
    await queueAll(e.id, d!);
    const exported = (await as(t.app, d!).get(`/api/account/export?user_id=${d!.user.id}`)).body;
    expect(exported).toContain('"pod_queue"');
    expect(exported).toContain(e.id);
    await queueAll(e.id, a!, b!, c!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    const podId = (await mine(a!, e.id)).pod!.id;
    for (const u of [a!, d!]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/account?user_id=${u.user.id}`, headers: u.headers, payload: { password: u.password } });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await t.database.db.select().from(podQueue).where(eq(podQueue.userId, d!.user.id))).toEqual([]);
    expect((await t.database.db.select().from(groupMembers).where(eq(groupMembers.groupId, podId))).map((m) => m.userId).sort()).toEqual(ids(b!, c!));
    expect(await t.database.db.select().from(pods).where(eq(pods.id, podId))).toHaveLength(1);
  });
});

describe('deleting the event', () => {
  it('takes its pods, their groups and chats with it', async () => {
    const [a, b, c] = await people(3);
    const e = await event([a!, b!, c!]);
    await queueAll(e.id, a!, b!, c!);
    t.clock.advance(POD_GATHER_MS);
    await formDuePods(t.app);
    const podId = (await mine(a!, e.id)).pod!.id;
    await deleteEvent(t.database.db, e.id);
    changedOutside(t.database.db, { users: [a!.user.id], events: [e.id] });
    expect(await t.database.db.select().from(groups).where(eq(groups.id, podId))).toEqual([]);
    expect((await groupsOf(a!)).some((g) => g.id === podId)).toBe(false);
  });
});

describe('two instances', () => {
  const clock = new FakeClock();
  let a: FastifyInstance;
  let b: FastifyInstance;
  instancesForTests(clock, (made) => ({ a, b } = made));

  it.skipIf(!twoInstances)(`forming on both at once makes one pod, not two${whySkipped}`, async () => {
    const who = await Promise.all([1, 2, 3, 4].map(() => registerUser(a)));
    const db = (a as unknown as { db: typeof t.database.db }).db;
    const e = await makeEvent(db, [], { start: new Date(clock.now().getTime() - HOUR) });
    await db.insert(eventAttendees).values(who.map((p) => ({ eventId: e.id, userId: p.user.id })));
    changedOutside(db, { users: who.map((p) => p.user.id), events: [e.id] });
    for (const [i, p] of who.entries()) {
      const res = await queue(p, e.id, i % 2 ? b : a);
      expect(res.statusCode, res.body).toBe(200);
    }
    clock.advance(POD_GATHER_MS);
    const made = await Promise.all([formDuePods(a as never), formDuePods(b as never), formDuePods(a as never), formDuePods(b as never)]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(1);
    const rows = await db.select().from(pods).where(eq(pods.eventId, e.id));
    expect(rows).toHaveLength(1);
    const members = await db.select().from(groupMembers).where(eq(groupMembers.groupId, rows[0]!.id));
    expect(members.map((m) => m.userId).sort()).toEqual(who.map((p) => p.user.id).sort());
  });
});
