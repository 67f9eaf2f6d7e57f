/* global setInterval, clearInterval */
/**
 * The load of bench/login-storm.mjs, in processes of their own: logins for unknown names
 * from 20 loopback addresses (one at a time per address, or all of them at once: a
 * burst), or the probe: /api/health at a steady rate, in a process beside the logins'
 * (as another phone would ask it), so what it measures is the server's delay and not the
 * load process's own while it opens 600 connections at once. Prints one JSON line.
 *   node bench/login-storm-load.mjs <base url> <logins (0: none)> <seconds to wait when none> [steady|burst]
 *   node bench/login-storm-load.mjs <base url> probe: prints "probing" once its first probe
 *   is answered, and the latencies once its stdin ends.
 *   node bench/login-storm-load.mjs bare: the floor's server, a bare node:http one that
 *   answers every login a 503 at once; prints its address, and closes when its stdin ends.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [base, loginsArg, idleArg, mode] = process.argv.slice(2);
const PROBE = loginsArg === 'probe';
const BARE = base === 'bare';
const LOGINS = Number(loginsArg);
const IDLE_S = Number(idleArg);
const ADDRESSES = 20;
const PROBES_PER_S = 50;
const url = BARE ? null : new URL(base);

function request(path, { method = 'GET', body = null, localAddress } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        localAddress,
        agent: false,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    if (body) req.write(body);
    req.end();
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : 0;
};

/** Probes /api/health PROBES_PER_S times a second until stdin ends, then prints the latencies. */
async function probe() {
  const health = [];
  const probes = [];
  const ask = () => probes.push(request('/api/health').then((r) => health.push(r.ms)));
  await request('/api/health');
  process.stdout.write('probing\n');
  const timer = setInterval(ask, 1000 / PROBES_PER_S);
  await new Promise((resolve) => process.stdin.on('end', resolve).resume());
  clearInterval(timer);
  await Promise.all(probes);
  console.log(JSON.stringify({ health: { count: health.length, p50: pct(health, 50), p99: pct(health, 99), p999: pct(health, 99.9), max: Math.max(...health) } }));
}

async function main() {
  const answers = {};
  const t0 = performance.now();
  if (LOGINS > 0) {
    const perAddress = Math.ceil(LOGINS / ADDRESSES);
    const login = async (a, i) => {
      const body = JSON.stringify({ username_or_email: `nobody-${process.pid}-${a}-${i}`, password: 'not-their-password' });
      const r = await request('/api/auth/login', { method: 'POST', body, localAddress: `127.0.0.${a + 2}` });
      answers[r.status] = (answers[r.status] ?? 0) + 1;
    };
    await Promise.all(
      Array.from({ length: ADDRESSES }, async (_, a) => {
        const mine = Array.from({ length: Math.max(0, Math.min(perAddress, LOGINS - a * perAddress)) }, (_, i) => i);
        // A burst: every login of every address at once, far past the hashing queue (quick 503s).
        if (mine.length && mode === 'burst') await Promise.all(mine.map((i) => login(a, i)));
        else for (const i of mine) await login(a, i);
      }),
    );
  } else {
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  }
  console.log(JSON.stringify({ seconds: (performance.now() - t0) / 1000, logins: answers }));
}

/** The floor's server: no framework, no database, no hashing. */
function bare() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const login = req.url.startsWith('/api/auth/login');
      res.writeHead(login ? 503 : 200, { 'content-type': 'application/json', ...(login ? { 'retry-after': '2' } : {}) });
      res.end(login ? '{"detail":"busy"}' : '{"status":"ok"}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
  process.stdin.on('end', () => server.close(() => process.exit(0))).resume();
  // Keep-alive connections would hold close() open: the probe's and the logins' are not kept.
}

void (BARE ? bare() : PROBE ? probe() : main());
