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
