/**
 * Passkeys (issue 41 item 3), against a software authenticator that signs for real
 * (soft-authenticator.ts): adding one asks for the password, signing in needs no name,
 * challenges answer once and briefly, and a passkey signs in on a password's terms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LoginAnswerSchema } from '../../../contract/account';
import { PasskeyListSchema, PasskeySchema } from '../../../contract/passkeys';
import { passkeys, users, webauthnChallenges } from '../../../server/db/schema';
import { PASSKEY_CHALLENGE_MS } from '../../../server/use-cases/passkeys';
import { registerUser, sessionCookie, testApp, type TestApp, type TestUser } from '../helpers';
import { SoftAuthenticator } from '../soft-authenticator';
import { startSmtp, type TestSmtp } from '../mail-helpers';

const ORIGIN = 'http://localhost:5173';
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({ config: { publicUrl: ORIGIN, smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const registerOptions = (u: TestUser, password = u.password) =>
  t.app.inject({ method: 'POST', url: `/api/auth/passkeys/register/options?user_id=${u.user.id}`, headers: u.headers, payload: { password } });
const registerVerify = (u: TestUser, response: unknown, name = 'My phone') =>
  t.app.inject({ method: 'POST', url: `/api/auth/passkeys/register/verify?user_id=${u.user.id}`, headers: u.headers, payload: { name, response } });
const loginOptions = () => t.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/options' });
const loginVerify = (response: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/passkeys/login/verify', payload: { response } });
const list = (u: TestUser) => t.app.inject({ method: 'GET', url: `/api/auth/passkeys?user_id=${u.user.id}`, headers: u.headers });

/** A new person with one passkey on a new authenticator. */
async function withPasskey() {
  const u = await registerUser(t.app);
  const device = new SoftAuthenticator(ORIGIN);
  const { response } = device.register((await registerOptions(u)).json());
  const res = await registerVerify(u, response);
  expect(res.statusCode, res.body).toBe(200);
  return { u, device, passkey: PasskeySchema.parse(res.json()) };
}

async function signInWith(device: SoftAuthenticator, opts: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  return loginVerify(device.assert((await loginOptions()).json(), opts));
}

