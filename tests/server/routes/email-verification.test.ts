/**
 * Issue 41: a new or changed address gets a verification link, through a real SMTP server
 * on loopback; following it (POST /api/auth/verify-email) confirms that address only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '../../../contract/common';
import { VERIFY_SILENCE_MS, VERIFY_VALID_MS } from '../../../server/use-cases/email-links';
import { registerUser, testApp, uniqueName, type TestApp, type TestUser } from '../helpers';
import { linkToken, startSmtp, type TestSmtp } from '../mail-helpers';

const PUBLIC_URL = 'https://wallflower.example';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL }, rateLimits: { resetPerAddress: 10_000 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const me = async (u: TestUser) => UserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers })).json());
const verifyMails = (address: string) => smtp.to(address).filter((m) => (m.text ?? '').includes('/verify-email?token='));
const resend = (u: TestUser) => t.app.inject({ method: 'POST', url: `/api/auth/verify-email/resend?user_id=${u.user.id}`, headers: u.headers });

describe('POST /api/auth/verify-email', () => {
  it('mails a new account a link that confirms its address, from any browser', async () => {
    const u = await registerUser(t.app);
    expect(u.user.email_verified).toBe(false);
    await t.app.mailer.settled();
    const [mail, ...more] = verifyMails(u.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Is this your email address?');
    expect(mail!.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/verify-email?token=`);

    const res = await verify(linkToken(mail!, '/verify-email'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await me(u)).email_verified).toBe(true);
    // Followed again (a second tap): still yes.
    expect((await verify(linkToken(mail!, '/verify-email'))).statusCode).toBe(200);
  });

  it('makes a changed address unverified and sends its own link; the old link confirms nothing', async () => {
    const u = await registerUser(t.app);
    await t.app.mailer.settled();
    const oldToken = linkToken(verifyMails(u.user.email)[0]!, '/verify-email');
    const email = `${uniqueName('moved')}@example.com`;
    const changed = await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: { email } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(UserSchema.parse(changed.json()).email_verified).toBe(false);
    await t.app.mailer.settled();
    expect(verifyMails(email)).toHaveLength(1);

    const stale = await verify(oldToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toMatch(/no longer for the address/);
    expect((await me(u)).email_verified).toBe(false);

    expect((await verify(linkToken(verifyMails(email)[0]!, '/verify-email'))).statusCode).toBe(200);
    expect((await me(u)).email_verified).toBe(true);

    // Saving the same address again (another case) changes nothing.
    await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: { email: email.toUpperCase() } });
    await t.app.mailer.settled();
    expect((await me(u)).email_verified).toBe(true);
    expect(verifyMails(email)).toHaveLength(1);
  });

  it('refuses an unknown or expired link', async () => {
    expect((await verify('y'.repeat(43))).statusCode).toBe(400);
    const u = await registerUser(t.app);
    await t.app.mailer.settled();
    t.clock.advance(VERIFY_VALID_MS + 1000);
    const res = await verify(linkToken(verifyMails(u.user.email)[0]!, '/verify-email'));
    expect(res.statusCode).toBe(400);
    expect((await me(u)).email_verified).toBe(false);
  });

  it('sends the link again on asking, at most once per 5 minutes, and never once verified', async () => {
    const u = await registerUser(t.app);
    await t.app.mailer.settled();
    expect((await resend(u)).statusCode).toBe(202);
    await t.app.mailer.settled();
    expect(verifyMails(u.user.email)).toHaveLength(1);
    t.clock.advance(VERIFY_SILENCE_MS + 1000);
    expect((await resend(u)).statusCode).toBe(202);
    await t.app.mailer.settled();
    expect(verifyMails(u.user.email)).toHaveLength(2);
    expect((await verify(linkToken(verifyMails(u.user.email)[1]!, '/verify-email'))).statusCode).toBe(200);
    t.clock.advance(VERIFY_SILENCE_MS + 1000);
    await resend(u);
    await t.app.mailer.settled();
    expect(verifyMails(u.user.email)).toHaveLength(2);
  });

  it('asks for a session to send the link again', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-email/resend?user_id=${u.user.id}` });
    expect(res.statusCode).toBe(401);
  });
});
