/**
 * One call under autocannon, in a process of its own so the load does not share the
 * caller's event loop: a warm-up, then the measured run. The requests rotate over the
 * variants given (each its own path, headers and body: one signed-in person each), since
 * autocannon's programmatic API rebuilds every request through setupRequest.
 *   node bench/lib/autocannon-run.mjs <input.json>
 * Input: { base, connections, warmup, duration, variants: [{ method, path, headers, body }] }.
 * Prints one JSON line: req/s, latency p50/p99/max (ms), answers by status, errors, timeouts.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { printRun } from './autocannon-line.mjs';

const { base, connections, warmup, duration, variants } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let next = 0;
const options = (seconds) => ({
  url: base,
  connections,
  duration: seconds,
  requests: [{ setupRequest: (req) => ({ ...req, ...variants[next++ % variants.length] }) }],
});

await autocannon(options(warmup));
const r = await autocannon(options(duration));
printRun(r);
