/**
 * Issue 39 item 5, every address works: a shared link to an event not joined yet shows
 * the event with Join (never an error, and nobody's name until joining); the admin
 * panel's sections each have an address, a reload keeps the admin signed in there, and
 * Back and Forward move inside the panel.
 */
import type { Page } from '@playwright/test';
import type { Event } from '../../contract/events';
import { adminLogin, adminNav } from './admin.pages';
import { axeClean, PHONE, signUp } from './discovery.pages';
import { ADMIN_SLUG } from './global-setup';
import { baseUrl, expect, shot, test, uniqueUsername } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
const h1 = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

test('a link to an event not joined yet shows the event and Join; after Join, its people', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
  const page = await context.newPage();
  const { id } = await signUp(context.request, { username: uniqueUsername('visit'), name: 'Vera Visit' });
  const events = (await (await context.request.get(`${baseUrl()}/api/events?user_id=${id}`)).json()) as Event[];
  const event = events.find((e) => !e.is_attending && Date.parse(e.end_time) > Date.now())!;
  expect(event, 'a demo event the new person has not joined').toBeTruthy();

  await page.goto(`${baseUrl()}/events/${event.id}`);
  await expect(h1(page, event.name)).toBeVisible();
  const details = page.getByRole('region', { name: 'Event details' }).or(page.getByLabel('Event details'));
  await expect(details.getByText(event.location)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  // No error, and no people before joining.
  await expect(page.getByText('Failed to load event attendees')).toHaveCount(0);
  await expect(page.getByText("We couldn't load the people here", { exact: false })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'People nearby' })).toHaveCount(0);
  await shot(page, 'event-not-joined-390x844');
  await axeClean(page, 'event-not-joined');

  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'People nearby' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toHaveCount(0);
  await expect(page.getByText('Failed to load event attendees')).toHaveCount(0);
  await expect(page).toHaveURL(`${baseUrl()}/events/${event.id}`);
  await shot(page, 'event-joined-390x844');
  await context.close();
});

for (const size of [DESKTOP, PHONE]) {
  const tag = `${size.width}x${size.height}`;
  test(`admin sections have addresses; reload stays signed in there; Back and Forward stay in the panel (${tag})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size, locale: 'en-GB' });
    const page = await context.newPage();
    const base = `${baseUrl()}/admin/${ADMIN_SLUG}`;
    await page.goto(base);
    await adminLogin(page);
    await expect(page).toHaveURL(base);

    await adminNav(page).getByRole('button', { name: 'Users' }).click();
    await expect(h1(page, 'Users')).toBeVisible();
    await expect(page).toHaveURL(`${base}/users`);

    await page.reload();
    await expect(h1(page, 'Users')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin login' })).toHaveCount(0);
    await shot(page, `admin-users-reloaded-${tag}`);
    await axeClean(page, `admin-users-reloaded-${tag}`);

    await adminNav(page).getByRole('button', { name: 'Reports' }).click();
    await expect(h1(page, 'Reports')).toBeVisible();
    await expect(page).toHaveURL(`${base}/reports`);

    await page.goBack();
    await expect(h1(page, 'Users')).toBeVisible();
    await expect(page).toHaveURL(`${base}/users`);
    await page.goBack();
    await expect(h1(page, 'Dashboard')).toBeVisible();
    await page.goForward();
    await expect(h1(page, 'Users')).toBeVisible();
    await page.goForward();
    await expect(h1(page, 'Reports')).toBeVisible();

    // A section's address opened directly (a bookmark) asks the gate with the slug, and stays signed in.
    await page.goto(`${base}/settings`);
    await expect(h1(page, 'Settings')).toBeVisible();
    await context.close();
  });
}
