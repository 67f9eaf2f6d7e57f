/**
 * Issue 41: a forgotten password, by email. The app sends through a real SMTP server on
 * loopback; the test reads the mail, follows its link's token and checks what a reset
 * changes (sessions, sockets, passwords) and what it never tells (whether an address is
 * known). Time moves on the app's fake clock.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { UserSchema } from '../../../contract/common';
import { LIVE_CLOSE } from '../../../contract/live';
import { emailTokens } from '../../../server/db/schema';
import { RESET_SILENCE_MS, RESET_VALID_MS } from '../../../server/use-cases/email-links';
import { queriesDuring, registerUser, sessionCookie, testApp, uniqueName, type TestApp, type TestUser } from '../helpers';
import type { Mailer } from '../../../server/core/mail';
import { linkToken, startSmtp, type TestSmtp } from '../mail-helpers';
import { openLive } from '../social-helpers';

const PUBLIC_URL = 'https://wallflower.example';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await testApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, mailFrom: 'Wallflower <hello@wallflower.example>' }, rateLimits: { resetPerAddress: 10_000 } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (app: TestApp['app'], email: string) => app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
const confirm = (token: string, new_password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, new_password } });
const login = (username_or_email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username_or_email, password } });
const resetMails = (u: TestUser) => smtp.to(u.user.email).filter((m) => (m.text ?? '').includes('/reset-password?token='));

describe('POST /api/auth/password-reset and /confirm', () => {
  it('mails a link that sets a new password, ends every session and closes the sockets, once', async () => {
    const u = await registerUser(t.app);
    const other = await login(u.user.username, u.password);
    const otherCookie = sessionCookie(other);
    const live = await openLive(t.app, u);

    const res = await ask(t.app, u.user.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    await t.app.mailer.settled();

    const [mail, ...more] = resetMails(u);
    expect(more).toHaveLength(0);
    expect(mail!.from?.text).toBe('"Wallflower" <hello@wallflower.example>');
    // In the person's language: English, as they never said otherwise.
    expect(mail!.subject).toBe('Set a new Wallflower password');
    expect(mail!.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail!.text).toContain(`Hello ${u.user.name},`);
    expect(mail!.text).not.toContain('Hallo');
    expect(mail!.html).toContain('<html lang="en">');
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    // An HTML part that says the same, with nothing fetched from anywhere (no tracking).
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/reset-password?token=`);
    expect(mail!.html).not.toMatch(/<img|src=/i);
    const token = linkToken(mail!, '/reset-password');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Kept only as a hash.
    const rows = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, u.user.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);

    const done = await confirm(token, 'brand-new-1');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ success: true });

    expect((await live.closed).code).toBe(LIVE_CLOSE.sessionEnded);
    for (const cookie of [u.cookie, otherCookie]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(u.user.username, u.password)).statusCode).toBe(401);
    const signedIn = await login(u.user.email, 'brand-new-1');
    expect(signedIn.statusCode).toBe(200);
    // The link reached the inbox, so the address is the person's.
    expect(UserSchema.parse(signedIn.json().user).email_verified).toBe(true);

    // "Was this you?", to the same address, with a way to a new reset (no token in it).
    await t.app.mailer.settled();
    const [notice] = smtp.to(u.user.email).filter((m) => m.subject === 'Your Wallflower password was changed');
    expect(notice!.text).toContain(`${PUBLIC_URL}/reset-password\n`);
    expect(notice!.text).not.toContain('token=');

    const again = await confirm(token, 'another-one-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/expired or has already been used/);
    expect((await login(u.user.email, 'another-one-2')).statusCode).toBe(401);
  });

  it('says "was this you?" after a password change in the profile too', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/change-password?user_id=${u.user.id}&current_password=${u.password}&new_password=changed-123`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.settled();
    const notices = smtp.to(u.user.email).filter((m) => m.subject?.startsWith('Your Wallflower password was changed'));
    expect(notices).toHaveLength(1);
    const at = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(t.clock.now());
    expect(notices[0]!.text).toContain(`changed on ${at} UTC`);
  });

  it("writes to a German person in German: the reset link and the notice after it, as the app last said their language", async () => {
    // The app tells the server its language (PUT /api/auth/profile `language`) when it differs.
    const u = await registerUser(t.app);
    expect(u.user.language).toBe('en');
    const said = await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: { language: 'de' } });
    expect(said.statusCode, said.body).toBe(200);
    expect(UserSchema.parse(said.json()).language).toBe('de');

    expect((await ask(t.app, u.user.email)).statusCode).toBe(202);
    await t.app.mailer.settled();
    const [mail] = resetMails(u);
    expect(mail!.subject).toBe('Neues Wallflower-Passwort festlegen');
    expect(mail!.text).toContain(`Hallo ${u.user.name},`);
    expect(mail!.text).toContain('in den nächsten 30 Minuten');
    expect(mail!.text).not.toMatch(/Hello|Set a new password|minutes/);
    // The HTML part says the same, in German, marked as such; still nothing remote in it.
    expect(mail!.html).toContain('<html lang="de">');
    expect(mail!.html).toContain('Neues Passwort festlegen</a>');
    expect(mail!.html).not.toContain('Hello');
    expect(mail!.html).not.toMatch(/<img|src=/i);

    expect((await confirm(linkToken(mail!, '/reset-password'), 'neues-pw-1')).statusCode).toBe(200);
    await t.app.mailer.settled();
    const notices = smtp.to(u.user.email).filter((m) => m.subject === 'Dein Wallflower-Passwort wurde geändert');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Wenn du das warst');
    expect(notices[0]!.html).toContain('Das war ich nicht: neues Passwort festlegen</a>');
  });

  it('writes in the language given at registration, from the first email (the address confirmation) on', async () => {
    const u = await registerUser(t.app, { language: 'de' });
    expect(u.user.language).toBe('de');
    const [verify] = smtp.to(u.user.email).filter((m) => (m.text ?? '').includes('/verify-email?token='));
    expect(verify!.subject).toBe('Ist das deine E-Mail-Adresse?');
    // Back to English: the next email follows.
    await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: { language: 'en' } });
    await ask(t.app, u.user.email);
    await t.app.mailer.settled();
    expect(resetMails(u)[0]!.subject).toBe('Set a new Wallflower password');
  });

  it('refuses a language the app does not speak, naming the field', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: `/api/auth/profile?user_id=${u.user.id}`, headers: u.headers, payload: { language: 'fr' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/language/);
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await ask(t.app, `${uniqueName('nobody')}@example.com`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true });
    const known = await registerUser(t.app);
    await t.app.mailer.settled();
    const afterRegister = smtp.mails.length;
    expect(afterRegister - before).toBe(1); // the new account's verification only
    const res2 = await ask(t.app, known.user.email);
    expect(res2.body).toBe(res.body);
    expect(res2.headers['content-type']).toBe(res.headers['content-type']);
  });

  it('sends at most one email per account per 5 minutes, silently, then another after', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      const res = await ask(t.app, u.user.email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true });
      await t.app.mailer.settled();
    }
    expect(resetMails(u)).toHaveLength(1);
    t.clock.advance(RESET_SILENCE_MS - 1000);
    await ask(t.app, u.user.email);
    await t.app.mailer.settled();
    expect(resetMails(u)).toHaveLength(1);
    t.clock.advance(2000);
    await ask(t.app, u.user.email);
    await t.app.mailer.settled();
    expect(resetMails(u)).toHaveLength(2);
    // Either link works, once; using one retires the other.
    const [first, second] = resetMails(u).map((m) => linkToken(m, '/reset-password'));
    expect((await confirm(second!, 'second-pass')).statusCode).toBe(200);
    expect((await confirm(first!, 'first-pass')).statusCode).toBe(400);
  });

  it('refuses a link more than 30 minutes old', async () => {
    const u = await registerUser(t.app);
    await ask(t.app, u.user.email);
    await t.app.mailer.settled();
    const token = linkToken(resetMails(u)[0]!, '/reset-password');
    t.clock.advance(RESET_VALID_MS + 1000);
    const res = await confirm(token, 'too-late-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/expired/);
    expect((await login(u.user.email, u.password)).statusCode).toBe(200);
  });

  it('refuses an unknown token and a short password, naming the field', async () => {
    const unknown = await confirm('x'.repeat(43), 'long-enough');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/expired or has already been used/);
    const short = await confirm('x'.repeat(43), '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^new_password: must be at least 6/);
    const bad = await ask(t.app, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^email: /);
  });

  it('limits asks per client address with 429', async () => {
    const own = await testApp({ config: { smtpUrl: smtp.url }, rateLimits: { resetPerAddress: 2 } });
    try {
      expect((await ask(own.app, 'a@example.com')).statusCode).toBe(202);
      expect((await ask(own.app, 'b@example.com')).statusCode).toBe(202);
      const third = await ask(own.app, 'c@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect(third.json().detail).toBeTruthy();
    } finally {
      await own.close();
    }
  });
});

describe('the answer gives nothing away', () => {
  it('asks the database the same, once, for a known and an unknown address, before answering', async () => {
    // A mailer that keeps the work for after, so only what the answer waits for is seen.
    const kept: Array<() => Promise<void>> = [];
    const holding: Mailer = {
      kind: 'smtp',
      send: () => {},
      later: (_what, work) => void kept.push(work),
      settled: async () => {},
      close: async () => {},
    };
    const { buildApp } = await import('../../../server/app');
    const { openTestDatabase } = await import('../helpers');
    const { configFromEnv } = await import('../../../server/config');
    const database = await openTestDatabase();
    const app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, mailer: holding });
    try {
      const u = await registerUser(app);
      kept.length = 0;
      let known: Awaited<ReturnType<typeof ask>> | null = null;
      let unknown: Awaited<ReturnType<typeof ask>> | null = null;
      const knownSql = await queriesDuring(database.db, async () => (known = await ask(app, u.user.email)));
      const unknownSql = await queriesDuring(database.db, async () => (unknown = await ask(app, `${uniqueName('nobody')}@example.com`)));
      expect(knownSql).toEqual(unknownSql);
      expect(knownSql).toHaveLength(1);
      expect(known!.body).toBe(unknown!.body);
      expect(known!.statusCode).toBe(unknown!.statusCode);
      // The link and its email are made after the answer, for the known address only.
      expect(kept).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a mail server that never answers', () => {
  it('holds up no answer: the reset is answered while its email still waits for the server', async () => {
    const sockets: Socket[] = [];
    let closing = false;
    // Accepts the connection and never greets: nodemailer waits for its greeting. Once the
    // test is over, any connection (another email's, late) is closed at once, or the app's
    // close would wait out nodemailer's 15 s greeting timeout for it.
    const silent = createServer((socket) => (closing ? socket.destroy() : sockets.push(socket)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const own = await testApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      // Signed up without waiting for the verification email (registerUser waits for mail to
      // settle, which here is nodemailer's 15 s greeting timeout): it waits at the server too.
      const email = `silent-${Date.now().toString(36)}@example.com`;
      const signUp = await own.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: `silent${Date.now().toString(36)}`, name: 'Silent Sam', email, password: 'secret123', interests: ['jazz'], age: 30 },
      });
      expect(signUp.statusCode).toBe(200);
      const res = await ask(own.app, email);
      expect(res.statusCode).toBe(202);
      // Both emails are still on their way (the verification, then the reset): the server has not said a word yet.
      await vi.waitFor(() => expect(sockets.length).toBe(2));
    } finally {
      closing = true;
      for (const socket of sockets) socket.destroy();
      silent.close();
      await own.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes every email as an .eml file under <DATA_DIR>/outbox/', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wf-outbox-'));
    const own = await testApp({ config: { smtpUrl: null, dataDir } });
    try {
      expect(own.app.mailer.kind).toBe('outbox');
      const u = await registerUser(own.app);
      await ask(own.app, u.user.email);
      await own.app.mailer.settled();
      const files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(2); // the verification, then the reset
      const all = files.map((f) => readFileSync(join(dataDir, 'outbox', f), 'utf8')).join('\n');
      expect(all).toMatch(/^Subject: /m);
      expect(all).toContain('/reset-password?token=');
      expect(all).toContain('/verify-email?token=');
    } finally {
      await own.close();
    }
  });

  it('logs a failed send by what it was, never the address or the link', async () => {
    const refusing = await startSmtp({ refuse: true });
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(String(chunk)));
    const { buildApp } = await import('../../../server/app');
    const { openTestDatabase } = await import('../helpers');
    const { configFromEnv } = await import('../../../server/config');
    const database = await openTestDatabase();
    const app = await buildApp({
      config: { ...configFromEnv({}), staticDir: null, seedDemo: false, smtpUrl: refusing.url },
      database,
      logStream,
    });
    try {
      const u = await registerUser(app);
      const res = await ask(app, u.user.email);
      expect(res.statusCode).toBe(202);
      await app.mailer.settled();
      const log = lines.join('');
      expect(log).toContain('mail: password reset not sent');
      expect(log).toContain('mail: email verification not sent');
      expect(log).not.toContain(u.user.email);
      expect(log).not.toMatch(/token=/);
    } finally {
      await app.close();
      await database.close();
      await refusing.close();
    }
  });
});
