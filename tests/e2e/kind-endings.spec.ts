/**
 * Issue 43 item 5 "Kind endings", on the real server at 390x844: Ana taps "I'm heading off"
 * in her chat with Ben and sends a warm line with one tap. The chat rests for both: each
 * sees "This chat is resting" (nobody is muted in secret), Ben's next message still
 * arrives, and Ben wakes the chat for both. axe finds nothing on each screen.
 */
import { HEADING_OFF_LINES, KIND_ENDING_WORDS } from '../../contract/kind-endings';
import { Attendee, toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, test, shot } from './fixtures';
import { english } from '../../contract/said';

const W = english(KIND_ENDING_WORDS);
const LINE = english(HEADING_OFF_LINES[0].text);

test('"I\'m heading off" rests a chat for both, and either can wake it', async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(QUIET_FOUNDERS.name);

  await ben.chatFromNearby(QUIET_FOUNDERS.name, ana);
  await ben.say('So good to meet another slow gardener!');
  await ana.chatFromNearby(QUIET_FOUNDERS.name, ben);
  await expect(ana.chatLog()).toContainText('So good to meet another slow gardener!');

  // Under More: "I'm heading off" opens the sheet of warm lines, each a button.
  await ana.page.getByRole('button', { name: `More for ${ben.name}` }).click();
  await ana.page.getByRole('button', { name: W.button }).click();
  const sheet = ana.page.getByRole('dialog', { name: W.sheetTitle });
  await expect(sheet).toBeVisible();
  for (const line of HEADING_OFF_LINES) await expect(sheet.getByRole('button', { name: english(line.text) })).toBeVisible();
  await checkView(ana.page, 'kind-ending-sheet');
  await shot(ana.page, 'kind-ending-sheet-390');

  // One tap sends it; the chat rests for Ana…
  await sheet.getByRole('button', { name: LINE }).click();
  await expect(sheet).toHaveCount(0);
  await expect(ana.chatLog()).toContainText(LINE);
  await expect(ana.page.getByText(W.resting, { exact: true })).toBeVisible();
  await toTop(ana.page);
  await checkView(ana.page, 'kind-ending-resting-ana');

  // …and for Ben, who sees the line and the same note, live.
  await expect(ben.chatLog()).toContainText(LINE);
  await expect(ben.page.getByText(W.resting, { exact: true })).toBeVisible();
  await toTop(ben.page);
  await checkView(ben.page, 'kind-ending-resting-ben');
  await shot(ben.page, 'kind-ending-resting-390');

  await ben.page.setViewportSize({ width: 1280, height: 800 });
  await shot(ben.page, 'kind-ending-resting-1280');
  await ben.page.setViewportSize({ width: 390, height: 844 });
  // In German (Ben's session in a German browser): the note and the wake button, axe at 0.
  const german = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, storageState: await ben.person.context.storageState() });
  const de = await german.newPage();
  await de.goto(ben.page.url());
  await expect(de.getByText('Dieser Chat ruht', { exact: true })).toBeVisible();
  await expect(de.getByRole('button', { name: 'Chat aufwecken' })).toBeVisible();
  await checkView(de, 'kind-ending-resting-de');
  await shot(de, 'kind-ending-resting-de-390');
  await de.setViewportSize({ width: 1280, height: 800 });
  await shot(de, 'kind-ending-resting-de-1280');
  await german.close();

  // Messages still arrive while it rests.
  await ben.say('Safe travels!');
  await expect(ana.chatLog()).toContainText('Safe travels!');

  // Ben wakes it: the note goes for both.
  await ben.page.getByRole('button', { name: W.wake }).click();
  await expect(ben.page.getByText(W.resting, { exact: true })).toHaveCount(0);
  await expect(ana.page.getByText(W.resting, { exact: true })).toHaveCount(0);
  await checkView(ana.page, 'kind-ending-awake');

  for (const p of [ana, ben]) await p.person.context.close();
});