describe('adding a passkey', () => {
  it('asks for the current password first, and keeps nothing when it is wrong', async () => {
    const u = await registerUser(t.app);
    const wrong = await registerOptions(u, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('password: the password is not correct');
    const rows = await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, u.user.id));
    expect(rows).toEqual([]);
  });

  it('offers a discoverable credential for this site, and lists the new passkey by name only', async () => {
    const u = await registerUser(t.app);
    const options = (await registerOptions(u)).json();
    expect(options.rp).toEqual({ name: 'Wallflower', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.user.name).toBe(u.user.username);
    const device = new SoftAuthenticator(ORIGIN);
    const res = await registerVerify(u, device.register(options).response, 'Laptop');
    expect(res.statusCode, res.body).toBe(200);
    const listed = PasskeyListSchema.parse((await list(u)).json());
    expect(listed).toEqual([{ id: res.json().id, name: 'Laptop', created_at: expect.any(String), last_used_at: null }]);
    expect(JSON.stringify((await list(u)).json())).not.toContain('public');
  });

  it("refuses an answer from another origin, to another person's challenge, or to a challenge used or expired", async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const device = new SoftAuthenticator(ORIGIN);

    const elsewhere = device.register((await registerOptions(u)).json(), { origin: 'https://evil.example' }).response;
    expect((await registerVerify(u, elsewhere)).statusCode).toBe(400);

    const theirs = (await registerOptions(other)).json();
    expect((await registerVerify(u, device.register(theirs).response)).json().detail).toBe('That took too long. Please try again.');

    const once = device.register((await registerOptions(u)).json()).response;
    expect((await registerVerify(u, once)).statusCode).toBe(200);
    expect((await registerVerify(u, once)).statusCode).toBe(400);

    const late = device.register((await registerOptions(u)).json()).response;
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1);
    expect((await registerVerify(u, late)).statusCode).toBe(400);
    expect(PasskeyListSchema.parse((await list(u)).json())).toHaveLength(1);
  });

  it('says "was this you?" by email when one is added, with a way to a new password and no token', async () => {
    const { u } = await withPasskey();
    await t.app.mailer.settled();
    const [notice] = smtp.to(u.user.email).filter((m) => m.subject?.startsWith('A passkey was added to your Wallflower account'));
    expect(notice!.text).toContain('a passkey named "My phone" was added');
    expect(notice!.text).toContain(`${ORIGIN}/reset-password\n`);
    expect(notice!.text).not.toContain('token=');
  });

  it('needs the session: no cookie is a 401, and another id a 403', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const anon = await t.app.inject({ method: 'POST', url: `/api/auth/passkeys/register/options?user_id=${u.user.id}`, payload: { password: 'x' } });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/passkeys?user_id=${other.user.id}`, headers: u.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with no name or password, and the cookie holds', async () => {
    const { u, device } = await withPasskey();
    const res = await signInWith(device);
    expect(res.statusCode, res.body).toBe(200);
    expect(LoginAnswerSchema.parse(res.json())).toMatchObject({ user: { id: u.user.id }, reactivated: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json().id).toBe(u.user.id);
    expect((await list(u)).json()[0].last_used_at).not.toBeNull();
  });

  it('answers each challenge once, and not after five minutes', async () => {
    const { device } = await withPasskey();
    const options = (await loginOptions()).json();
    const answer = device.assert(options);
    expect((await loginVerify(answer)).statusCode).toBe(200);
    expect((await loginVerify(device.assert(options))).statusCode).toBe(401);

    const late = device.assert((await loginOptions()).json());
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1);
    const res = await loginVerify(late);
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('That passkey did not sign you in. Try again, or use your password.');
  });

  it('refuses another origin, a forged signature, a repeated count and another user handle', async () => {
    const { u, device } = await withPasskey();
    expect((await signInWith(device, { origin: 'https://evil.example' })).statusCode).toBe(401);

    const forged = device.assert((await loginOptions()).json());
    const sig = Buffer.from(forged.response.signature, 'base64url');
    sig[sig.length - 1]! ^= 1;
    expect((await loginVerify({ ...forged, response: { ...forged.response, signature: sig.toString('base64url') } })).statusCode).toBe(401);

    expect((await signInWith(device, { counter: 50 })).statusCode).toBe(200);
    // A clone of the key would sign with a count already seen.
    expect((await signInWith(device, { counter: 50 })).statusCode).toBe(401);
    const someone = await registerUser(t.app);
    const handle = Buffer.from(someone.user.id.replaceAll('-', ''), 'hex');
    expect((await signInWith(device, { userHandle: handle })).statusCode).toBe(401);
    expect((await signInWith(device)).json().user.id).toBe(u.user.id);
  });

  it('refuses a passkey it does not know, and one that was removed', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    expect((await signInWith(stranger)).statusCode).toBe(401);

    const { u, device, passkey } = await withPasskey();
    const other = await registerUser(t.app);
    const notTheirs = await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}?user_id=${other.user.id}`, headers: other.headers });
    expect(notTheirs.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}?user_id=${u.user.id}`, headers: u.headers });
    expect(removed.statusCode).toBe(200);
    expect((await signInWith(device)).statusCode).toBe(401);
    expect((await list(u)).json()).toEqual([]);
  });

  it('keeps a ban in force and brings a deactivated account back, as a password sign-in does', async () => {
    const { u, device } = await withPasskey();
    await t.database.db.update(users).set({ isBanned: true, bannedUntil: null }).where(eq(users.id, u.user.id));
    const banned = await signInWith(device);
    expect(banned.statusCode).toBe(403);
    expect(banned.json().detail).toBe('This account is banned permanently');

    await t.database.db.update(users).set({ isBanned: false, isActive: false }).where(eq(users.id, u.user.id));
    const back = await signInWith(device);
    expect(back.statusCode).toBe(200);
    expect(back.json().reactivated).toBe(true);
  });

  it("goes when its owner's account goes", async () => {
    const { u } = await withPasskey();
    await t.database.db.delete(users).where(eq(users.id, u.user.id));
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).toEqual([]);
  });
});
