/**
 * The kept sessions of server/plugins/session.ts: how long a session read from the
 * database is used, and every change that must show before that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PrivacySettingsSchema } from '../../contract/discovery';
import { sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/db/repositories/sessions';
import type { UserRow } from '../../server/db/repositories/users';
import { hashPassword } from '../../server/domain/passwords';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../../server/plugins/session';
import { registerUser, sessionCookie, testApp, type TestApp, type TestUser } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
const privacy = async (u: TestUser) => PrivacySettingsSchema.parse((await get(u, `/api/users/privacy?user_id=${u.user.id}`)).json());
const setRow = (id: string, changes: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(changes).where(eq(users.id, id));
const tokenOf = (u: TestUser) => u.cookie.slice(u.cookie.indexOf('=') + 1);

describe('a kept session', () => {
  it('is read from the database at most once per SESSION_CACHE_TTL_MS: a change behind the app’s back shows after that', async () => {
    const u = await registerUser(t.app);
    expect((await privacy(u)).visibility_mode).toBe('public');
    // As another instance would write it.
    await setRow(u.user.id, { visibilityMode: 'private' });
    t.clock.advance(SESSION_CACHE_TTL_MS - 1);
    expect((await privacy(u)).visibility_mode).toBe('public');
    t.clock.advance(1);
    expect((await privacy(u)).visibility_mode).toBe('private');
  });

  it('shows the user’s own changes at once', async () => {
    const u = await registerUser(t.app);
    await privacy(u);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/privacy?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { visibility_mode: 'friends' },
    });
    expect(put.statusCode).toBe(200);
    expect((await privacy(u)).visibility_mode).toBe('friends');

    expect((await t.app.inject({ method: 'POST', url: `/api/subscription/upgrade?user_id=${u.user.id}&plan_name=Premium`, headers: u.headers })).statusCode).toBe(200);
    expect((await get(u, `/api/subscription/user/${u.user.id}?user_id=${u.user.id}`)).json()).toEqual({ plan_name: 'Premium' });
  });

  it('PUT /auth/profile answers the row as stored, even with nothing to change', async () => {
    const u = await registerUser(t.app);
    await privacy(u);
    await setRow(u.user.id, { name: 'Renamed elsewhere' });
    const empty = await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().name).toBe('Renamed elsewhere');
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { occupation: 'Gardener' },
    });
    expect(changed.json()).toMatchObject({ name: 'Renamed elsewhere', occupation: 'Gardener' });
    expect((await get(u, '/api/auth/me')).json()).toMatchObject({ occupation: 'Gardener' });
  });

  it('ends at logout at once, while the same user’s other session goes on', async () => {
    const u = await registerUser(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: u.user.username, password: u.password } });
    const other = { ...u, cookie: sessionCookie(login), headers: { cookie: sessionCookie(login) } };
    expect((await get(u, '/api/auth/me')).statusCode).toBe(200);
    expect((await get(other, '/api/auth/me')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/auth/logout?user_id=${u.user.id}`, headers: u.headers });
    expect((await get(u, '/api/auth/me')).statusCode).toBe(401);
    expect((await get(other, '/api/auth/me')).statusCode).toBe(200);
  });

  it('ends at deactivation at once', async () => {
    const u = await registerUser(t.app);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${u.user.id}`, headers: u.headers })).statusCode).toBe(200);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(401);
  });

  it('ends when its expiry passes, however recently it was read', async () => {
    const u = await registerUser(t.app);
    const soon = new Date(t.clock.now().getTime() + SESSION_CACHE_TTL_MS + 1_000);
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.tokenHash, hashToken(tokenOf(u))));
    t.clock.advance(SESSION_CACHE_TTL_MS); // the kept copy from registering is read again
    expect((await get(u, '/api/auth/me')).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(401);
  });

  it('ends when a ban announced by another instance arrives over the live bus', async () => {
    const u = await registerUser(t.app);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(200);
    // Another instance banned them, revoked their sessions and published the disconnect.
    await setRow(u.user.id, { isBanned: true });
    await t.database.db.delete(sessions).where(eq(sessions.userId, u.user.id));
    await t.app.realtime.disconnectUser(u.user.id);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(401);
  });

  it('a password change checks the current password against the database, not the kept row', async () => {
    const u = await registerUser(t.app);
    expect((await get(u, '/api/auth/me')).statusCode).toBe(200);
    // Changed a moment ago through another instance (this instance still keeps the old row).
    await setRow(u.user.id, { passwordHash: await hashPassword('changed-elsewhere-1') });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/change-password?user_id=${u.user.id}&current_password=${u.password}&new_password=another-one-2`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^current_password: /);
  });

  it('is shared by every request of the session and cannot be changed in place', async () => {
    const u = await registerUser(t.app);
    await get(u, '/api/auth/me');
    const found = await t.app.sessionCache.user(hashToken(tokenOf(u)), t.clock.now());
    expect(found?.user.id).toBe(u.user.id);
    expect(Object.isFrozen(found!.user)).toBe(true);
    expect(Object.isFrozen(found!.user.interests)).toBe(true);
  });
});

describe('SessionCache', () => {
  const row = (id: string, over: Partial<UserRow> = {}) => ({ id, isActive: true, isBanned: false, bannedUntil: null, interests: [], socialPreferences: [], personalityTraits: [], ...over }) as unknown as UserRow;
  const at = (ms: number) => new Date(ms);
  const FAR = at(10_000_000);

  it('shares one read between concurrent requests for a token', async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new SessionCache(async () => {
      reads++;
      await gate;
      return { user: row('u1'), expiresAt: FAR };
    });
    const all = Array.from({ length: 10 }, () => cache.user('h', at(0)));
    release();
    const found = await Promise.all(all);
    expect(reads).toBe(1);
    expect(found.every((f) => f?.user.id === 'u1')).toBe(true);
    await cache.user('h', at(1));
    expect(reads).toBe(1);
  });

  it('does not keep a read that raced an invalidation, but the requests that waited for it get its answer', async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const cache = new SessionCache(async () => {
      reads++;
      if (reads === 1) await gate;
      return { user: row('u1'), expiresAt: FAR };
    });
    const waiting = cache.user('h', at(0));
    cache.forgetUser('u1');
    // A request after the invalidation does not join the read that began before it.
    const after = cache.user('h', at(0));
    release();
    expect((await waiting)?.user.id).toBe('u1');
    expect((await after)?.user.id).toBe('u1');
    expect(reads).toBe(2);
    await cache.user('h', at(1));
    expect(reads).toBe(2);
  });

  it('answers null for a session that expired, a deactivated user, and a ban still running', async () => {
    const rows: Record<string, { user: UserRow; expiresAt: Date }> = {
      expired: { user: row('a'), expiresAt: at(100) },
      inactive: { user: row('b', { isActive: false }), expiresAt: FAR },
      banned: { user: row('c', { isBanned: true, bannedUntil: at(500) }), expiresAt: FAR },
    };
    const cache = new SessionCache(async (h) => rows[h] ?? null);
    expect(await cache.user('expired', at(99))).not.toBeNull();
    expect(await cache.user('expired', at(100))).toBeNull();
    expect(await cache.user('inactive', at(0))).toBeNull();
    expect(await cache.user('banned', at(499))).toBeNull();
    // A temporary ban lifts by itself at its end.
    expect((await cache.user('banned', at(500)))?.user.id).toBe('c');
    expect(await cache.user('unknown', at(0))).toBeNull();
  });

  it('reads again after the TTL, and after forgetToken or forgetUser', async () => {
    let reads = 0;
    const cache = new SessionCache(async (h) => {
      reads++;
      return { user: row(h === 'h2' ? 'u2' : 'u1'), expiresAt: FAR };
    }, { ttlMs: 100, max: 10 });
    await cache.user('h1', at(0));
    await cache.user('h1', at(99));
    expect(reads).toBe(1);
    await cache.user('h1', at(100));
    expect(reads).toBe(2);
    cache.forgetToken('h1');
    await cache.user('h1', at(101));
    expect(reads).toBe(3);
    await cache.user('h2', at(101));
    cache.forgetUser('u1');
    await cache.user('h1', at(102));
    await cache.user('h2', at(102));
    expect(reads).toBe(5); // h1 read again, h2 (another user) still kept
  });

  it('keeps at most `max` sessions, dropping the oldest first', async () => {
    let reads = 0;
    const cache = new SessionCache(async (h) => {
      reads++;
      return { user: row(`u-${h}`), expiresAt: FAR };
    }, { ttlMs: 1_000, max: 3 });
    for (const h of ['a', 'b', 'c', 'd']) await cache.user(h, at(0));
    expect(cache.size).toBe(3);
    expect(reads).toBe(4);
    await cache.user('d', at(1));
    await cache.user('b', at(1));
    expect(reads).toBe(4);
    await cache.user('a', at(1));
    expect(reads).toBe(5);
  });
});
