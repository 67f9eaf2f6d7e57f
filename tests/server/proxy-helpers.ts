/**
 * Scale-out as a user runs it (README "Scale out"): two real server processes of this
 * build on one PostgreSQL and one Redis, behind HAProxy with deploy/haproxy.cfg, and how a
 * test talks to them. Runs in the server-postgres project when TEST_REDIS_URL is set and
 * HAProxy is installed (CI installs it); otherwise the tests are skipped and say why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createPostgresTestDatabase } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => spawnSync(p, ['-v']).status === 0);
export const enabled = process.env.WF_TEST_DB === 'postgres' && !!redisUrl && !!haproxy;
export const why = enabled
  ? ''
  : ` (skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL and HAProxy${haproxy ? '' : ' — apt-get install haproxy'}; runs in the server-postgres project)`;

export const ADMIN = { username: 'proxyadmin', password: 'ProxyAdmin2026!' };

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

export interface Cluster {
  proxy: string;
  instanceA: string;
  instanceB: string;
  /** The processes of the instances, to kill one. */
  processA: ChildProcess;
  processB: ChildProcess;
  close(): Promise<void>;
}

/** Starts the two instances on a scratch database, then HAProxy in front of them. */
export async function startCluster(): Promise<Cluster> {
  const processes: ChildProcess[] = [];
  const start = (command: string, args: string[], env: Record<string, string>) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    processes.push(child);
    return child;
  };
  const startInstance = async (port: number, databaseUrl: string) => {
    const child = start(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
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
    return child;
  };
  const scratch = await createPostgresTestDatabase();
  const [p, a, b] = [await freePort(), await freePort(), await freePort()];
  // One after the other: the first start migrates the database.
  const processA = await startInstance(a, scratch.url);
  const processB = await startInstance(b, scratch.url);
  start(haproxy!, ['-f', join(root, 'deploy/haproxy.cfg'), '-db'], {
    WF_PROXY_BIND: `127.0.0.1:${p}`,
    WF_APP_A: `127.0.0.1:${a}`,
    WF_APP_B: `127.0.0.1:${b}`,
  });
  const proxy = `http://127.0.0.1:${p}`;
  await answers(`${proxy}/api/health`);
  return {
    proxy,
    instanceA: `http://127.0.0.1:${a}`,
    instanceB: `http://127.0.0.1:${b}`,
    processA,
    processB,
    close: async () => {
      for (const child of processes) child.kill('SIGTERM');
      await Promise.all(processes.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
      await scratch.drop();
    },
  };
}

export interface Person {
  id: string;
  username: string;
  cookie: string;
}

let n = 0;
export async function call(base: string, method: string, path: string, cookie: string | null, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null, res };
}

export const cookieOf = (res: Response, name: string) => {
  const c = res.headers.getSetCookie().find((x) => x.startsWith(`${name}=`));
  if (!c) throw new Error(`no ${name} cookie`);
  return c.split(';')[0]!;
};

export async function register(base: string): Promise<Person> {
  const username = `px${Date.now().toString(36)}${++n}`;
  const r = await call(base, 'POST', '/auth/register', null, { username, name: `Proxy ${n}`, email: `${username}@example.org`, password: 'secret123' });
  expect(r.status).toBe(200);
  return { id: r.json!.id as string, username, cookie: cookieOf(r.res, 'wf_session') };
}

/** Connects the two (each asks the other), so they may chat. */
export async function connect(base: string, one: Person, other: Person) {
  expect((await call(base, 'POST', `/connections/request?from_user_id=${one.id}`, one.cookie, { to_user_id: other.id })).status).toBe(200);
  expect((await call(base, 'POST', `/connections/request?from_user_id=${other.id}`, other.cookie, { to_user_id: one.id })).status).toBe(200);
}

/** Polls `probe` until it gives a value (real processes: no clock to move), or fails after `ms`. */
export const waitFor = async <T>(probe: () => T | undefined, ms = 10_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};
