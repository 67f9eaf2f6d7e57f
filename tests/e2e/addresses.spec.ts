/**
 * Issue 13, items 1 and 2 as a person meets them: every view has an address, the back
 * gesture and forward move between views, a link to a chat opens it before and after
 * sign-in, a notification opens what it is about, and unread counts rise and clear.
 */
import type { Browser, Page } from '@playwright/test';
import { checkView, PHONE } from './discovery.pages';
import { baseUrl, expect, LoginPage, openSection, shot, test, uniqueUsername } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };

interface Someone {
  page: Page;
  id: string;
  name: string;
  username: string;
  close: () => Promise<void>;
}

/** A fresh account on the events list, at `size`. */
async function someone(browser: Browser, first: string, size = PHONE): Promise<Someone> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  const username = uniqueUsername(first.toLowerCase());
  const name = `${first} ${username.slice(first.length)}`;
  const login = new LoginPage(page);
  await login.open();
  await login.register({ username, name, password: 'secret123', occupation: 'Librarian', interests: 'hiking, jazz' });
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  const id = await page.evaluate(async () => ((await (await fetch('/api/auth/session')).json()) as { user: { id: string } }).user.id);
  return { page, id, name, username, close: () => context.close() };
}

/** A call from inside the person's page (their session, same origin). */
async function call(p: Someone, method: string, path: string, body?: unknown) {
  const status = await p.page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.status;
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}`).toBeLessThan(300);
}

/** Both ask, so they are connected (a request only becomes a connection if both want it). */
async function connect(a: Someone, b: Someone) {
  await call(a, 'POST', `/connections/request?from_user_id=${a.id}`, { to_user_id: b.id });
  await call(b, 'POST', `/connections/request?from_user_id=${b.id}`, { to_user_id: a.id });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

for (const size of [PHONE, DESKTOP]) {
  const tag = `${size.width}x${size.height}`;

  test(`back and forward move between views, and a reload stays where it was (${tag})`, async ({ browser }) => {
    const robin = await someone(browser, 'Robin', size);
    const { page } = robin;
    await expect(page).toHaveURL(/\/events$/);
    await openSection(page, 'People');
    await expect(heading(page, 'People')).toBeVisible();
    await expect(page).toHaveURL(/\/connections$/);
    await openSection(page, 'Chats');
    await expect(heading(page, 'Chats')).toBeVisible();
    await openSection(page, 'Me');
    await expect(heading(page, 'Your profile')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    await page.goBack();
    await expect(heading(page, 'Chats')).toBeVisible();
    await page.goBack();
    await expect(heading(page, 'People')).toBeVisible();
    await page.goBack();
    await expect(heading(page, 'Events')).toBeVisible();
    await page.goForward();
    await expect(heading(page, 'People')).toBeVisible();
    await page.goForward();
    await expect(heading(page, 'Chats')).toBeVisible();
    await expect(page).toHaveURL(/\/chats$/);

    await page.reload();
    await expect(heading(page, 'Chats')).toBeVisible();
    await shot(page, `addresses-chats-${tag}`);
    await checkView(page, `chats inbox ${tag}`);
    await robin.close();
  });
}

test('a link to a chat opens it after the sign-in it asks for, and again once signed in', async ({ browser }) => {
  const ana = await someone(browser, 'Ana');
  const ben = await someone(browser, 'Ben');
  await connect(ana, ben);
  const link = `/chats/${ben.id}`;

  // Signed in already: the link opens the chat, named for Ben.
  await ana.page.goto(`${baseUrl()}${link}`);
  await expect(ana.page.getByRole('heading', { name: new RegExp(ben.name) })).toBeVisible();
  await expect(ana.page.getByPlaceholder('Type your message...')).toBeVisible();

  // A new device: sign-in first, then the same chat.
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${link}`);
  const login = new LoginPage(page);
  await login.login(ana.username, 'secret123');
  await expect(page.getByRole('heading', { name: new RegExp(ben.name) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await context.close();
  await ana.close();
  await ben.close();
});

test('an unread badge rises with a message and clears when the chat is read; a toast opens it', async ({ browser }) => {
  const ana = await someone(browser, 'Ana');
  const ben = await someone(browser, 'Ben');
  await connect(ana, ben);
  const chats = ben.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Chats/ });
  await expect(chats).toHaveAccessibleName('Chats');

  await call(ana, 'POST', `/chat/send?user_id=${ana.id}`, { to_user: ben.id, message: 'Hi Ben' });
  await expect(chats).toHaveAccessibleName('Chats (1 unread)');
  // Once the conversation is known, a toast names the sender, and it opens the chat.
  await call(ana, 'POST', `/chat/send?user_id=${ana.id}`, { to_user: ben.id, message: 'Hello from the quiet corner' });
  await expect(chats).toHaveAccessibleName('Chats (2 unread)');
  const toast = ben.page.getByRole('status', { name: 'Notifications' });
  await expect(toast.getByText(`New message from ${ana.name}`)).toBeVisible();
  await shot(ben.page, 'addresses-unread-badge');
  await toast.getByRole('button', { name: 'Open' }).first().click();
  await expect(ben.page.getByRole('log').getByText('Hello from the quiet corner')).toBeVisible();
  await expect(chats).toHaveAccessibleName('Chats');

  // Read on the server: a reload keeps it read.
  await ben.page.reload();
  await expect(ben.page.getByRole('log').getByText('Hello from the quiet corner')).toBeVisible();
  await expect(chats).toHaveAccessibleName('Chats');
  await ana.close();
  await ben.close();
});

test('a notification opens its chat from Alerts, and Mark all read clears them', async ({ browser }) => {
  const ana = await someone(browser, 'Ana');
  const ben = await someone(browser, 'Ben');
  await connect(ana, ben);
  // Ben is away (no live channel): the message becomes a notification.
  await ben.page.goto('about:blank');
  // The server hears that Ben left once his socket's close reaches it: a message sent before
  // that is live, and makes no notification. So Ana writes until one has made a notification.
  const notified = async () => {
    const res = await ben.page.context().request.get(`${baseUrl()}/api/notifications/${ben.id}`);
    return ((await res.json()) as Array<{ title: string }>).some((n) => n.title === 'New message');
  };
  await expect
    .poll(async () => {
      await call(ana, 'POST', `/chat/send?user_id=${ana.id}`, { to_user: ben.id, message: 'Are you at the talk?' });
      return notified();
    })
    .toBe(true);
  await ben.page.goto(`${baseUrl()}/`);
  await openSection(ben.page, 'Alerts');
  await expect(heading(ben.page, 'Notifications')).toBeVisible();
  await expect(ben.page).toHaveURL(/\/notifications$/);
  await shot(ben.page, 'addresses-alerts');
  await ben.page.getByRole('article').filter({ hasText: 'Are you at the talk?' }).first().getByRole('button', { name: /New message/ }).click();
  await expect(ben.page.getByRole('log').getByText('Are you at the talk?').first()).toBeVisible();
  await expect(ben.page).toHaveURL(new RegExp(`/chats/${ana.id}$`));

  await ben.page.goBack();
  await expect(heading(ben.page, 'Notifications')).toBeVisible();
  const markAll = ben.page.getByRole('button', { name: 'Mark all read' });
  if (await markAll.isVisible()) await markAll.click();
  await expect(ben.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Alerts/ })).toHaveAccessibleName('Alerts');
  await ana.close();
  await ben.close();
});
