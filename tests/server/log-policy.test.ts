/**
 * The log policy (DESIGN 4, README "Logs"): with every level on, queries that fail inside
 * real routes (a registration, a chat message) are logged as errors that still say what
 * failed, yet no line carries the query's parameters, the password hash, the email, the
 * session cookie, the message text, a password sent in a query string or the admin
 * entrance's secret.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { safeError, safePath, withoutValues } from '../../server/plugins/logging';
import type { Database } from '../../server/db/client';
import { FakeClock, openTestDatabase, registerUser, uniqueName } from './helpers';
import { connect } from './media-helpers';
import { insertUsers, makeEvent } from './social-helpers';

const SLUG = 'lantern-gate-5f2c91';
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config: { ...configFromEnv({}), staticDir: null, seedDemo: false, logLevel: 'trace', adminGateSlug: SLUG },
    database,
    clock: new FakeClock().now,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Every line logged so far, parsed. */
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg?: string });

/** Makes every new or changed row of `table` fail, so the route's query fails in the database. */
const refuseRows = (table: string) =>
  app.db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT log_policy_refuses CHECK (false) NOT VALID`));
const allowRows = (table: string) => app.db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT log_policy_refuses`));

describe('the log', () => {
  it('names a failed query without its parameters, the hash, the email, the cookie or the message text', async () => {
    const me = await registerUser(app, { password: 'quiet-lantern-42' });
    const [friend] = await insertUsers(app.db, 1);
    const event = await makeEvent(app.db, [me.user.id, friend!]);
    await connect(app.db, me.user.id, friend!, event.id);

    await refuseRows('users');
    const username = uniqueName('private');
    const email = `${username}@mail.example.org`;
    const name = 'Ottoline Featherstonehaugh';
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, name, email, password: 'hidden-harbour-77' },
    });
    expect(register.statusCode).toBe(500);
    await allowRows('users');

    await refuseRows('chat_messages');
    const text = 'My flat is 4B, the door code is 9182';
    const chat = await app.inject({
      method: 'POST',
      url: `/api/chat/send?user_id=${me.user.id}`,
      headers: me.headers,
      payload: { to_user: friend, message: text },
    });
    expect(chat.statusCode).toBe(500);

    const password = await app.inject({
      method: 'PUT',
      url: `/api/auth/change-password?user_id=${me.user.id}&current_password=quiet-lantern-42&new_password=open-window-19`,
      headers: me.headers,
    });
    expect(password.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/admin/secure-access/${SLUG}` })).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/admin/${SLUG}` });
    // The panel's sections have addresses under the entrance (issue 39): the secret stays out of those lines too.
    await app.inject({ method: 'GET', url: `/admin/${SLUG}/users` });

    const log = lines.join('');
    const token = me.cookie.split('=')[1]!;
    for (const secret of [username, email, name, '$argon2', token, text, 'quiet-lantern-42', 'open-window-19', 'hidden-harbour-77', SLUG]) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
    expect(log).not.toMatch(/params:|Failing row/);

    // The failures were logged, and still say what failed and where.
    const errors = logged().filter((l) => l.level >= 50);
    expect(errors).toHaveLength(2);
    for (const line of errors) {
      const err = line.err as { type: string; message: string; stack: string; cause?: { code?: string; constraint?: string } };
      expect(err.type).toBe('DrizzleQueryError');
      expect(err.message).toMatch(/^Failed query: insert into "(users|chat_messages)"/);
      expect(err.stack).toMatch(/\n\s+at /);
      expect(err.cause).toMatchObject({ code: '23514', constraint: 'log_policy_refuses' });
    }
    expect(logged().some((l) => (l.req as { url?: string } | undefined)?.url === '/api/auth/register')).toBe(true);
  });
});

describe('safeError', () => {
  it("keeps a database error's class, code and message, and drops the data it carries", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "maya@example.com"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(maya@example.com) already exists.',
      where: 'unnamed portal parameter $1 = \'...\'',
      query: 'select 1',
      params: ['maya@example.com'],
    });
    const err = new Error('Failed query: select "id" from "users" where "email" = $1\nparams: maya@example.com', { cause });
    const safe = safeError(err);
    expect(safe).toMatchObject({ type: 'Error', message: 'Failed query: select "id" from "users" where "email" = $1' });
    expect(safe.cause).toEqual(
      expect.objectContaining({ type: 'Error', message: 'invalid input syntax for type uuid: "[redacted]"', code: '22P02', severity: 'ERROR' }),
    );
    expect(JSON.stringify(safe)).not.toContain('maya@example.com');
    for (const field of ['detail', 'where', 'query', 'params']) expect(safe.cause).not.toHaveProperty(field);
  });

  it('says no more than its kind of a thrown value that is not an Error', () => {
    expect(JSON.stringify(safeError('token abc123'))).not.toContain('abc123');
  });

  it('hides values quoted after "value" too', () => {
    expect(withoutValues('value "99999999999" is out of range for type integer')).toBe('value "[redacted]" is out of range for type integer');
  });
});

describe('safePath', () => {
  it('drops the query and hides the admin entrance secret', () => {
    expect(safePath('/api/auth/change-password?current_password=x')).toBe('/api/auth/change-password');
    expect(safePath('/api/admin/secure-access/s3cret')).toBe('/api/admin/secure-access/[redacted]');
    expect(safePath('/admin/s3cret?x=1')).toBe('/admin/[redacted]');
    expect(safePath('/admin/s3cret/users')).toBe('/admin/[redacted]/users');
    expect(safePath('/admin/s3cret/settings/')).toBe('/admin/[redacted]/settings/');
    expect(safePath('/api/admin/users/7d1f0c2e')).toBe('/api/admin/users/7d1f0c2e');
  });
});
