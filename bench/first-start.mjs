/* global fetch */
/**
 * Benchmark: the embedded server's start (issue 37: first start <= 2 s, idle RSS <= 400 MB).
 * Runs `npm start` (scripts/start.mjs: the compiled server, dist-server/) on a fresh data
 * folder (the first start, with demo data) and then on the same folder again (a restart),
 * BENCH_RUNS times (default 3); each time it measures how long until GET /api/health
 * answers, and the server's RSS then and after 10 s idle. The medians are the figures.
 * The build is brought up to date first and is not timed: `npm start` never rebuilds a
 * build that matches its sources. Run from the project root: `node bench/first-start.mjs`
 * (BENCH_NO_WRITE=1: print only; otherwise the figures are appended to bench/RESULTS.md
 * with the commit). Not in `npm run bench`: it measures one process at a time.
 */
import { execSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTS, buildPart, isCurrent } from '../scripts/build.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const IDLE_MS = 10_000;
const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function start(dir) {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', STATIC_DIR: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let first = null;
  while (first === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) first = (performance.now() - t0) / 1000;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const then = rssMiB(child.pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idle = rssMiB(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { first, then, idle };
}

for (const [name, part] of Object.entries(PARTS)) if (!isCurrent(part)) await buildPart(name);
const loadBefore = loadavg()[0];
const results = { first: [], restart: [] };
for (let i = 0; i < RUNS; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'wf-first-start-'));
  try {
    for (const kind of ['first', 'restart']) {
      const r = await start(dir);
      results[kind].push(r);
      console.log(`${kind === 'first' ? 'first start (demo data)' : 'restart'}: first answer ${r.first.toFixed(2)} s, RSS ${r.then.toFixed(0)} MiB then, ${r.idle.toFixed(0)} MiB after 10 s idle`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const row = (label, rs) => {
  const first = median(rs.map((r) => r.first));
  const idle = median(rs.map((r) => r.idle));
  const met = first <= 2 && idle * 1.048576 <= 400 ? 'met' : 'missed';
  return `| ${label} | ${rs.map((r) => r.first.toFixed(2)).join(' / ')} | **${first.toFixed(2)}** | ${rs.map((r) => r.idle.toFixed(0)).join(' / ')} | **${idle.toFixed(0)}** (${(idle * 1.048576).toFixed(0)} MB) | ${met} |`;
};
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim() + (execSync('git status --porcelain', { encoding: 'utf8' }).trim() ? ' with uncommitted changes' : '');
  } catch {
    return 'unknown';
  }
})();
const lines = [
  '',
  `### ${new Date().toISOString().slice(0, 16)}Z — first start and restart, compiled server (commit ${commit})`,
  '',
  `- Command: \`node bench/first-start.mjs\` (${RUNS} runs; \`npm start\` = scripts/start.mjs on dist-server/ with an up-to-date build; ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} before)`,
  '- Budgets (issue 37): first answer ≤ 2 s on a fresh data folder with demo data (median), idle RSS ≤ 400 MB.',
  '',
  '| start | first answer, each run (s) | median (s) | RSS after 10 s idle, each run (MiB) | median | budget |',
  '|---|---|---|---|---|---|',
  row('first start (demo data)', results.first),
  row('restart', results.restart),
  '',
];
console.log(lines.join('\n'));
if (!process.env.BENCH_NO_WRITE) appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
