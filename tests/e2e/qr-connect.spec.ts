/**
 * QR connect (issue 19): one person's QR image, fed to the other's scanner (as a photo of
 * it, through the same decoder the camera uses), connects them at once, and both see it;
 * the short code typed does the same, and a used code is refused kindly.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CONNECT_VIEW_WORDS as WORDS_SAID, CONNECT_WORDS, connectedWith as connectedWith_SAID } from '../../contract/connect-words';
import { toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, openSection, test } from './fixtures';
import { english } from '../../contract/said';

const WORDS = english(WORDS_SAID);
const connectedWith = english(connectedWith_SAID);

async function openMyCodeFromMe(page: Page) {
  await openSection(page, 'Me');
  await page.getByRole('button', { name: 'My code' }).click();
  await expect(page.getByRole('heading', { name: WORDS.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: WORDS.qrAlt })).toBeVisible();
}

async function openFromPeople(page: Page) {
  await openSection(page, 'People');
  await page.getByRole('button', { name: 'Connect by code' }).click();
  await expect(page.getByRole('heading', { name: WORDS.title, level: 1 })).toBeVisible();
}

const shortCodeOn = async (page: Page) => ((await page.getByTestId('connect-short-code').textContent()) ?? '').replace(/\s+/g, '');
const scanSection = (page: Page) => page.getByRole('region', { name: WORDS.scanTitle });
const codeSection = (page: Page) => page.getByRole('region', { name: WORDS.myCode });

test("one person's QR image, fed to the other's scanner, connects them; the short code does too, once", async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = await Person.register(browser, 'Ana');
  const ben = await Person.register(browser, 'Ben');

  // Ana shows her code (from Me); Ben opens the scanner (from People).
  await openMyCodeFromMe(ana.page);
  await expect(ana.page.getByText(WORDS.showLine)).toBeVisible();
  await expect(ana.page.getByTestId('connect-short-code')).toHaveText(/^[A-HJ-NP-Z2-9]{3} [A-HJ-NP-Z2-9]{3}$/);
  await toTop(ana.page);
  await checkView(ana.page, 'connect-my-code');
  await openFromPeople(ben.page);
  await checkView(ben.page, 'connect-scan');

  // What a camera would see of Ana's screen, given to Ben's scanner as a photo.
  mkdirSync('.tmp', { recursive: true });
  const picture = `.tmp/qr-${ana.username}.png`;
  const firstCode = await shortCodeOn(ana.page);
  await ana.page.getByRole('img', { name: WORDS.qrAlt }).screenshot({ path: picture });
  await ben.page.getByLabel(WORDS.choosePhoto).setInputFiles(picture);

  // Both see it at once: Ben on his scanner, Ana on her code (live), which is fresh again.
  await expect(scanSection(ben.page).getByText(connectedWith({ name: ana.name }))).toBeVisible();
  await expect(codeSection(ana.page).getByText(connectedWith({ name: ben.name }))).toBeVisible();
  // Ben's own scan is told once, in his scanner, not again under his code.
  await expect(codeSection(ben.page).getByText(connectedWith({ name: ana.name }))).toHaveCount(0);
  await expect.poll(() => shortCodeOn(ana.page)).not.toBe(firstCode);
  await toTop(ana.page);
  await checkView(ana.page, 'connect-my-code-connected');
  await checkView(ben.page, 'connect-scan-connected');

  // They are connections now: Ben says hello from there.
  await scanSection(ben.page).getByRole('button', { name: `Chat with ${ana.name}` }).click();
  await expect(ben.page.getByRole('heading', { name: `Chat with ${ana.name}` })).toBeVisible();

  // Cy can't scan, so types Ana's short code, the way people read it out.
  const cy = await Person.register(browser, 'Cy');
  await openFromPeople(cy.page);
  const spoken = await shortCodeOn(ana.page);
  await cy.page.getByRole('textbox', { name: WORDS.typeInstead }).fill(`${spoken.slice(0, 3).toLowerCase()} ${spoken.slice(3)}`);
  await cy.page.getByRole('button', { name: WORDS.connectButton, exact: true }).click();
  await expect(scanSection(cy.page).getByText(connectedWith({ name: ana.name }))).toBeVisible();
  await expect(codeSection(ana.page).getByText(connectedWith({ name: cy.name }))).toBeVisible();

  // The same code again, by someone else: used already, said kindly, with Try again.
  const dee = await Person.register(browser, 'Dee');
  await openFromPeople(dee.page);
  await dee.page.getByRole('textbox', { name: WORDS.typeInstead }).fill(spoken);
  await dee.page.getByRole('button', { name: WORDS.connectButton, exact: true }).click();
  await expect(scanSection(dee.page).getByRole('alert')).toContainText(CONNECT_WORDS.reused.message);
  await checkView(dee.page, 'connect-scan-used');
  await scanSection(dee.page).getByRole('button', { name: WORDS.tryAgain }).click();
  await expect(scanSection(dee.page).getByRole('alert')).toHaveCount(0);

  // A camera that can't be used (none here, or permission refused): said, and typing stays offered.
  await scanSection(dee.page).getByRole('button', { name: WORDS.useCamera }).click();
  await expect(scanSection(dee.page).getByRole('alert')).toContainText(WORDS.cameraFailed);
  await expect(scanSection(dee.page).getByRole('textbox', { name: WORDS.typeInstead })).toBeVisible();

  // And Ana's People list has both.
  await openSection(ana.page, 'People');
  const list = ana.page.getByRole('list', { name: 'Connections' });
  await expect(list.getByText(ben.name)).toBeVisible();
  await expect(list.getByText(cy.name)).toBeVisible();

  // The event view offers it too.
  await openSection(ben.page, 'Events');
  await ben.openEvent(QUIET_FOUNDERS.name);
  await ben.page.getByRole('navigation', { name: 'At this event' }).getByRole('button', { name: 'Connect by code' }).click();
  await expect(ben.page.getByRole('heading', { name: WORDS.title, level: 1 })).toBeVisible();

  for (const p of [ana, ben, cy, dee]) await p.context.close();
});
