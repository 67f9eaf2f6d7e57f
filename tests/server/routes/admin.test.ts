import { timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminLoginAnswerSchema,
  AdminSessionAnswerSchema,
  AdminSettingsSchema,
  AdminStatsSchema,
  AdminUserDetailSchema,
  AdminUsersAnswerSchema,
  ModerationAnswerSchema,
  type AdminStats,
} from '../../../contract/admin';
import { DetailSchema } from '../../../contract/common';
import { MESSAGES } from '../../../contract/messages';
import { createAdmin } from '../../../server/db/bootstrap';
import { escapeLike } from '../../../server/db/repositories/admin';
import { admins, appSettings, connections, eventAttendees, events, notifications, sessions, users } from '../../../server/db/schema';
import { sameSecret } from '../../../server/use-cases/admin';
import {
  ADMIN_PASSWORD,
  adminCookie,
  adminLogin,
  adminTestApp,
  auditCount,
  auditRows,
  makeAdmin,
  type RecordingRealtime,
  type TestAdmin,
} from '../admin-helpers';
import { registerUser, uniqueName, type TestApp, type TestUser } from '../helpers';
import { refusalOf } from '../../../contract/said';
import { NOT_FOUND } from '../../../server/core/errors';

// The gate must compare in constant time: watch the one call that does.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const SLUG = 'quiet-door-7Hk2';
const DAY = 86_400_000;

