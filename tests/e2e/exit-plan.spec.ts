/**
 * Issue 18 item 3 "An exit plan in chat", on the real server: Ana taps "I need a break" in
 * her chat with Ben, sends a kind closing line and lands on a calm screen; Ben sees only
 * the line, as a normal message. A message Ben sends afterwards reaches Ana's chat but
 * raises no toast on her phone while the chat is muted; once she unmutes, it does again.
 */
import { CLOSING_LINES, EXIT_WORDS as EXIT_WORDS_SAID } from '../../contract/exit-plan';
import { Attendee, toTop } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, openSection, test, shot } from './fixtures';
import { english } from '../../contract/said';

const EXIT_WORDS = english(EXIT_WORDS_SAID);

const LINE = CLOSING_LINES.find((l) => l.id === 'recharge')!.text;

test('"I need a break" ends a chat kindly', async ({ browser }) => {
  test.setTimeout(360_000);
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ana, ben]) await p.person.openEvent(QUIET_FOUNDERS.name);

  // They chat at the event (strangers may, while both attend it), from People nearby.
  await ben.chatFromNearby(QUIET_FOUNDERS.name, ana);
  await ben.say('Lovely talk about slow gardening!');
  await ana.chatFromNearby(QUIET_FOUNDERS.name, ben);
  await expect(ana.chatLog()).toContainText('Lovely talk about slow gardening!');

  // Ana needs a break: the sheet shows each line in full and how long to stay quiet.
  await ana.page.getByRole('button', { name: EXIT_WORDS.button }).click();
  const sheet = ana.page.getByRole('dialog', { name: EXIT_WORDS.sheetTitle });
  await expect(sheet).toBeVisible();
  for (const line of CLOSING_LINES) await expect(sheet.getByRole('radio', { name: line.text })).toBeVisible();
  await sheet.getByRole('radio', { name: LINE }).check();
  await sheet.getByRole('radio', { name: 'For 30 minutes' }).check();
  await checkView(ana.page, 'exit-sheet-full');
  await shot(ana.page, 'exit-sheet');
  await sheet.getByRole('button', { name: EXIT_WORDS.submit }).click();

  // She lands on the calm screen: the line she sent, and until when the chat is quiet.
  await expect(ana.page.getByRole('heading', { name: EXIT_WORDS.calmHeading, level: 1 })).toBeVisible();
  await expect(ana.page.getByText(LINE)).toBeVisible();
  await expect(ana.page.getByText(/^This chat is quiet until (tomorrow, )?\d{1,2}:\d{2}( [AP]M)?\.$/)).toBeVisible();
  await expect(ana.page.getByRole('button', { name: EXIT_WORDS.unmute })).toBeVisible();
  await toTop(ana.page);
  await checkView(ana.page, 'exit-calm-full');
  await shot(ana.page, 'exit-calm');

  // Ben sees the kind line as a normal message, and nothing about a mute.
  await expect(ben.chatLog()).toContainText(LINE);
  await expect(ben.chatLog()).not.toContainText(/mute|quiet/i);
  await expect(ben.page.getByText(/muted/i)).toHaveCount(0);
  await expect(ben.page.getByPlaceholder('Type your message...')).toBeVisible();
  await shot(ben.page, 'exit-other-side');

  // Back to chats. Ben writes again: it reaches Ana's chats, with no toast on her phone.
  await ana.page.getByRole('button', { name: EXIT_WORDS.backToChats }).click();
  await expect(ana.page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
  // The toast of Ben's first message (it names him, issue 39) has had its turn first.
  const toasts = ana.page.getByRole('status', { name: 'Notifications', exact: true });
  await expect(toasts.getByText(/New message/)).toHaveCount(0, { timeout: 15_000 });
  await ben.say('Take care, talk soon!');
  const conversations = ana.page.getByRole('list', { name: 'Conversations' });
  await expect(conversations).toContainText('Take care, talk soon!');
  // Read once, not waited on: a toast raised would still be showing (it comes before the list reloads).
  expect(await toasts.textContent()).not.toContain('New message');

  // In the chat: the message is there, and the header says it is quiet.
  await conversations.getByRole('button', { name: new RegExp(ben.name) }).click();
  await expect(ana.page.getByRole('heading', { name: `Chat with ${ben.name}`, level: 1 })).toBeVisible();
  await expect(ana.chatLog()).toContainText('Take care, talk soon!');
  await expect(ana.page.getByText(/^Quiet until (tomorrow, )?\d{1,2}:\d{2}( [AP]M)?$/)).toBeVisible();
  await toTop(ana.page);
  await checkView(ana.page, 'exit-muted-chat-full');
  await shot(ana.page, 'exit-muted-chat');

  // Unmuted, Ben's next message toasts again (the toast was held back by the mute alone).
  await ana.page.getByRole('button', { name: 'Unmute', exact: true }).click();
  await expect(ana.page.getByText(/^Quiet until/)).toHaveCount(0);
  await openSection(ana.page, 'Chats');
  await expect(ana.page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible();
  await ben.say('One more thing!');
  await expect(toasts).toContainText(`New message from ${ben.name}`);

  for (const p of [ana, ben]) await p.person.context.close();
});
