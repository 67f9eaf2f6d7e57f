import { MESSAGES } from '../../contract/messages';
import { Attendee, toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, screenshot, test, openSection, shot } from './fixtures';

const EVENT = QUIET_FOUNDERS.name;

test('two people connect discreetly, chat live, share details, and read their notifications', async ({ browser }) => {
  test.setTimeout(480_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  const cy = new Attendee(await Person.register(browser, 'Cy'));
  for (const p of [ana, ben, cy]) await p.person.openEvent(EVENT);

  // Ana asks Ben, with a message.
  await ana.openAttendees();
  await expect(ana.attendeeCard(ben.name).getByText('@' + ben.person.username)).toBeVisible();
  const dialog = await ana.composeRequest(ben.name, 'Loved your question about slow gardening');
  await checkView(ana.page, 'attendees-connect-modal');
  await shot(ana.page, 'attendees-connect-modal-screen');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(ana.toast(MESSAGES.connectionRequestSent.message)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(ana.attendeeCard(ben.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();

  // Ben sees it arrive live on the event view, without reloading, and accepts.
  await expect(ben.requestsButton()).toHaveAccessibleName('Requests (1 waiting)');
  await expect(ben.toast(`New connection request — ${ana.name} would like to connect with you.`)).toBeVisible();
  await ben.requestsButton().scrollIntoViewIfNeeded();
  await shot(ben.page, 'event-view-requests-badge');
  await ben.openRequests();
  const request = ben.requestCard(ana.name);
  await expect(request).toContainText('Loved your question about slow gardening');
  await expect(request.getByRole('list', { name: 'Interests' }).getByRole('listitem')).toHaveText(['hiking', 'jazz', 'board games']);
  await toTop(ben.page);
  await checkView(ben.page, 'connection-requests');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(ben.toast(MESSAGES.connectionAccepted.message)).toBeVisible();
  await expect(request).toHaveCount(0);

  // Both see Chat: Ana's card for Ben changes in place, Ben's list shows it.
  await expect(ana.attendeeCard(ben.name).getByRole('button', { name: 'Chat', exact: true })).toBeEnabled();
  await ben.backToEvent(EVENT);
  await expect(ben.requestsButton()).toHaveAccessibleName('Requests');
  await ben.openAttendees();
  await expect(ben.attendeeCard(ana.name).getByRole('button', { name: 'Chat', exact: true })).toBeEnabled();

  // They chat live, starting with an ice breaker.
  await ana.openChatWith(ben.name);
  const breakers = ana.page.getByRole('region', { name: 'Ice breakers' }).getByRole('button');
  await expect(breakers.first()).toBeVisible();
  const suggestion = (await breakers.first().textContent())!;
  await breakers.first().click();
  await expect(ana.chatLog().getByText(suggestion)).toBeVisible();
  await ben.openChatWith(ana.name);
  await expect(ben.chatLog().getByText(suggestion)).toBeVisible();
  await expect(ben.chatLog().getByText('Ice breaker')).toBeVisible();
  await ben.say('Ha, the quiet room, honestly. You?');
  await expect(ana.chatLog().getByText('Ha, the quiet room, honestly. You?')).toBeVisible();
  await ana.say('Same! Tea by the window?');
  await expect(ben.chatLog().getByText('Same! Tea by the window?')).toBeVisible();

  // Ana's signal drops: her message waits, marked, and goes once when she is back.
  await ana.person.context.setOffline(true);
  await expect(ana.page.getByText('Offline', { exact: true })).toBeVisible();
  await ana.say('On my way over now');
  const pending = ana.chatLog().getByRole('listitem').filter({ hasText: 'On my way over now' });
  await expect(pending).toContainText("sending when you're back online");
  // The ice breakers fold away once a conversation has started; open them for the picture.
  await ana.page.getByRole('region', { name: 'Ice breakers' }).getByText('Ice breakers', { exact: true }).click();
  await expect(breakers.first()).toBeVisible();
  await toTop(ana.page);
  await screenshot(ana.page, 'chat-ice-breakers-pending');
  await ana.person.context.setOffline(false);
  await expect(pending).not.toContainText("sending when you're back online");
  await expect(ben.chatLog().getByText('On my way over now')).toHaveCount(1);
  await expect(ana.chatLog().getByText('On my way over now')).toHaveCount(1);
  await toTop(ben.page);
  await checkView(ben.page, 'chat');

  // Cy asks Ben too; Ben declines, quietly: Cy still sees Request Sent, even after a fresh load.
  await cy.openAttendees();
  const cyDialog = await cy.composeRequest(ben.name, 'Hello!');
  await cyDialog.getByRole('button', { name: 'Send' }).click();
  await expect(cy.toast(MESSAGES.connectionRequestSent.message)).toBeVisible();
  await ben.back();
  await ben.backToEvent(EVENT);
  await expect(ben.requestsButton()).toHaveAccessibleName('Requests (1 waiting)');
  await ben.openRequests();
  await ben.requestCard(cy.name).getByRole('button', { name: 'Decline' }).click();
  await expect(ben.toast(MESSAGES.connectionDeclined.message)).toBeVisible();
  await expect(ben.requestCard(cy.name)).toHaveCount(0);
  await cy.backToEvent(EVENT);
  await expect(cy.person.personCard(ben.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await cy.openAttendees();
  await expect(cy.attendeeCard(ben.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(cy.toast(/declined/i)).toHaveCount(0);

  // A group message reaches the other attendee live.
  await ben.backToEvent(EVENT);
  await ben.openGroupChat();
  await ana.back();
  await ana.backToEvent(EVENT);
  // Connected: the card leads with Chat (issue 39: one primary action).
  await expect(ana.person.personCard(ben.name).getByRole('button', { name: 'Chat', exact: true })).toBeEnabled();
  await ana.openGroupChat();
  const hello = `Hello everyone — I'm by the plants (${Date.now().toString(36)})`;
  await ana.say(hello);
  await expect(ben.chatLog().getByText(hello)).toBeVisible();
  await toTop(ben.page);
  await checkView(ben.page, 'group-chat');

  // Ana shares her email with Ben, from her connections: Ben's app says so.
  await ana.backToEvent(EVENT);
  await ana.person.backToEvents();
  await openSection(ana.page, 'People');
  const benConnection = ana.page.getByRole('list', { name: 'Connections' }).getByRole('article', { name: ben.name });
  await benConnection.getByRole('button', { name: 'Exchange' }).click();
  await expect(ana.page.getByRole('heading', { name: 'Share your contact details' })).toBeVisible();
  await ana.page.getByLabel('What to share').selectOption('email');
  await expect(ana.page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  // Her account's email is filled in for her (issue 18): choosing the type is the one step (issue 39).
  await expect(ana.page.getByLabel('Email', { exact: true })).toHaveValue(`${ana.person.username}@example.com`);
  await ana.page.getByRole('button', { name: 'Send Contact Exchange Request' }).click();
  await expect(ana.toast(MESSAGES.contactExchangeSent.message)).toBeVisible();
  // Ben is in the group chat: the toast shows at the top, clear of the message input.
  const shared = ben.toast(`${ana.name} shared their email address (email: ${ana.person.username}@example.com)`);
  await expect(shared).toBeVisible();
  const toastBox = (await shared.boundingBox())!;
  const inputBox = (await ben.page.getByRole('form', { name: /^Message / }).boundingBox())!;
  expect(toastBox.y + toastBox.height <= inputBox.y || inputBox.y + inputBox.height <= toastBox.y).toBe(true);
  await shot(ben.page, 'group-chat-toast');

  // Ben reads his notifications and marks them read; the badge goes.
  await ben.backToEvent(EVENT);
  await ben.person.backToEvents();
  // The bottom navigation's Alerts carries the unread count.
  const bell = ben.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Alerts/ });
  await expect(bell).toHaveAccessibleName('Alerts (3 unread)');
  await shot(ben.page, 'events-notifications-badge');
  await bell.click();
  const list = ben.page.getByRole('list', { name: 'Notifications list' });
  await expect(list.getByRole('article')).toHaveCount(3);
  await expect(list.getByRole('article').first()).toContainText('Contact details shared with you');
  await toTop(ben.page);
  await checkView(ben.page, 'notifications');
  while ((await list.getByRole('button', { name: 'Mark Read' }).count()) > 0) {
    const before = await list.getByRole('button', { name: 'Mark Read' }).count();
    await list.getByRole('button', { name: 'Mark Read' }).first().click();
    await expect(list.getByRole('button', { name: 'Mark Read' })).toHaveCount(before - 1);
  }
  await expect(ben.page.getByText('All read.')).toBeVisible();
  await ben.page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(bell).toHaveAccessibleName('Alerts');

  for (const p of [ana, ben, cy]) await p.person.context.close();
});