let t: TestApp & { realtime: RecordingRealtime };
beforeAll(async () => {
  t = await adminTestApp({ config: { adminGateSlug: SLUG } });
});
afterAll(async () => t.close());
beforeEach(() => {
  t.realtime.toUsers.mockClear();
  t.realtime.disconnectUser.mockClear();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const stats = async (a: TestAdmin): Promise<AdminStats> => {
  const res = await call('GET', `/api/admin/users/stats?admin_id=${a.id}`, a.headers);
  expect(res.statusCode).toBe(200);
  return AdminStatsSchema.parse(res.json());
};

const banBody = (userId: string, over: Record<string, unknown> = {}) => ({
  user_id: userId,
  reason: 'Repeated unkind messages',
  duration_days: 3,
  ban_type: 'temporary',
  ...over,
});

const ban = (a: TestAdmin, userId: string, over: Record<string, unknown> = {}) =>
  call('POST', `/api/admin/users/${userId}/ban?admin_id=${a.id}`, a.headers, banBody(userId, over));

const withReason = (reason: string) => `reason=${encodeURIComponent(reason)}`;
const unban = (a: TestAdmin, userId: string, reason = 'Admin unban') =>
  call('POST', `/api/admin/users/${userId}/unban?admin_id=${a.id}&${withReason(reason)}`, a.headers);
const warn = (a: TestAdmin, userId: string, reason = 'Admin warning') =>
  call('POST', `/api/admin/users/${userId}/warning?admin_id=${a.id}&${withReason(reason)}`, a.headers);
const remove = (a: TestAdmin, userId: string, reason = 'Admin delete') =>
  call('DELETE', `/api/admin/users/${userId}?admin_id=${a.id}&${withReason(reason)}`, a.headers);

const userLogin = (u: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email: u.user.username, password: u.password } });
const me = (headers: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('GET /api/admin/secure-access/{slug}', () => {
  it('answers 200 for the configured slug, without any session', async () => {
    const res = await call('GET', `/api/admin/secure-access/${SLUG}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it.each([['quiet-door-7hk2'], ['quiet-door'], [`${SLUG}x`], ['x'], ['admin']])('answers 404 with a detail for %s', async (slug) => {
    const res = await call('GET', `/api/admin/secure-access/${slug}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusalOf(NOT_FOUND));
  });

  it('compares in constant time', async () => {
    vi.mocked(timingSafeEqual).mockClear();
    await call('GET', '/api/admin/secure-access/a-guess');
    expect(timingSafeEqual).toHaveBeenCalledTimes(1);
    // Both sides are hashed first, so unequal lengths compare too (and do not throw).
    expect(sameSecret('short', 'a much longer secret')).toBe(false);
    expect(sameSecret(SLUG, SLUG)).toBe(true);
  });

  it('uses a slug generated once and kept when none is configured', async () => {
    const other = await adminTestApp({ config: { adminGateSlug: null } });
    try {
      const first = await other.app.inject({ method: 'GET', url: '/api/admin/secure-access/guess' });
      expect(first.statusCode).toBe(404);
      const [kept] = await other.app.db.select().from(appSettings).where(eq(appSettings.key, 'admin_gate_slug'));
      expect(kept!.value.length).toBeGreaterThanOrEqual(16);
      const res = await other.app.inject({ method: 'GET', url: `/api/admin/secure-access/${kept!.value}` });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/admin/login', () => {
  it('answers the admin and sets a strict, http-only admin cookie for 8 hours', async () => {
    const username = uniqueName('adm');
    const { id } = await createAdmin(t.app.db, { username, password: ADMIN_PASSWORD, role: 'super_admin', email: `${username}@x.org` });
    const res = await adminLogin(t.app, username.toUpperCase(), ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(AdminLoginAnswerSchema.parse(res.json())).toEqual({
      admin: { id, username, email: `${username}@x.org`, role: 'super_admin' },
    });
    expect(res.body).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === 'wf_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 8 * 3600 });
    expect(res.cookies.find((c) => c.name === 'wf_session')).toBeUndefined();
    const [row] = await t.app.db.select().from(admins).where(eq(admins.id, id));
    expect(row!.lastLogin).toEqual(t.clock.now());
    const ok = await call('GET', `/api/admin/users/stats?admin_id=${id}`, { cookie: adminCookie(res) });
    expect(ok.statusCode).toBe(200);
  });

  it('answers the same 401 for an unknown admin and a wrong password', async () => {
    const a = await makeAdmin(t.app);
    const wrong = await adminLogin(t.app, a.username, 'Wrong1234');
    const unknown = await adminLogin(t.app, uniqueName('nobody'), ADMIN_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refusalOf(MESSAGES.invalidAdminCredentials));
      expect(res.cookies.find((c) => c.name === 'wf_admin')).toBeUndefined();
    }
  });

  it('does not let a user account in', async () => {
    const u = await registerUser(t.app);
    const res = await adminLogin(t.app, u.user.username, u.password);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ password: ADMIN_PASSWORD }, /^username: /],
    [{ username: 'someone' }, /^password: /],
    [{ username: '', password: 'x' }, /^username: is required/],
    [{ username: 'someone', password: '' }, /^password: is required/],
  ])('refuses %j with 400 naming the field', async (payload, detail) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('is refused with 503 at once, before any lookup, while every place under the hashing cap is kept', async () => {
    const { hashingSlots } = await import('../../../server/domain/passwords');
    const gates: (() => void)[] = [];
    const held = Array.from({ length: 33 }, () => hashingSlots.admitted(() => new Promise<void>((resolve) => gates.push(resolve))));
    const lookups = vi.spyOn(t.app.db, 'select');
    try {
      const res = await adminLogin(t.app, uniqueName('nobody'), ADMIN_PASSWORD);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      for (const open of gates) open();
      await Promise.all(held);
    }
    const a = await makeAdmin(t.app);
    expect((await adminLogin(t.app, a.username, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('makes a failing client wait while the admin elsewhere signs in, and limits each address', async () => {
    const limited = await adminTestApp({ rateLimits: { freeFailures: 2, loginPerAddress: 4 } });
    try {
      const a = await makeAdmin(limited.app); // one login used
      for (let i = 0; i < 2; i++) expect((await adminLogin(limited.app, a.username, 'Wrong1234', '10.5.0.1')).statusCode).toBe(401);
      // The right password no longer helps on that client: the wait answers before any hashing.
      const blocked = await adminLogin(limited.app, a.username, ADMIN_PASSWORD, '10.5.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The admin on their own device still signs in.
      expect((await adminLogin(limited.app, a.username, ADMIN_PASSWORD, '10.5.0.2')).statusCode).toBe(200);
      // A user login of the same name is counted apart.
      const userTry = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.5.0.1',
        payload: { username_or_email: a.username, password: 'whatever' },
      });
      expect(userTry.statusCode).toBe(401);
      // The address limit (4) is reached across names.
      expect((await adminLogin(limited.app, 'other1', 'Wrong1234', '10.5.0.1')).statusCode).toBe(401);
      expect((await adminLogin(limited.app, 'other2', 'Wrong1234', '10.5.0.1')).statusCode).toBe(429);
      // Another address is counted apart.
      expect((await adminLogin(limited.app, 'other3', 'Wrong1234', '10.1.2.3')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('who may call the admin API', () => {
  const zero = '00000000-0000-4000-8000-000000000000';
  const calls: Array<[Method, (adminId: string) => string, unknown?]> = [
    ['POST', (a) => `/api/admin/logout?admin_id=${a}`],
    ['GET', (a) => `/api/admin/users/stats?admin_id=${a}`],
    ['GET', (a) => `/api/admin/users?admin_id=${a}`],
    ['GET', (a) => `/api/admin/users/${zero}?admin_id=${a}`],
    ['POST', (a) => `/api/admin/users/${zero}/ban?admin_id=${a}`, banBody(zero)],
    ['POST', (a) => `/api/admin/users/${zero}/unban?admin_id=${a}&reason=r`],
    ['POST', (a) => `/api/admin/users/${zero}/warning?admin_id=${a}&reason=r`],
    ['DELETE', (a) => `/api/admin/users/${zero}?admin_id=${a}&reason=r`],
    ['GET', (a) => `/api/admin/settings?admin_id=${a}`],
    ['PUT', (a) => `/api/admin/change-password?admin_id=${a}&current_password=x&new_password=Abcdefg12`],
    ['PUT', (a) => `/api/admin/change-username?admin_id=${a}&current_password=x&new_username=abc123`],
  ];
  let admin: TestAdmin;
  let other: TestAdmin;
  let user: TestUser;
  beforeAll(async () => {
    admin = await makeAdmin(t.app);
    other = await makeAdmin(t.app);
    user = await registerUser(t.app);
  });

  it.each(calls)('%s %s: 401 without a session, 401 with a user session, 403 for another admin id', async (method, url, body) => {
    const anonymous = await call(method, url(admin.id), {}, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toMatch(/admin/);
    // A user session, even one naming itself, is no admin session.
    const asUser = await call(method, url(user.user.id), user.headers, body);
    expect(asUser.statusCode).toBe(401);
    const asOther = await call(method, url(admin.id), other.headers, body);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().detail).toBe('You can only act as yourself');
    // A missing admin_id is refused too (validation, after the guard lets the session in).
    const bare = await call(method, url(admin.id).replace(/admin_id=[^&]+&?/, ''), other.headers, body);
    expect(bare.statusCode).toBe(400);
    expect(await auditCount(t.app, admin.id)).toBe(0);
    expect(await auditCount(t.app, other.id)).toBe(0);
  });

  it('lists every admin call in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/secure-access/{slug}',
        '/api/admin/login',
        '/api/admin/users/stats',
        '/api/admin/users',
        '/api/admin/users/{id}',
        '/api/admin/users/{id}/ban',
        '/api/admin/users/{id}/unban',
        '/api/admin/users/{id}/warning',
        '/api/admin/settings',
        '/api/admin/change-password',
        '/api/admin/change-username',
      ]),
    );
  });
});

describe('POST /api/admin/logout', () => {
  it('ends this admin session only', async () => {
    const a = await makeAdmin(t.app);
    const second = adminCookie(await adminLogin(t.app, a.username, a.password));
    const res = await call('POST', `/api/admin/logout?admin_id=${a.id}`, a.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers)).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/settings?admin_id=${a.id}`, { cookie: second })).statusCode).toBe(200);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });
});

describe('GET /api/admin/session (the panel\'s probe as it opens, issue 39)', () => {
  it('answers the admin the cookie holds, so a reload keeps them signed in', async () => {
    const a = await makeAdmin(t.app);
    const res = await call('GET', '/api/admin/session', a.headers);
    expect(res.statusCode).toBe(200);
    expect(AdminSessionAnswerSchema.parse(res.json())).toEqual({ admin: { id: a.id, username: a.username, email: expect.any(String), role: expect.any(String) } });
  });

  it('answers admin null, never an error, without a live admin session', async () => {
    const a = await makeAdmin(t.app);
    expect((await call('GET', '/api/admin/session')).json()).toEqual({ admin: null });
    await call('POST', `/api/admin/logout?admin_id=${a.id}`, a.headers);
    const after = await call('GET', '/api/admin/session', a.headers);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ admin: null });
  });

  it('is not fooled by an attendee session', async () => {
    const u = await registerUser(t.app, { username: uniqueName('probe') });
    expect((await call('GET', '/api/admin/session', u.headers)).json()).toEqual({ admin: null });
  });
});

describe('GET /api/admin/users/stats', () => {
  it('counts total, active (not deactivated, not banned), banned now, and new since midnight UTC', async () => {
    const a = await makeAdmin(t.app);
    const before = await stats(a);
    const fresh = await registerUser(t.app);
    const deactivated = await registerUser(t.app);
    await call('PUT', `/api/auth/deactivate?user_id=${deactivated.user.id}`, deactivated.headers);
    const banned = await registerUser(t.app);
    expect((await ban(a, banned.user.id)).statusCode).toBe(200);
    // Made yesterday: counts in the total, not as new today.
    const [old] = await t.app.db
      .insert(users)
      .values({
        username: uniqueName('old'),
        name: 'Old Timer',
        email: `${uniqueName('old')}@example.com`,
        passwordHash: 'x',
        createdAt: new Date(t.clock.now().getTime() - DAY),
      })
      .returning();
    expect(old).toBeDefined();
    const after = await stats(a);
    expect(after.total_users - before.total_users).toBe(4);
    expect(after.new_users_today - before.new_users_today).toBe(3);
    expect(after.banned_users - before.banned_users).toBe(1);
    expect(after.active_users - before.active_users).toBe(2); // fresh and old
    expect(fresh.user.id).toBeDefined();
  });
});

describe('GET /api/admin/users', () => {
  let a: TestAdmin;
  beforeAll(async () => {
    a = await makeAdmin(t.app);
  });
  const list = (query: string) => call('GET', `/api/admin/users?admin_id=${a.id}&${query}`, a.headers);

  it('pages with a default of 20 and counts the total', async () => {
    for (let i = 0; i < 3; i++) await registerUser(t.app);
    const first = await list('');
    expect(first.statusCode).toBe(200);
    const body = AdminUsersAnswerSchema.parse(first.json());
    expect(body.page).toBe(1);
    expect(body.limit).toBe(20);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.users.length).toBe(Math.min(20, body.total));
    const two = AdminUsersAnswerSchema.parse((await list('limit=2&page=2')).json());
    expect(two.users).toHaveLength(2);
    const firstTwo = AdminUsersAnswerSchema.parse((await list('limit=2&page=1')).json());
    const firstIds = new Set(firstTwo.users.map((u) => u.id));
    expect(two.users.filter((u) => firstIds.has(u.id))).toEqual([]);
    const beyond = AdminUsersAnswerSchema.parse((await list('page=100000')).json());
    expect(beyond.users).toEqual([]);
    expect(beyond.total).toBe(body.total);
  });

  it('searches name, username and email, case-insensitively', async () => {
    const tag = uniqueName('zq');
    const byName = await registerUser(t.app, { name: `Rowan ${tag.toUpperCase()}` });
    const byUsername = await registerUser(t.app, { username: `${tag}u` });
    const byEmail = await registerUser(t.app, { email: `mail.${tag}@example.org` });
    await registerUser(t.app);
    const res = AdminUsersAnswerSchema.parse((await list(`search=${encodeURIComponent(` ${tag} `)}`)).json());
    expect(res.users.map((u) => u.id).sort()).toEqual([byName.user.id, byUsername.user.id, byEmail.user.id].sort());
    expect(res.total).toBe(3);
    const row = res.users.find((u) => u.id === byName.user.id)!;
    expect(row).toEqual({
      id: byName.user.id,
      username: byName.user.username,
      name: byName.user.name,
      email: byName.user.email,
      created_at: byName.user.created_at,
      is_active: true,
      is_banned: false,
      banned_until: null,
      ban_reason: null,
    });
  });

  it('takes % and _ in a search literally', async () => {
    const tag = uniqueName('lk');
    const literal = await registerUser(t.app, { name: `Pat 5%_${tag}` });
    await registerUser(t.app, { name: `Pat 5ab${tag}` });
    const res = AdminUsersAnswerSchema.parse((await list(`search=${encodeURIComponent(`5%_${tag}`)}`)).json());
    expect(res.users.map((u) => u.id)).toEqual([literal.user.id]);
    const wild = AdminUsersAnswerSchema.parse((await list('search=%25')).json());
    expect(wild.users.every((u) => `${u.name}${u.username}${u.email}`.includes('%'))).toBe(true);
    expect(escapeLike('a\\b%c_d')).toBe('a\\\\b\\%c\\_d');
  });

  it('lists only users banned now with filter_banned=true', async () => {
    const tag = uniqueName('fb');
    const banned = await registerUser(t.app, { name: `Banned ${tag}` });
    const free = await registerUser(t.app, { name: `Free ${tag}` });
    expect((await ban(a, banned.user.id, { ban_type: 'permanent', duration_days: null })).statusCode).toBe(200);
    const res = AdminUsersAnswerSchema.parse((await list(`search=${tag}&filter_banned=true`)).json());
    expect(res.users.map((u) => u.id)).toEqual([banned.user.id]);
    expect(res.users[0]).toMatchObject({ is_banned: true, banned_until: null, ban_reason: 'Repeated unkind messages' });
    const all = AdminUsersAnswerSchema.parse((await list(`search=${tag}&filter_banned=false`)).json());
    expect(all.users.map((u) => u.id).sort()).toEqual([banned.user.id, free.user.id].sort());
  });

  it.each([
    ['limit=101', /^limit: must be at most 100/],
    ['limit=0', /^limit: must be at least 1/],
    ['page=0', /^page: must be at least 1/],
    ['page=two', /^page: /],
    ['limit=2.5', /^limit: must be a whole number/],
    ['filter_banned=yes', /^filter_banned: must be true or false/],
    [`search=${'x'.repeat(101)}`, /^search: must be at most 100/],
  ])('refuses %s with 400 naming the field', async (query, detail) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('answers the details, counts of events and connections, and the actions taken on them', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app, { occupation: 'Potter' });
    const friend = await registerUser(t.app);
    const now = t.clock.now();
    const [event] = await t.app.db
      .insert(events)
      .values({ name: 'Meetup', description: 'd', location: 'Hall', eventType: 'networking', startTime: now, endTime: new Date(now.getTime() + 3_600_000) })
      .returning();
    await t.app.db.insert(eventAttendees).values({ eventId: event!.id, userId: u.user.id });
    const [u1, u2] = [u.user.id, friend.user.id].sort() as [string, string];
    await t.app.db.insert(connections).values({ user1: u1, user2: u2 });
    expect((await warn(a, u.user.id, 'Please be kind')).statusCode).toBe(200);

    const res = await call('GET', `/api/admin/users/${u.user.id}?admin_id=${a.id}`, a.headers);
    expect(res.statusCode).toBe(200);
    const d = AdminUserDetailSchema.parse(res.json());
    expect(d).toMatchObject({
      id: u.user.id,
      username: u.user.username,
      occupation: 'Potter',
      interests: ['hiking', 'jazz'],
      plan_name: 'Free',
      is_banned: false,
      events_attended: 1,
      connections: 1,
    });
    expect(d.recent_actions).toEqual([
      expect.objectContaining({ action_type: 'warning', reason: 'Please be kind', target_display_name: `${u.user.name} (@${u.user.username})` }),
    ]);
    expect(res.body).not.toMatch(/password/i);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const a = await makeAdmin(t.app);
    const unknown = await call('GET', `/api/admin/users/00000000-0000-4000-8000-000000000001?admin_id=${a.id}`, a.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('User not found');
    const bad = await call('GET', `/api/admin/users/not-an-id?admin_id=${a.id}`, a.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^id: /);
  });
});

describe('POST /api/admin/users/{id}/ban', () => {
  it('bans for some days, ends every session, closes the sockets and writes one audit row', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const elsewhere = { cookie: `wf_session=${(await userLogin(u)).cookies.find((c) => c.name === 'wf_session')!.value}` };
    const ended = vi.fn();
    t.app.lifecycle.on('user.sessionsEnded', ended);

    const res = await ban(a, u.user.id, { reason: '  Harassment at the bar  ', duration_days: 7 });
    expect(res.statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(ModerationAnswerSchema.parse(res.json())).toEqual({
      success: true,
      user: expect.objectContaining({ id: u.user.id, is_banned: true, banned_until: until, ban_reason: 'Harassment at the bar' }),
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ isBanned: true, banReason: 'Harassment at the bar' });
    expect(row!.bannedUntil!.toISOString()).toBe(until);

    // Every session has ended (expired, kept only so its device can be told why).
    const left = await t.app.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((s) => s.expiresAt.getTime() <= t.clock.now().getTime())).toBe(true);
    const notice = { reason: 'Harassment at the bar', until, contact: null };
    for (const headers of [u.headers, elsewhere]) {
      const gone = await me(headers);
      expect(gone.statusCode).toBe(403);
      expect(DetailSchema.parse(gone.json())).toEqual({ detail: `This account is banned until ${until}`, code: 'error.bannedUntil', params: { until }, ban: notice });
    }
    expect(ended).toHaveBeenCalledWith(u.user.id);
    expect(t.realtime.disconnectUser).toHaveBeenCalledWith(u.user.id);
    t.app.lifecycle.off('user.sessionsEnded', ended);

    const audit = await auditRows(t.app, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: a.id,
      adminUsername: a.username,
      actionType: 'ban',
      targetUserId: u.user.id,
      targetDisplayName: `${u.user.name} (@${u.user.username})`,
      reason: 'Harassment at the bar',
      createdAt: t.clock.now(),
    });

    const login = await userLogin(u);
    expect(login.statusCode).toBe(403);
    expect(DetailSchema.parse(login.json())).toEqual({ detail: `This account is banned until ${until}`, code: 'error.bannedUntil', params: { until }, ban: notice });
  });

  it('never brings an ended session back: not when the ban lifts, nor at unban', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const v = await registerUser(t.app);
    expect((await ban(a, u.user.id, { duration_days: 1 })).statusCode).toBe(200);
    expect((await ban(a, v.user.id, { duration_days: 30 })).statusCode).toBe(200);
    expect((await unban(a, v.user.id)).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    for (const person of [u, v]) {
      const gone = await me(person.headers);
      expect(gone.statusCode).toBe(401);
      expect(gone.json().ban).toBeUndefined();
    }
    expect((await userLogin(u)).statusCode).toBe(200);
  });

  it('names where to write when SUPPORT_EMAIL is set', async () => {
    const other = await adminTestApp({ config: { supportEmail: 'help@example.org' } });
    try {
      const a = await makeAdmin(other.app);
      const u = await registerUser(other.app);
      const banned = await other.app.inject({
        method: 'POST',
        url: `/api/admin/users/${u.user.id}/ban?admin_id=${a.id}`,
        headers: a.headers,
        payload: banBody(u.user.id, { ban_type: 'permanent', duration_days: null }),
      });
      expect(banned.statusCode).toBe(200);
      const login = await other.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username_or_email: u.user.username, password: u.password },
      });
      expect(login.statusCode).toBe(403);
      expect(DetailSchema.parse(login.json()).ban).toEqual({ reason: 'Repeated unkind messages', until: null, contact: 'help@example.org' });
    } finally {
      await other.close();
    }
  });

  it('bans for good with ban_type permanent', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const res = await ban(a, u.user.id, { ban_type: 'permanent', duration_days: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ is_banned: true, banned_until: null });
    t.clock.advance(400 * DAY);
    const login = await userLogin(u);
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe('This account is banned permanently');
  });

  it.each([
    [{ reason: '' }, /^reason: is required/],
    [{ reason: '   ' }, /^reason: is required/],
    [{ reason: 'x'.repeat(501) }, /^reason: must be at most 500/],
    [{ reason: undefined }, /^reason: /],
    [{ duration_days: 0 }, /^duration_days: must be between 1 and 365/],
    [{ duration_days: 366 }, /^duration_days: must be between 1 and 365/],
    [{ duration_days: 1.5 }, /^duration_days: must be a whole number/],
    [{ duration_days: '3' }, /^duration_days: /],
    [{ duration_days: null }, /^duration_days: is required for a temporary ban/],
    [{ ban_type: 'permanent', duration_days: 3 }, /^duration_days: must be null for a permanent ban/],
    [{ ban_type: 'forever' }, /^ban_type: must be temporary or permanent/],
    [{ user_id: 'nope' }, /^user_id: /],
  ])('refuses %j with 400 naming the field, and writes nothing', async (over, detail) => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const res = await ban(a, u.user.id, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await auditCount(t.app, a.id)).toBe(0);
    expect((await me(u.headers)).statusCode).toBe(200);
  });

  it('refuses a body user_id that is not the user in the path', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const res = await call('POST', `/api/admin/users/${u.user.id}/ban?admin_id=${a.id}`, a.headers, banBody(other.user.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('user_id: must be the user in the path');
    expect((await me(u.headers)).statusCode).toBe(200);
    expect((await me(other.headers)).statusCode).toBe(200);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });

  it('answers 404 for an unknown user and 409 for one already banned, writing nothing', async () => {
    const a = await makeAdmin(t.app);
    const ghost = '00000000-0000-4000-8000-000000000002';
    const missing = await ban(a, ghost);
    expect(missing.statusCode).toBe(404);
    const u = await registerUser(t.app);
    expect((await ban(a, u.user.id)).statusCode).toBe(200);
    t.realtime.disconnectUser.mockClear();
    const again = await ban(a, u.user.id, { ban_type: 'permanent', duration_days: null });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/already banned/);
    expect(await auditCount(t.app, a.id)).toBe(1);
    expect(t.realtime.disconnectUser).not.toHaveBeenCalled();
  });
});

describe('two admins at once', () => {
  it('ban the same user once: one succeeds, the other gets 409, one audit row', async () => {
    const a = await makeAdmin(t.app);
    const b = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const answers = await Promise.all([ban(a, u.user.id), ban(b, u.user.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await auditCount(t.app, a.id)) + (await auditCount(t.app, b.id))).toBe(1);
  });
});

describe('a temporary ban lifts by itself', () => {
  it('refuses login until its end, then lets the user in; stats and list stop counting it', async () => {
    let a = await makeAdmin(t.app);
    const tag = uniqueName('lift');
    const u = await registerUser(t.app, { name: `Lift ${tag}` });
    const before = await stats(a);
    expect((await ban(a, u.user.id, { duration_days: 2 })).statusCode).toBe(200);
    expect((await stats(a)).banned_users).toBe(before.banned_users + 1);
    expect((await stats(a)).active_users).toBe(before.active_users - 1);

    t.clock.advance(2 * DAY - 60_000);
    expect((await userLogin(u)).statusCode).toBe(403);

    t.clock.advance(2 * 60_000);
    // The admin session (8 hours) has long ended too: sign in again.
    expect((await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers)).statusCode).toBe(401);
    const cookie = adminCookie(await adminLogin(t.app, a.username, a.password));
    a = { ...a, cookie, headers: { cookie } };
    const lifted = await stats(a);
    expect(lifted.banned_users).toBe(before.banned_users);
    expect(lifted.active_users).toBe(before.active_users);
    const listed = AdminUsersAnswerSchema.parse(
      (await call('GET', `/api/admin/users?admin_id=${a.id}&search=${tag}`, a.headers)).json(),
    );
    expect(listed.users[0]).toMatchObject({ id: u.user.id, is_banned: false, banned_until: null, ban_reason: null });
    const banned = AdminUsersAnswerSchema.parse(
      (await call('GET', `/api/admin/users?admin_id=${a.id}&search=${tag}&filter_banned=true`, a.headers)).json(),
    );
    expect(banned.users).toEqual([]);
    // Unban has nothing to lift; a warning is possible again; a new ban can be given.
    expect((await unban(a, u.user.id)).statusCode).toBe(409);
    expect((await warn(a, u.user.id)).statusCode).toBe(200);

    expect((await userLogin(u)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/{id}/unban', () => {
  it('lifts the ban, writes one audit row, and the user can log in again', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    expect((await ban(a, u.user.id, { ban_type: 'permanent', duration_days: null })).statusCode).toBe(200);
    const res = await unban(a, u.user.id);
    expect(res.statusCode).toBe(200);
    expect(ModerationAnswerSchema.parse(res.json()).user).toMatchObject({ is_banned: false, banned_until: null, ban_reason: null });
    const audit = await auditRows(t.app, a.id);
    expect(audit.map((r) => r.actionType).sort()).toEqual(['ban', 'unban']);
    expect(audit.find((r) => r.actionType === 'unban')).toMatchObject({ reason: 'Admin unban', targetUserId: u.user.id });
    expect((await userLogin(u)).statusCode).toBe(200);
  });

  it('answers 409 for a user who is not banned, 404 for an unknown one, 400 without a reason', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const notBanned = await unban(a, u.user.id);
    expect(notBanned.statusCode).toBe(409);
    expect(notBanned.json().detail).toBe('This user is not banned');
    expect((await unban(a, '00000000-0000-4000-8000-000000000003')).statusCode).toBe(404);
    const noReason = await call('POST', `/api/admin/users/${u.user.id}/unban?admin_id=${a.id}`, a.headers);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toMatch(/^reason: /);
    expect((await unban(a, u.user.id, '  ')).json().detail).toMatch(/^reason: is required/);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });
});

describe('POST /api/admin/users/{id}/warning', () => {
  it('stores a notification for the user, offers it live, and writes one audit row', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    const res = await warn(a, u.user.id, 'Admin warning');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const stored = await t.app.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'admin_warning', title: 'A note from the Wallflower team', content: 'Admin warning', read: false });
    expect(t.realtime.toUsers).toHaveBeenCalledWith([u.user.id], {
      type: 'notification',
      notification: expect.objectContaining({ id: stored[0]!.id, title: 'A note from the Wallflower team', content: 'Admin warning' }),
    });
    const audit = await auditRows(t.app, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'warning', reason: 'Admin warning', targetUserId: u.user.id });
    // A warning does not sign anyone out.
    expect((await me(u.headers)).statusCode).toBe(200);
  });

  it('answers 409 for a banned user, 404 for an unknown one, 400 without a reason; nothing is stored', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    expect((await ban(a, u.user.id)).statusCode).toBe(200);
    t.realtime.toUsers.mockClear();
    const banned = await warn(a, u.user.id);
    expect(banned.statusCode).toBe(409);
    expect(banned.json().detail).toMatch(/banned/);
    expect((await warn(a, '00000000-0000-4000-8000-000000000004')).statusCode).toBe(404);
    const noReason = await call('POST', `/api/admin/users/${u.user.id}/warning?admin_id=${a.id}`, a.headers);
    expect(noReason.statusCode).toBe(400);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).toEqual([]);
    expect(t.realtime.toUsers).not.toHaveBeenCalled();
    expect(await auditCount(t.app, a.id)).toBe(1); // the ban only
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('erases the user (issue 42): their data goes, the audit keeps only that it happened, and the sockets close', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    expect((await warn(a, u.user.id, 'First note')).statusCode).toBe(200);
    t.clock.advance(1000);
    const res = await remove(a, u.user.id, 'Fake account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // Only the bare id stays, for what others hold; nothing of the person.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({ name: 'Former attendee', photoData: null, isActive: false, erasedAt: expect.any(Date) });
    expect(JSON.stringify(row)).not.toContain(u.user.email);
    expect(JSON.stringify(row)).not.toContain(u.user.username);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toEqual([]);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, u.user.id))).toEqual([]);
    expect((await me(u.headers)).statusCode).toBe(401);
    expect(t.realtime.disconnectUser).toHaveBeenCalledWith(u.user.id);
    const audit = await auditRows(t.app, a.id);
    expect(audit.filter((r) => r.actionType === 'delete')).toEqual([
      expect.objectContaining({ targetUserId: u.user.id, targetDisplayName: 'Former attendee', reason: 'Fake account' }),
    ]);
    // The earlier warning no longer names them either.
    expect(audit.map((r) => r.targetDisplayName)).toEqual(['Former attendee', 'Former attendee']);
    const settings = AdminSettingsSchema.parse((await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers)).json());
    expect(settings.recent_actions[0]).toMatchObject({ action_type: 'delete', target_display_name: 'Former attendee' });
    // Gone from the admin's list and detail, and a second delete finds no one.
    expect((await call('GET', `/api/admin/users/${u.user.id}?admin_id=${a.id}`, a.headers)).statusCode).toBe(404);
    expect((await remove(a, u.user.id, 'Again')).statusCode).toBe(404);
    expect((await userLogin(u)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 400 without a reason, writing nothing', async () => {
    const a = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    expect((await remove(a, '00000000-0000-4000-8000-000000000005')).statusCode).toBe(404);
    const noReason = await call('DELETE', `/api/admin/users/${u.user.id}?admin_id=${a.id}`, a.headers);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toMatch(/^reason: /);
    expect((await me(u.headers)).statusCode).toBe(200);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers the account dates, role and own recent actions, newest first, at most 20', async () => {
    const a = await makeAdmin(t.app, 'super_admin');
    const other = await makeAdmin(t.app);
    const u = await registerUser(t.app);
    expect((await warn(other, u.user.id, 'Not mine')).statusCode).toBe(200);
    for (let i = 1; i <= 21; i++) {
      t.clock.advance(1000);
      expect((await warn(a, u.user.id, `note ${i}`)).statusCode).toBe(200);
    }
    const res = await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers);
    expect(res.statusCode).toBe(200);
    const s = AdminSettingsSchema.parse(res.json());
    const [row] = await t.app.db.select().from(admins).where(eq(admins.id, a.id));
    expect(s).toMatchObject({
      username: a.username,
      email: row!.email,
      role: 'super_admin',
      last_login: row!.lastLogin!.toISOString(),
      password_changed_at: row!.passwordChangedAt!.toISOString(),
      created_at: row!.createdAt.toISOString(),
    });
    expect(s.recent_actions).toHaveLength(20);
    expect(s.recent_actions[0]).toMatchObject({ action_type: 'warning', reason: 'note 21', target_display_name: `${u.user.name} (@${u.user.username})` });
    expect(s.recent_actions[19]!.reason).toBe('note 2');
    expect(s.recent_actions.some((x) => x.reason === 'Not mine')).toBe(false);
    expect(res.body).not.toMatch(/password_hash|\$argon2/);
  });
});

describe('PUT /api/admin/change-password', () => {
  const change = (a: TestAdmin, current: string, next: string) =>
    call(
      'PUT',
      `/api/admin/change-password?admin_id=${a.id}&current_password=${encodeURIComponent(current)}&new_password=${encodeURIComponent(next)}`,
      a.headers,
    );

  it('changes it, keeps this session, ends the others, and writes one audit row', async () => {
    const a = await makeAdmin(t.app);
    const second = adminCookie(await adminLogin(t.app, a.username, a.password));
    t.clock.advance(5000);
    const res = await change(a, a.password, 'Brighter2027');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, admin: expect.objectContaining({ id: a.id, username: a.username }) });
    expect((await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/settings?admin_id=${a.id}`, { cookie: second })).statusCode).toBe(401);
    expect((await adminLogin(t.app, a.username, a.password)).statusCode).toBe(401);
    expect((await adminLogin(t.app, a.username, 'Brighter2027')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(admins).where(eq(admins.id, a.id));
    expect(row!.passwordChangedAt).toEqual(t.clock.now());
    const audit = await auditRows(t.app, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'change_password', targetUserId: null, targetDisplayName: a.username });
    expect(JSON.stringify(audit)).not.toContain('Brighter2027');
  });

  it.each([
    ['Short1A', /^new_password: must be at least 8 characters with upper case, lower case and digits/],
    ['alllowercase1', /^new_password: /],
    ['ALLUPPERCASE1', /^new_password: /],
    ['NoDigitsHere', /^new_password: /],
  ])('refuses a weak new password %s with 400', async (next, detail) => {
    const a = await makeAdmin(t.app);
    const res = await change(a, a.password, next);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });

  it('refuses a wrong or missing current password, and the same password again, with 400', async () => {
    const a = await makeAdmin(t.app);
    const wrong = await change(a, 'NotMine123', 'Brighter2027');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('current_password: the current password is not correct');
    const missing = await change(a, '', 'Brighter2027');
    expect(missing.json().detail).toMatch(/^current_password: is required/);
    const same = await change(a, a.password, a.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toMatch(/^new_password: must differ/);
    expect((await adminLogin(t.app, a.username, a.password)).statusCode).toBe(200);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });
});

describe('PUT /api/admin/change-username', () => {
  const rename = (a: TestAdmin, current: string, next: string) =>
    call(
      'PUT',
      `/api/admin/change-username?admin_id=${a.id}&current_password=${encodeURIComponent(current)}&new_username=${encodeURIComponent(next)}`,
      a.headers,
    );

  it('renames the admin and writes one audit row', async () => {
    const a = await makeAdmin(t.app);
    const next = uniqueName('Renamed');
    const res = await rename(a, a.password, next);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, admin: expect.objectContaining({ id: a.id, username: next }) });
    expect((await adminLogin(t.app, next, a.password)).statusCode).toBe(200);
    expect((await adminLogin(t.app, a.username, a.password)).statusCode).toBe(401);
    const audit = await auditRows(t.app, a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'change_username', adminUsername: next, reason: `Renamed from ${a.username} to ${next}` });
    const s = AdminSettingsSchema.parse((await call('GET', `/api/admin/settings?admin_id=${a.id}`, a.headers)).json());
    expect(s.username).toBe(next);
  });

  it('answers 409 for a name another admin has, whatever the case', async () => {
    const a = await makeAdmin(t.app);
    const other = await makeAdmin(t.app);
    const res = await rename(a, a.password, other.username.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('That admin username is already taken');
    expect(await auditCount(t.app, a.id)).toBe(0);
  });

  it.each([
    ['ab', /^new_username: must be at least 3 characters, letters and digits only/],
    ['has space', /^new_username: /],
    ['dash-ed', /^new_username: /],
    ['x'.repeat(41), /^new_username: must be at most 40/],
  ])('refuses %s with 400', async (next, detail) => {
    const a = await makeAdmin(t.app);
    const res = await rename(a, a.password, next);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });

  it('refuses a wrong current password and the same name with 400', async () => {
    const a = await makeAdmin(t.app);
    const wrong = await rename(a, 'NotMine123', uniqueName('New'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('current_password: the current password is not correct');
    const same = await rename(a, a.password, a.username);
    expect(same.statusCode).toBe(400);
    expect(same.json().detail).toMatch(/^new_username: must differ/);
    expect(await auditCount(t.app, a.id)).toBe(0);
  });
});
