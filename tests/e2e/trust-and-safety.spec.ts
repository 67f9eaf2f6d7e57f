/**
 * Issue 16's whole loop, in three browsers: two strangers at the same event and the
 * moderator. Ben writes to Ana; she blocks him from the chat, which stays on screen
 * read-only, and reports his message from it (a block never stops a report, and the sheet
 * offers no second block). The admin opens the report with the message among its
 * neighbours and warns Ben; Ana is told, in general words, that her report was reviewed;
 * Ben reads the warning in the admin's words, and nothing he can see tells him of the report.
 */
import { REPORT_REVIEWED, REPORT_THANKS as REPORT_THANKS_SAID } from '../../contract/report-texts';
import { blockedInChat as blockedInChat_SAID } from '../../contract/safety-words';
import { adminLogin, adminNav, bothSizes } from './admin.pages';
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { baseUrl, expect, openSection, test, shot } from './fixtures';
import { ADMIN_SLUG } from './global-setup';
import { english } from '../../contract/said';

const REPORT_THANKS = english(REPORT_THANKS_SAID);
const blockedInChat = english(blockedInChat_SAID);

const EVENT = QUIET_FOUNDERS.name;

test('A blocks B in the chat and reports his message; the admin sees it in context and warns B; A hears it was reviewed; B reads the warning', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(EVENT);

  // Ben, a stranger at the same event, writes to Ana: the unkind line between two others.
  const tag = Date.now().toString(36);
  const said = [`Hi Ana, I saw you by the window (${tag})`, `Answer me or you'll regret it (${tag})`, `Why are you ignoring me? (${tag})`];
  await ben.person.fromMore(ana.name, 'Chat');
  await expect(ben.page.getByRole('heading', { name: `Chat with ${ana.name}`, level: 1 })).toBeVisible();
  for (const line of said) await ben.say(line);

  // Ana opens the chat from his card and blocks him there: it asks first, with the card's question.
  await ana.person.reopenEvent(EVENT);
  await ana.person.fromMore(ben.name, 'Chat');
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  const unkind = ana.chatLog().getByRole('listitem').filter({ hasText: said[1]! });
  await expect(unkind).toBeVisible();
  await ana.page.getByRole('button', { name: `More for ${ben.name}` }).click();
  await ana.page.getByRole('button', { name: `Block ${ben.name}`, exact: true }).click();
  const ask = ana.page.getByRole('alertdialog', {
    name: `Block ${ben.name}? They won't be able to see you or contact you, and they won't be told.`,
  });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(ana.page, 'trust-chat-block-question-390x844');
  await ask.getByRole('button', { name: `Block ${ben.name}`, exact: true }).click();

  // The chat stays, read-only: every message, each with Report; a calm line in place of the input.
  const closed = ana.page.getByRole('status', { name: 'Messages are closed' });
  await expect(closed).toHaveText(blockedInChat({ name: ben.name }));
  await expect(closed).toBeFocused();
  await expect(ana.page.getByRole('form', { name: `Message ${ben.name}` })).toHaveCount(0);
  await expect(ana.page.getByRole('button', { name: `Block ${ben.name}`, exact: true })).toHaveCount(0);
  await expect(ana.chatLog().getByRole('listitem')).toHaveCount(said.length);
  await expect(ana.chatLog().getByRole('button', { name: `Report message from ${ben.name}` })).toHaveCount(said.length);
  await checkView(ana.page, 'trust-chat-blocked-full');
  await shot(ana.page, 'trust-chat-blocked-390x844');

  // She reports his message from the blocked chat: thanked at once, and no offer to block him again.
  await unkind.getByRole('button', { name: `Report message from ${ben.name}` }).click();
  const sheet = ana.page.getByRole('dialog', { name: `Report a message from ${ben.name}` });
  await expect(sheet.getByLabel('What you are reporting')).toHaveText(said[1]!);
  await sheet.getByRole('radio', { name: 'Harassment' }).check();
  const note = 'He threatened me after I did not answer.';
  await sheet.getByLabel("Anything you'd like to add? (optional)").fill(note);
  await sheet.getByRole('button', { name: 'Send report' }).click();
  await expect(sheet.getByText(REPORT_THANKS)).toBeFocused();
  await expect(sheet.getByRole('button', { name: 'Block them too' })).toHaveCount(0);
  await expect(sheet.getByText(/Do you want to block/)).toHaveCount(0);
  await shot(ana.page, 'trust-report-thanked-after-block-390x844');
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(closed).toBeVisible();

  // The admin, in a browser of their own, opens the report: the message marked among its neighbours.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await desk.newPage();
  await admin.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await adminLogin(admin);
  await adminNav(admin).getByRole('button', { name: 'Reports' }).click();
  await expect(admin.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const entry = admin.getByRole('list', { name: 'Open reports' }).getByRole('button').filter({ hasText: `About ${ben.name} (@${ben.person.username})` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`By ${ana.name}`);
  await entry.click();
  const detail = admin.getByRole('article', { name: `Harassment: a chat message from ${ben.name}` });
  await expect(detail.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(detail.getByText(note)).toBeVisible();
  const conversation = detail.getByRole('list', { name: 'The conversation around it' });
  await expect(conversation.getByRole('listitem')).toHaveCount(said.length);
  for (const [i, line] of said.entries()) await expect(conversation.getByRole('listitem').nth(i)).toContainText(line);
  const reported = conversation.getByRole('listitem').filter({ hasText: 'Reported' });
  await expect(reported).toHaveCount(1);
  await expect(reported).toContainText(said[1]!);
  await bothSizes(admin, 'trust-admin-report-in-context');
  await admin.setViewportSize({ width: 390, height: 844 });
  await conversation.scrollIntoViewIfNeeded();
  await shot(admin, 'trust-admin-report-in-context-390x844');
  await admin.setViewportSize({ width: 1280, height: 800 });

  // A warning, in the admin's words: that is what Ben reads.
  const reason = 'Threats are not welcome at Wallflower. Please give people room not to answer.';
  await detail.getByRole('button', { name: `Warn ${ben.name}` }).click();
  const form = detail.getByRole('form', { name: `Warn ${ben.name}` });
  await form.getByLabel('What should they know?').fill(reason);
  await form.getByRole('button', { name: 'Send warning' }).click();
  await expect(admin.getByText('Warning issued successfully')).toBeVisible();
  await expect(entry).toHaveCount(0);

  // Ana: the "reviewed" notification, in general words (nothing of what was done).
  await openSection(ana.page, 'Alerts');
  await expect(ana.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const reviewed = ana.page.getByRole('article', { name: new RegExp(REPORT_REVIEWED.title.message) });
  await expect(reviewed).toContainText(REPORT_REVIEWED.content.message);
  await expect(reviewed).not.toContainText(/warn/i);

  // Ben: the warning with the admin's reason.
  await openSection(ben.page, 'Alerts');
  await expect(ben.page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = ben.page.getByRole('list', { name: 'Notifications list' });
  const notices = list.getByRole('listitem');
  const warning = notices.filter({ hasText: 'A note from the Wallflower team' });
  await expect(warning).toHaveCount(1);
  await expect(warning).toContainText(reason);
  await shot(ben.page, 'trust-warning-390x844');

  // Probed through his app, Ben learns nothing of the report: not in his notifications, not
  // in his privacy settings, and nobody named.
  await expect(notices).toHaveCount(1);
  await expect(list).not.toContainText(/report/i);
  await expect(list).not.toContainText(ana.name);
  await openSection(ben.page, 'Me');
  await ben.page.getByRole('button', { name: 'Privacy', exact: true }).click();
  await expect(ben.page.getByRole('heading', { name: 'Privacy settings', level: 1 })).toBeVisible();
  await expect(ben.page.getByRole('region', { name: 'Your reports' }).getByText("You haven't reported anything.")).toBeVisible();
  await expect(ben.page.getByText(REPORT_REVIEWED.title.message)).toHaveCount(0);
  await expect(ben.page.getByText(new RegExp(`reported you|${ana.name}`))).toHaveCount(0);

  await desk.close();
});
