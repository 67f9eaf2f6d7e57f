/**
 * server/plugins/static.ts: the built app's files. Hashed /assets/ files are kept a year;
 * the build's .br/.gz copies are sent to browsers that accept them; everything else that
 * is not a file or an API route gets index.html.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers';

const js = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = '<!doctype html><html lang="en"><title>Wallflower</title><div id="root"></div></html>';
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wf-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets/App-abc123.js'), js);
  writeFileSync(join(dir, 'assets/App-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets/App-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'assets/plain-def456.js'), 'export {};\n');
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting();\n');
  t = await testApp({ config: { staticDir: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built app', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, kept a year', async () => {
    const res = await get('/assets/App-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/App-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await get('/assets/App-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends a file the build left uncompressed as it is', async () => {
    const res = await get('/assets/plain-def456.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('has the browser check again for files that are not hashed, and answers index.html for app paths', async () => {
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
    const app = await get('/some/view', 'br');
    expect(app.statusCode).toBe(200);
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(app.body).toBe(html);
    // The admin panel's sections (issue 39): the app, which asks the gate with the slug.
    for (const path of ['/admin/quiet-door', '/admin/quiet-door/users', '/admin/quiet-door/settings']) expect((await get(path)).body).toBe(html);
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });
});

describe('the page for someone with a session (issue 44 item 1)', () => {
  const page = '<!doctype html><html><head><title>Wallflower</title></head><body><div id="root"></div></body></html>';
  let built: string;
  let s: TestApp;
  beforeAll(async () => {
    built = mkdtempSync(join(tmpdir(), 'wf-static-start-'));
    writeFileSync(join(built, 'index.html'), page);
    writeFileSync(join(built, 'start.json'), JSON.stringify({ start: ['/assets/start1.js', '/assets/common1.js'], event: ['/assets/event1.js'] }));
    s = await testApp({ config: { staticDir: built } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(built, { recursive: true, force: true });
  });
  const open = (url: string, headers: Record<string, string> = {}) => s.app.inject({ method: 'GET', url, headers });
  /** The page's modulepreloads in order, each as its file, with ' (low)' when it asks for a low priority. */
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="modulepreload" crossorigin( fetchpriority="low")? href="([^"]+)">/g)].map((m) => `${m[2]}${m[1] ? ' (low)' : ''}`);

  it('names the start chunks in the page, before </head>, when a session cookie comes with the request', async () => {
    const res = await open('/', { cookie: 'wf_session=anything' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/);
    expect(preloads(res.body)).toEqual(['/assets/start1.js', '/assets/common1.js']);
    expect(res.body).toMatch(/<\/head><body>/);
  });

  it("adds the event view's chunks at an event's address and its tabs' (the app's own address rule), at a low priority", async () => {
    const id = '8d0f5a3e-2f1b-4c6d-9e7a-1b2c3d4e5f60';
    // The event view's own chunks are needed only once the start has run: on a slow link
    // the bandwidth goes to the start first.
    const withEvent = ['/assets/start1.js', '/assets/common1.js', '/assets/event1.js (low)'];
    for (const path of [`/events/${id}`, `/events/${id}/groups`, `/events/${id}/zones`, `/events/${id}/about`, `/events/${id}/people`]) {
      expect(preloads((await open(path, { cookie: 'wf_session=anything' })).body), path).toEqual(withEvent);
    }
    // Not the event view: the list, a page beside the event, something that is no event's address.
    for (const path of ['/events', `/events/${id}/connect`, `/events/${id}/group-chats`, '/events/abc', '/events/new']) {
      expect(preloads((await open(path, { cookie: 'wf_session=anything' })).body), path).toEqual(['/assets/start1.js', '/assets/common1.js']);
    }
  });

  it('sends the page itself to someone without a session', async () => {
    const res = await open('/events/abc');
    expect(res.body).toBe(page);
  });

  it('compresses it as the browser accepts', async () => {
    const br = await open('/', { cookie: 'wf_session=x', 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(preloads(brotliDecompressSync(br.rawPayload).toString())).toHaveLength(2);
    const gz = await open('/', { cookie: 'wf_session=x', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(preloads(gunzipSync(gz.rawPayload).toString())).toHaveLength(2);
  });
});
