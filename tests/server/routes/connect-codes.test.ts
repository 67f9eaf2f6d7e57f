/**
 * QR connect (issue 19): a code works once and for 60 seconds; scanning it (or typing its
 * short code) connects the two at once; a blocked person's code does nothing visible to them.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import {
  CONNECT_CODE_TTL_MS,
  CONNECT_WORDS,
  ConnectCodeSchema,
  ConnectScanAnswerSchema,
  SHORT_CODE_ALPHABET,
  type ConnectCode,
} from '../../../contract/connect';
import { appSettings, connectTokens, connections, feedEntries } from '../../../server/db/schema';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { openPostgres } from '../../../server/db/client';
import { FakeClock, closeQuietly, createPostgresTestDatabase, registerUser, testApp, type TestApp, type TestUser } from '../helpers';
import { as, block, makeEvent, meet, notificationsOf, openLive, requestRow } from '../social-helpers';
import { refusalOf } from '../../../contract/said';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const codeOf = async (u: TestUser): Promise<ConnectCode> => {
  const res = await as(t.app, u).get(`/api/connect/code?user_id=${u.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ConnectCodeSchema.parse(res.json());
};
const scan = (u: TestUser, body: Record<string, unknown>) => as(t.app, u).post(`/api/connect/scan?user_id=${u.user.id}`, body);
const tokenRow = async (nonce: string) => (await t.database.db.select().from(connectTokens).where(eq(connectTokens.nonce, nonce)))[0];
const connectionsBetween = (x: string, y: string) =>
  t.database.db
    .select()
    .from(connections)
    .where(or(and(eq(connections.user1, x), eq(connections.user2, y)), and(eq(connections.user1, y), eq(connections.user2, x))));
const two = async () => ({ owner: await registerUser(t.app), scanner: await registerUser(t.app) });

describe('GET /api/connect/code', () => {
  it('answers a signed token and a short code that work for 60 seconds, stored for the user', async () => {
    const { owner } = await two();
    const code = await codeOf(owner);
    expect(code.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(code.short_code).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{6}$`));
    expect(code.short_code).not.toMatch(/[0O1I]/);
    expect(new Date(code.expires_at).getTime()).toBe(t.clock.now().getTime() + CONNECT_CODE_TTL_MS);
    const row = await tokenRow(code.token.split('.')[0]!);
    expect(row).toMatchObject({ userId: owner.user.id, shortCode: code.short_code, usedAt: null, usedBy: null });
    // Signed with the secret kept in app_settings (every instance reads the same one).
    const [secret] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'connect_token_secret'));
    const [nonce, signature] = code.token.split('.');
    expect(createHmac('sha256', secret!.value).update(nonce!).digest('base64url')).toBe(signature);
  });

  it('gives a different code each time, and forgets my unused ended ones', async () => {
    const { owner } = await two();
    const first = await codeOf(owner);
    const second = await codeOf(owner);
    expect(second.token).not.toBe(first.token);
    expect(second.short_code).not.toBe(first.short_code);
    t.clock.advance(CONNECT_CODE_TTL_MS + 1);
    const third = await codeOf(owner);
    const mine = await t.database.db.select().from(connectTokens).where(eq(connectTokens.userId, owner.user.id));
    expect(mine.map((r) => r.shortCode)).toEqual([third.short_code]);
  });

  it('needs a session, and acts only as the signed-in user', async () => {
    const { owner, scanner } = await two();
    expect((await t.app.inject({ method: 'GET', url: `/api/connect/code?user_id=${owner.user.id}` })).statusCode).toBe(401);
    expect((await as(t.app, scanner).get(`/api/connect/code?user_id=${owner.user.id}`)).statusCode).toBe(403);
  });
});

describe('POST /api/connect/scan', () => {
  it('connects the two at once (qr), tells both live and notifies the owner', async () => {
    const { owner, scanner } = await two();
    const [ownerLive, scannerLive] = await Promise.all([openLive(t.app, owner), openLive(t.app, scanner)]);
    const code = await codeOf(owner);
    const res = await scan(scanner, { token: code.token });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ConnectScanAnswerSchema.parse(res.json());
    expect(answer.connection).toMatchObject({ connected_user: { id: owner.user.id }, connection_type: 'qr', event_id: null });
    const rows = await connectionsBetween(owner.user.id, scanner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.connectionType).toBe('qr');
    expect(await tokenRow(code.token.split('.')[0]!)).toMatchObject({ usedBy: scanner.user.id, usedAt: t.clock.now() });
    const toOwner = await ownerLive.next('connection_accepted');
    expect(toOwner.connection).toMatchObject({ connected_user: { id: scanner.user.id }, connection_type: 'qr' });
    const toScanner = await scannerLive.next('connection_accepted');
    expect(toScanner.connection.connected_user.id).toBe(owner.user.id);
    const notes = await notificationsOf(t.database.db, owner.user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'connection_accepted', link: `/chats/${scanner.user.id}` });
    expect(notes[0]!.content).toContain(scanner.user.name);
    ownerLive.close();
    scannerLive.close();
  });

  it('connects by the typed short code too, however it is typed', async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    const typed = `${code.short_code.slice(0, 3).toLowerCase()} - ${code.short_code.slice(3)}`;
    const res = await scan(scanner, { short_code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(ConnectScanAnswerSchema.parse(res.json()).connection.connection_type).toBe('qr');
    expect(await connectionsBetween(owner.user.id, scanner.user.id)).toHaveLength(1);
  });

  it('records the event both attend that is going on now, with its feed entry', async () => {
    const { owner, scanner } = await two();
    const event = await makeEvent(t.database.db, [owner.user.id, scanner.user.id]);
    await meet(t.database.db, owner); // an event only one of them attends does not count
    const res = await scan(scanner, { token: (await codeOf(owner)).token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connection.event_id).toBe(event.id);
    const feed = await t.database.db.select().from(feedEntries).where(eq(feedEntries.eventId, event.id));
    expect(feed.map((f) => f.kind)).toEqual(['connection']);
  });

  it('works once: a second scan, by anyone, answers 409 and changes nothing', async () => {
    const { owner, scanner } = await two();
    const other = await registerUser(t.app);
    const code = await codeOf(owner);
    expect((await scan(scanner, { token: code.token })).statusCode).toBe(200);
    for (const [who, body] of [
      [other, { token: code.token }],
      [scanner, { token: code.token }],
      [other, { short_code: code.short_code }],
    ] as const) {
      const again = await scan(who, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(refusalOf(CONNECT_WORDS.reused));
    }
    expect(await connectionsBetween(owner.user.id, other.user.id)).toHaveLength(0);
    expect(await tokenRow(code.token.split('.')[0]!)).toMatchObject({ usedBy: scanner.user.id });
  });

  it('answers 410 once the code has expired (60 seconds), and stores nothing', async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    t.clock.advance(CONNECT_CODE_TTL_MS);
    for (const body of [{ token: code.token }, { short_code: code.short_code }]) {
      const res = await scan(scanner, body);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(refusalOf(CONNECT_WORDS.expired));
    }
    expect(await connectionsBetween(owner.user.id, scanner.user.id)).toHaveLength(0);
    expect(await tokenRow(code.token.split('.')[0]!)).toMatchObject({ usedAt: null, usedBy: null });
  });

  it('takes a code in its last millisecond', async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    t.clock.advance(CONNECT_CODE_TTL_MS - 1);
    expect((await scan(scanner, { token: code.token })).statusCode).toBe(200);
  });

  it('refuses a token not signed here (400) and an unknown code (404)', async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    const [nonce, signature] = code.token.split('.');
    const forged = `${nonce}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await scan(scanner, { token: forged });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(refusalOf(CONNECT_WORDS.badSignature));
    const otherSecret = `${nonce}.${createHmac('sha256', 'not-the-secret').update(nonce!).digest('base64url')}`;
    expect((await scan(scanner, { token: otherSecret })).statusCode).toBe(400);

    // Signed right, but never made (or long forgotten).
    const [secret] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'connect_token_secret'));
    const stray = randomBytes(16).toString('base64url');
    const unknown = await scan(scanner, { token: `${stray}.${createHmac('sha256', secret!.value).update(stray).digest('base64url')}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(refusalOf(CONNECT_WORDS.unknown));
    const free = [...SHORT_CODE_ALPHABET].find((c) => !code.short_code.startsWith(c))!.repeat(6);
    expect((await scan(scanner, { short_code: free })).statusCode).toBe(404);
    // The real code still works after all that.
    expect((await scan(scanner, { token: code.token })).statusCode).toBe(200);
  });

  it("refuses the user's own code (400) without using it up", async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    const own = await scan(owner, { token: code.token });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual(refusalOf(CONNECT_WORDS.own));
    expect((await scan(owner, { short_code: code.short_code })).statusCode).toBe(400);
    expect((await scan(scanner, { token: code.token })).statusCode).toBe(200);
  });

  it("does nothing visible to a blocked person: nothing stored, nobody told, the scanner hears it can't be used", async () => {
    for (const blockerIsOwner of [true, false]) {
      const { owner, scanner } = await two();
      const ownerLive = await openLive(t.app, owner);
      const code = await codeOf(owner);
      if (blockerIsOwner) await block(t.database.db, owner.user.id, scanner.user.id);
      else await block(t.database.db, scanner.user.id, owner.user.id);
      for (const body of [{ token: code.token }, { short_code: code.short_code }]) {
        const res = await scan(scanner, body);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(refusalOf(CONNECT_WORDS.unusable));
      }
      expect(await tokenRow(code.token.split('.')[0]!)).toMatchObject({ usedAt: null, usedBy: null });
      expect(await connectionsBetween(owner.user.id, scanner.user.id)).toHaveLength(0);
      expect(await notificationsOf(t.database.db, owner.user.id)).toHaveLength(0);
      await ownerLive.sync();
      expect(ownerLive.messages).toEqual([]);
      ownerLive.close();
    }
  });

  it('answers the existing connection when the two are connected already, telling nobody again', async () => {
    const { owner, scanner } = await two();
    const first = await scan(scanner, { token: (await codeOf(owner)).token });
    expect(first.statusCode).toBe(200);
    const notesBefore = (await notificationsOf(t.database.db, owner.user.id)).length;
    const again = await scan(owner, { token: (await codeOf(scanner)).token });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().connection.id).toBe(first.json().connection.id);
    expect(again.json().connection.connected_user.id).toBe(scanner.user.id);
    expect(await connectionsBetween(owner.user.id, scanner.user.id)).toHaveLength(1);
    expect(await notificationsOf(t.database.db, owner.user.id)).toHaveLength(notesBefore);
    expect(await notificationsOf(t.database.db, scanner.user.id)).toHaveLength(0);
  });

  it('settles requests between them as accepting would', async () => {
    const { owner, scanner } = await two();
    const event = await makeEvent(t.database.db, [owner.user.id, scanner.user.id]);
    const asked = await as(t.app, owner).post(`/api/connections/request?from_user_id=${owner.user.id}`, {
      to_user_id: scanner.user.id,
      event_id: event.id,
    });
    expect(asked.statusCode).toBe(200);
    expect(await requestRow(t.database.db, owner.user.id, scanner.user.id)).not.toBeNull();
    expect((await scan(scanner, { token: (await codeOf(owner)).token })).statusCode).toBe(200);
    expect(await requestRow(t.database.db, owner.user.id, scanner.user.id)).toBeNull();
    const received = await as(t.app, scanner).get(`/api/connections/requests/received?user_id=${scanner.user.id}`);
    expect(received.json()).toEqual([]);
  });

  it('lets only one of two scans at the same moment win', async () => {
    const { owner, scanner } = await two();
    const other = await registerUser(t.app);
    const code = await codeOf(owner);
    const answers = await Promise.all([scan(scanner, { token: code.token }), scan(other, { short_code: code.short_code })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]!.statusCode === 200 ? scanner : other;
    expect(await tokenRow(code.token.split('.')[0]!)).toMatchObject({ usedBy: winner.user.id });
    expect(
      (await connectionsBetween(owner.user.id, scanner.user.id)).length + (await connectionsBetween(owner.user.id, other.user.id)).length,
    ).toBe(1);
  });

  it('takes exactly one of token and short_code', async () => {
    const { owner, scanner } = await two();
    const code = await codeOf(owner);
    for (const body of [{}, { token: code.token, short_code: code.short_code }, { short_code: 'ABC' }, { short_code: 'O0I1AB' }, { token: 'nope' }]) {
      const res = await scan(scanner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await scan(scanner, { token: code.token })).statusCode).toBe(200);
  });
});

describe('QR connect limits', () => {
  it('answers 429 past the scans and codes a person may ask for in a while', async () => {
    const limited = await testApp({ rateLimits: { connectScansPerUser: 3, connectCodesPerUser: 2 } });
    try {
      const a = await registerUser(limited.app);
      const b = await registerUser(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await as(limited.app, b).post(`/api/connect/scan?user_id=${b.user.id}`, { short_code: 'ZZZZZZ' });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await as(limited.app, a).get(`/api/connect/code?user_id=${a.user.id}`)).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('QR connect across instances', () => {
  // Two instances, each with its own database handle (PostgreSQL only: PGlite is one process's).
  it.skipIf(process.env.WF_TEST_DB !== 'postgres')('a code made by one instance is claimed on another: they share the secret', async () => {
    const scratch = await createPostgresTestDatabase();
    const handles = [await openPostgres(scratch.url), await openPostgres(scratch.url)] as const;
    const clock = new FakeClock();
    const config = { ...configFromEnv({}), staticDir: null, seedDemo: false };
    const [one, two] = await Promise.all(handles.map((database) => buildApp({ config, database, clock: clock.now })));
    try {
      await Promise.all([one!.ready(), two!.ready()]);
      const owner = await registerUser(one!);
      const scanner = await registerUser(two!);
      // Both instances make their first code at the same moment: one secret is kept.
      const [codeA, codeB] = await Promise.all([
        as(one!, owner).get(`/api/connect/code?user_id=${owner.user.id}`),
        as(two!, scanner).get(`/api/connect/code?user_id=${scanner.user.id}`),
      ]);
      expect([codeA.statusCode, codeB.statusCode]).toEqual([200, 200]);
      const secrets = await handles[0].db.select().from(appSettings).where(eq(appSettings.key, 'connect_token_secret'));
      expect(secrets).toHaveLength(1);
      const res = await as(two!, scanner).post(`/api/connect/scan?user_id=${scanner.user.id}`, { token: codeA.json().token });
      expect(res.statusCode, res.body).toBe(200);
      const back = await as(one!, owner).post(`/api/connect/scan?user_id=${owner.user.id}`, { token: codeB.json().token });
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
      await Promise.all(handles.map(closeQuietly));
      await scratch.drop();
    }
  });
});
