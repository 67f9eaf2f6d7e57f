/**
 * Starts the real server on the built app, as `npm start` runs it, with a fresh embedded
 * database in a temporary folder, on a free port, and hands its address to the tests
 * through E2E_BASE_URL. A second one, whose clock the tests may move (TEST_CLOCK_CONTROL),
 * serves the specs of the 'clock' project (E2E_CLOCK_BASE_URL, E2E_CLOCK_URL): they run
 * beside the others instead of after them, and nothing else sees its time jump.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ADMIN_SLUG = 'e2e-secret-entrance';
/** The admin the server is configured with (no demo admin is made beside it). */
export const ADMIN = { username: 'e2eadmin', password: 'E2eAdmin2026' };

interface Server {
  url: string;
  clockUrl: string;
  /** Where the server writes its emails (no SMTP_URL): <DATA_DIR>/outbox. */
  outbox: string;
  stop(): Promise<void>;
}

/** A port free now on loopback (the server takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startServer(clockControl: boolean): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-e2e-'));
  // Passkeys need a host name as their relying party (Chromium refuses an IP address), so
  // the main server's public address is http://localhost:<port>, on a port chosen here.
  const port = clockControl ? 0 : await freePort();
  // As `npm start` runs it: the compiled server (npm test builds it first).
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: port ? `http://localhost:${port}` : '',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      // Emails go to <DATA_DIR>/outbox/ (issue 41), and their links name PUBLIC_URL.
      SMTP_URL: '',
      SEED_DEMO: 'true',
      ADMIN_GATE_SLUG: ADMIN_SLUG,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      STATIC_DIR: 'dist',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_CONTROL: String(clockControl),
      // Each person the journeys make registers from an address of their own (discovery.pages.ts),
      // as people do from their phones: the per-address limit on sign-ups holds as it is.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let clockUrl = '';
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      clockUrl ||= /Test clock control at (http:\/\/\S+)/.exec(out)?.[1] ?? '';
      const m = /Wallflower is running at (http:\/\/[^\s]+?)\/?\s/.exec(out);
      // The clock's line is printed with the address (server/main.ts): wait for both.
      if (m && (clockUrl || !clockControl)) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return {
    url,
    clockUrl,
    outbox: join(dataDir, 'outbox'),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup() {
  const [main, clocked] = await Promise.all([startServer(false), startServer(true)]);
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_OUTBOX = main.outbox;
  process.env.E2E_CLOCK_BASE_URL = clocked.url;
  process.env.E2E_CLOCK_URL = clocked.clockUrl;
  return async () => {
    await Promise.all([main.stop(), clocked.stop()]);
  };
}
