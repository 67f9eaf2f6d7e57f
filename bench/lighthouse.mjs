#!/usr/bin/env node
// Lighthouse (mobile preset) on the login and events views of the built app, plus the
// attendee entry JS size (gzip). Not a timed test: `node bench/lighthouse.mjs` prints
// the figures and appends them to bench/RESULTS.md.
// Budgets (DESIGN 9): performance >= 95, accessibility 100, best practices 100;
// attendee entry JS <= 150 KB gzip.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function entrySizes() {
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
  const files = [entry, ...preloads].filter(Boolean);
  const gz = files.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'dist/assets', f))).length, 0);
  const admin = readdirSync(join(root, 'dist/assets')).filter((f) => /^AdminArea/.test(f));
  return { files, gzipKB: gz / 1024, adminChunks: admin };
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-lh-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
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
  if (spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status)
    throw new Error('build failed');
  const sizes = entrySizes();
  const server = await startServer();
  const browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const results = {};
    const audit = async (name, prepare) => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await prepare?.(page);
      const r = await lighthouse(server.url + '/', { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] }, undefined, page);
      const c = r.lhr.categories;
      const failing = Object.values(r.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && ['accessibility', 'best-practices'].some((k) => c[k].auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
        .map((a) => a.id);
      results[name] = {
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
        failing,
      };
      await context.close();
    };
    await audit('login');
    // The events view: a signed-in user reopening the app (the session cookie restores it).
    const reg = await fetch(server.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username_or_email: 'maya', password: 'wallflower' }),
    });
    const cookie = /wf_session=([^;]+)/.exec(reg.headers.get('set-cookie') ?? '')?.[1];
    if (!cookie) throw new Error('could not sign in the demo user');
    await audit('events', (page) =>
      page.setCookie({ name: 'wf_session', value: cookie, url: server.url, httpOnly: true, sameSite: 'Lax' }),
    );
    const date = new Date().toISOString().slice(0, 10);
    const lines = [
      '',
      `### Lighthouse, mobile preset (${date}, ${cpus().length} cores, Node ${process.version})`,
      '',
      'Command: `node bench/lighthouse.mjs` (built app on the real server, demo data).',
      '',
      '| view | performance | accessibility | best practices |',
      '|---|---|---|---|',
      ...Object.entries(results).map(([k, v]) => `| ${k} | ${v.performance} | ${v.accessibility} | ${v.bestPractices} |`),
      '',
      `Attendee entry JS (entry + modulepreloads, gzip): ${sizes.gzipKB.toFixed(1)} KB (budget 150 KB); admin chunks kept apart: ${sizes.adminChunks.join(', ') || 'none found'}.`,
      ...Object.entries(results)
        .filter(([, v]) => v.failing.length)
        .map(([k, v]) => `Audits below 1 on ${k}: ${v.failing.join(', ')}.`),
      '',
    ];
    console.log(lines.join('\n'));
    if (!process.argv.includes('--no-record')) appendFileSync(join(root, 'bench/RESULTS.md'), lines.join('\n'));
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
