/**
 * A push service on loopback for the Web Push tests (issue 41): it takes what the server
 * posts to a subscription's endpoint, checks the VAPID signature (RFC 8292) against the
 * server's public key, and decrypts the aes128gcm payload (RFC 8291) with the device's
 * private key, made here as a browser makes it (a P-256 key pair and a 16-byte secret).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { expect } from 'vitest';

/** http_ece (RFC 8188/8291), the library web-push encrypts with, run the other way. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: what it sends the server, and the keys it decrypts with. */
export interface Device {
  endpoint: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: string;
}

export interface PushService {
  origin: string;
  received: Received[];
  /** What the service answers a push to this path (status codes in turn; the last one stays). */
  answer(path: string, ...statuses: number[]): void;
  /** Holds the answers to pushes to this path until the returned function is called. */
  hold(path: string): () => void;
  device(path?: string): Device;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  let origin = '';
  const held = new Map<string, Promise<void>>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      await held.get(path);
      const queue = answers.get(path) ?? [];
      const status = queue.length > 1 ? queue.shift()! : (queue[0] ?? 201);
      // A redirect points elsewhere on the service: a sender that followed it would be seen there.
      res.writeHead(status, status >= 300 && status < 400 ? { location: `${origin}/elsewhere` } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let n = 0;
  return {
    origin,
    received,
    answer: (path, ...statuses) => answers.set(path, statuses),
    hold(path) {
      let release!: () => void;
      held.set(path, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    device(path = `/push/${++n}-${randomBytes(4).toString('hex')}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${origin}${path}`;
      return { endpoint, ecdh, auth, json: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The payload of a push, decrypted with the device's keys. */
export function decryptPush(device: Device, push: Received): unknown {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
  return JSON.parse(plain.toString('utf8'));
}

/**
 * The claims of a push's VAPID JWT (`Authorization: vapid t=<jwt>, k=<key>`), once its
 * ES256 signature is verified against `publicKey` (base64url, an uncompressed P-256 point)
 * and `k` is that key; throws otherwise.
 */
export function verifyVapid(push: Received, publicKey: string): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(push.headers.authorization));
  if (!m) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}
