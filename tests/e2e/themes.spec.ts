/**
 * Issue 20 "Comfort for every body and mind", themes and text size: axe finds nothing in
 * the light, dark and high-contrast themes (picked in the profile, or followed from the
 * system), and at 200 % text nothing is cut off or runs off a 390 px screen.
 */
import type { Page } from '@playwright/test';
import { Person, QUIET_FOUNDERS, checkView, clippedText } from './discovery.pages';
import { baseUrl, expect, LOGIN_HEADING, openSection, test } from './fixtures';

/**
 * Views to look at in a theme followed from the system: the events list, an event's people,
 * the profile. A theme picked in the app is every-view.spec's, on every view.
 */
async function tour(p: Person, theme: string) {
  await openSection(p.page, 'Events');
  await expect(p.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await checkView(p.page, `theme-${theme}-events`);
  await p.openEvent(QUIET_FOUNDERS.name);
  await expect(p.nearby().getByRole('article').first()).toBeVisible();
  await checkView(p.page, `theme-${theme}-event`);
  await openSection(p.page, 'Me');
  await expect(p.page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  await checkView(p.page, `theme-${theme}-profile`);
}

test('every theme passes axe: picked in the profile, and followed from the system', async ({ browser }) => {
  test.setTimeout(360_000);
  const tess = await Person.register(browser, 'Tess');
  await openSection(tess.page, 'Me');
  const background = () => tess.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Picked in the profile: each theme's views pass axe in every-view.spec; here, the choice takes.
  for (const [label, theme, colour] of [
    ['Dark', 'dark', 'rgb(20, 23, 26)'],
    ['High contrast', 'contrast', 'rgb(255, 255, 255)'],
    ['Light', 'light', 'rgb(246, 244, 241)'],
  ] as const) {
    await tess.page.getByRole('radio', { name: label }).check();
    await expect(tess.page.locator('html')).toHaveAttribute('data-theme', theme);
    expect(await background()).toBe(colour);
  }
  // Remembered on the device: a reload keeps it.
  await tess.page.reload();
  await expect(tess.page.locator('html')).toHaveAttribute('data-theme', 'light');
  await tess.page.getByRole('radio', { name: 'Follow my device' }).check();
  await expect(tess.page.locator('html')).not.toHaveAttribute('data-theme');

  // Following the system: dark, then more contrast; the login screen too.
  await tess.page.emulateMedia({ colorScheme: 'dark' });
  expect(await background()).toBe('rgb(20, 23, 26)');
  await tour(tess, 'system-dark');
  await tess.page.emulateMedia({ colorScheme: 'light', contrast: 'more' });
  expect(await background()).toBe('rgb(255, 255, 255)');
  await tour(tess, 'system-contrast');
  const guest = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  const login = await guest.newPage();
  await login.goto(`${baseUrl()}/`);
  await expect(login.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  await checkView(login, 'theme-system-dark-login');
  await guest.close();
  await tess.context.close();
});

test('at 200 % text nothing is cut off or runs off a 390 px screen', async ({ browser }) => {
  test.setTimeout(240_000);
  const ada = await Person.register(browser, 'Ada');
  await openSection(ada.page, 'Me');
  await ada.page.getByRole('radio', { name: 'Larger' }).check();
  await expect(ada.page.locator('html')).toHaveAttribute('data-text-size', 'larger');
  // 200 %: as a browser set to twice its text size (the setting adds its own on top).
  await ada.page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expect.poll(() => clippedText(ada.page), { message: 'profile' }).toEqual([]);
  await openSection(ada.page, 'Events');
  await expect(ada.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect.poll(() => clippedText(ada.page), { message: 'events' }).toEqual([]);
  await ada.openEvent(QUIET_FOUNDERS.name);
  await expect(ada.nearby().getByRole('article').first()).toBeVisible();
  await expect.poll(() => clippedText(ada.page), { message: 'event' }).toEqual([]);
  await checkView(ada.page, 'text-200-event');
  await ada.context.close();
});

/** Elements that move: an animation, or a transition that takes time. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const s = getComputedStyle(el);
        return s.animationName !== 'none' || s.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`),
  );
}

test('asked for reduced motion, nothing animates or transitions', async ({ browser }) => {
  const kit = await Person.register(browser, 'Kit');
  await openSection(kit.page, 'Events');
  await kit.openEvent(QUIET_FOUNDERS.name);
  await expect(kit.nearby().getByRole('article').first()).toBeVisible();
  // Without the request the app does move (so this check can fail)…
  expect((await moving(kit.page)).length).toBeGreaterThan(0);
  // …and with it, nothing does, on the event, the events list and the profile.
  await kit.page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await moving(kit.page), 'event').toEqual([]);
  await openSection(kit.page, 'Events');
  await expect(kit.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  expect(await moving(kit.page), 'events').toEqual([]);
  await openSection(kit.page, 'Me');
  await expect(kit.page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  expect(await moving(kit.page), 'profile').toEqual([]);
  await kit.context.close();
});

test('no view is wider than a 390 px screen, long chat names included', async ({ browser }) => {
  const lee = await Person.register(browser, 'Lee');
  await openSection(lee.page, 'Events');
  await lee.openEvent(QUIET_FOUNDERS.name);
  await expect(lee.nearby().getByRole('article').first()).toBeVisible();
  const width = () => lee.page.evaluate((): [number, number] => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  for (const [section, title] of [
    ['People', 'People'],
    // The event's group chat, "Quiet Founders Meetup — everyone", is cut short, not the page widened.
    ['Chats', 'Chats'],
    ['Alerts', 'Notifications'],
    ['Me', 'Your profile'],
    ['Events', 'Events'],
  ] as const) {
    await openSection(lee.page, section);
    await expect(lee.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const [scroll, client] = await width();
    expect(scroll, `${section}: the page is ${scroll} px wide on a ${client} px screen`).toBeLessThanOrEqual(client);
  }
  await lee.context.close();
});
