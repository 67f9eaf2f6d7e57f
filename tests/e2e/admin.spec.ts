/**
 * The admin panel end to end: the hidden entrances, and a ban that reaches a person
 * signed in on another device, lifted again, with the audit trail in settings; the
 * moderator queue (a reported message seen in context, resolved with a warning), an
 * event hidden and removed, and the analytics charts (issue 16).
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { adminLogin, adminNav, bothSizes } from './admin.pages';
import { axeClean, signUp } from './discovery.pages';
import { ADMIN_SLUG } from './global-setup';
import { baseUrl, expect, LOGIN_HEADING, LoginPage, screenshot, shot, test, uniqueUsername } from './fixtures';

const SEQUENCE = ['ControlLeft', 'ShiftLeft', 'KeyA', 'KeyD', 'KeyM', 'KeyI', 'KeyN'];

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
  // Those chunks and what they import (words and rules shared among the admin's chunks).
  const texts = new Map<string, string>();
  const queue = [...(lazyNames as string[])];
  while (queue.length) {
    const name = queue.shift()!;
    if (texts.has(name) || name.startsWith('index-')) continue;
    const text = await (await request.get(`${baseUrl()}/assets/${name}`)).text();
    texts.set(name, text);
    queue.push(...[...text.matchAll(/from\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!));
  }
  const lazy = [...texts.values()].join('\n');
  for (const name of adminViews) expect(lazy, `lazy chunks hold ${name}`).toContain(name);
});

test('the hidden key sequence opens admin-login, three times at most', async ({ page, loginPage }) => {
  await loginPage.open();
  for (let use = 1; use <= 3; use++) {
    for (const key of SEQUENCE) await page.keyboard.press(key);
    await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
    if (use === 1) {
      await screenshot(page, 'admin-login');
      await axeClean(page, 'admin-login');
    }
    await page.getByRole('button', { name: 'Back to app login' }).click();
    await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  }
  // A fourth use: the counter is spent, the login view stays.
  for (const key of SEQUENCE) await page.keyboard.press(key);
  await page.getByLabel('Username or email').click();
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin login' })).toHaveCount(0);
});

test('/admin/<slug> opens admin-login for the right slug; a wrong one lands on the root', async ({ page }) => {
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  await screenshot(page, 'admin-dashboard');
  await axeClean(page, 'admin-dashboard');

  await page.goto(`${baseUrl()}/admin/not-the-secret`);
  await expect(page).toHaveURL(`${baseUrl()}/`);
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
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
  await axeClean(page, 'admin-users with the ban form');
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
  await axeClean(person, 'login with the ban notice');
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
    person.getByRole('status', { name: 'Notifications' }).getByText('A note from the Wallflower team: “Please give people room to say no.”'),
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
  await axeClean(page, 'admin-settings');

  // The dashboard counts them and shows the same activity first.
  await adminNav(page).getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText('Warned');

  await adminNav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  await device.close();
});

/** Someone with an account and a session of their own, made through the API. */
async function someone(browser: Browser, prefix: string, name: string): Promise<{ id: string; name: string; request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const username = uniqueUsername(prefix);
  const { id } = await signUp(context.request, { username, name });
  return { id, name: `${name} (@${username})`, request: context.request, close: () => context.close() };
}

