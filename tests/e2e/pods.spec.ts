/**
 * Issue 43 item 3 "Small groups", at 390x844: at the Quiet Founders Meetup, Ana asks for a
 * small group and waits; Ben and Cy ask too (through the API: their screens are Ana's); within
 * seconds Ana's card shows the pod (who, where, when) and leads to its chat. axe finds nothing
 * on each screen, in English and in German.
 */
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { baseUrl, expect, shot, test } from './fixtures';

test('a small group forms for those who ask, with where to meet and a chat of its own', async ({ browser }) => {
  test.setTimeout(240_000);
  const [ana, ben, cy] = [await Person.register(browser, 'Ana'), await Person.register(browser, 'Ben'), await Person.register(browser, 'Cy')];
  for (const p of [ana, ben, cy]) await p.openEvent(QUIET_FOUNDERS.name);
  const eventPath = new URL(ana.page.url()).pathname;
  const eventId = eventPath.split('/')[2]!;

  const card = ana.page.getByRole('region', { name: 'Small group' });
  await card.getByRole('button', { name: 'Find a small group' }).click();
  await expect(card.getByRole('status')).toContainText('Looking for a small group for you');
  await expect(card.getByRole('button', { name: 'Stop looking' })).toBeVisible();
  await checkView(ana.page, 'pods-waiting');
  await shot(ana.page, 'pods-waiting-390');

  for (const p of [ben, cy]) await p.call('POST', `/events/${eventId}/pods/queue`, { query: { user_id: p.id } });
  // A pod forms within 10 s; Ana's card hears it live (or reads it again within 4 s).
  await expect(card.getByText('Your small group is ready.')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/^Meet at .+ at .+\.$/)).toBeVisible();
  const members = card.getByRole('list');
  for (const name of ['You', ben.name, cy.name]) await expect(members.getByText(name, { exact: true })).toBeVisible();
  await checkView(ana.page, 'pods-formed');
  await shot(ana.page, 'pods-formed-390');
  await ana.page.setViewportSize({ width: 1280, height: 800 });
  await shot(ana.page, 'pods-formed-1280');
  await ana.page.setViewportSize({ width: 390, height: 844 });

  // In German (Ana's session in a German browser).
  const german = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, storageState: await ana.context.storageState() });
  const de = await german.newPage();
  await de.goto(`${baseUrl()}${eventPath}`);
  const karte = de.getByRole('region', { name: 'Kleine Gruppe' });
  await expect(karte.getByText('Deine kleine Gruppe ist bereit.')).toBeVisible();
  await checkView(de, 'pods-de');
  await shot(de, 'pods-de-390');
  await de.setViewportSize({ width: 1280, height: 800 });
  await shot(de, 'pods-de-1280');
  await german.close();

  // Its chat, only theirs.
  await card.getByRole('button', { name: 'Open the group chat' }).click();
  await expect(ana.page.getByRole('button', { name: /^Small group at / })).toHaveAttribute('aria-pressed', 'true');
  await expect(ana.page.getByRole('button', { name: 'Members (3)' })).toBeVisible();
  await checkView(ana.page, 'pods-chat');

  for (const p of [ana, ben, cy]) await p.context.close();
});
