/**
 * Issue 39 item 3, a phone app's shape: the top bar is one row (at most 72 px at 390 px in
 * English and German, and still one row at 200 % text) with Install App and Enable
 * Notifications as icons named with SPEC's words, "Offline" a word, and a calm note when
 * notifications are refused; the 1:1 and the group chat are a messaging layout: the
 * document does not scroll, the header stays, the log scrolls by itself to the newest line,
 * and the composer sits on the bottom navigation.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { axeClean, PHONE, signUp } from './discovery.pages';
import { baseUrl, expect, shot, test, uniqueUsername } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };

interface Someone {
  context: BrowserContext;
  page: Page;
  id: string;
  name: string;
}

async function someone(browser: Browser, first: string, viewport = PHONE, locale = 'en-GB'): Promise<Someone> {
  const context = await browser.newContext({ viewport, locale });
  const username = uniqueUsername(first.toLowerCase());
  const name = `${first} ${username.slice(first.length)}`;
  const { id } = await signUp(context.request, { username, name });
  return { context, page: await context.newPage(), id, name };
}

/** A call to the API as this person (what the journey only needs to have happened). */
async function call<T = unknown>(p: Someone, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await p.context.request.fetch(`${baseUrl()}/api${path}`, { method, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** What a messaging layout promises, measured on the page as it is now. */
async function expectMessagingLayout(page: Page, composer: Locator, heading: Locator) {
  const nav = page.locator('nav').last();
  await expect(heading).toBeInViewport();
  // The document is one screen high: only the log scrolls.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
  const form = (await composer.boundingBox())!;
  const bar = (await nav.boundingBox())!;
  const gap = bar.y - (form.y + form.height);
  expect(gap, 'the composer sits right above the bottom navigation').toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThanOrEqual(16);
}

for (const [locale, enable] of [
  ['en-GB', 'Enable Notifications'],
  ['de-DE', 'Hinweise einschalten'],
] as const) {
  test(`the top bar is one row at 390 px (${locale}): online, offline, at 200 % text, notifications refused`, async ({ browser }) => {
    test.setTimeout(120_000);
    const ada = await someone(browser, 'Ada', PHONE, locale);
    // The browser says no to notifications, as it does once someone blocked them.
    await ada.context.addInitScript(() => {
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = () => Promise.resolve((permission = 'denied'));
    });
    const page = ada.page;
    await page.goto(`${baseUrl()}/events`);
    const bar = page.getByRole('banner');
    const bell = bar.getByRole('button', { name: enable, exact: true });
    await expect(bell).toBeVisible();
    const height = async () => (await bar.boundingBox())!.height;
    expect(await height()).toBeLessThanOrEqual(72);
    await axeClean(page, `top bar online ${locale}`);
    await shot(page, `app-shape-top-online-${locale}`);

    await ada.context.setOffline(true);
    await expect(bar.getByText('Offline', { exact: true })).toBeVisible();
    expect(await height()).toBeLessThanOrEqual(72);
    await axeClean(page, `top bar offline ${locale}`);
    await shot(page, `app-shape-top-offline-${locale}`);
    await ada.context.setOffline(false);
    await expect(bar.getByText('Offline', { exact: true })).toBeHidden();

    // Twice the text: the row may shrink its brand, never wrap, never widen the page.
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    const centres = await bar.evaluate((header) =>
      [...header.children].filter((c) => c.getClientRects().length > 0).map((c) => {
        const r = c.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    );
    expect(Math.max(...centres) - Math.min(...centres), 'every part of the bar on one row').toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await shot(page, `app-shape-top-200-${locale}`);
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));

    // The bell first says why (issue 41); only its Turn on asks the browser, which refuses here.
    await bell.click();
    await page
      .getByRole('region', { name: enable })
      .getByRole('button', { name: locale === 'en-GB' ? 'Turn on notifications' : 'Benachrichtigungen einschalten', exact: true })
      .click();
    // Refused: said calmly, with the way to allow them; the bell is gone, the note dismissable.
    const note = page.getByRole('status').filter({ has: page.getByRole('button', { name: locale === 'en-GB' ? 'Dismiss' : 'Schließen', exact: true }) });
    await expect(note).toContainText(locale === 'en-GB' ? "allow notifications for this site in your browser's settings" : 'Einstellungen deines Browsers');
    await expect(bell).toBeHidden();
    await axeClean(page, `notifications refused ${locale}`);
    await shot(page, `app-shape-top-refused-${locale}`);
    await note.getByRole('button').click();
    await expect(note).toBeHidden();
    await ada.context.close();
  });
}

for (const size of [PHONE, DESKTOP]) {
  const tag = `${size.width}x${size.height}`;

  test(`a 1:1 chat is a messaging layout at ${tag}: the newest line in view, the composer on the navigation`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ana = await someone(browser, 'Ana', size);
    const ben = await someone(browser, 'Ben', size);
    await call(ana, 'POST', `/connections/request?from_user_id=${ana.id}`, { to_user_id: ben.id });
    await call(ben, 'POST', `/connections/request?from_user_id=${ben.id}`, { to_user_id: ana.id });
    const page = ana.page;
    await page.goto(`${baseUrl()}/chats/${ben.id}`);
    const heading = page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 });
    const composer = page.getByRole('form', { name: `Message ${ben.name}` });
    const log = page.getByRole('log');
    await expect(composer).toBeVisible();

    const input = composer.getByPlaceholder('Type your message...');
    for (let i = 1; i <= 30; i++) {
      await input.fill(`Line ${i} of thirty: a calm hello from the corner by the window.`);
      await input.press('Enter');
      await expect(input).toHaveValue('');
    }
    const newest = log.getByText('Line 30 of thirty', { exact: false });
    await expect(newest).toBeInViewport();
    // All thirty sent (each shows its time), so none moves the log while Ana reads above.
    await expect(log.locator('time')).toHaveCount(30);
    await expectMessagingLayout(page, composer, heading);
    await axeClean(page, `chat ${tag}`);
    await shot(page, `app-shape-chat-${tag}`);

    // Reading older lines: a new one from Ben does not pull the log away from them.
    await log.evaluate((el) => (el.scrollTop = 0));
    await call(ben, 'POST', `/chat/send?user_id=${ben.id}`, { to_user: ana.id, message: 'Take your time, no rush at all.' });
    await expect(log.getByText('Take your time, no rush at all.')).toBeAttached();
    expect(await log.evaluate((el) => el.scrollTop)).toBe(0);
    await expect(log.getByText('Take your time, no rush at all.')).not.toBeInViewport();
    // At the end again (the app has heard the scroll, as it hears a reader's), the next one is followed.
    await log.evaluate(
      (el) =>
        new Promise((scrolled) => {
          el.addEventListener('scroll', scrolled, { once: true });
          el.scrollTop = el.scrollHeight;
        }),
    );
    await call(ben, 'POST', `/chat/send?user_id=${ben.id}`, { to_user: ana.id, message: 'See you by the coffee.' });
    await expect(log.getByText('See you by the coffee.')).toBeInViewport();
    await expectMessagingLayout(page, composer, heading);
    await ana.context.close();
    await ben.context.close();
  });

  test(`a group chat is a messaging layout at ${tag}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ana = await someone(browser, 'Ana', size);
    const ben = await someone(browser, 'Ben', size);
    const day = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    const name = `Shape Circle ${Date.now().toString(36)}`;
    const event = await call<{ id: string }>(ana, 'POST', `/events?user_id=${ana.id}`, {
      name,
      description: 'Tea and slow talk.',
      location: `Room ${name}, Berlin`,
      event_type: 'networking',
      start_time: `${day}T17:00:00.000Z`,
      end_time: `${day}T19:00:00.000Z`,
    });
    await call(ben, 'POST', `/events/${event.id}/join?user_id=${ben.id}`);
    const chats = await call<Array<{ id: string; community_id: string | null }>>(ben, 'GET', `/events/${event.id}/group-chats?user_id=${ben.id}`);
    const group = chats.find((c) => c.community_id === null)!.id;
    for (let i = 1; i <= 25; i++) {
      await call(ben, 'POST', `/group-chats/${group}/messages?user_id=${ben.id}`, { group_id: group, message: `Group line ${i}: who is up for a quiet walk later?` });
    }
    const page = ana.page;
    await page.goto(`${baseUrl()}/events/${event.id}/group-chats`);
    const heading = page.getByRole('heading', { name: 'Group chat', level: 1 });
    const composer = page.getByRole('form', { name: /^Message / });
    const log = page.getByRole('log');
    await expect(log.getByText('Group line 25:')).toBeInViewport();
    await expectMessagingLayout(page, composer, heading);
    await axeClean(page, `group chat ${tag}`);
    await shot(page, `app-shape-group-${tag}`);

    await composer.getByPlaceholder('Type your message...').fill('Count me in for the walk.');
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(log.getByText('Count me in for the walk.')).toBeInViewport();
    await expectMessagingLayout(page, composer, heading);
    await ana.context.close();
    await ben.context.close();
  });
}

test('the page paints the top bar before its script has run, where and as tall as the app then draws it', async ({ browser }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    // The page as it arrives: index.html and its stylesheet, no script yet.
    const bare = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await bare.newPage();
    await page.goto(`${baseUrl()}/login`);
    const first = (await page.locator('header.shell-bar').boundingBox())!;
    expect(first).not.toBeNull();
    await expect(page.locator('header.shell-bar')).toHaveText('Wallflower');
    await bare.close();
    // Then the app's own top bar, which replaced it.
    const live = await browser.newContext({ viewport });
    const app = await live.newPage();
    await app.goto(`${baseUrl()}/login`);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(app.locator('header.shell-bar')).toHaveCount(0);
    const drawn = (await app.getByRole('banner').first().boundingBox())!;
    expect({ y: first.y, height: first.height, width: first.width }).toEqual({ y: drawn.y, height: drawn.height, width: drawn.width });
    await live.close();
  }
});
