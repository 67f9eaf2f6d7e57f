#!/usr/bin/env node
// npm test: every test: vitest (contract, server on PGlite and, when TEST_DATABASE_URL is
// set, PostgreSQL; machines; components and model-based), then the built app end to end
// in Debian's Chromium with Playwright. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const node = process.execPath;
const run = (args, env = {}) =>
  spawnSync(node, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;

// 1. vitest
const vitestStatus = run([
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
}
if (vitestStatus !== 0) exit = 1;

// 2. Playwright on the built app (the e2e config builds and starts the server).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`[e2e] ${chromium} is missing: install Debian's chromium (apt-get install chromium) to run the browser tests.`);
  exit = 1;
} else {
  const buildStatus = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (buildStatus !== 0) exit = 1;
  const pwStatus = run(['node_modules/@playwright/test/cli.js', 'test'], { PW_JSON_OUTPUT: join(out, 'playwright.json') });
  if (existsSync(join(out, 'playwright.json'))) {
    const r = JSON.parse(readFileSync(join(out, 'playwright.json'), 'utf8'));
    passed += r.stats.expected;
    failed += r.stats.unexpected + (r.stats.flaky ?? 0) * 0;
    skipped += r.stats.skipped;
  } else if (pwStatus !== 0) failed += 1;
  if (pwStatus !== 0) exit = 1;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
