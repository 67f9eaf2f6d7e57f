#!/usr/bin/env node
// npm run bench: every benchmark in turn; each prints its figures and appends them to
// bench/RESULTS.md. They stay on loopback and end by themselves. Not timed tests.
//   node bench/run.mjs [discover] [location] [ws] [loopback-floor] [login-storm] [event-day] [reads] [writes] [lighthouse]   (default: all)
import { spawnSync } from 'node:child_process';

const all = {
  discover: 'bench/discover.mjs',
  location: 'bench/location.mjs',
  ws: 'bench/ws-broadcast.mjs',
  'loopback-floor': 'bench/loopback-floor.mjs',
  'login-storm': 'bench/login-storm.mjs',
  'event-day': 'bench/event-day.mjs',
  reads: 'bench/reads.mjs',
  writes: 'bench/writes.mjs',
  lighthouse: 'bench/lighthouse.mjs',
};
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(all);
let failed = 0;
for (const name of chosen) {
  const file = all[name];
  if (!file) {
    console.error(`unknown benchmark ${name}; choose from ${Object.keys(all).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== ${name} (${file})`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
