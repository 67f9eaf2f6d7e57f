import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { LoginAnswerSchema, SessionAnswerSchema } from '../../../contract/account';
import { UserSchema } from '../../../contract/common';
import { USER_SESSION_DAYS } from '../../../server/db/repositories/sessions';
import { PASSWORD_WAIT, waitAfter } from '../../../server/plugins/rate-limits';
import { users } from '../../../server/db/schema';
import { queriesDuring, registerUser, sessionCookie, testApp, uniqueName, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const login = (username_or_email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email, password } });

describe('POST /api/auth/register', () => {
  it('creates the user, answers it without secrets and signs them in', async () => {
    const username = uniqueName('reg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username,
        name: 'Rae',
        email: `${username}@example.com`,
        password: 'secret123',
        interests: ['chess', ' poetry '],
        age: null,
        occupation: '',
        social_preferences: [],
        personality_traits: [],
        communication_style: 'introverted',
      },
    });
    expect(res.statusCode).toBe(200);
    const user = UserSchema.parse(res.json());
    expect(user).toMatchObject({ username, name: 'Rae', interests: ['chess', 'poetry'], age: null, occupation: null });
    expect(user.social_battery).toBe(8);
    expect(res.body).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === 'wf_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json().id).toBe(user.id);
  });

  it('stores an argon2id hash, never the password', async () => {
    const u = await registerUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(u.password);
  });

  it.each([
    [{ username: 'ab' }, /^username: must be at least 3/],
    [{ password: '12345' }, /^password: must be at least 6/],
    [{ email: 'not-an-email' }, /^email: /],
    [{ name: '' }, /^name: /],
    [{ age: 'thirty' }, /^age: /],
    [{ communication_style: 'loud' }, /^communication_style: /],
    [{ interests: 'hiking' }, /^interests: /],
    [{ interests: Array.from({ length: 31 }, (_, i) => `i${i}`) }, /^interests: at most 30/],
  ])('refuses %j with 400 and a detail naming the field', async (bad, detail) => {
    const username = uniqueName();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, name: 'N', email: `${username}@example.com`, password: 'secret123', ...bad },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(detail);
  });

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const u = await registerUser(t.app);
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: u.user.username.toUpperCase(), name: 'X', email: `${uniqueName()}@example.com`, password: 'secret123' },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().detail).toBe('That username is already taken');
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueName(), name: 'X', email: u.user.email.toUpperCase(), password: 'secret123' },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().detail).toBe('An account with that email already exists');
  });

  it('answers invalid JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('The request body is not valid JSON');
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: uniqueName(), name: 'x'.repeat(70_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toHaveProperty('detail');
  });
});

