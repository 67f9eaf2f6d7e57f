/**
 * Issue 16, the reporter's side: a stranger at the same event writes something unkind;
 * the person reports that message from the chat, is thanked at once and offered to block
 * him, blocks him, and finds the report (open) under "Your reports" in privacy settings.
 * A block never stops a report: from the blocked list she reports him again.
 */
import { REPORT_THANKS as REPORT_THANKS_SAID } from '../../contract/report-texts';
import { Attendee, toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, openSection, test, shot } from './fixtures';
import { english } from '../../contract/said';

const REPORT_THANKS = english(REPORT_THANKS_SAID);

const EVENT = QUIET_FOUNDERS.name;

test('an attendee reports a chat message, is thanked at once, blocks the sender, and sees the report in privacy settings', async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(EVENT);

  // Ben, a stranger at the same event, writes to Ana.
  const unkind = `Why are you ignoring me? Answer me (${Date.now().toString(36)})`;
  await ben.person.personCard(ana.name).evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await shot(ben.page, 'user-card-report');
  await ben.person.fromMore(ana.name, 'Chat');
  await expect(ben.page.getByRole('heading', { name: `Chat with ${ana.name}`, level: 1 })).toBeVisible();
  await ben.say(unkind);

  // Ana opens the chat with Ben from his card and reports that message.
  await ana.person.reopenEvent(EVENT);
  await ana.person.fromMore(ben.name, 'Chat');
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  const message = ana.chatLog().getByRole('listitem').filter({ hasText: unkind });
  await expect(message).toBeVisible();
  await shot(ana.page, 'chat-report-message');
  await message.getByRole('button', { name: `Report message from ${ben.name}` }).click();

  const sheet = ana.page.getByRole('dialog', { name: `Report a message from ${ben.name}` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('What you are reporting')).toHaveText(unkind);
  await expect(sheet.getByRole('radio', { name: 'Harassment' })).toBeFocused();
  await sheet.getByRole('radio', { name: 'Harassment' }).check();
  const note = 'He keeps writing after I said no.';
  await sheet.getByLabel("Anything you'd like to add? (optional)").fill(note);
  await expect(sheet.getByText(`${note.length} of 1000 characters`)).toBeVisible();
  await checkView(ana.page, 'report-sheet-choosing-full');
  await shot(ana.page, 'report-sheet-choosing');

  // The thank-you at once, and the offer to block him.
  await sheet.getByRole('button', { name: 'Send report' }).click();
  await expect(sheet.getByText(REPORT_THANKS)).toBeVisible();
  await expect(sheet.getByText(REPORT_THANKS)).toBeFocused();
  const blockToo = sheet.getByRole('button', { name: 'Block them too' });
  await expect(blockToo).toBeVisible();
  await checkView(ana.page, 'report-sheet-thanked-full');
  await shot(ana.page, 'report-sheet-thanked');
  await blockToo.click();
  await expect(sheet.getByText(`You blocked ${ben.name}.`)).toBeVisible();
  await expect(blockToo).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toHaveCount(0);

  // Privacy settings: Ben among the blocked, the report open under "Your reports".
  await openSection(ana.page, 'Me');
  await ana.page.getByRole('button', { name: 'Privacy', exact: true }).click();
  await expect(ana.page.getByRole('heading', { name: 'Privacy settings', level: 1 })).toBeVisible();
  const reports = ana.page.getByRole('list', { name: 'Your reports' }).getByRole('listitem');
  await expect(reports).toHaveCount(1);
  await expect(reports.first()).toContainText(`A message: ${ben.name}`);
  await expect(reports.first()).toContainText('Open: a moderator will look at it');
  await expect(reports.first()).toContainText('Harassment');
  await expect(reports.first()).toContainText(note);

  // A block never stops a report: from the blocked list, the sheet thanks her and offers no block.
  const blocked = ana.page.getByRole('list', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: `Report ${ben.name}` }).click();
  const again = ana.page.getByRole('dialog', { name: `Report ${ben.name}` });
  await again.getByRole('radio', { name: 'Made me uncomfortable' }).check();
  await again.getByRole('button', { name: 'Send report' }).click();
  await expect(again.getByText(REPORT_THANKS)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Block them too' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(reports).toHaveCount(2);
  await expect(reports.first()).toContainText(`A person: ${ben.name}`);
  await ana.page.getByRole('heading', { name: 'Your reports' }).scrollIntoViewIfNeeded();
  await shot(ana.page, 'your-reports');
  await toTop(ana.page);
  await checkView(ana.page, 'privacy-settings-your-reports');
});
