/* global setInterval, clearInterval */
/**
 * The servers the benchmarks load, started and stopped by them, all on 127.0.0.1:
 * - 'pglite': one instance on in-memory PGlite, in a child process (server-child.mjs)
 *   that seeds its database before it listens;
 * - 'proxy': two instances (BENCH_INSTANCES, 2 to 9) of server/main.ts on one scratch
 *   PostgreSQL database and Redis, behind HAProxy with deploy/haproxy.cfg (its servers
 *   listed once per instance when there are more than two), started as tests/server/proxy.test.ts
 *   starts them (TRUST_PROXY=loopback, one after the other since the first migrates). The
 *   seed runs here on the scratch database before they start.
 * A seed is { module, name, options }: `await import(module)[name](db, options)` answers
 * what the load needs to know (ids, session cookies). stop() ends every process and drops
 * the scratch database. CPU and memory are read from /proc, so each process, whatever
 * it is (a forked child, main.ts, HAProxy), is measured the same way.
 */
import { execFileSync, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HOST = '127.0.0.1';
/** BENCH_INSTANCES: how many app instances the proxy setup runs (2 by default, as deployed). */
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
if (!Number.isInteger(INSTANCES) || INSTANCES < 2 || INSTANCES > 9) throw new Error(`BENCH_INSTANCES must be 2 to 9, not ${process.env.BENCH_INSTANCES}`);
const INSTANCE_WORDS = ['', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
export const SETUP_LABELS = {
  pglite: 'one instance, in-memory PGlite',
  proxy: `${INSTANCE_WORDS[INSTANCES]} instances on PostgreSQL + Redis behind HAProxy`,
};

/**
 * deploy/haproxy.cfg as deployed for two instances; for more, a copy whose backend lists
 * one server per instance (WF_APP_A, WF_APP_B, WF_APP_C, ...), everything else the same.
 */
function haproxyConfig() {
  const deployed = `${root}deploy/haproxy.cfg`;
  if (INSTANCES === 2) return deployed;
  const text = readFileSync(deployed, 'utf8');
  const servers = Array.from({ length: INSTANCES }, (_, i) => `  server ${'abcdefghi'[i]} "\${WF_APP_${'ABCDEFGHI'[i]}}"`).join('\n');
  const lines = text.split('\n');
  const first = lines.findIndex((l) => /^\s*server a /.test(l));
  if (first < 0 || !/^\s*server b /.test(lines[first + 1] ?? '')) throw new Error('deploy/haproxy.cfg: its two server lines were not found');
  lines.splice(first, 2, servers);
  const file = join(mkdtempSync(join(tmpdir(), 'wf-haproxy-')), 'haproxy.cfg');
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** BENCH_SETUP=pglite|proxy|both (default both): the setups to run, in order. */
export function chosenSetups() {
  const want = process.env.BENCH_SETUP ?? 'both';
  if (want === 'both') return ['pglite', 'proxy'];
  if (!(want in SETUP_LABELS)) throw new Error(`BENCH_SETUP must be pglite, proxy or both, not ${want}`);
  return [want];
}

/** A scratch database next to the one `url` names: its url, and drop() to remove it. */
export async function scratchDatabase(url) {
  const name = `wf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  };
  return { url: u.toString(), drop };
}

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** Waits until `url` answers 200, or fails after `ms`. */
async function answers(url, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await globalThis.fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const exited = (child, ms) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, ms);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });

/** Every process started here, so an interrupted run still ends them. */
const running = new Set();
function track(child) {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}
/** Scratch databases not dropped yet. */
const scratches = new Set();
/** Ends every process this module started (a watchdog's last act). */
export function killAll() {
  for (const child of running) child.kill('SIGKILL');
}
process.once('exit', killAll);
/**
 * Runs `measure(kind)` for each chosen setup in turn, answering their results; a
 * watchdog ends the run, and every process it started, if it is still going after `seconds`.
 */
export async function eachSetup(name, seconds, measure) {
  const timer = setTimeout(() => {
    console.error(`${name}: still running after ${seconds} s, giving up`);
    killAll();
    process.exit(2);
  }, seconds * 1000);
  timer.unref();
  const done = [];
  for (const kind of chosenSetups()) done.push(await measure(kind));
  return done;
}

// Interrupted: the processes go, and the scratch databases with them.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    killAll();
    await Promise.allSettled([...scratches].map((drop) => drop()));
    process.exit(130);
  });
}

/** BENCH_NODE_ARGS: more of node's options for every server process (diagnosis: --cpu-prof, say). */
const nodeArgs = () => process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

async function startPglite(seed) {
  const child = track(
    fork(fileURLToPath(new URL('./server-child.mjs', import.meta.url)), [], {
      cwd: root,
      execArgv: ['--import', 'tsx', ...nodeArgs()],
      env: { ...process.env, BENCH_SEED: JSON.stringify(seed) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the PGlite server exited (${code}) before it listened`)));
  });
  return {
    base: ready.address,
    info: ready.info,
    processes: [{ role: 'server (PGlite)', pid: child.pid }],
    stop: async () => {
      child.send({ type: 'stop' });
      await exited(child, 15_000);
    },
  };
}

