/* global setInterval, clearInterval */
/**
 * The load of bench/login-storm.mjs, in its own process: logins for unknown names from
 * 20 loopback addresses (one at a time per address, or all of them at once: a burst),
 * while /api/health is asked at a steady rate. Prints one JSON line: the health latencies
 * and what the logins answered.
 *   node bench/login-storm-load.mjs <base url> <logins (0: none)> <seconds of probing when idle> [burst]
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [base, loginsArg, idleArg, mode] = process.argv.slice(2);
const LOGINS = Number(loginsArg);
const IDLE_S = Number(idleArg);
const ADDRESSES = 20;
const PROBES_PER_S = 50;
const url = new URL(base);

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

async function main() {
  const health = [];
  let probing = true;
  const probes = [];
  const timer = setInterval(() => {
    if (probing) probes.push(request('/api/health').then((r) => health.push(r.ms)));
  }, 1000 / PROBES_PER_S);

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
  const seconds = (performance.now() - t0) / 1000;
  probing = false;
  clearInterval(timer);
  await Promise.all(probes);
  console.log(
    JSON.stringify({
      seconds,
      logins: answers,
      health: { count: health.length, p50: pct(health, 50), p99: pct(health, 99), p999: pct(health, 99.9), max: Math.max(...health) },
    }),
  );
}

void main();
