/**
 * server/plugins/security.ts: API answers are never cached; the CSP lets the app connect
 * to its own origin and its own live channel only; the Permissions-Policy grants
 * geolocation and camera to the app's own pages and denies the rest, naming only features
 * browsers know (an unknown one is a console warning on every page, issue 39). The
 * built app's files keep their caching.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, testApp, type TestApp } from './helpers';

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wf-headers-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><title>Wallflower</title></html>');
  writeFileSync(join(dir, 'assets/App-abc123.js'), 'export {};\n');
  t = await testApp({ config: { staticDir: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const HOST = 'wallflower.example:8443';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

/** The sources of one CSP directive. */
function directive(csp: unknown, name: string): string[] {
  const found = String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  expect(found, `${name} in ${String(csp)}`).toBeDefined();
  return found!.slice(1);
}

describe('API answers', () => {
  it('are never stored, whether they succeed, fail or name no route', async () => {
    const me = await registerUser(t.app);
    const answers = [
      await get('/api/health'),
      await get(`/api/auth/me`, me.headers),
      await get('/api/auth/me'),
      await get('/api/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: HOST }, payload: { username_or_email: 'x' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the built app', () => {
  it('keeps its files cached as before', async () => {
    expect((await get('/assets/App-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/some/view')).headers['cache-control']).toBe('no-cache');
  });
});

describe('Content-Security-Policy', () => {
  it("connects only to this origin and this origin's live channel, on a page and on an API answer", async () => {
    for (const res of [await get('/some/view'), await get('/api/health')]) {
      expect(directive(res.headers['content-security-policy'], 'connect-src')).toEqual([
        "'self'",
        `ws://${HOST}`,
        `wss://${HOST}`,
      ]);
    }
  });

  it('names each Host its own, however the requests to them alternate, and past the Hosts it keeps', async () => {
    const hosts = Array.from({ length: 70 }, (_, i) => `hall-${i}.example`);
    for (const host of [...hosts, ...hosts.slice(0, 3).reverse(), HOST]) {
      const res = await get('/api/health', { host });
      expect(directive(res.headers['content-security-policy'], 'connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('does not let a crafted Host add sources or directives', async () => {
    const res = await get('/some/view', { host: "evil.example; script-src 'unsafe-inline' *" });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('evil.example');
  });
});

describe('Permissions-Policy', () => {
  // Features Chromium knows (third_party/blink/renderer/core/permissions_policy/permissions_policy_features.json5);
  // `notifications` is not one, and was warned about on every page.
  const KNOWN = new Set(
    'geolocation camera microphone payment usb serial hid midi display-capture browsing-topics magnetometer gyroscope accelerometer xr-spatial-tracking idle-detection local-fonts window-management clipboard-read clipboard-write fullscreen autoplay'.split(' '),
  );

  it('grants geolocation and camera to the app itself and denies other powerful features, naming only known features', async () => {
    for (const res of [await get('/some/view'), await get('/api/health'), await get('/assets/App-abc123.js')]) {
      const policy = String(res.headers['permissions-policy']).split(/,\s*/);
      expect(policy).toEqual(expect.arrayContaining(['geolocation=(self)', 'camera=(self)']));
      for (const entry of policy) expect(KNOWN, entry).toContain(entry.split('=')[0]);
      expect(policy).toEqual(expect.arrayContaining(['microphone=()', 'payment=()', 'usb=()']));
      for (const entry of policy) expect(entry).toMatch(/^[a-z-]+=\((self)?\)$/);
    }
  });
});

describe('Content-Security-Policy for fonts (issue 40 item 7)', () => {
  it("takes fonts from this origin only, on a page and on an API answer", async () => {
    for (const res of [await get('/some/view'), await get('/api/health')])
      expect(directive(res.headers['content-security-policy'], 'font-src')).toEqual(["'self'"]);
  });
});

describe('Strict-Transport-Security (issue 40 item 7)', () => {
  it('is not sent unless SECURE_COOKIES says the app is served over HTTPS', async () => {
    for (const res of [await get('/some/view'), await get('/api/health')]) expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers for HTTPS for a year, subdomains included, when SECURE_COOKIES=true', async () => {
    const secure = await testApp({ config: { staticDir: dir, secureCookies: true } });
    try {
      for (const url of ['/some/view', '/api/health', '/api/docs'])
        expect((await secure.app.inject({ method: 'GET', url, headers: { host: HOST } })).headers['strict-transport-security']).toBe(
          'max-age=31536000; includeSubDomains',
        );
    } finally {
      await secure.close();
    }
  });
});

describe('the API docs page (issue 40 item 7)', () => {
  it('runs under the strict policy: scripts from this origin only, no inline script, fonts and images from here', async () => {
    const page = await get('/api/docs');
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
    expect(directive(csp, 'font-src')).toEqual(["'self'"]);
    expect(directive(csp, 'img-src')).not.toContain('https:');
    expect(directive(csp, 'style-src')).not.toContain('https:');
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    expect(String(csp)).not.toContain('unsafe-eval');
  });

  it('loads: every script and style it names comes from this origin and answers, no script is inline, and its document answers', async () => {
    const page = await get('/api/docs');
    const html = page.body;
    // An inline script would need 'unsafe-inline' or a hash: every script names its file.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      expect(asset, 'same origin').not.toMatch(/^[a-z]+:|^\/\//i);
      const url = new URL(asset, `http://${HOST}/api/docs`).pathname;
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      if (url.endsWith('.js')) expect(res.headers['content-type']).toMatch(/javascript/);
      if (url.endsWith('.css')) expect(res.headers['content-type']).toMatch(/css/);
    }
    const initializer = await get('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toMatch(/validatorUrl: null/);
    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json()).toHaveProperty('openapi');
  });
});
