/**
 * Issue 39 item 2, no choice is silently lost: privacy set to Anonymous and the Events tab
 * tapped asks first. Stay keeps Anonymous on the form; Don't save goes and the form is
 * Public again; Save and go goes and Anonymous is kept (after a reload too); Back asks
 * the same. A chat's draft waits, without asking, for the person to come back.
 */
import type { Page } from '@playwright/test';
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, axeClean } from './discovery.pages';
import { expect, openSection, shot, test } from './fixtures';

async function openPrivacy(page: Page) {
  await openSection(page, 'Me');
  await page.getByRole('button', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Privacy settings', level: 1 })).toBeVisible();
}

const mode = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const question = (page: Page) => page.getByRole('dialog', { name: 'Save your changes?' });
const eventsHeading = (page: Page) => page.getByRole('heading', { name: 'Events', exact: true, level: 1 });

test('leaving privacy settings with a change asks: Stay, Don\'t save, Save and go, and Back', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = await Person.register(browser, 'Ana');
  const page = ana.page;
  await openPrivacy(page);
  await mode(page, 'Anonymous').check();

  // Stay: the form, with Anonymous still chosen.
  await openSection(page, 'Events');
  await expect(question(page)).toBeVisible();
  await expect(question(page).getByRole('button', { name: 'Stay here' })).toBeFocused();
  await axeClean(page, 'unsaved-dialog');
  await shot(page, 'unsaved-dialog-en-390');
  await question(page).getByRole('button', { name: 'Stay here' }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Privacy settings', level: 1 })).toBeVisible();
  await expect(mode(page, 'Anonymous')).toBeChecked();

  // Don't save: the events list, and privacy is Public again.
  await openSection(page, 'Events');
  await question(page).getByRole('button', { name: "Don't save" }).click();
  await expect(eventsHeading(page)).toBeVisible();
  await openPrivacy(page);
  await expect(mode(page, 'Public')).toBeChecked();

  // A choice changed back is no change: nothing to ask.
  await mode(page, 'Anonymous').check();
  await mode(page, 'Public').check();
  await openSection(page, 'Events');
  await expect(eventsHeading(page)).toBeVisible();
  await expect(question(page)).toHaveCount(0);

  // Back asks too, and the address stays the form's while it does.
  await openPrivacy(page);
  await mode(page, 'Anonymous').check();
  await page.goBack();
  await expect(question(page)).toBeVisible();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.keyboard.press('Escape');
  await expect(question(page)).toHaveCount(0);
  await expect(mode(page, 'Anonymous')).toBeChecked();

  // Save and go: saved, then the events list; Anonymous is kept, after a reload too.
  await openSection(page, 'Events');
  await question(page).getByRole('button', { name: 'Save and go' }).click();
  await expect(eventsHeading(page)).toBeVisible();
  await expect(page.getByText('Privacy settings updated')).toBeVisible();
  await page.reload();
  await expect(eventsHeading(page)).toBeVisible();
  await openPrivacy(page);
  await expect(mode(page, 'Anonymous')).toBeChecked();
  await ana.context.close();
});

test('a chat keeps its draft when left and found again; sent, it is gone', async ({ browser }) => {
  test.setTimeout(240_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = await Person.register(browser, 'Ben');
  await ben.openEvent(QUIET_FOUNDERS.name);
  await ana.person.openEvent(QUIET_FOUNDERS.name);
  await ana.person.fromMore(ben.name, 'Chat');
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  const input = ana.page.getByPlaceholder('Type your message...');
  await input.fill('Would you like to');

  // Leaving never asks about a chat: the draft is kept.
  await openSection(ana.page, 'Events');
  await expect(eventsHeading(ana.page)).toBeVisible();
  await expect(question(ana.page)).toHaveCount(0);
  await ana.page.goBack();
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  await expect(input).toHaveValue('Would you like to');

  // Sent, it is gone, and stays gone after leaving and coming back.
  await input.fill('Would you like to get a coffee?');
  await ana.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(input).toHaveValue('');
  await openSection(ana.page, 'Events');
  await ana.page.goBack();
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  await expect(input).toHaveValue('');
  await ana.person.context.close();
  await ben.context.close();
});
