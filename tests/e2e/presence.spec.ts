/**
 * Issue 39 item 1, "Presence, computed once", at 390x844: the line beside the Available
 * switch and "How others see you" on the profile say the same one answer, and change
 * together when Available is turned off and when privacy goes to Friends Only; axe finds
 * nothing in light, dark and German.
 */
import type { Page } from '@playwright/test';
import { PRESENCE_REASONS } from '../../contract/presence-words';
import { checkView, Person } from './discovery.pages';
import { baseUrl, expect, openSection, shot, test } from './fixtures';

const summary = (page: Page) => page.locator('.presence-summary');
const howSeen = (page: Page) => page.getByRole('region', { name: 'How others see you' });

async function openHowSeen(page: Page) {
  await page.getByRole('button', { name: 'How others see you' }).click();
  await expect(howSeen(page)).toBeVisible();
}

async function backToEvents(page: Page) {
  await openSection(page, 'Events');
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
}

test('the Available line and "How others see you" say one answer, and change together', async ({ browser }) => {
  test.setTimeout(240_000);
  const pia = await Person.register(browser, 'Pia');
  const page = pia.page;

  // Default settings: seen, nothing hiding her.
  await expect(summary(page)).toHaveText('People nearby can see you.');
  await shot(page, 'presence-events-default');
  await openHowSeen(page);
  await expect(howSeen(page)).toContainText('Nothing is hiding you or holding your requests.');
  await backToEvents(page);

  // Available off: both say nobody sees her nearby, for one reason.
  await page.getByRole('switch', { name: 'Available' }).click();
  await expect(page.getByRole('switch', { name: 'Unavailable' })).toBeVisible();
  await expect(summary(page)).toHaveText('Nobody can see you nearby right now.');
  await expect(page.getByText(/say hello/)).toHaveCount(0);
  await checkView(page, 'presence-events-unavailable');
  await openHowSeen(page);
  const place = howSeen(page);
  await expect(place.getByRole('list', { name: 'Why' }).getByRole('listitem')).toHaveText([new RegExp(escape(PRESENCE_REASONS.unavailable.message))]);
  await expect(place.locator('dd')).toHaveText(["Don't see you nearby", "Don't see you nearby", 'Reach you with a notification']);
  await checkView(page, 'presence-how-seen-unavailable');

  // Its control is one tap away; on again, then privacy to Friends Only: both change.
  await place.getByRole('button', { name: 'Change availability' }).click();
  await page.getByRole('switch', { name: 'Unavailable' }).click();
  await expect(summary(page)).toHaveText('People nearby can see you.');
  await pia.setVisibility('Friends Only');
  await backToEvents(page);
  await expect(summary(page)).toHaveText('Only your connections can see you nearby.');
  await openHowSeen(page);
  await expect(howSeen(page).getByRole('list', { name: 'Why' }).getByRole('listitem')).toHaveText([new RegExp(escape(PRESENCE_REASONS.privacy_friends.message))]);
  await expect(howSeen(page).locator('dd')).toHaveText(["Don't see you nearby", 'See you nearby', 'Reach you with a notification']);
  await checkView(page, 'presence-how-seen-friends');
  await shot(page, 'presence-how-seen-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'presence-how-seen-1280');
  await backToEvents(page);
  await shot(page, 'presence-events-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'presence-events-390');

  // Dark, then German: the same answer, said in the language shown.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('wallflower.appearance', JSON.stringify({ theme: 'dark' })));
  await page.reload();
  await expect(summary(page)).toHaveText('Only your connections can see you nearby.');
  await checkView(page, 'presence-events-dark');
  await openHowSeen(page);
  await checkView(page, 'presence-how-seen-dark');

  await page.evaluate(() => {
    localStorage.setItem('wallflower.appearance', JSON.stringify({ theme: 'light' }));
    localStorage.setItem('wallflower.language', 'de');
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const german = page.getByRole('region', { name: 'Wie andere dich sehen' });
  await expect(german).toContainText('Deine Sichtbarkeit ist „Nur Kontakte“: Nur deine Kontakte können dich finden.');
  await checkView(page, 'presence-how-seen-de');
  await shot(page, 'presence-how-seen-de-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'presence-how-seen-de-1280');
  await page.goto(`${baseUrl()}/events`);
  await expect(summary(page)).toHaveText('Nur deine Kontakte sehen dich in der Nähe.');
  await shot(page, 'presence-events-de-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkView(page, 'presence-events-de');
  await shot(page, 'presence-events-de-390');
  await pia.context.close();
});

/** A sentence as a pattern: its punctuation taken literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
