/**
 * The admin panel end to end: the hidden entrances, and a ban that reaches a person
 * signed in on another device, lifted again, with the audit trail in settings.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, ADMIN_SLUG } from './global-setup';
import { baseUrl, expect, LoginPage, screenshot, shot, test, uniqueUsername } from './fixtures';

const SEQUENCE = ['ControlLeft', 'ShiftLeft', 'KeyA', 'KeyD', 'KeyM', 'KeyI', 'KeyN'];

async function adminLogin(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await page.getByLabel('Admin username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** WCAG 2.2 AA as axe checks it, on what is on screen now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

test('attendees download no admin code: the admin views are only in the lazy chunk', async ({ request }) => {
  const html = await (await request.get(`${baseUrl()}/`)).text();
  const entryPath = /<script[^>]+src="([^"]*\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entryPath).toBeTruthy();
  const entry = await (await request.get(new URL(entryPath!, baseUrl()).href)).text();
  const adminViews = ['admin-dashboard', 'admin-users', 'admin-settings', 'Admin unban', 'Ban user'];
  for (const name of adminViews) expect(entry.includes(name), `entry chunk holds ${name}`).toBe(false);
  // The admin area's views, and the admin chart the root loads and spawns, each lazily.
  const lazyNames = [/AdminArea-[\w-]+\.js/, /admin\.machine-[\w-]+\.js/].map((re) => re.exec(entry)?.[0]);
  for (const name of lazyNames) expect(name, 'the entry chunk loads the admin area and chart lazily').toBeTruthy();
  const lazy = (await Promise.all(lazyNames.map(async (name) => (await request.get(`${baseUrl()}/assets/${name}`)).text()))).join('\n');
  for (const name of adminViews) expect(lazy, `lazy chunks hold ${name}`).toContain(name);
});

test('the hidden key sequence opens admin-login, three times at most', async ({ page, loginPage }) => {
  await loginPage.open();
  for (let use = 1; use <= 3; use++) {
    for (const key of SEQUENCE) await page.keyboard.press(key);
    await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
    if (use === 1) {
      await screenshot(page, 'admin-login');
      await expectAccessible(page, 'admin-login');
    }
    await page.getByRole('button', { name: 'Back to app login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }
  // A fourth use: the counter is spent, the login view stays.
  for (const key of SEQUENCE) await page.keyboard.press(key);
  await page.getByLabel('Username or email').click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin login' })).toHaveCount(0);
});

test('/admin/<slug> opens admin-login for the right slug; a wrong one lands on the root', async ({ page }) => {
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  await screenshot(page, 'admin-dashboard');
  await expectAccessible(page, 'admin-dashboard');

  await page.goto(`${baseUrl()}/admin/not-the-secret`);
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});

test('an admin bans someone signed in elsewhere, unbans them, and settings show both', async ({ page, browser }) => {
  // The person, on their own device.
  const device = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Berlin', locale: 'en-GB' });
  const person = await device.newPage();
  const personLogin = new LoginPage(person);
  const username = uniqueUsername('banme');
  const name = 'Sam Quiet';
  await personLogin.open();
  await personLogin.register({ username, name, password: 'secret123' });
  await expect(person.getByRole('heading', { name: 'Events' })).toBeVisible();

  // The admin finds them and opens the ban form.
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  await adminNav(page).getByRole('button', { name: 'Users' }).click();
  await page.getByLabel('Search by name, username or email').fill(username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`Showing 1–1 of 1 for “${username}”`)).toBeVisible();
  const row = page.getByRole('row', { name: `${name} (@${username})` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: `Unban ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Ban ${name}` }).click();
  const form = page.getByRole('form', { name: `Ban ${name}` });
  await expect(form.getByRole('radio', { name: 'Temporary' })).toBeChecked();
  await form.getByLabel('Reason').fill('Unkind messages to other attendees');
  await form.getByLabel('Duration in days').fill('3');
  // The top bar is sticky: from the top, a full-page capture shows it where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'admin-users-ban-form');
  await expectAccessible(page, 'admin-users with the ban form');
  await form.getByRole('button', { name: 'Ban user' }).click();
  await expect(page.getByText('User banned successfully')).toBeVisible();
  await expect(row.getByText(/^Banned until/)).toBeVisible();
  await expect(row.getByRole('button', { name: `Warn ${name}` })).toHaveCount(0);

  // Their sessions ended with the ban: the live channel closes (4001) and their open app
  // goes to the login view by itself, saying why, until when in their own words (their
  // device is in Berlin), and what they can do next — not "User not logged in".
  await expect(person.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const notice = person.getByRole('alert').filter({ hasText: 'Your account is banned until' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Unkind messages to other attendees');
  await expect(notice).toContainText('After that you can log in again');
  await expect(notice).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  await expect(person.getByText('User not logged in')).toHaveCount(0);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'long', day: 'numeric', month: 'long' });
  await expect(notice.getByRole('heading')).toHaveText(
    new RegExp(`^Your account is banned until ${day.format(new Date(Date.now() + 3 * 86_400_000))}, \\d\\d:\\d\\d$`),
  );
  await shot(person, 'ban-notice-390x844');
  await expectAccessible(person, 'login with the ban notice');
  await person.setViewportSize({ width: 1280, height: 800 });
  await shot(person, 'ban-notice-1280x800');
  await person.setViewportSize({ width: 390, height: 844 });
  await person.getByRole('button', { name: 'I understand' }).click();
  await expect(notice).toHaveCount(0);
  await personLogin.login(username, 'secret123');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Unkind messages to other attendees');

  // Unban; they can log in again.
  await row.getByRole('button', { name: `Unban ${name}` }).click();
  await expect(page.getByText('User unbanned successfully')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await personLogin.login(username, 'secret123');
  await expect(person.getByRole('heading', { name: 'Events' })).toBeVisible();

  // A warning in the admin's own words, which reach the person's open app as they were written.
  await row.getByRole('button', { name: `Warn ${name}` }).click();
  const warnForm = page.getByRole('form', { name: `Warn ${name}` });
  await warnForm.getByLabel('What should they know?').fill('Please give people room to say no.');
  await warnForm.getByRole('button', { name: 'Send warning' }).click();
  await expect(page.getByText('Warning issued successfully')).toBeVisible();
  await expect(
    person.getByRole('status', { name: 'Notifications' }).getByText('A note from the Wallflower team: “Please give people room to say no.” · 1 unread'),
  ).toBeVisible();
  await adminNav(page).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText('Role: Super admin')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent actions' });
  const entries = recent.getByRole('listitem').filter({ hasText: `${name} (@${username})` });
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Warned');
  await expect(entries.nth(0)).toContainText('Please give people room to say no.');
  await expect(entries.nth(1)).toContainText('Unbanned');
  await expect(entries.nth(1)).toContainText('Admin unban');
  await expect(entries.nth(2)).toContainText('Banned');
  await expect(entries.nth(2)).toContainText('Unkind messages to other attendees');
  await expect(page.getByText('At least 8 characters, with upper case, lower case and digits')).toBeVisible();
  await screenshot(page, 'admin-settings');
  await expectAccessible(page, 'admin-settings');

  // The dashboard counts them and shows the same activity first.
  await adminNav(page).getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText('Warned');

  await adminNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await device.close();
});