describe('POST /api/auth/login', () => {
  it('accepts the username or the email, in any case', async () => {
    const u = await registerUser(t.app);
    for (const key of [u.user.username, u.user.email.toUpperCase()]) {
      const res = await login(key, u.password);
      expect(res.statusCode).toBe(200);
      const body = LoginAnswerSchema.parse(res.json());
      expect(body.user.id).toBe(u.user.id);
      expect(body.reactivated).toBe(false);
      expect(sessionCookie(res)).toMatch(/^wf_session=/);
    }
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const u = await registerUser(t.app);
    const wrong = await login(u.user.username, 'nope-nope');
    const unknown = await login(uniqueName('ghost'), 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses empty fields with 400', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^username_or_email: /);
  });

  it('refuses a banned user with 403 saying until when', async () => {
    const u = await registerUser(t.app);
    const until = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    await t.database.db.update(users).set({ isBanned: true, bannedUntil: until }).where(eq(users.id, u.user.id));
    const res = await login(u.user.username, u.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(`This account is banned until ${until.toISOString()}`);
    await t.database.db.update(users).set({ bannedUntil: null }).where(eq(users.id, u.user.id));
    expect((await login(u.user.username, u.password)).json().detail).toBe('This account is banned permanently');
  });

  it('lets a user in again once a temporary ban has ended', async () => {
    const u = await registerUser(t.app);
    const until = new Date(t.clock.now().getTime() + 60_000);
    await t.database.db.update(users).set({ isBanned: true, bannedUntil: until }).where(eq(users.id, u.user.id));
    expect((await login(u.user.username, u.password)).statusCode).toBe(403);
    t.clock.advance(61_000);
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.isBanned).toBe(false);
  });
});

describe('login throttling (DESIGN 4: never locks the owner out)', () => {
  const from = (app: TestApp['app'], ip: string, username_or_email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username_or_email, password } });

  it('makes a failing client wait, longer after each failure, while the owner elsewhere signs in', async () => {
    const limited = await testApp({ rateLimits: { freeFailures: 3 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const u = await registerUser(limited.app);
      for (let i = 0; i < 3; i++) expect((await from(limited.app, '10.0.0.9', u.user.username, 'wrong-one')).statusCode).toBe(401);
      // Even the right password waits on the failing client: nothing is hashed for it meanwhile.
      const waiting = await from(limited.app, '10.0.0.9', u.user.username, u.password);
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBe(PASSWORD_WAIT.firstMs / 1000);
      expect(waiting.json().detail).toMatch(/Too many attempts/);
      // The owner on their own device is not locked out.
      expect((await from(limited.app, '10.0.0.1', u.user.username, u.password)).statusCode).toBe(200);
      // After the wait, one more failure doubles it.
      vi.setSystemTime(Date.now() + PASSWORD_WAIT.firstMs + 1_000);
      expect((await from(limited.app, '10.0.0.9', u.user.username, 'wrong-again')).statusCode).toBe(401);
      const longer = await from(limited.app, '10.0.0.9', u.user.username, u.password);
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBe((2 * PASSWORD_WAIT.firstMs) / 1000);
      expect(waitAfter(10, 3)).toBe(PASSWORD_WAIT.maxMs);
    } finally {
      vi.useRealTimers();
      await limited.close();
    }
  });

  it('does not count successful logins, and a success clears that client’s failures', async () => {
    const limited = await testApp({ rateLimits: { freeFailures: 3 } });
    try {
      const u = await registerUser(limited.app);
      for (let i = 0; i < 12; i++) expect((await from(limited.app, '10.0.0.2', u.user.username, u.password)).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await from(limited.app, '10.0.0.2', u.user.username, 'typo')).statusCode).toBe(401);
      expect((await from(limited.app, '10.0.0.2', u.user.username, u.password)).statusCode).toBe(200);
      // Counted from zero again: three free failures, then the wait.
      for (let i = 0; i < 3; i++) expect((await from(limited.app, '10.0.0.2', u.user.username, 'typo')).statusCode).toBe(401);
      expect((await from(limited.app, '10.0.0.2', u.user.username, u.password)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('past an account’s failures from many clients, only clients that have not been failing may try', async () => {
    const limited = await testApp({ rateLimits: { freeFailures: 100, accountFailures: 4 } });
    try {
      const u = await registerUser(limited.app);
      for (let i = 1; i <= 4; i++) expect((await from(limited.app, `10.0.1.${i}`, u.user.username, 'guess')).statusCode).toBe(401);
      expect((await from(limited.app, '10.0.1.1', u.user.username, 'guess')).statusCode).toBe(429);
      expect((await from(limited.app, '10.0.1.1', u.user.username, u.password)).statusCode).toBe(429);
      // A fresh client gets its try: the owner signs in, a new guesser gets one guess.
      expect((await from(limited.app, '10.0.1.50', u.user.username, u.password)).statusCode).toBe(200);
      expect((await from(limited.app, '10.0.1.51', u.user.username, 'guess')).statusCode).toBe(401);
      expect((await from(limited.app, '10.0.1.51', u.user.username, 'guess')).statusCode).toBe(429);
      // Unknown names are accounts too: guessing names is limited alike.
      for (let i = 1; i <= 4; i++) expect((await from(limited.app, `10.0.2.${i}`, 'nobody-here', 'guess')).statusCode).toBe(401);
      expect((await from(limited.app, '10.0.2.1', 'nobody-here', 'guess')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts attempts per address before reading or hashing anything, and registrations apart', async () => {
    const limited = await testApp({ rateLimits: { loginPerAddress: 5, registerPerAddress: 2 } });
    try {
      const u = await registerUser(limited.app);
      for (let i = 0; i < 5; i++) expect((await from(limited.app, '127.0.0.1', `someone-${i}`, 'x')).statusCode).toBe(401);
      const over = await from(limited.app, '127.0.0.1', u.user.username, u.password);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json().detail).toMatch(/Too many attempts/);
      // Even an invalid body is refused by the limit first.
      expect((await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode).toBe(429);
      expect((await from(limited.app, '10.9.9.9', u.user.username, u.password)).statusCode).toBe(200);
      await registerUser(limited.app);
      await expect(registerUser(limited.app)).rejects.toThrow(/429/);
    } finally {
      await limited.close();
    }
  });

  it('limits wrong current passwords per person and client, and a right one still works elsewhere', async () => {
    const limited = await testApp({ rateLimits: { freeFailures: 2 } });
    try {
      const u = await registerUser(limited.app);
      const change = (ip: string, current: string) =>
        limited.app.inject({
          method: 'PUT',
          url: `/api/auth/change-password?user_id=${u.user.id}&current_password=${current}&new_password=brand-new-2`,
          headers: u.headers,
          remoteAddress: ip,
        });
      for (let i = 0; i < 2; i++) expect((await change('10.0.3.1', 'nope')).statusCode).toBe(400);
      expect((await change('10.0.3.1', u.password)).statusCode).toBe(429);
      expect((await change('10.0.3.2', u.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends this session only', async () => {
    const u = await registerUser(t.app);
    const other = sessionCookie(await login(u.user.username, u.password));
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/logout?user_id=${u.user.id}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } })).statusCode).toBe(200);
  });
});

describe('the acting-id guard on account calls', () => {
  const calls = [
    ['POST', 'logout', ''],
    ['PUT', 'change-password', '&current_password=secret123&new_password=another1'],
    ['PUT', 'profile', ''],
    ['PUT', 'deactivate', ''],
  ] as const;

  it.each(calls)('%s /api/auth/%s answers 401 without a session', async (method, path, extra) => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({ method, url: `/api/auth/${path}?user_id=${u.user.id}${extra}`, payload: method === 'PUT' ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it.each(calls)("%s /api/auth/%s answers 403 for someone else's id and changes nothing", async (method, path, extra) => {
    const me = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const res = await t.app.inject({
      method,
      url: `/api/auth/${path}?user_id=${victim.user.id}${extra}`,
      headers: me.headers,
      payload: method === 'PUT' ? { name: 'Hacked' } : undefined,
    });
    expect(res.statusCode).toBe(403);
    expect((await login(victim.user.username, victim.password)).json().user.name).not.toBe('Hacked');
  });

  it('refuses a malformed id with 403 too, without looking it up', async () => {
    const me = await registerUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/deactivate?user_id=1', headers: me.headers });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a state change from another origin', async () => {
    const me = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${me.user.id}`,
      headers: { ...me.headers, origin: 'https://evil.example' },
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/auth/change-password', () => {
  const change = (u: { user: { id: string }; headers: object }, current: string, next: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/auth/change-password?user_id=${u.user.id}&current_password=${encodeURIComponent(current)}&new_password=${encodeURIComponent(next)}`,
      headers: u.headers as Record<string, string>,
    });

  it('changes it and rotates this device’s session: a new cookie, and every old one refused', async () => {
    const u = await registerUser(t.app);
    const other = sessionCookie(await login(u.user.username, u.password));
    const res = await change(u, u.password, 'brand-new-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rotated = sessionCookie(res);
    expect(rotated).not.toBe(u.cookie);
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    // A stolen copy of this device's old cookie dies with the change, as do the other devices'.
    expect((await me(u.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await login(u.user.username, u.password)).statusCode).toBe(401);
    expect((await login(u.user.username, 'brand-new-1')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and a short new one with 400', async () => {
    const u = await registerUser(t.app);
    const wrong = await change(u, 'not-mine', 'brand-new-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/current password is not correct/);
    const short = await change(u, u.password, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^new_password: must be at least 6/);
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates the given fields and answers the profile', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { name: 'New Name', interests: ['tea', 'knitting'], occupation: 'Baker', age: 41 },
    });
    expect(res.statusCode).toBe(200);
    const user = UserSchema.parse(res.json());
    expect(user).toMatchObject({ name: 'New Name', interests: ['tea', 'knitting'], occupation: 'Baker', age: 41 });
    expect(user.email).toBe(u.user.email);
  });

  it('refuses bad fields with 400 and a taken email with 409', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { age: -4 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^age: /);
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile?user_id=${u.user.id}`,
      headers: u.headers,
      payload: { email: other.user.email },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('PUT /api/auth/deactivate', () => {
  it('hides the account, ends every session, and a login brings it back saying so', async () => {
    const u = await registerUser(t.app);
    const other = sessionCookie(await login(u.user.username, u.password));
    const res = await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${u.user.id}`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.isActive).toBe(false);
    for (const cookie of [u.cookie, other])
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const again = await login(u.user.username, u.password);
    expect(again.statusCode).toBe(200);
    expect(again.json().reactivated).toBe(true);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(after!.isActive).toBe(true);
  });
});

describe('GET /api/health and unknown routes', () => {
  it('reports health without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/not found/);
  });

  it('serves the OpenAPI document with the account calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/profile']));
  });
});

describe('GET /api/auth/session (the app\'s probe when it opens)', () => {
  const probe = (app: TestApp['app'], cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });

  it('answers the signed-in user, never kept by a shared cache', async () => {
    const u = await registerUser(t.app);
    const res = await probe(t.app, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = SessionAnswerSchema.parse(res.json());
    expect(answer.user).toEqual(u.user);
    expect(res.body).not.toMatch(/password/i);
  });

  it('answers 200 with no user when signed out, where /auth/me still answers 401', async () => {
    const none = await probe(t.app);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    const unknown = await probe(t.app, 'wf_session=not-a-real-token');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ user: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('answers no user once the session is revoked by logout or the account is deactivated', async () => {
    const u = await registerUser(t.app);
    const other = sessionCookie(await login(u.user.username, u.password));
    await t.app.inject({ method: 'POST', url: `/api/auth/logout?user_id=${u.user.id}`, headers: u.headers });
    expect((await probe(t.app, u.cookie)).json()).toEqual({ user: null });
    expect((await probe(t.app, other)).json().user.id).toBe(u.user.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/auth/deactivate?user_id=${u.user.id}`, headers: { cookie: other } })).statusCode).toBe(200);
    const gone = await probe(t.app, other);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ user: null });
  });

  it('answers no user once the session has expired', async () => {
    const own = await testApp();
    try {
      const u = await registerUser(own.app);
      own.clock.advance(USER_SESSION_DAYS * 86_400_000 - 1);
      expect((await probe(own.app, u.cookie)).json().user.id).toBe(u.user.id);
      own.clock.advance(1);
      const expired = await probe(own.app, u.cookie);
      expect(expired.statusCode).toBe(200);
      expect(expired.json()).toEqual({ user: null });
    } finally {
      await own.close();
    }
  });
});

describe('a sign-in storm past the hashing cap (issue 40 item 9)', () => {
  it('answers 503 at once, before reading the database, and signs people in again once the hashes are done', async () => {
    const { hashingSlots, HASHING_BUSY } = await import('../../../server/domain/passwords');
    const gates: (() => void)[] = [];
    const held = Array.from({ length: 33 }, () => hashingSlots.run(() => new Promise<void>((resolve) => gates.push(resolve))));
    await Promise.resolve();
    expect(hashingSlots.busy).toEqual({ running: 1, waiting: 32, admitted: 0 });
    // A query now would fail: the refusal must not need one.
    const select = vi.spyOn(t.database.db, 'select').mockImplementation(() => {
      throw new Error('the 503 path read the database');
    });
    try {
      const res = await login('nobody-at-all', 'whatever1');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ detail: HASHING_BUSY.message });
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      while (gates.length > 0 || hashingSlots.busy.running > 0) {
        gates.shift()?.();
        await new Promise((r) => setImmediate(r));
      }
      await Promise.all(held);
    }
    const u = await registerUser(t.app);
    expect((await login(u.user.username, u.password)).statusCode).toBe(200);
  });

  it('keeps a place from the first moment, so a burst past the cap is refused before any lookup of its own', async () => {
    const { hashingSlots } = await import('../../../server/domain/passwords');
    let codes: number[] = [];
    const sql = await queriesDuring(t.database.db, async () => {
      // All at once, as 600 phones at the doors would: none has reached the hash queue yet
      // when the last arrives, so only the places kept from the start can stop them.
      const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => login(`nobody-${i}-${uniqueName('storm')}`, 'whatever1')));
      codes = answers.map((r) => r.statusCode);
    });
    expect(codes.filter((c) => c === 401)).toHaveLength(33);
    expect(codes.filter((c) => c === 503)).toHaveLength(12);
    // One user lookup each for the 33 admitted; the 12 refused looked nothing up.
    expect(sql.filter((q) => /lower\("users"\."username"\)/.test(q))).toHaveLength(33);
    expect(hashingSlots.busy).toEqual({ running: 0, waiting: 0, admitted: 0 });
  });
});
