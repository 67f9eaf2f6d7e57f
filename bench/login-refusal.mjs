/**
 * Benchmark: what one refused sign-in costs the server's event loop (issue 40 item 9),
 * beside a bare node:http server's 503, without the noise of a burst. The app's hashing
 * queue is held full (its slots taken by jobs that never end), so every login is the
 * quick 503; wrk sends them for 5 s over 20 connections, each request on a connection
 * of its own (as in a storm of people signing in). The figure is the server's event-loop
 * CPU time (/proc, clock ticks) divided by the requests answered, and the same for 600
 * logins at once (bench/login-storm-load.mjs's burst, three times). The app is in this
 * process, on its embedded database in a thread, as `npm start` runs it; the bare server
 * is login-storm's floor, in a process of its own.
 *   node --import tsx bench/login-refusal.mjs       (prints; needs wrk: apt-get install wrk)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { openPgliteThread } from '../server/db/client.ts';
import { hashingSlots } from '../server/domain/passwords.ts';
import { bareServer } from './login-storm.mjs';
import { threadCpu } from './lib/setups.mjs';

const run = promisify(execFile);
const loadScript = new URL('./login-storm-load.mjs', import.meta.url).pathname;

const script = join(mkdtempSync(join(tmpdir(), 'wf-refusal-')), 'login.lua');
writeFileSync(
  script,
  'wrk.method = "POST"\nwrk.body = \'{"username_or_email":"nobody","password":"not-their-password"}\'\n' +
    'wrk.headers["Content-Type"] = "application/json"\nwrk.headers["Connection"] = "close"\n',
);

async function measure(label, base, pid) {
  const before = threadCpu(pid);
  const { stdout } = await run('wrk', ['-t1', '-c20', '-d5s', '-s', script, `${base}/api/auth/login`]);
  const after = threadCpu(pid);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN);
  const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const bursts = [];
  for (let i = 0; i < 3; i++) {
    const b = threadCpu(pid);
    await run(process.execPath, [loadScript, base, '600', '0', 'burst']);
    bursts.push(threadCpu(pid).main - b.main);
  }
  console.log(
    `| ${label} | ${requests} (${refused} refused) | ${(((after.main - before.main) * 1000) / requests).toFixed(0)} µs | ${bursts.map((ms) => ms.toFixed(0)).join(' / ')} ms |`,
  );
}

async function main() {
  console.log('| server | logins in 5 s (wrk, 20 connections) | event loop CPU per login | event loop CPU per burst of 600 (three) |');
  console.log('|---|---:|---:|---|');
  // The floor: login-storm's bare server (a 503 for every login), in a process of its own.
  const bare = await bareServer();
  await measure('bare node:http, a 503 each', bare.base, bare.pid);
  await bare.stop();

  const database = await openPgliteThread(null);
  const app = await buildApp({ config: { ...configFromEnv({}), staticDir: null, seedDemo: false }, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  // The queue held full: one job running and every waiting place taken, none of them ending.
  const { running, waiting } = hashingSlots.busy;
  if (running || waiting) throw new Error('the hashing queue is not empty at the start');
  const held = [];
  for (;;) {
    try {
      hashingSlots.refuseWhenFull();
    } catch {
      break;
    }
    held.push(hashingSlots.run(() => new Promise(() => {})).catch(() => {}));
  }
  await measure(`Wallflower, the hashing queue full (${held.length} held)`, base, process.pid);

  await app.close();
  await database.close();
  process.exit(0);
}

void main();
