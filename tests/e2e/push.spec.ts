/**
 * Issue 41, Web Push in the browser: in German at 390x844, Enable Notifications first says
 * why (axe finds nothing on the note), the browser is asked only after Turn on
 * notifications, this device's subscription reaches the server, and the profile shows the
 * choice. The service worker's `push` handler is driven through CDP
 * `ServiceWorker.deliverPushMessage` (headless Chromium cannot reach a browser push
 * service): the notification it shows carries the push's title, body, tag and address.
 * `PushManager.prototype.subscribe` is replaced by an init script, as headless Chromium
 * cannot subscribe; its keys are a real P-256 key pair and secret, as a browser makes them.
 * A rotated subscription ('pushsubscriptionchange') is dispatched in the service worker
 * with the browser's new subscription in it: the worker posts it with the session's cookie
 * and this device's choices, and removes the old endpoint.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext } from '@playwright/test';
import { baseUrl, uniqueUsername } from './fixtures';
import { axeClean, signUp } from './discovery.pages';

test.use({ locale: 'de-DE' });

/**
 * A browser push subscription in this context: PushManager's subscribe and getSubscription
 * replaced (headless Chromium cannot subscribe), with a real P-256 key pair and secret as a
 * browser makes them. Answers the subscription's endpoint and keys.
 */
async function fakePushSubscription(context: BrowserContext) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(6).toString('hex')}`;
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let sub: PushSubscription | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        sub = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            sub = null;
            return true;
          },
          getKey: () => null,
        } as unknown as PushSubscription;
        return sub;
      };
      PushManager.prototype.getSubscription = async () => sub;
    },
    { endpoint, keys },
  );
  return { endpoint, keys };
}

test('Benachrichtigungen: erst warum, dann fragt der Browser; ein Push erscheint mit Titel, Text und Ziel', async ({ page, context }) => {
  const { endpoint, keys } = await fakePushSubscription(context);

  await signUp(page.request, { username: uniqueUsername('lena'), name: 'Lena Vogel' });
  await page.goto(`${baseUrl()}/events`);
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();

  // A tap that says why: the note, and no prompt yet.
  await page.getByRole('button', { name: 'Hinweise einschalten' }).click();
  const note = page.getByRole('region', { name: 'Hinweise einschalten' });
  await expect(note).toContainText('auch wenn Wallflower geschlossen ist');
  await axeClean(page, 'de-push-why');

  // The browser says yes when asked (headless Chromium has no prompt to answer).
  await context.grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
  const subscribed = page.waitForResponse((r) => r.url().includes('/api/push/subscriptions') && r.request().method() === 'POST');
  await note.getByRole('button', { name: 'Benachrichtigungen einschalten' }).click();
  const answer = await subscribed;
  expect(answer.status(), await answer.text()).toBe(200);
  const posted = answer.request().postDataJSON() as { endpoint: string; keys: typeof keys; language: string; previews: boolean };
  expect(posted).toMatchObject({ endpoint, keys, language: 'de', previews: false });
  await expect(note).toBeHidden();

  // The profile shows the choice, in German.
  await page.goto(`${baseUrl()}/profile`);
  const card = page.getByRole('region', { name: 'Benachrichtigungen auf diesem Gerät' });
  await expect(card.getByRole('checkbox', { name: 'Benachrichtige mich, wenn Wallflower geschlossen ist' })).toBeChecked();
  await axeClean(page, 'de-push-settings');

  // A push, delivered to the service worker as a push service would.
  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseUrl()).origin;
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  // The worker is active before a push is delivered to it: one delivered while it was still
  // starting on a loaded host was never shown (a CI run of 5df7d1b).
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const push = { title: 'Neue Kontaktanfrage', body: 'Jemand möchte sich mit dir vernetzen.', url: '/requests/e2e', tag: 'n-e2e-1' };
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  // Delivered again if it is not shown within a few seconds, as a push service retries; its tag
  // makes a second delivery replace the first, so one notification is what shows either way.
  await expect(async () => {
    if ((await shown()).length === 0) await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(push) });
    await expect.poll(shown, { timeout: 5_000 }).toEqual([push]);
  }).toPass({ timeout: 40_000 });
});

test("the push service rotates the subscription: the service worker posts the new one with this device's choices and removes the old", async ({ page, context }) => {
  const { endpoint, keys } = await fakePushSubscription(context);
  const { id } = await signUp(page.request, { username: uniqueUsername('rota'), name: 'Rosa Tausch' });
  await page.goto(`${baseUrl()}/events`);
  await page.getByRole('button', { name: 'Hinweise einschalten' }).click();
  await context.grantPermissions(['notifications'], { origin: new URL(baseUrl()).origin });
  const subscribed = page.waitForResponse((r) => r.url().includes('/api/push/subscriptions') && r.request().method() === 'POST');
  await page.getByRole('region', { name: 'Hinweise einschalten' }).getByRole('button', { name: 'Benachrichtigungen einschalten' }).click();
  expect((await subscribed).status()).toBe(200);
  // The app keeps this device's choices for the worker once the server has the subscription.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('wf-push')).match('/wallflower-push-choices')) !== undefined))
    .toBe(true);

  // The browser hands the worker a new subscription (headless Chromium has no push service
  // to rotate one, so the event is dispatched in the worker with the new one in it).
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const calls: Array<{ method: string; url: string; body: unknown; status: number }> = [];
  context.on('response', (r) => {
    if (r.url().includes('/api/push/subscriptions')) calls.push({ method: r.request().method(), url: r.url(), body: r.request().postDataJSON(), status: r.status() });
  });
  const fresh = { endpoint: `${endpoint}-new`, keys: { p256dh: keys.p256dh, auth: randomBytes(16).toString('base64url') } };
  await worker.evaluate(
    ({ old, fresh }) => {
      const event = new ExtendableEvent('pushsubscriptionchange');
      Object.defineProperty(event, 'oldSubscription', { value: { endpoint: old, options: {} } });
      Object.defineProperty(event, 'newSubscription', { value: { endpoint: fresh.endpoint, toJSON: () => fresh } });
      // A dispatched event's waitUntil refuses (it is not the browser's); the handler's work runs all the same.
      Object.defineProperty(event, 'waitUntil', { value: () => undefined });
      self.dispatchEvent(event);
    },
    { old: endpoint, fresh },
  );
  await expect.poll(() => calls.map((c) => `${c.method} ${c.status}`), { timeout: 10_000 }).toEqual(['POST 200', 'DELETE 200']);
  expect(calls[0]!.url).toContain(`user_id=${id}`);
  expect(calls[0]!.body).toEqual({ ...fresh, language: 'de', previews: false, kinds: ['requests', 'accepted', 'messages', 'meetings', 'announcements', 'moderation'] });
  expect(calls[1]!.body).toEqual({ endpoint });
});
