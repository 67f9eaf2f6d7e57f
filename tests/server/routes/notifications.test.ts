import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationSchema } from '../../../contract/social';
import { notifications } from '../../../server/db/schema';
import { storeNotification } from '../../../server/realtime/notify';
import { registerUser, testApp, type TestApp } from '../helpers';
import { as, unknownId } from '../social-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const base = new Date('2026-11-22T10:00:00Z').getTime();
const store = (userId: string, n: number) =>
  storeNotification(t.database.db, userId, { kind: 'general', title: `Note ${n}`, content: `Content ${n}`, at: new Date(base + n * 1000) });

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
      content: 'Content 3',
      read: false,
      created_at: new Date(base + 3000).toISOString(),
    });
  });

  it('answers at most 100', async () => {
    const a = await registerUser(t.app);
    await t.database.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: a.user.id,
        kind: 'general',
        title: `n${i}`,
        content: '',
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
