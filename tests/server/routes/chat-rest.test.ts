/**
 * Kind endings (issue 43 item 5): POST /api/chat/{otherUserId}/rest sends a warm closing line
 * and rests the chat for both; GET and DELETE the same address. While it rests, messages
 * still arrive but quietly: no toast (live `quiet: true`) and no push (notify.ts), to
 * either side. Both hear `chat_rest`; nobody is muted in secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEADING_OFF_LINES } from '../../../contract/kind-endings';
import { ChatRestAnswerSchema, ChatRestSchema } from '../../../contract/recap';
import { chatMessages, chatRests } from '../../../server/db/schema';
import { notify } from '../../../server/use-cases/notify';
import { asWritten } from '../../../contract/said';
import { tag } from '../../../server/cache/tags';
import { FakeClock, queriesDuring, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { instancesForTests, twoInstances, whySkipped, type RedisInstances } from '../instances-helpers';
import { as, block, meet, notificationsOf, openLive, unknownId } from '../social-helpers';
import { startPushService, type Device, type PushService } from '../push-service';

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  t = await testApp({ config: { pushEndpointAllow: [service.origin], vapidSubject: 'mailto:team@wallflower.test' }, push: { backoffMs: 5 } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const headOff = (me: TestUser, other: string, body: Record<string, unknown>) => as(t.app, me).post(`/api/chat/${other}/rest?user_id=${me.user.id}`, body);
const restOf = async (me: TestUser, other: string) => ChatRestSchema.parse((await as(t.app, me).get(`/api/chat/${other}/rest?user_id=${me.user.id}`)).json());
const wake = (me: TestUser, other: string) => as(t.app, me).delete(`/api/chat/${other}/rest?user_id=${me.user.id}`);
const send = (from: TestUser, to: TestUser, message: string) => as(t.app, from).post(`/api/chat/send?user_id=${from.user.id}`, { to_user: to.user.id, message });
const pushesTo = (device: Device) => service.received.filter((r) => device.endpoint.endsWith(r.path));
async function subscribed(u: TestUser): Promise<Device> {
  const device = service.device();
  const res = await as(t.app, u).post(`/api/push/subscriptions?user_id=${u.user.id}`, { ...device.json, expirationTime: null });
  expect(res.statusCode, res.body).toBe(200);
  return device;
}
async function pair(): Promise<[TestUser, TestUser]> {
  const a = await registerUser(t.app, { name: 'Ada' });
  const b = await registerUser(t.app, { name: 'Bo' });
  await meet(t.database.db, a, b);
  return [a, b];
}

describe('POST /api/chat/{otherUserId}/rest', () => {
  it('sends the line in the sender\'s language and rests the chat for both, who both hear it', async () => {
    const [a, b] = await pair();
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    const res = await headOff(a, b.user.id, { line_id: 'lovely', language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ChatRestAnswerSchema.parse(res.json());
    expect(answer.message.message).toBe(HEADING_OFF_LINES[0].text.message);
    expect(answer.rest).toEqual({ resting: true, by_me: true, since: t.clock.now().toISOString() });
    expect(await lb.next('chat_rest')).toEqual({ type: 'chat_rest', user_id: a.user.id, resting: true, by_me: false });
    expect(await la.next('chat_rest')).toEqual({ type: 'chat_rest', user_id: b.user.id, resting: true, by_me: true });
    // Both see the same state.
    expect(await restOf(b, a.user.id)).toMatchObject({ resting: true, by_me: false });
    expect(await restOf(a, b.user.id)).toMatchObject({ resting: true, by_me: true });
    const german = await headOff(b, a.user.id, { line_id: 'glad', language: 'de' });
    expect(german.json().message.message).not.toBe(HEADING_OFF_LINES[1].text.message);
    la.close();
    lb.close();
  });

  it.each([
    [{ line_id: 'bye-forever' }, /^line_id: must be one of lovely, glad, enjoy/],
    [{ line_id: undefined }, /^line_id: /],
    [{ language: 'fr' }, /^language: must be one of en, de/],
    [{ event_id: 'x' }, /^event_id: /],
  ])('refuses %j with 400 and sends and rests nothing', async (patch, detail) => {
    const [a, b] = await pair();
    const res = await headOff(a, b.user.id, { line_id: 'lovely', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await t.database.db.select().from(chatMessages).where(eq(chatMessages.fromUser, a.user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(chatRests).where(eq(chatRests.restedBy, a.user.id))).toHaveLength(0);
  });

  it('follows the rules of /chat/send: 400 yourself, 404 unknown or blocked, 403 a stranger', async () => {
    const a = await registerUser(t.app);
    const [stranger, blocked] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await meet(t.database.db, a, blocked);
    await block(t.database.db, blocked.user.id, a.user.id);
    expect((await headOff(a, a.user.id, { line_id: 'lovely' })).statusCode).toBe(400);
    expect((await headOff(a, unknownId(), { line_id: 'lovely' })).statusCode).toBe(404);
    expect((await headOff(a, blocked.user.id, { line_id: 'lovely' })).statusCode).toBe(404);
    expect((await headOff(a, stranger.user.id, { line_id: 'lovely' })).statusCode).toBe(403);
    expect((await as(t.app, a).get(`/api/chat/${stranger.user.id}/rest?user_id=${a.user.id}`)).statusCode).toBe(404);
    expect((await as(t.app, a).get(`/api/chat/${blocked.user.id}/rest?user_id=${a.user.id}`)).statusCode).toBe(404);
    expect((await as(t.app, stranger).get(`/api/chat/${a.user.id}/rest?user_id=${a.user.id}`)).statusCode).toBe(403);
  });
});

describe('a resting chat', () => {
  it('still delivers messages to both, quietly: live with quiet, no toast notification and no push', async () => {
    const [a, b] = await pair();
    const device = await subscribed(b);
    expect((await headOff(a, b.user.id, { line_id: 'enjoy' })).statusCode).toBe(200);
    await t.app.pushJobs.idle();
    const before = pushesTo(device).length;
    // B is offline: the message is stored and listed, but nothing is pushed.
    expect((await send(a, b, 'one more thing')).statusCode).toBe(200);
    await t.app.pushJobs.idle();
    expect(pushesTo(device)).toHaveLength(before);
    expect((await notificationsOf(t.database.db, b.user.id))[0]).toMatchObject({ kind: 'chat_message' });
    // A is online: B's answer comes quietly to A, and so does the other way.
    const [la, lb] = await Promise.all([openLive(t.app, a), openLive(t.app, b)]);
    await send(b, a, 'sure');
    expect((await la.next('new_message', (m) => m.message.message === 'sure')).quiet).toBe(true);
    await send(a, b, 'thanks');
    expect((await lb.next('new_message', (m) => m.message.message === 'thanks')).quiet).toBe(true);
    la.close();
    lb.close();
  });

  it('notify.ts offers a resting chat\'s message quietly and pushes nothing; other kinds stay loud', async () => {
    const [a, b] = await pair();
    const device = await subscribed(b);
    const lb = await openLive(t.app, b);
    await headOff(a, b.user.id, { line_id: 'lovely' });
    await t.app.pushJobs.idle();
    const before = pushesTo(device).length;
    const note = { title: asWritten('New message'), content: asWritten('Ada: hi'), link: `/chats/${a.user.id}` };
    const quiet = await notify(t.app, b.user.id, { kind: 'chat_message', fromUserId: a.user.id, ...note });
    expect((await lb.next('notification', (m) => m.notification.id === quiet.id)).quiet).toBe(true);
    const loud = await notify(t.app, b.user.id, { kind: 'connection_accepted', fromUserId: a.user.id, ...note });
    expect((await lb.next('notification', (m) => m.notification.id === loud.id)).quiet).toBeUndefined();
    await t.app.pushJobs.idle();
    lb.close();
    expect(pushesTo(device).length).toBe(before);
  });

  it('either side can wake it: both hear it, and messages notify again', async () => {
    const [a, b] = await pair();
    await headOff(a, b.user.id, { line_id: 'lovely' });
    const la = await openLive(t.app, a);
    const woke = await wake(b, a.user.id);
    expect(woke.statusCode).toBe(200);
    expect(woke.json()).toEqual({ resting: false, by_me: null, since: null });
    expect(await la.next('chat_rest', (m) => !m.resting)).toEqual({ type: 'chat_rest', user_id: b.user.id, resting: false, by_me: false });
    expect(await restOf(a, b.user.id)).toEqual({ resting: false, by_me: null, since: null });
    expect((await wake(a, b.user.id)).statusCode).toBe(404);
    await send(b, a, 'back again');
    expect((await la.next('new_message', (m) => m.message.message === 'back again')).quiet).toBeUndefined();
    la.close();
  });
});

describe('a resting chat is kept in memory (a send asks the database nothing about it)', () => {
  it('once each side\'s rests are kept, sends and their notifications read no chat_rests', async () => {
    const [a, b] = await pair();
    await send(a, b, 'hello');
    await send(b, a, 'hi');
    const asked = await queriesDuring(t.database.db, async () => {
      expect((await send(a, b, 'how are you?')).statusCode).toBe(200);
      expect((await send(b, a, 'well')).statusCode).toBe(200);
    });
    expect(asked.filter((q) => /chat_rests/.test(q))).toEqual([]);
    // And a rest made afterwards is seen at once, by both sides' next sends.
    expect((await headOff(a, b.user.id, { line_id: 'lovely' })).statusCode).toBe(200);
    const la = await openLive(t.app, a);
    await send(b, a, 'bye');
    expect((await la.next('new_message', (m) => m.message.message === 'bye')).quiet).toBe(true);
    la.close();
  });
});

describe('a resting chat across two instances, one PostgreSQL, one Redis', () => {
  const clock = new FakeClock();
  let instances: RedisInstances;
  instancesForTests(clock, (made) => (instances = made));

  it.skipIf(!twoInstances)(`a rest or a wake on one instance reaches the other's kept copy at once${whySkipped}`, async () => {
    const { a: one, b: two } = instances;
    const ada = await registerUser(one, { name: 'Ada' });
    const bo = await registerUser(one, { name: 'Bo' });
    await meet(instances.database.db, ada, bo);
    const restOn = async (app: typeof two, me: TestUser, other: TestUser) =>
      ChatRestSchema.parse((await as(app, me).get(`/api/chat/${other.user.id}/rest?user_id=${me.user.id}`)).json());
    /** Resolves once `two` has heard that Bo's rests changed. */
    const heard = () =>
      new Promise<void>((resolve) => {
        const hear = (tags: string[]) => {
          if (!tags.includes(tag.rests(bo.user.id))) return;
          two.lifecycle.off('kept.changed', hear);
          resolve();
        };
        two.lifecycle.on('kept.changed', hear);
      });
    // Bo's rests are kept on the second instance, by a send there and a read.
    expect((await as(two, bo).post(`/api/chat/send?user_id=${bo.user.id}`, { to_user: ada.user.id, message: 'hi' })).statusCode).toBe(200);
    expect((await restOn(two, bo, ada)).resting).toBe(false);
    let hearing = heard();
    expect((await as(one, ada).post(`/api/chat/${bo.user.id}/rest?user_id=${ada.user.id}`, { line_id: 'lovely', language: 'en' })).statusCode).toBe(200);
    await hearing;
    expect(await restOn(two, bo, ada)).toMatchObject({ resting: true, by_me: false });
    const live = await openLive(two, ada);
    await as(two, bo).post(`/api/chat/send?user_id=${bo.user.id}`, { to_user: ada.user.id, message: 'quietly' });
    expect((await live.next('new_message', (m) => m.message.message === 'quietly')).quiet).toBe(true);
    hearing = heard();
    expect((await as(one, ada).delete(`/api/chat/${bo.user.id}/rest?user_id=${ada.user.id}`)).statusCode).toBe(200);
    await hearing;
    expect((await restOn(two, bo, ada)).resting).toBe(false);
    await as(two, bo).post(`/api/chat/send?user_id=${bo.user.id}`, { to_user: ada.user.id, message: 'loud again' });
    expect((await live.next('new_message', (m) => m.message.message === 'loud again')).quiet).toBeUndefined();
    live.close();
  });
});
