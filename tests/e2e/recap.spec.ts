/**
 * Issue 43 item 4 "A recap", on the clock project's server at 390x844: Ana and Ben chat at
 * the Quiet Founders Meetup; once it is over (the server's clock and Ana's moved past its
 * end), Ana's event view offers her recap: Ben, "Chatted", a private note she keeps on him,
 * and "Say thanks", which opens their chat. axe finds nothing on each screen.
 */
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { baseUrl, expect, setServerClockOffset, test, shot } from './fixtures';

const HOUR = 3_600_000;

test.afterEach(async () => {
  await setServerClockOffset(0);
});

test('after the event, the recap shows who you met, keeps a private note, and leads to a thank-you', async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(QUIET_FOUNDERS.name);
  const eventPath = new URL(ana.page.url()).pathname;

  await ben.person.fromMore(ana.name, 'Chat');
  await expect(ben.page.getByRole('heading', { name: `Chat with ${ana.name}`, level: 1 })).toBeVisible();
  await ben.say('Thank you for the sourdough tips!');

  // While it is on, no recap is offered.
  await expect(ana.page.getByRole('heading', { name: 'Your recap' })).toHaveCount(0);

  // The event is over: the server and Ana's phone are a day on.
  const later = await setServerClockOffset(26 * HOUR);
  await ana.page.clock.install({ time: later });
  await ana.page.goto(`${baseUrl()}${eventPath}`);
  const recap = ana.page.getByRole('region', { name: 'Your recap' });
  await expect(recap).toBeVisible();
  await recap.getByRole('button', { name: 'See who you met' }).click();
  await expect(recap.getByText(ben.name, { exact: true })).toBeVisible();
  await expect(recap.getByRole('list', { name: 'How you met' })).toContainText('Chatted');
  await checkView(ana.page, 'recap-open');
  await shot(ana.page, 'recap-open-390');

  // A note only she sees.
  await recap.getByRole('button', { name: `Add a note about ${ben.name}` }).click();
  await recap.getByLabel('Your note').fill('Sourdough: send him the starter recipe');
  await checkView(ana.page, 'recap-note');
  await recap.getByRole('button', { name: 'Save note' }).click();
  await expect(recap.getByText('Sourdough: send him the starter recipe')).toBeVisible();
  await expect(recap.getByRole('button', { name: `Edit your note about ${ben.name}` })).toBeVisible();
  await checkView(ana.page, 'recap-noted');
  await shot(ana.page, 'recap-noted-390');

  // Wider, and in German (Ana's session in a German browser): axe finds nothing either.
  await ana.page.setViewportSize({ width: 1280, height: 800 });
  await shot(ana.page, 'recap-noted-1280');
  await ana.page.setViewportSize({ width: 390, height: 844 });
  const german = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, storageState: await ana.person.context.storageState() });
  const de = await german.newPage();
  await de.clock.install({ time: later });
  await de.goto(`${baseUrl()}${eventPath}`);
  const rueckblick = de.getByRole('region', { name: 'Dein Rückblick' });
  await rueckblick.getByRole('button', { name: 'Wen habe ich getroffen?' }).click();
  await expect(rueckblick.getByText('Geschrieben', { exact: true })).toBeVisible();
  await expect(rueckblick.getByText('Sourdough: send him the starter recipe')).toBeVisible();
  await checkView(de, 'recap-de');
  await shot(de, 'recap-de-390');
  await de.setViewportSize({ width: 1280, height: 800 });
  await shot(de, 'recap-de-1280');
  await german.close();

  // Say thanks opens their chat.
  await recap.getByRole('button', { name: `Say thanks to ${ben.name}` }).click();
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  await expect(ana.chatLog()).toContainText('Thank you for the sourdough tips!');

  for (const p of [ana, ben]) await p.person.context.close();
});
