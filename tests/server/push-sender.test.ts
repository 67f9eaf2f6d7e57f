/**
 * The Web Push sender (issue 41) with a fetch of the test's own and fake timers: retries
 * with a doubling pause for 5xx, 429 and network failures, a timeout per request, a cap on
 * requests in flight, no redirect followed, and the push services' answers as outcomes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { PushSender } from '../../server/realtime/push-sender';
import { createECDH, randomBytes } from 'node:crypto';

const keys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:team@wallflower.test', ...keys };
const device = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
};
const payload = { title: 'New message', body: 'Someone sent you a message.', url: '/chats/x', tag: 'n1' };

/** A fetch that answers each call from `answers` in turn (a number: that status; 'throw': a network failure; 'hang': no answer until aborted). */
function fakeFetch(answers: Array<number | 'throw' | 'hang'>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'throw') throw new TypeError('fetch failed');
    if (answer === 'hang')
      return new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    return new Response(null, { status: answer });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PushSender', () => {
  it('sends one POST with the encrypted body, the VAPID header, a TTL and no redirect followed', async () => {
    const { fetch, calls } = fakeFetch([201]);
    const sender = new PushSender({ vapid, fetch });
    expect(await sender.send(device(), payload)).toBe('sent');
    expect(calls).toHaveLength(1);
    const { init } = calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.redirect).toBe('manual');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Encoding']).toBe('aes128gcm');
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    expect(Number(headers.TTL)).toBeGreaterThan(0);
    expect(init.body).toBeInstanceOf(Uint8Array);
  });

  it('encrypts and signs in a worker thread, not on the thread that answers requests (crypto: thread does it here)', async () => {
    const onThisThread = vi.spyOn(webpush, 'generateRequestDetails');
    try {
      const worker = new PushSender({ vapid, fetch: fakeFetch([201]).fetch });
      expect(await worker.send(device(), payload)).toBe('sent');
      expect(await worker.send(device(), payload)).toBe('sent');
      expect(onThisThread).not.toHaveBeenCalled();
      worker.close();
      const here = new PushSender({ vapid, crypto: 'thread', fetch: fakeFetch([201]).fetch });
      expect(await here.send(device(), payload)).toBe('sent');
      expect(onThisThread).toHaveBeenCalledOnce();
    } finally {
      onThisThread.mockRestore();
    }
  });

  it('says keys that cannot encrypt, from the worker, and sends nothing', async () => {
    const { fetch, calls } = fakeFetch([201]);
    const errors: string[] = [];
    const sender = new PushSender({ vapid, fetch, onError: (m) => errors.push(m) });
    expect(await sender.send({ ...device(), p256dh: 'not-a-point' }, payload)).toBe('failed');
    expect(errors).toEqual(['push: the subscription keys cannot encrypt']);
    expect(calls).toHaveLength(0);
    // The worker goes on: the next push is prepared as before.
    expect(await sender.send(device(), payload)).toBe('sent');
    sender.close();
  });

  it.each([
    [404, 'gone'],
    [410, 'gone'],
    [400, 'failed'],
    [403, 'failed'],
    [301, 'failed'],
  ] as const)('answers %i as %s, at once and without retrying', async (status, outcome) => {
    const { fetch, calls } = fakeFetch([status]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch });
    expect(await sender.send(device(), payload)).toBe(outcome);
    expect(calls).toHaveLength(1);
  });

  it('retries a 5xx and a network failure after a doubling pause, then succeeds', async () => {
    const { fetch, calls } = fakeFetch([503, 'throw', 201]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, backoffMs: 1000 });
    const sent = sender.send(device(), payload);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await sent).toBe('sent');
    expect(calls).toHaveLength(3);
  });

  it('gives up after its retries', async () => {
    const { fetch, calls } = fakeFetch([500]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, backoffMs: 1000, retries: 3 });
    const sent = sender.send(device(), payload);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(await sent).toBe('failed');
    expect(calls).toHaveLength(4);
  });

  it('waits as long as a 429 asks (within a minute)', async () => {
    const { fetch: base, calls } = fakeFetch([201]);
    let first = true;
    const fetch = (async (url: string, init: RequestInit) => {
      if (first) {
        first = false;
        calls.push({ url, init });
        return new Response(null, { status: 429, headers: { 'retry-after': '30' } });
      }
      return base(url, init);
    }) as unknown as typeof globalThis.fetch;
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, backoffMs: 1000 });
    const sent = sender.send(device(), payload);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await sent).toBe('sent');
  });

  it('ends a request that does not answer at its timeout, and tries again', async () => {
    const { fetch, calls } = fakeFetch(['hang', 201]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, timeoutMs: 5000, backoffMs: 1000 });
    const sent = sender.send(device(), payload);
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1 + 1000);
    expect(await sent).toBe('sent');
    expect(calls).toHaveLength(2);
  });

  it('has at most `concurrency` requests in flight', async () => {
    const { fetch, calls } = fakeFetch(['hang']);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, concurrency: 2, timeoutMs: 10_000, retries: 0 });
    const all = Promise.all(Array.from({ length: 5 }, () => sender.send(device(), payload)));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await all).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
  });

  it('takes its slots from WorkSlots: past the waiting cap a send fails at once and says so, never throws', async () => {
    const { fetch, calls } = fakeFetch(['hang']);
    const errors: string[] = [];
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, concurrency: 1, maxWaiting: 1, timeoutMs: 10_000, retries: 0, onError: (m) => errors.push(m) });
    const first = sender.send(device(), payload);
    const second = sender.send(device(), payload);
    expect(await sender.send(device(), payload)).toBe('failed');
    expect(errors).toContain('push: too many waiting, one dropped');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect([await first, await second]).toEqual(['failed', 'failed']);
    expect(calls).toHaveLength(2);
  });

  it('refuses keys that cannot encrypt without a request', async () => {
    const { fetch, calls } = fakeFetch([201]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch });
    expect(await sender.send({ ...device(), p256dh: 'AAAA' }, payload)).toBe('failed');
    expect(calls).toHaveLength(0);
  });

  it('ends the requests in flight and those waiting when closed', async () => {
    const { fetch, calls } = fakeFetch(['hang']);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, concurrency: 1, timeoutMs: 60_000 });
    const all = Promise.all([sender.send(device(), payload), sender.send(device(), payload)]);
    await vi.advanceTimersByTimeAsync(0);
    sender.close();
    expect(await all).toEqual(['failed', 'failed']);
    expect(calls).toHaveLength(1);
  });

  it('stops retrying once closed', async () => {
    const { fetch, calls } = fakeFetch([503]);
    const sender = new PushSender({ vapid, crypto: 'thread', fetch, backoffMs: 1000 });
    const sent = sender.send(device(), payload);
    await vi.advanceTimersByTimeAsync(0);
    sender.close();
    expect(await sent).toBe('failed');
    expect(calls).toHaveLength(1);
  });
});
