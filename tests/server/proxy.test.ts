/**
 * Scale-out as a user runs it (README "Scale out"): two real server processes of this
 * build on one PostgreSQL and one Redis, behind HAProxy with deploy/haproxy.cfg. A chat
 * sent through one instance reaches a socket held by the other, a ban on one closes the
 * banned person's socket on the other, and a sign-in limit holds across both through the
 * proxy. Runs in the server-postgres project when TEST_REDIS_URL is set and HAProxy is
 * installed (CI installs it); otherwise it is skipped and says why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE } from '../../contract/live';
import { createPostgresTestDatabase } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => spawnSync(p, ['-v']).status === 0);
const enabled = process.env.WF_TEST_DB === 'postgres' && !!redisUrl && !!haproxy;
const why = enabled
  ? ''
  : ` (skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL and HAProxy${haproxy ? '' : ' — apt-get install haproxy'}; runs in the server-postgres project)`;

const ADMIN = { username: 'proxyadmin', password: 'ProxyAdmin2026!' };
const processes: ChildProcess[] = [];
let drop: () => Promise<void> = async () => {};
let proxy = '';
let instanceA = '';
let instanceB = '';

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Waits until `url` answers 200 (the process is up), or fails after `ms`. */
async function answers(url: string, ms = 40_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  processes.push(child);
  return child;
}

async function startInstance(port: number, databaseUrl: string) {
  start(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl!,
    SEED_DEMO: 'false',
    STATIC_DIR: '',
    TRUST_PROXY: 'loopback',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  });
  await answers(`http://127.0.0.1:${port}/api/health`);
}

beforeAll(async () => {
  if (!enabled) return;
  const scratch = await createPostgresTestDatabase();
  drop = scratch.drop;
  const [p, a, b] = [await freePort(), await freePort(), await freePort()];
  instanceA = `http://127.0.0.1:${a}`;
  instanceB = `http://127.0.0.1:${b}`;
  proxy = `http://127.0.0.1:${p}`;
  // One after the other: the first start migrates the database.
  await startInstance(a, scratch.url);
  await startInstance(b, scratch.url);
  start(haproxy!, ['-f', join(root, 'deploy/haproxy.cfg'), '-db'], {
    WF_PROXY_BIND: `127.0.0.1:${p}`,
    WF_APP_A: `127.0.0.1:${a}`,
    WF_APP_B: `127.0.0.1:${b}`,
  });
  await answers(`${proxy}/api/health`);
}, 90_000);

afterAll(async () => {
  for (const child of processes) child.kill('SIGTERM');
  await Promise.all(processes.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await drop();
}, 30_000);

interface Person {
  id: string;
  username: string;
  cookie: string;
}

let n = 0;
async function call(base: string, method: string, path: string, cookie: string | null, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null, res };
}

const cookieOf = (res: Response, name: string) => {
  const c = res.headers.getSetCookie().find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie`);
  return c.split(';')[0]!;
};

async function register(base: string): Promise<Person> {
  const username = `px${Date.now().toString(36)}${++n}`;
  const r = await call(base, 'POST', '/auth/register', null, { username, name: `Proxy ${n}`, email: `${username}@example.org`, password: 'secret123' });
  expect(r.status).toBe(200);
  return { id: r.json!.id as string, username, cookie: cookieOf(r.res, 'wf_session') };
}

/** A live channel held on `base`, with the messages it received. */
function live(base: string, p: Person) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/${p.id}`, { headers: { cookie: p.cookie } });
  const messages: Array<{ type: string; [k: string]: unknown }> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return { ws, messages, opened, closed };
}

const waitFor = async <T>(probe: () => T | undefined, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('two server processes behind HAProxy', () => {
  it.skipIf(!enabled)(`a chat sent through one instance reaches a socket held by the other${why}`, async () => {
    const ana = await register(instanceA);
    const ben = await register(instanceA);
    expect((await call(instanceA, 'POST', `/connections/request?from_user_id=${ana.id}`, ana.cookie, { to_user_id: ben.id })).status).toBe(200);
    expect((await call(instanceB, 'POST', `/connections/request?from_user_id=${ben.id}`, ben.cookie, { to_user_id: ana.id })).status).toBe(200);
    const benLive = live(instanceB, ben);
    await benLive.opened;
    const sent = await call(instanceA, 'POST', `/chat/send?user_id=${ana.id}`, ana.cookie, { to_user: ben.id, message: 'Across the proxy' });
    expect(sent.status).toBe(200);
    const got = await waitFor(() => benLive.messages.find((m) => m.type === 'new_message'));
    expect((got.message as { message: string }).message).toBe('Across the proxy');
    // And through the proxy, whichever instance answers.
    expect((await call(proxy, 'POST', `/chat/send?user_id=${ana.id}`, ana.cookie, { to_user: ben.id, message: 'Via HAProxy' })).status).toBe(200);
    await waitFor(() => benLive.messages.find((m) => m.type === 'new_message' && (m.message as { message: string }).message === 'Via HAProxy'));
    benLive.ws.close();
  });

  it.skipIf(!enabled)(`a ban on one instance closes the banned person's socket on the other${why}`, async () => {
    const cy = await register(instanceA);
    const cyLive = live(instanceB, cy);
    await cyLive.opened;
    const login = await call(instanceA, 'POST', '/admin/login', null, ADMIN);
    expect(login.status).toBe(200);
    const admin = { id: (login.json!.admin as { id: string }).id, cookie: cookieOf(login.res, 'wf_admin') };
    const ban = await call(instanceA, 'POST', `/admin/users/${cy.id}/ban?admin_id=${admin.id}`, admin.cookie, {
      user_id: cy.id,
      reason: 'Testing the proxy',
      ban_type: 'temporary',
      duration_days: 1,
    });
    expect(ban.status).toBe(200);
    expect(await cyLive.closed).toBe(LIVE_CLOSE.sessionEnded);
    expect((await call(instanceB, 'GET', '/auth/me', cy.cookie)).status).toBe(403);
  });

  it.skipIf(!enabled)(`a sign-in limit holds across both instances through the proxy${why}`, async () => {
    const dee = await register(instanceA);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(proxy, 'POST', '/auth/login', null, { username_or_email: dee.username, password: 'wrong-password' })).status);
    }
    // Five free failures counted in Redis, whichever instance took each; the sixth waits.
    // Counted per instance, the round robin would have let all six through as 401.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // The same, alternating the instances by hand: a limit counted per process would let
    // each of them see only three failures and answer 401 six times.
    const eve = await register(instanceA);
    const alternating: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? instanceA : instanceB;
      alternating.push((await call(base, 'POST', '/auth/login', null, { username_or_email: eve.username, password: 'wrong-password' })).status);
    }
    expect(alternating).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
