/**
 * The service worker's notification handlers (public/sw-notifications.js, imported into
 * the generated /sw.js) run against a fake service worker scope: a Web Push (issue 41)
 * shows its title, body and tag, a click on it opens its same-origin path, and anything
 * else a push might carry never leads off the site.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '../../../contract/push';
import { PUSH_CACHE, PUSH_CHOICES_URL } from '../../../machines/pwa/push-events';

const source = readFileSync(join(__dirname, '../../../public/sw-notifications.js'), 'utf8');

type Handler = (event: Record<string, unknown>) => void;

function serviceWorker(windows: Array<{ url: string; postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }> = []) {
  const handlers = new Map<string, Handler>();
  const shown: Array<{ title: string; options: { body: string; tag?: string; data: { url: string } } }> = [];
  const openWindow = vi.fn(async () => null);
  const self = {
    addEventListener: (type: string, h: Handler) => handlers.set(type, h),
    location: { origin: 'https://app.example' },
    registration: { showNotification: vi.fn(async (title: string, options: never) => void shown.push({ title, options })) },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
  };
  runInNewContext(source, { self, caches: { delete: async () => true }, URL });
  /** Dispatches an event and waits for what it asked to be waited for. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data: {
        json: () => (typeof data === 'string' ? JSON.parse(data) : data),
      },
    });
  const click = (url: unknown) => dispatch('notificationclick', { notification: { close: vi.fn(), data: { url } } });
  return { shown, push, click, openWindow };
}

describe('the service worker', () => {
  it('shows a push as its title, body and tag', async () => {
    const sw = serviceWorker();
    await sw.push({ title: 'Neue Kontaktanfrage', body: 'Jemand möchte sich mit dir vernetzen.', url: '/requests/r1', tag: 'n1' });
    expect(sw.shown).toEqual([
      {
        title: 'Neue Kontaktanfrage',
        options: expect.objectContaining({ body: 'Jemand möchte sich mit dir vernetzen.', tag: 'n1', data: { url: '/requests/r1' } }),
      },
    ]);
  });

  it('still shows something for a push it cannot read, leading to the app', async () => {
    const sw = serviceWorker();
    await sw.push('not json');
    expect(sw.shown[0]).toMatchObject({ title: 'Wallflower', options: { body: '', data: { url: '/' } } });
  });

  it.each(['https://evil.example/', '//evil.example/x', 'javascript:alert(1)'])('never keeps an address off the site (%s)', async (url) => {
    const sw = serviceWorker();
    await sw.push({ title: 'x', body: 'y', url, tag: 't' });
    expect(sw.shown[0]!.options.data.url).toBe('/');
  });

  it('a click opens the push’s path in a new window when none is open', async () => {
    const sw = serviceWorker();
    await sw.click('/chats/u1');
    expect(sw.openWindow).toHaveBeenCalledWith('/chats/u1');
  });

  it('a click focuses an open window and tells it the path', async () => {
    const win = { url: 'https://app.example/events', postMessage: vi.fn(), focus: vi.fn(async () => null) };
    const sw = serviceWorker([win]);
    await sw.click('/meetings');
    expect(win.postMessage).toHaveBeenCalledWith({ type: 'wallflower.open', path: '/meetings' });
    expect(win.focus).toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });
});

/**
 * 'pushsubscriptionchange' (issue 41): the push service rotated the subscription while no
 * page may be open. The worker subscribes again with the same VAPID key, posts the new
 * subscription with the choices the page kept (under the names push-events.ts gives), and
 * removes the old endpoint, with the session's cookie, as the page's own calls do.
 */
