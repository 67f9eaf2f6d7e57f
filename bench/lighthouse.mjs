#!/usr/bin/env node
// Lighthouse (mobile preset) on the login, events and event views of the built app, plus the
// attendee entry JS size (gzip). Not a timed test: `node bench/lighthouse.mjs` prints
// the figures and appends them to bench/RESULTS.md (`--no-record` or LH_NO_WRITE=1: print
// only; LH_RUNS=n: runs per view, default 5; LH_JSON_DIR=dir: also write each view's
// median Lighthouse report there as JSON).
// Budgets (DESIGN 9): performance >= 95, accessibility 100, best practices 100;
// attendee entry JS <= 150 KB gzip.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));

function entrySizes(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
  const files = [entry, ...preloads].filter(Boolean);
  const gz = files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, 'assets', f))).length, 0);
  const admin = readdirSync(join(dist, 'assets')).filter((f) => /^AdminArea.*\.js$/.test(f));
  return { files, gzipKB: gz / 1024, adminChunks: admin };
}

async function startServer(dist) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-lh-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, STATIC_DIR: dist, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('server did not start')), 60_000);
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Wallflower is running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]);
      }
    });
  });
  return { url, stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

async function main() {
  // Built into a folder of its own: a build someone else starts meanwhile cannot swap files under it.
  const dist = mkdtempSync(join(tmpdir(), 'wf-lh-dist-'));
  const build = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'];
  if (spawnSync(process.execPath, build, { cwd: root, stdio: 'inherit' }).status) throw new Error('build failed');
  const sizes = entrySizes(dist);
  const loadBefore = loadavg()[0];
  const server = await startServer(dist);
  const browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const results = {};
    // Lighthouse's lab figures move with the machine's load (its CPU slowdown multiplies
    // what it observed), so each view is measured RUNS times, as Lighthouse's own docs
    // advise: performance is the median run, accessibility and best practices the worst.
    // A run whose trace Lighthouse itself could not read (runtimeError) is run again.
    const once = async (name, prepare, path = '/') => {
      for (let attempt = 1; ; attempt++) {
        const context = await browser.createBrowserContext();
        try {
          const page = await context.newPage();
          await prepare?.(page);
          const r = await lighthouse(server.url + path, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] }, undefined, page);
          if (!r.lhr.runtimeError) return r.lhr;
          console.error(`${name}: Lighthouse could not finish (${r.lhr.runtimeError.code}), attempt ${attempt}`);
          if (attempt >= 3) throw new Error(`${name}: ${r.lhr.runtimeError.message}`);
        } finally {
          await context.close();
        }
      }
    };
    const audit = async (name, prepare, path) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await once(name, prepare, path);
        const c = lhr.categories;
        const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
        runs.push({
          lhr,
          metrics: `FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, SI ${ms('speed-index')} ms, CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`,
          performance: Math.round(c.performance.score * 100),
          accessibility: Math.round(c.accessibility.score * 100),
          bestPractices: Math.round(c['best-practices'].score * 100),
          failing: Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices'].some((k) => c[k].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
            .map((a) => a.id),
        });
      }
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)];
      if (process.env.LH_JSON_DIR) writeFileSync(join(process.env.LH_JSON_DIR, `${name}.json`), JSON.stringify(median.lhr));
      results[name] = {
        metrics: median.metrics,
        performance: median.performance,
        performanceRuns: runs.map((r) => r.performance),
        accessibility: Math.min(...runs.map((r) => r.accessibility)),
        bestPractices: Math.min(...runs.map((r) => r.bestPractices)),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
      };
    };
    await audit('login');
    // The events view: a signed-in user reopening the app (the session cookie restores it).
    const reg = await globalThis.fetch(server.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: 'maya', password: 'wallflower' }),
    });
    const cookie = /wf_session=([^;]+)/.exec(reg.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error('could not sign in the demo user');
    const signedIn = (page) => page.setCookie({ name: 'wf_session', value: cookie, url: server.url, httpOnly: true, sameSite: 'Lax' });
    await audit('events', signedIn);
    // The event view: the same person reopening the app on an event they attend (its address).
    const session = await (await globalThis.fetch(server.url + '/api/auth/session', { headers: { cookie: `wf_session=${cookie}` } })).json();
    const listed = await (await globalThis.fetch(`${server.url}/api/events?user_id=${session.user.id}`, { headers: { cookie: `wf_session=${cookie}` } })).json();
    const attended = (listed.events ?? listed).find((e) => e.is_attending);
    if (!attended) throw new Error('the demo user attends no event');
    await audit('event', signedIn, `/events/${attended.id}`);
    const date = new Date().toISOString().slice(0, 10);
    const load = loadavg();
    const lines = [
      '',
      `### Lighthouse, mobile preset (${date}, ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.toFixed(1)} before, ${load.map((l) => l.toFixed(1)).join(' / ')} after (1/5/15 min))`,
      '',
      `Command: \`${process.env.LH_RUNS ? `LH_RUNS=${RUNS} ` : ''}node bench/lighthouse.mjs\` (built app with its precompressed files on the real server, demo data; the events view is a signed-in person reopening the app, the event view the same at an event they attend).`,
      '',
      '| view | performance | accessibility | best practices |',
      '|---|---|---|---|',
      ...Object.entries(results).map(([k, v]) => `| ${k} | ${v.performance} | ${v.accessibility} | ${v.bestPractices} |`),
      '',
      `Each view measured ${RUNS} times: performance is the median run, accessibility and best practices the worst run.`,
      ...Object.entries(results).map(([k, v]) => `Performance runs, ${k}: ${v.performanceRuns.join(', ')}; median run's lab metrics: ${v.metrics}.`),
      '',
      `Attendee entry JS (entry + modulepreloads, gzip): ${sizes.gzipKB.toFixed(1)} KB (budget 150 KB); admin chunks kept apart: ${sizes.adminChunks.join(', ') || 'none found'}.`,
      ...Object.entries(results)
        .filter(([, v]) => v.failing.length)
        .map(([k, v]) => `Audits below 1 on ${k}: ${v.failing.join(', ')}.`),
      '',
    ];
    console.log(lines.join('\n'));
    if (!process.argv.includes('--no-record') && !process.env.LH_NO_WRITE) appendFileSync(join(root, 'bench/RESULTS.md'), lines.join('\n'));
  } finally {
    await browser.close();
    server.stop();
    rmSync(dist, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
