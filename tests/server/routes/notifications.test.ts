import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationSchema, ReadAllAnswerSchema } from '../../../contract/social';
import { connectionRequests, connections, notifications } from '../../../server/db/schema';
import { type NewNotification, notify, storeNotification } from '../../../server/use-cases/notify';
import { makeAdmin } from '../admin-helpers';
import { registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, meet, openLive, unknownId } from '../social-helpers';
import { asWritten } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const base = new Date('2026-11-22T10:00:00Z').getTime();
const store = (userId: string, n: number) =>
  storeNotification(t.database.db, userId, { kind: 'general', title: asWritten(`Note ${n}`), content: asWritten(`Content ${n}`), link: null, at: new Date(base + n * 1000) });

describe('GET /api/notifications/{userId}', () => {
  it('answers my own notifications, newest first', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await store(a.user.id, 1);
    await store(a.user.id, 3);
    await store(a.user.id, 2);
    await store(b.user.id, 9);
    const res = await as(t.app, a).get(`/api/notifications/${a.user.id}`);
    expect(res.statusCode).toBe(200);
    const list = z.array(NotificationSchema).parse(res.json());
    expect(list.map((n) => n.title)).toEqual(['Note 3', 'Note 2', 'Note 1']);
    expect(list[0]).toEqual({
      id: list[0]!.id,
      title: 'Note 3',
      title_code: 'said.asWritten',
      title_params: { text: 'Note 3' },
      content: 'Content 3',
      content_code: 'said.asWritten',
      content_params: { text: 'Content 3' },
      read: false,
      created_at: new Date(base + 3000).toISOString(),
      link: null,
      about_user_id: null,
    });
  });

  it('answers at most 100', async () => {
    const a = await registerUser(t.app);
    await t.database.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: a.user.id,
        kind: 'general',
        title: `n${i}`,
        titleCode: 'said.asWritten',
        titleParams: { text: `n${i}` },
        content: '',
        contentCode: 'said.asWritten',
        contentParams: { text: '' },
        createdAt: new Date(base + i * 1000),
      })),
    );
    const list = (await as(t.app, a).get(`/api/notifications/${a.user.id}`)).json() as Array<{ title: string }>;
    expect(list).toHaveLength(100);
    expect(list[0]!.title).toBe('n104');
  });

  it("answers 403 for someone else's, 401 without a session, 400 for a bad id", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await store(b.user.id, 1);
    const other = await as(t.app, a).get(`/api/notifications/${b.user.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Note 1');
    expect((await as(t.app, a).get(`/api/notifications/${a.user.id}?user_id=${b.user.id}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/notifications/${a.user.id}` })).statusCode).toBe(401);
    const bad = await as(t.app, a).get(`/api/notifications/me`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^userId: /);
  });
});

describe('PUT /api/notifications/{id}/read', () => {
  const read = async (id: string) => (await t.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]!.read;

  it('marks my notification read', async () => {
    const a = await registerUser(t.app);
    const n = await store(a.user.id, 1);
    const res = await as(t.app, a).put(`/api/notifications/${n.id}/read?user_id=${a.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await read(n.id)).toBe(true);
    const list = (await as(t.app, a).get(`/api/notifications/${a.user.id}`)).json();
    expect(list[0].read).toBe(true);
    // Again is fine.
    expect((await as(t.app, a).put(`/api/notifications/${n.id}/read?user_id=${a.user.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for someone else's notification, exactly as for an unknown one", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const theirs = await store(b.user.id, 1);
    const res = await as(t.app, a).put(`/api/notifications/${theirs.id}/read?user_id=${a.user.id}`);
    expect(res.statusCode).toBe(404);
    const unknown = await as(t.app, a).put(`/api/notifications/${unknownId()}/read?user_id=${a.user.id}`);
    expect(unknown.json()).toEqual(res.json());
    expect(await read(theirs.id)).toBe(false);
  });

  it('answers 401, 403 acting as someone else, 400 for a bad id', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const n = await store(a.user.id, 1);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${n.id}/read?user_id=${a.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, a).put(`/api/notifications/${n.id}/read?user_id=${b.user.id}`)).statusCode).toBe(403);
    const bad = await as(t.app, a).put(`/api/notifications/x/read?user_id=${a.user.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
    expect(await read(n.id)).toBe(false);
  });
});

describe('PUT /api/notifications/read-all', () => {
  const unread = async (userId: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => !n.read).length;

  it("marks all of mine read, answers how many, and leaves everyone else's alone", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await store(a.user.id, 1);
    await store(a.user.id, 2);
    const already = await store(a.user.id, 3);
    await as(t.app, a).put(`/api/notifications/${already.id}/read?user_id=${a.user.id}`);
    await store(b.user.id, 4);
    const res = await as(t.app, a).put(`/api/notifications/read-all?user_id=${a.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ReadAllAnswerSchema.parse(res.json())).toEqual({ success: true, marked: 2 });
    expect(await unread(a.user.id)).toBe(0);
    expect(await unread(b.user.id)).toBe(1);
    const list = z.array(NotificationSchema).parse((await as(t.app, a).get(`/api/notifications/${a.user.id}`)).json());
    expect(list.every((n) => n.read)).toBe(true);
    // Again: nothing left to mark.
    expect((await as(t.app, a).put(`/api/notifications/read-all?user_id=${a.user.id}`)).json()).toEqual({ success: true, marked: 0 });
  });

  it("answers 403 for someone else's id and 401 without a session, marking nothing", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await store(b.user.id, 1);
    const other = await as(t.app, a).put(`/api/notifications/read-all?user_id=${b.user.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/read-all?user_id=${b.user.id}` })).statusCode).toBe(401);
    expect(await unread(b.user.id)).toBe(1);
  });
});

describe('where notifications lead (link)', () => {
  const linksOf = async (u: TestUser) =>
    z
      .array(NotificationSchema)
      .parse((await as(t.app, u).get(`/api/notifications/${u.user.id}`)).json())
      .map((n) => [n.title, n.link]);

  it('a request opens the request, an acceptance the chat with the other person', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await as(t.app, a).post(`/api/connections/request?from_user_id=${a.user.id}`, { to_user_id: b.user.id });
    const [request] = await t.database.db.select().from(connectionRequests).where(eq(connectionRequests.fromUser, a.user.id));
    expect(await linksOf(b)).toEqual([['New connection request', `/requests/${request!.id}`]]);
    t.clock.advance(1000);
    const res = await as(t.app, b).post(`/api/connections/requests/respond?user_id=${b.user.id}`, { request_id: request!.id, action: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linksOf(a)).toEqual([['Connection accepted', `/chats/${b.user.id}`]]);
  });

  it('a message opens the chat with its sender, shared details their exchange', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await meet(t.database.db, a, b);
    const sent = await as(t.app, a).post(`/api/chat/send?user_id=${a.user.id}`, { to_user: b.user.id, message: 'Hello' });
    expect(sent.statusCode, sent.body).toBe(200);
    t.clock.advance(1000);
    const shared = await as(t.app, a).post(`/api/contact-exchange?user_id=${a.user.id}`, {
      to_user: b.user.id,
      exchange_type: 'social_media',
      contact_data: { instagram: '@nova' },
      event_id: null,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await linksOf(b)).toEqual([
      ['Contact details shared with you', '/cards'],
      ['New message', `/chats/${a.user.id}`],
    ]);
  });

  it("an admin's warning opens nothing in particular", async () => {
    const a = await registerUser(t.app);
    const admin = await makeAdmin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${a.user.id}/warning?admin_id=${admin.id}&reason=Please%20be%20kind`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [note] = await linksOf(a);
    expect(note![1]).toBeNull();
  });
});

describe('notifications come quietly while energy is low (issue 18)', () => {
  it('are offered with quiet: true, except from a connection or of a kind that stays loud, and loud again above 3', async () => {
    const me = await registerUser(t.app);
    const [friend, stranger] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    await t.database.db.insert(connections).values({ user1: [me.user.id, friend.user.id].sort()[0]!, user2: [me.user.id, friend.user.id].sort()[1]!, connectionType: 'mutual_interest' });
    t.app.lifecycle.emit('relation.changed', me.user.id, friend.user.id);
    await as(t.app, me).put(`/api/users/social-battery?user_id=${me.user.id}&battery_level=3`, {});
    const live = await openLive(t.app, me);
    try {
      const say = (title: string, n: Partial<NewNotification> = {}) => notify(t.app, me.user.id, { kind: 'general', title: asWritten(title), content: asWritten(''), link: null, ...n });
      await say('From the organizers');
      await say('A stranger wrote', { kind: 'chat_message', fromUserId: stranger.user.id });
      await say('A friend wrote', { kind: 'chat_message', fromUserId: friend.user.id });
      await say('Now connected', { kind: 'connection_accepted' });
      await live.sync();
      const quietOf = (title: string) => live.ofType('notification').find((m) => m.notification.title === title)?.quiet ?? false;
      expect(quietOf('From the organizers')).toBe(true);
      expect(quietOf('A stranger wrote')).toBe(true);
      expect(quietOf('A friend wrote')).toBe(false);
      expect(quietOf('Now connected')).toBe(false);
      // Every one of them is in the list all the same.
      expect((await as(t.app, me).get(`/api/notifications/${me.user.id}`)).json()).toHaveLength(4);
      await as(t.app, me).put(`/api/users/social-battery?user_id=${me.user.id}&battery_level=4`, {});
      await say('Back to normal');
      await live.sync();
      expect(quietOf('Back to normal')).toBe(false);
    } finally {
      live.close();
    }
  });
});
