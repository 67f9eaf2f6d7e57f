/**
 * Issue 16, items 3 and 5, on the real server: Ana takes a break for an hour with a status
 * line, sees the banner on every view, her connection Ben sees the line and "On a break",
 * and Ana taps "I'm back". Cy, a stranger sharing no event with her, finds her but is
 * offered no Chat, and a chat opened by its address is as unknown to him as any other (issue 40).
 */
import { WELCOME_BACK } from '../../contract/safety-words';
import { MESSAGES } from '../../contract/messages';
import { Attendee, toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { baseUrl, expect, openSection, test, shot } from './fixtures';

const LINE = 'Recharging, back after lunch';

test('a break for an hour with a status line, seen by a connection, ended with "I\'m back"; a stranger may not write', async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(QUIET_FOUNDERS.name);

  // Ana and Ben connect.
  await ana.openAttendees();
  const request = await ana.composeRequest(ben.name, 'Tea by the window?');
  await request.getByRole('button', { name: 'Send' }).click();
  await expect(ana.toast(MESSAGES.connectionRequestSent.message)).toBeVisible();
  await ben.openRequests();
  await ben.requestCard(ana.name).getByRole('button', { name: 'Accept' }).click();
  await expect(ben.toast(MESSAGES.connectionAccepted.message)).toBeVisible();

  // Ana takes a break from the top bar: an hour, with a line and an emoji.
  await ana.page.getByRole('button', { name: 'Take a break' }).click();
  const sheet = ana.page.getByRole('dialog', { name: 'Take a break' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('radio', { name: 'For 1 hour' })).toBeChecked();
  await sheet.getByLabel('Status line (optional)').fill(LINE);
  await sheet.getByRole('radio', { name: 'Leaf' }).check();
  await expect(sheet.getByRole('radio', { name: 'Leaf' })).toBeChecked();
  await checkView(ana.page, 'break-sheet-full');
  await shot(ana.page, 'break-sheet');
  await sheet.getByRole('button', { name: 'Start my break' }).click();

  const banner = ana.page.getByRole('status', { name: 'Your break' });
  await expect(banner).toContainText(/You're on a break until .+\./);
  await expect(banner).toContainText(`Your connections see: “🌿 ${LINE}”`);
  await expect(sheet).toHaveCount(0);
  await expect(ana.page.getByRole('button', { name: 'Take a break' })).toHaveCount(0);
  await toTop(ana.page);
  await checkView(ana.page, 'break-banner-full');
  await shot(ana.page, 'break-banner');
  // On every view: her chats too.
  await openSection(ana.page, 'Chats');
  await expect(ana.page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
  await expect(banner).toBeVisible();

  // Ben, her connection, sees her line and that she is on a break.
  await openSection(ben.page, 'People');
  const card = ben.page.getByRole('list', { name: 'Connections' }).getByRole('article', { name: ana.name });
  await expect(card.getByText('On a break')).toBeVisible();
  await expect(card.getByText(`🌿 ${LINE}`)).toBeVisible();
  await toTop(ben.page);
  await checkView(ben.page, 'connection-status-line-full');
  await shot(ben.page, 'connection-status-line');

  // Ana is back: the banner goes, the server says "Welcome back".
  await banner.getByRole('button', { name: "I'm back" }).click();
  await expect(banner).toHaveCount(0);
  await expect(ana.page.getByRole('status', { name: 'Welcome back' })).toContainText(WELCOME_BACK.content.message);
  await expect(ana.page.getByRole('button', { name: 'Take a break' })).toBeEnabled();
  await shot(ana.page, 'break-welcome-back');
  await ana.page.getByRole('status', { name: 'Welcome back' }).getByRole('button', { name: 'OK' }).click();
  await expect(ana.page.getByRole('status', { name: 'Welcome back' })).toHaveCount(0);

  // Ben's list, read again, shows her without a break or a line.
  await ben.page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText('On a break')).toHaveCount(0);
  await expect(card.getByText(LINE)).toHaveCount(0);

  // Cy shares no event with Ana: he finds her, but is offered no Chat.
  const cy = new Attendee(await Person.register(browser, 'Cy'));
  await openSection(cy.page, 'People');
  await cy.page.getByRole('button', { name: 'Search', exact: true }).click();
  await cy.page.getByLabel('Name or username').fill(ana.person.username);
  await cy.page.getByRole('button', { name: 'Search Users' }).click();
  const found = cy.page.getByRole('list', { name: 'People found' }).getByRole('article', { name: ana.name });
  await expect(found.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await expect(found.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(0);
  await expect(found.getByText("Once you're connected, you can write to each other.")).toBeVisible();

  // A chat with her opened by its address is as unknown to a stranger (issue 40): his events, said calmly.
  const anaId = ((await (await ana.page.request.get(`${baseUrl()}/api/auth/me`)).json()) as { id: string }).id;
  await cy.page.goto(`${baseUrl()}/chats/${anaId}`);
  await expect(cy.page.getByText("That page isn't available any more, so here are your events.")).toBeVisible();
  await expect(cy.page.getByRole('heading', { name: `Chat with ${ana.name}`, level: 1 })).toHaveCount(0);
  await expect(cy.page.getByPlaceholder('Type your message...')).toHaveCount(0);

  for (const p of [ana, ben, cy]) await p.person.context.close();
});