async function ok(answer: Promise<{ ok: () => boolean; text: () => Promise<string>; json: () => Promise<unknown> }>) {
  const res = await answer;
  expect(res.ok(), await res.text()).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

test('an admin opens a reported message in context and warns the sender; the queue and the dashboard follow', async ({ page, browser }) => {
  // Kit writes to Rae (they are connected), and Rae reports Kit's second message.
  const rae = await someone(browser, 'rae', 'Rae Quiet');
  const kit = await someone(browser, 'kit', 'Kit Loud');
  await ok(kit.request.post(`${baseUrl()}/api/connections/request`, { params: { from_user_id: kit.id }, data: { to_user_id: rae.id } }));
  await ok(rae.request.post(`${baseUrl()}/api/connections/request`, { params: { from_user_id: rae.id }, data: { to_user_id: kit.id } }));
  const said = ['Hi Rae, good talk earlier', 'Tell me where you live or else', 'Hello?'];
  const ids: string[] = [];
  for (const message of said) {
    const sent = await ok(kit.request.post(`${baseUrl()}/api/chat/send`, { params: { user_id: kit.id }, data: { to_user: rae.id, message } }));
    ids.push((sent.message as { id: string }).id);
  }
  await ok(
    rae.request.post(`${baseUrl()}/api/reports`, {
      params: { user_id: rae.id },
      data: { target_type: 'message', target_id: ids[1], reason: 'harassment', note: 'This frightened me.' },
    }),
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  const openReports = page.getByLabel('User statistics').locator('div').filter({ has: page.getByText('Open reports', { exact: true }) });
  const countOf = async () => Number(await openReports.locator('dd').first().textContent());
  const before = await countOf();
  expect(before).toBeGreaterThanOrEqual(1);
  await bothSizes(page, 'admin-dashboard-open-reports');
  await page.getByRole('button', { name: 'Review reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  // The report in the queue, then in context: the conversation with the reported message marked.
  const entry = page.getByRole('list', { name: 'Open reports' }).getByRole('button').filter({ hasText: `About ${kit.name}` });
  await expect(entry).toBeVisible();
  await entry.click();
  const detail = page.getByRole('article', { name: `Harassment: a chat message from Kit Loud` });
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(detail.getByText('This frightened me.')).toBeVisible();
  const conversation = detail.getByRole('list', { name: 'The conversation around it' });
  await expect(conversation.getByRole('listitem')).toHaveCount(3);
  const reported = conversation.getByRole('listitem').filter({ hasText: 'Reported' });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText(said[1]!);
  await expect(detail.getByText('No earlier reports, warnings or bans.')).toBeVisible();
  await expect(detail.getByText('Nobody else has reported them.')).toBeVisible();
  await axeClean(page, 'admin-reports with a report open');
  await bothSizes(page, 'admin-reports-open');

  // Warn, through its form: the reason is what Kit reads.
  await detail.getByRole('button', { name: 'Warn Kit Loud' }).click();
  const form = detail.getByRole('form', { name: 'Warn Kit Loud' });
  await form.getByRole('button', { name: 'Send warning' }).click();
  await expect(form.getByLabel('What should they know?')).toBeFocused();
  await form.getByLabel('What should they know?').fill('Threats are not welcome here. Please keep your messages kind.');
  await axeClean(page, 'admin-reports with the warning form');
  await bothSizes(page, 'admin-reports-warn-form');
  await form.getByRole('button', { name: 'Send warning' }).click();
  await expect(page.getByText('Warning issued successfully')).toBeVisible();
  await expect(entry).toHaveCount(0);

  // Resolved: it is under Resolved, saying what was done.
  await page.getByRole('button', { name: 'Resolved', exact: true }).click();
  const resolved = page.getByRole('list', { name: 'Resolved reports' }).getByRole('button').filter({ hasText: `About ${kit.name}` });
  await expect(resolved).toContainText('Warned');
  await resolved.click();
  await expect(page.getByRole('region', { name: 'Resolution' })).toContainText('Threats are not welcome here.');
  await bothSizes(page, 'admin-reports-resolved');

  // The dashboard counts one fewer, and the audit trail has the warning.
  await adminNav(page).getByRole('button', { name: 'Dashboard' }).click();
  await expect.poll(countOf).toBe(before - 1);
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toContainText('Warned');
  await rae.close();
  await kit.close();
});

test('an admin hides an event, shows it again and removes it, each with a reason', async ({ page, browser }) => {
  const host = await someone(browser, 'host', 'Hal Host');
  const name = `Moderated meetup ${uniqueUsername('m')}`;
  // The newest start, so it heads the list.
  const start = new Date(Date.UTC(2099, 0, 1, 18));
  const made = await ok(
    host.request.post(`${baseUrl()}/api/events`, {
      params: { user_id: host.id },
      data: {
        name,
        description: 'A test event for moderation.',
        location: 'Community hall',
        event_type: 'networking',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 7_200_000).toISOString(),
      },
    }),
  );
  expect(made.id).toBeTruthy();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  await adminNav(page).getByRole('button', { name: 'Events' }).click();
  const table = page.getByRole('table', { name: 'Events' });
  const row = table.getByRole('row', { name });
  await expect(row).toBeVisible();
  await expect(row.getByText('Shown', { exact: true })).toBeVisible();
  await axeClean(page, 'admin-events');
  await bothSizes(page, 'admin-events');

  // Hide: the form first; nothing happens until its button.
  await row.getByRole('button', { name: `Hide ${name}` }).click();
  const hideForm = page.getByRole('form', { name: `Hide ${name}` });
  await hideForm.getByLabel('Reason').fill('Spam event advertising a shop');
  await bothSizes(page, 'admin-events-hide-form');
  await hideForm.getByRole('button', { name: 'Hide event' }).click();
  await expect(page.getByText(/^Event hidden; /)).toBeVisible();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(row.getByText('Spam event advertising a shop')).toBeVisible();
  // Attendees no longer see it.
  const list = (await ok(host.request.get(`${baseUrl()}/api/events`, { params: { user_id: host.id } }))) as unknown as Array<{ name: string }>;
  expect(list.map((e) => e.name)).not.toContain(name);

  await row.getByRole('button', { name: `Show ${name} again` }).click();
  const showForm = page.getByRole('form', { name: `Show ${name} again` });
  await showForm.getByLabel('Reason').fill('Checked with the host');
  await showForm.getByRole('button', { name: 'Show event again' }).click();
  await expect(page.getByText('Event shown again')).toBeVisible();
  await expect(row.getByText('Shown', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Remove ${name}` }).click();
  const removeForm = page.getByRole('form', { name: `Remove ${name}` });
  await removeForm.getByLabel('Reason').fill('The host asked us to remove it');
  await removeForm.getByRole('button', { name: 'Remove event' }).click();
  await expect(page.getByText(/^Event removed; /)).toBeVisible();
  await expect(row.getByText('Removed', { exact: true })).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await host.close();
});

test('the analytics charts render, for the span the admin chooses', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(page);
  await adminNav(page).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const caption of ['Sign-ups per day', 'Active people per day', 'Connection requests per day', 'Reports per day']) {
    const figure = page.getByRole('figure', { name: caption });
    await expect(figure).toBeVisible();
    await expect(figure.getByRole('img')).toHaveAttribute('aria-label', /over the last 30 days/);
  }
  // Today's sign-ups (every account made by the e2e run) are drawn as a bar.
  await expect(page.getByRole('figure', { name: 'Sign-ups per day' }).locator('rect')).not.toHaveCount(0);
  await axeClean(page, 'admin-analytics');
  await bothSizes(page, 'admin-analytics');
  await page.getByLabel('Show the last').selectOption('7');
  await expect(page.getByRole('figure', { name: 'Sign-ups per day' }).getByRole('img')).toHaveAttribute('aria-label', /over the last 7 days/);
  await expect(page.getByRole('figure', { name: 'Sign-ups per day' }).getByRole('row')).toHaveCount(8);
});
