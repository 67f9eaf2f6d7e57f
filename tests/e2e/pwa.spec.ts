/**
 * The installable, offline-tolerant app (issue 7): the manifest meets Chromium's install
 * criteria, the service worker controls the page, the app reopens offline from its
 * cache, and live notifications reach the service worker while the page is hidden.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { baseUrl, expect, LOGIN_HEADING, test, openSection } from './fixtures';
import { PHONE, Person } from './discovery.pages';
import { Api } from './media.pages';
import { MESSAGES } from '../../contract/messages';

/** Opens the app and waits until its service worker controls the page (one reload). */
async function underServiceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.goto(baseUrl() + '/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  expect(worker, 'the /sw.js worker').toBeDefined();
  return worker!;
}

test('the manifest has what Chromium needs to install the app, and its icons load', async ({ page, request }) => {
  await page.goto(baseUrl() + '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(baseUrl() + href);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Wallflower', short_name: 'Wallflower', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const img = await request.get(baseUrl() + icon.src);
    expect(img.ok(), icon.src).toBe(true);
    expect(img.headers()['content-type']).toBe('image/png');
  }
});

test('the service worker controls the page and the app reopens offline with its notice', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await underServiceWorker(context, page);
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  await expect(page.getByText(MESSAGES.offline.message)).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await context.setOffline(false);
  // Online is the bar's dot, its word for screen readers only (issue 39).
  await expect(page.getByRole('banner').getByText('Online', { exact: true })).toBeAttached();
  await expect(page.getByText('Offline', { exact: true })).toBeHidden();
  await expect(page.getByText(MESSAGES.offline.message)).toBeHidden();
  await context.close();
});

test('every view chunk is precached, so a view never opened before still opens offline', async ({ browser }) => {
  const maya = await Person.register(browser, 'Lazy');
  await underServiceWorker(maya.context, maya.page);
  await expect(maya.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  const chunks = readdirSync(join(process.cwd(), 'dist/assets')).filter((f) => f.endsWith('.js'));
  // Chunks are named by their hash: the profile view's is the one with its words.
  const own = chunks.filter((f) => !f.startsWith('index-') && readFileSync(join(process.cwd(), 'dist/assets', f), 'utf8').includes('Your profile'));
  expect(own.length, 'the profile view is a chunk of its own').toBeGreaterThan(0);
  const cached = await maya.page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
    return paths;
  });
  for (const f of chunks) expect(cached, f).toContain(`/assets/${f}`);

  await maya.context.setOffline(true);
  await openSection(maya.page, 'Me');
  await expect(maya.page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await maya.context.close();
});

test('a signed-in person stays signed in across a reload', async ({ browser }) => {
  const maya = await Person.register(browser, 'Reload');
  await maya.page.reload();
  await expect(maya.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await maya.context.close();
});

test('while the page is hidden, a live notification becomes a system notification through the service worker', async ({
  browser,
}) => {
  const ada = await Person.register(browser, 'Ada');
  await ada.context.grantPermissions(['notifications'], { origin: baseUrl() });
  const worker = await underServiceWorker(ada.context, ada.page);
  await expect(ada.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  // Permission is already granted, so the button to ask for it is gone.
  await expect(ada.page.getByRole('button', { name: 'Enable Notifications' })).toBeHidden();

  await worker.evaluate(() => {
    const sw = self as unknown as ServiceWorkerGlobalScope & { shown: string[] };
    sw.shown = [];
    const original = sw.registration.showNotification.bind(sw.registration);
    sw.registration.showNotification = (title: string, options?: NotificationOptions) => {
      sw.shown.push(title);
      return original(title, options);
    };
  });
  await ada.page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

  // Ben asks to connect: Ada's live channel carries the notification.
  const ben = await Person.register(browser, 'Ben');
  const adaApi = new Api(ada.page);
  const benApi = new Api(ben.page);
  const adaId = await adaApi.userId(ada.username);
  const benId = await benApi.userId(ben.username);
  await benApi.requestConnection(benId, adaId, null);

  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { shown: string[] }).shown), { timeout: 15_000 })
    .toContain('New connection request');
  await ada.context.close();
  await ben.context.close();
});
