#!/usr/bin/env node
// npm test: every test: vitest (contract, server on PGlite and, when TEST_DATABASE_URL is
// set, PostgreSQL; machines; components and model-based), then the build (app and server,
// as npm start runs them) and the built app end to end in Debian's Chromium with
// Playwright. Ends with one 'N passed, N failed' line and the time each phase took.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const node = process.execPath;
const phases = [];
const run = (phase, args, env = {}) => {
  const t0 = performance.now();
  const status = spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  phases.push([phase, performance.now() - t0]);
  return status;
};
const minutes = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** Where the time went: the slowest test files, with their vitest project or Playwright spec. */
const slowest = [];
let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;

// 1. vitest
const vitestStatus = run('vitest', [
  'node_modules/vitest/vitest.mjs',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(out, 'vitest.json')}`,
]);
if (existsSync(join(out, 'vitest.json'))) {
  const r = JSON.parse(readFileSync(join(out, 'vitest.json'), 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const f of r.testResults) slowest.push([f.endTime - f.startTime, f.name.slice(root.length)]);
}
if (vitestStatus !== 0) exit = 1;

// 2. Playwright on the built app and server (the e2e setup starts it as npm start does).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`[e2e] ${chromium} is missing: install Debian's chromium (apt-get install chromium) to run the browser tests.`);
  exit = 1;
} else if (run('build', ['scripts/build.mjs']) !== 0) {
  exit = 1;
} else {
  const pwStatus = run('browser', ['node_modules/@playwright/test/cli.js', 'test'], { PW_JSON_OUTPUT: join(out, 'playwright.json') });
  if (existsSync(join(out, 'playwright.json'))) {
    const r = JSON.parse(readFileSync(join(out, 'playwright.json'), 'utf8'));
    passed += r.stats.expected;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    const specs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
    for (const suite of r.suites) {
      const ms = specs(suite).flatMap((s) => s.tests.flatMap((t) => t.results.map((x) => x.duration))).reduce((a, b) => a + b, 0);
      slowest.push([ms, `tests/e2e/${suite.file}`]);
    }
  } else if (pwStatus !== 0) failed += 1;
  if (pwStatus !== 0) exit = 1;
}

const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
console.log('\nSlowest files (time in their worker):');
for (const [ms, file] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 8)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
console.log(`${phases.map(([phase, ms]) => `${phase} ${minutes(ms)}`).join(' · ')} · total ${minutes(total)}`);
process.exit(exit || (failed > 0 ? 1 : 0));
