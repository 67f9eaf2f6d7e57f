/**
 * server/plugins/compression.ts: the API's answers of 1 KB and more are compressed for a
 * browser that accepts it (issue 44 item 1: the event view's lists were 10-25 KB of JSON
 * each); small ones, and the app's files (compressed at build time), are not touched.
 */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/plugins/compression';
import { registerUser, testApp, type TestApp, type TestUser } from './helpers';

let t: TestApp;
let u: TestUser;
// Enough interests that the person's own profile is a list-sized answer.
const interests = Array.from({ length: 30 }, (_, i) => `a longer interest, number ${i}`);

beforeAll(async () => {
  t = await testApp();
  u = await registerUser(t.app, { interests });
});
afterAll(() => t.close());

const session = (encoding?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...u.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('answers compressed', () => {
  it('sends a large answer gzipped to a browser that offers gzip (plain HTTP), the same JSON inside', async () => {
    const plain = await session();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await session('gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers Brotli where the browser offers it (HTTPS)', async () => {
    const res = await session('gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).user.interests).toEqual(interests);
  });

  it('leaves a small answer as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('a refusal reaches a browser that offers gzip readable as {"detail"}, compressed or not by its size', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, headers: { ...u.headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(404);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
    expect(JSON.parse(body)).toHaveProperty('detail');
  });
});

describe('requests', () => {
  it('are not inflated: a gzipped body is refused as before, not unpacked past the body limit', async () => {
    const body = gzipSync(JSON.stringify({ username_or_email: u.user.username, password: u.password }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.cookies.find((c) => c.name === 'wf_session')).toBeUndefined();
    expect(res.json()).toHaveProperty('detail');
  });
});
