/**
 * Load generator for bench/location.mjs, run in a child process: every user reports a
 * position every PERIOD_MS, the users' reports spread evenly over the period, for
 * DURATION_MS; answers the latencies as JSON on stdout. Input (a JSON file named by argv[2]):
 * { url, period, duration, users: [{ cookie, body }] }. A body's latitude moves a
 * little each report, as a person walking about would.
 */
/* global fetch */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const { url, period, duration, users } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const latencies = [];
let failures = 0;
let firstFailure = null;
const inFlight = new Set();
const start = performance.now();

function report(user, round) {
  const body = { ...user.body, latitude: user.body.latitude + ((round % 7) - 3) * 0.00001 };
  const t0 = performance.now();
  const p = fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: user.cookie },
    body: JSON.stringify(body),
  })
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.status !== 200) {
        failures++;
        firstFailure ??= `${res.status}`;
      } else latencies.push(performance.now() - t0);
    })
    .catch((err) => {
      failures++;
      firstFailure ??= `${err} ${err?.cause?.code ?? err?.cause ?? ""}`;
    })
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

// One timer per user: its first report at its place in the period, then every period.
await new Promise((resolve) => {
  let done = 0;
  users.forEach((user, i) => {
    let round = 0;
    const tick = () => {
      if (performance.now() - start >= duration) {
        if (++done === users.length) resolve();
        return;
      }
      report(user, round++);
      setTimeout(tick, start + (i / users.length) * period + round * period - performance.now());
    };
    setTimeout(tick, (i / users.length) * period);
  });
});
await Promise.all(inFlight);

latencies.sort((a, b) => a - b);
const q = (f) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] : NaN);
process.stdout.write(
  JSON.stringify({
    count: latencies.length,
    failures,
    firstFailure,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
    seconds: (performance.now() - start) / 1000,
  }),
);
