/**
 * Issue 18 "Requests that lapse kindly": a declined request and an unanswered one lapse
 * alike after 48 hours — the sender sees "No answer this time" on both, never which was
 * declined — and they free the sender's slots, so a Free account can reach out again.
 * The server's clock is moved (server/test-clock.ts) and put back afterwards.
 */
import type { Locator, Page } from '@playwright/test';
import { NO_ANSWER as NO_ANSWER_SAID } from '../../contract/constants';
import { PENDING_REQUEST_CAP, pendingCapDetail } from '../../contract/social';
import { MESSAGES } from '../../contract/messages';
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, openSection, setServerClockOffset, test, shot } from './fixtures';
import { english } from '../../contract/said';

const NO_ANSWER = english(NO_ANSWER_SAID);

const HOUR = 3_600_000;

async function search(page: Page, interests: string): Promise<Locator> {
  await openSection(page, 'People');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByLabel('Interests').fill(interests);
  await page.getByRole('button', { name: 'Search Users' }).click();
  const found = page.getByRole('list', { name: 'People found' });
  await expect(found.getByRole('article').first()).toBeVisible();
  return found;
}

/** Connect on a search result, through the connect modal. */
async function ask(page: Page, result: Locator) {
  const name = (await result.getByRole('heading', { level: 3 }).textContent())!;
  await result.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('dialog', { name: `Connect with ${name}` }).getByRole('button', { name: 'Send' }).click();
}

test.afterEach(async () => {
  await setServerClockOffset(0);
});

test('a declined and an unanswered request lapse identically after 48 hours and free the sender’s slot', async ({ browser }) => {
  test.setTimeout(360_000);
  const tag = `tidepools${Date.now().toString(36)}`;
  const sam = await Person.register(browser, 'Sam');
  const ana = new Attendee(await Person.register(browser, 'Ana', { interests: `${tag}, jazz` }));
  const toast = (text: string | RegExp) => sam.page.getByRole('status', { name: 'Notifications' }).getByText(text);

  // Sam asks Ana, found by the interest only she has.
  const anaResult = (await search(sam.page, tag)).getByRole('article', { name: ana.name });
  await ask(sam.page, anaResult);
  await expect(anaResult.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

  // And people who like jazz, until his Free plan's requests are all waiting.
  const jazz = await search(sam.page, 'jazz');
  const askable = jazz.getByRole('article').filter({ has: sam.page.getByRole('button', { name: 'Connect', exact: true }) });
  const asked: string[] = [];
  for (let i = 1; i < PENDING_REQUEST_CAP.Free; i++) {
    const result = askable.first();
    asked.push((await result.getByRole('heading', { level: 3 }).textContent())!);
    await ask(sam.page, result);
    await expect(jazz.getByRole('article', { name: asked.at(-1)! }).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  }
  const waiting = askable.first();
  const nextName = (await waiting.getByRole('heading', { level: 3 }).textContent())!;
  await ask(sam.page, waiting);
  const refused = sam.page.getByRole('dialog', { name: `Connect with ${nextName}` });
  await expect(refused.getByRole('alert')).toHaveText(pendingCapDetail(PENDING_REQUEST_CAP.Free, false).message);
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toHaveCount(0);

  // Ana declines, quietly; the others never answer.
  await ana.person.openEvent(QUIET_FOUNDERS.name);
  await ana.openRequests();
  await ana.requestCard(sam.name).getByRole('button', { name: 'Decline' }).click();
  await expect(ana.toast(MESSAGES.connectionDeclined.message)).toBeVisible();

  // Two days on, both read the same on Sam's screen: no answer this time.
  await setServerClockOffset(49 * HOUR);
  const anaAgain = (await search(sam.page, tag)).getByRole('article', { name: ana.name });
  await expect(anaAgain.getByRole('button', { name: NO_ANSWER })).toBeDisabled();
  const later = await search(sam.page, 'jazz');
  const unanswered = later.getByRole('article', { name: asked[0]! });
  await expect(unanswered.getByRole('button', { name: NO_ANSWER })).toBeDisabled();
  await expect(unanswered.getByRole('button', { name: NO_ANSWER })).toHaveText(await anaAgain.getByRole('button', { name: NO_ANSWER }).textContent() ?? '');
  await unanswered.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(sam.page, 'lapse-no-answer');
  await checkView(sam.page, 'lapse-search-results');

  // The slots are free again: the request that was refused goes now.
  const next = later.getByRole('article', { name: nextName });
  await ask(sam.page, next);
  await expect(next.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(toast(MESSAGES.connectionRequestSent.message)).toBeVisible();

  for (const p of [sam, ana.person]) await p.context.close();
});