const haproxyPath = () => ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => spawnSync(p, ['-v']).status === 0);

async function startProxy(seed) {
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error('the proxy setup needs HAProxy (apt-get install haproxy)');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const scratch = await scratchDatabase(databaseUrl);
  scratches.add(scratch.drop);
  const children = [];
  const stop = async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => exited(c, 15_000)));
    await scratch.drop();
    scratches.delete(scratch.drop);
  };
  try {
    const { openPostgres } = await import('../../server/db/client.ts');
    const database = await openPostgres(scratch.url);
    const info = await (await import(seed.module))[seed.name](database.db, seed.options);
    await database.close();

    const p = await freePort();
    const ports = [];
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    const start = (role, command, args, env) => {
      const child = track(spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] }));
      children.push(child);
      return { role, pid: child.pid };
    };
    const instance = async (role, port) => {
      const proc = start(role, process.execPath, ['--import', 'tsx', ...nodeArgs(), `${root}server/main.ts`], {
        PORT: String(port),
        HOST,
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        SEED_DEMO: 'false',
        STATIC_DIR: '',
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
      });
      await answers(`http://${HOST}:${port}/api/health`);
      return proc;
    };
    // One after the other: the first start migrates (here already done, but as deployed).
    const processes = [];
    for (const [i, port] of ports.entries()) processes.push(await instance(`server ${'ABCDEFGHI'[i]} (PostgreSQL)`, port));
    processes.push(
      start('HAProxy', haproxy, ['-f', haproxyConfig(), '-db'], {
        WF_PROXY_BIND: `${HOST}:${p}`,
        ...Object.fromEntries(ports.map((port, i) => [`WF_APP_${'ABCDEFGHI'[i]}`, `${HOST}:${port}`])),
      }),
    );
    const base = `http://${HOST}:${p}`;
    await answers(`${base}/api/health`);
    return { base, info, processes, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}

/** Starts a setup seeded by `seed`: { kind, label, base, info, processes: [{role, pid}], stop }. */
export async function startSetup(kind, seed) {
  const setup = kind === 'pglite' ? await startPglite(seed) : await startProxy(seed);
  return { kind, label: SETUP_LABELS[kind], ...setup };
}

const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, ms) in a /proc stat file (a process's, or one thread's under task/). */
function statCpuMs(file) {
  const stat = readFileSync(file, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** CPU time (ms) of a process's main thread (its event loop) and of all its threads, from /proc. */
export function threadCpu(pid) {
  try {
    return { main: statCpuMs(`/proc/${pid}/task/${pid}/stat`), all: statCpuMs(`/proc/${pid}/stat`) };
  } catch {
    return { main: NaN, all: NaN };
  }
}

/** CPU time (user + system, ms) and resident memory (bytes) of a process, from /proc. */
export function processStats(pid) {
  try {
    const cpuMs = statCpuMs(`/proc/${pid}/stat`);
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
    return { cpuMs, rss };
  } catch {
    return { cpuMs: NaN, rss: NaN };
  }
}

/**
 * The machine's CPU time so far from /proc/stat (jiffies): busy (user, nice, system,
 * irq, softirq), idle (with iowait) and stolen (time the virtual machine's host ran
 * something else while this machine had work).
 */
function machineTimes() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/**
 * Watches processes while a load runs: mark(name) notes each one's CPU time then, and
 * RSS is sampled every 250 ms for its peak. cpu(from, to) answers % of one core between
 * two marks; machine(from, to) the whole machine's busy and stolen time in % of all its
 * cores; memory() the peak since start() and the latest sample.
 */
export function processMeter(processes) {
  const marks = new Map();
  const peak = new Map();
  const last = new Map();
  let timer = null;
  const sample = () => {
    for (const p of processes) {
      const { rss } = processStats(p.pid);
      last.set(p.pid, rss);
      peak.set(p.pid, Math.max(peak.get(p.pid) ?? 0, rss));
    }
  };
  return {
    start() {
      sample();
      timer = setInterval(sample, 250);
    },
    stop() {
      clearInterval(timer);
      sample();
    },
    mark(name) {
      marks.set(name, { t: performance.now(), cpu: new Map(processes.map((p) => [p.pid, processStats(p.pid).cpuMs])), machine: machineTimes() });
    },
    cpu(from, to, pid) {
      const a = marks.get(from);
      const b = marks.get(to);
      return a && b ? (100 * (b.cpu.get(pid) - a.cpu.get(pid))) / (b.t - a.t) : NaN;
    },
    machine(from, to) {
      const a = marks.get(from)?.machine;
      const b = marks.get(to)?.machine;
      if (!a || !b) return null;
      const total = b.busy + b.idle + b.steal - (a.busy + a.idle + a.steal);
      return total > 0 ? { busy: (100 * (b.busy - a.busy)) / total, steal: (100 * (b.steal - a.steal)) / total } : null;
    },
    memory: (pid) => ({ peak: peak.get(pid) ?? NaN, last: last.get(pid) ?? NaN }),
  };
}
