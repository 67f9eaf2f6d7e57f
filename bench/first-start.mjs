/* global performance, fetch */
/**
 * Benchmark: the embedded server's start (issue 15, "lean and quick to start"). Starts
 * `server/main.ts` on a fresh data folder (the first start, with demo data) and then on
 * the same folder again (a restart), each time measuring how long until GET /api/health
 * answers and the server's RSS then and after 10 s idle. Run from the project root:
 * `node bench/first-start.mjs`. Not in `npm run bench`: it measures one process, once.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'wf-first-start-'));
const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;

async function start(label) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', STATIC_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let first = null;
  while (first === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) first = performance.now() - t0;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const atFirst = rssMiB(child.pid);
  await new Promise((r) => setTimeout(r, 10_000));
  console.log(`${label}: first answer ${(first / 1000).toFixed(2)} s, RSS ${atFirst.toFixed(0)} MiB then, ${rssMiB(child.pid).toFixed(0)} MiB after 10 s idle`);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}

try {
  await start('first start (demo data)');
  await start('restart');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