describe('the service worker, when the push service rotates the subscription', () => {
  const VAPID = new Uint8Array(65).map((_, i) => (i * 7 + 4) & 0xff);
  const base64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  const oldSub = { endpoint: 'https://fcm.googleapis.com/fcm/send/old', options: { applicationServerKey: VAPID.slice().buffer } };
  const fresh = (endpoint: string) => ({ endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'BNewKey_-', auth: 'newAuth' } }) });
  const kept = { userId: '0b7c5d1e-4f7a-4c37-9d1e-2f0a8b6c9d10', language: 'de', previews: true, kinds: ['messages', 'meetings'] };

  function rotating(opts: { kept?: unknown; answer?: number } = {}) {
    const handlers = new Map<string, Handler>();
    const stored = new Map<string, string>();
    if (opts.kept !== undefined) stored.set(PUSH_CHOICES_URL, JSON.stringify(opts.kept));
    const calls: Array<{ url: string; method: string; credentials?: string; body: unknown }> = [];
    const fetch = vi.fn(async (url: string, init: { method?: string; credentials?: string; body?: string } = {}) => {
      calls.push({ url, method: init.method ?? 'GET', credentials: init.credentials, body: init.body ? JSON.parse(init.body) : undefined });
      if (url === '/api/push/key') return new Response(JSON.stringify({ public_key: base64url(VAPID) }));
      return new Response('{"success":true}', { status: init.method === 'POST' ? (opts.answer ?? 200) : 200 });
    });
    const subscribe = vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => fresh('https://fcm.googleapis.com/fcm/send/new'));
    const caches = {
      delete: async (name: string) => name === PUSH_CACHE && stored.delete(PUSH_CHOICES_URL),
      open: async (name: string) => {
        expect(name).toBe(PUSH_CACHE);
        return { match: async (key: string) => (stored.has(key) ? new Response(stored.get(key)) : undefined) };
      },
    };
    const self = {
      addEventListener: (type: string, h: Handler) => handlers.set(type, h),
      location: { origin: 'https://app.example' },
      registration: { showNotification: vi.fn(), pushManager: { subscribe } },
      clients: { matchAll: vi.fn(async () => []), openWindow: vi.fn() },
    };
    runInNewContext(source, { self, caches, fetch, URL, atob, Uint8Array, Response, Error, JSON, Promise, encodeURIComponent });
    const change = async (event: Record<string, unknown>) => {
      let waited: Promise<unknown> = Promise.resolve();
      handlers.get('pushsubscriptionchange')!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
      await waited;
    };
    return { change, calls, subscribe, stored, message: (data: unknown) => handlers.get('message')!({ data, waitUntil: () => undefined }) };
  }

  it('subscribes again with the old key, posts the new one with the kept choices, then removes the old endpoint', async () => {
    const sw = rotating({ kept });
    await sw.change({ oldSubscription: oldSub, newSubscription: null });
    expect(sw.subscribe).toHaveBeenCalledTimes(1);
    const options = sw.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...VAPID]);
    const query = `?user_id=${kept.userId}`;
    expect(sw.calls.map(({ url, method, credentials }) => ({ url, method, credentials }))).toEqual([
      { url: `/api/push/subscriptions${query}`, method: 'POST', credentials: 'include' },
      { url: `/api/push/subscriptions${query}`, method: 'DELETE', credentials: 'include' },
    ]);
    // What the server takes (contract/push.ts), and the person's choices kept as they were.
    const posted = PushSubscriptionBodySchema.parse(sw.calls[0]!.body);
    expect(posted).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      keys: { p256dh: 'BNewKey_-', auth: 'newAuth' },
      language: 'de',
      previews: true,
      kinds: ['messages', 'meetings'],
    });
    expect(PushUnsubscribeBodySchema.parse(sw.calls[1]!.body)).toEqual({ endpoint: oldSub.endpoint });
  });

  it('takes the server’s key when the browser gives no old subscription', async () => {
    const sw = rotating({ kept });
    await sw.change({ oldSubscription: null, newSubscription: null });
    expect(sw.calls[0]).toMatchObject({ url: '/api/push/key', method: 'GET' });
    expect([...sw.subscribe.mock.calls[0]![0].applicationServerKey]).toEqual([...VAPID]);
    expect(sw.calls.map((c) => c.method)).toEqual(['GET', 'POST']);
  });

  it('posts a new subscription the browser already made, without subscribing again', async () => {
    const sw = rotating({ kept });
    await sw.change({ oldSubscription: oldSub, newSubscription: fresh('https://updates.push.services.mozilla.com/wpush/v2/n') });
    expect(sw.subscribe).not.toHaveBeenCalled();
    expect(sw.calls.map((c) => [c.method, (c.body as { endpoint: string }).endpoint])).toEqual([
      ['POST', 'https://updates.push.services.mozilla.com/wpush/v2/n'],
      ['DELETE', oldSub.endpoint],
    ]);
  });

  it('does nothing when nobody chose pushes here (signed out, or turned off)', async () => {
    const sw = rotating();
    await sw.change({ oldSubscription: oldSub, newSubscription: null });
    expect(sw.subscribe).not.toHaveBeenCalled();
    expect(sw.calls).toEqual([]);
  });

  it('keeps the old endpoint when the server refuses the new one (the session ended)', async () => {
    const sw = rotating({ kept, answer: 401 });
    await expect(sw.change({ oldSubscription: oldSub, newSubscription: null })).rejects.toThrow(/401/);
    expect(sw.calls.map((c) => c.method)).toEqual(['POST']);
  });

  it('forgets the kept choices at sign-out', async () => {
    const sw = rotating({ kept });
    sw.message({ type: 'wallflower.forgetUserData' });
    await Promise.resolve();
    expect(sw.stored.has(PUSH_CHOICES_URL)).toBe(false);
  });
});
