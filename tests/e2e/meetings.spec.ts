/**
 * Issue 19 "Meet on purpose": two people book a meeting and the reminder arrives (clock
 * moved in the test). Ada and Ben connect at the Quiet Founders Meetup; Ada suggests a
 * meeting about half an hour ahead in its Quiet room from her connections list; Ben
 * accepts in My meetings and adds it to his calendar; the server's clock is then moved
 * to four minutes before the start, and both get "Meeting in 5 minutes" within the
 * reminder sweep. The server's clock is put back afterwards (server/test-clock.ts).
 */
import { MESSAGES } from '../../contract/messages';
import { MEETING_WORDS, MEETING_SLOT_STEP_MIN } from '../../contract/meeting-words';
import { MEETING_SHEET_WORDS as SW_SAID } from '../../machines/meetings/meeting-sheet.machine';
import { MEETINGS_WORDS as W_SAID } from '../../machines/meetings/meetings.machine';
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { baseUrl, expect, openSection, setServerClockOffset, shot, test } from './fixtures';
import { english } from '../../contract/said';

const SW = english(SW_SAID);
const W = english(W_SAID);

const MINUTE = 60_000;
const STEP = MEETING_SLOT_STEP_MIN * MINUTE;

test.afterEach(async () => {
  await setServerClockOffset(0);
});

test('two people book a meeting and the reminder arrives', async ({ browser }) => {
  test.setTimeout(360_000);
  const ada = new Attendee(await Person.register(browser, 'Ada'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  for (const p of [ada, ben]) await p.person.openEvent(QUIET_FOUNDERS.name);

  // They connect.
  await ada.openAttendees();
  const ask = await ada.composeRequest(ben.name, 'Coffee later?');
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ada.attendeeCard(ben.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await ben.openRequests();
  await ben.requestCard(ada.name).getByRole('button', { name: 'Accept' }).click();
  await expect(ben.toast(MESSAGES.connectionAccepted.message)).toBeVisible();

  // Her chat with him offers a meeting too, now they are connected at the event.
  await expect(ada.attendeeCard(ben.name).getByRole('button', { name: 'Chat', exact: true })).toBeVisible();
  await ada.openChatWith(ben.name);
  // Under More in the chat's header (issue 39).
  await ada.page.getByRole('button', { name: `More for ${ben.name}` }).click();
  await expect(ada.page.getByRole('button', { name: SW.button })).toBeVisible();

  // Ada suggests a meeting from her connections, about half an hour ahead, in the Quiet room.
  await openSection(ada.page, 'People');
  const card = ada.page.getByRole('list', { name: 'Connections' }).getByRole('article', { name: ben.name });
  await card.getByRole('button', { name: SW.button }).click();
  const sheet = ada.page.getByRole('dialog', { name: SW.title({ name: ben.name }) });
  await expect(sheet).toBeVisible();
  const start = new Date(Math.ceil((Date.now() + 25 * MINUTE) / STEP) * STEP);
  const slot = sheet.locator(`input[type="radio"][value="${start.toISOString()}"]`);
  await expect(slot).toBeVisible();
  await slot.check();
  await sheet.getByRole('combobox', { name: SW.zoneLabel }).selectOption({ label: 'Quiet room' });
  await checkView(ada.page, 'meeting-sheet');
  await shot(ada.page, 'meeting-sheet-390');
  await sheet.getByRole('button', { name: SW.submit[0] }).click();
  const sent = ada.page.getByRole('dialog', { name: SW.sentTitle });
  await expect(sent).toBeVisible();
  await sent.getByRole('button', { name: SW.close }).click();

  // Ben hears of it, and accepts in My meetings (from Me).
  await expect(ben.toast(MEETING_WORDS.proposed.title.message)).toBeVisible();
  await openSection(ben.page, 'Me');
  await ben.page.getByRole('button', { name: W.title }).click();
  await expect(ben.page.getByRole('heading', { name: W.title, level: 1 })).toBeVisible();
  const waiting = ben.page.getByRole('region', { name: W.waitingForYou });
  await expect(waiting.getByRole('heading', { name: `With ${ada.name}` })).toBeVisible();
  await checkView(ben.page, 'my-meetings-waiting');
  await shot(ben.page, 'my-meetings-waiting-390');
  await waiting.getByRole('button', { name: W.accept }).click();
  const coming = ben.page.getByRole('region', { name: W.comingUp });
  await expect(coming.getByText(/Quiet room/)).toBeVisible();

  // Ada's list moves it too, live.
  await openSection(ada.page, 'Me');
  await ada.page.getByRole('button', { name: W.title }).click();
  await expect(ada.page.getByRole('region', { name: W.comingUp }).getByRole('heading', { name: `With ${ben.name}` })).toBeVisible();
  await checkView(ada.page, 'my-meetings-coming-up');
  await shot(ada.page, 'my-meetings-coming-up-390');

  // Add to calendar: the link answers an iCalendar file.
  const link = coming.getByRole('link', { name: W.addToCalendar });
  await expect(link).toHaveAttribute('download', /\.ics$/);
  const ics = await ben.page.request.get(new URL((await link.getAttribute('href'))!, baseUrl()).toString());
  expect(ics.ok()).toBe(true);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await ics.text()).toContain('BEGIN:VCALENDAR');

  // Four minutes before it starts: the reminder comes to both within the sweep.
  await setServerClockOffset(start.getTime() - 4 * MINUTE - Date.now());
  for (const p of [ada, ben]) await expect(p.toast(MEETING_WORDS.reminder.title.message)).toBeVisible({ timeout: 25_000 });
  // Its line says who, when (the event's clock) and where.
  await openSection(ben.page, 'Alerts');
  await expect(ben.page.getByText(new RegExp(`With ${ada.name} at \\d{2}:\\d{2}, Quiet room`))).toBeVisible();
  // Its link opens My meetings.
  await ben.page.getByRole('button', { name: new RegExp(MEETING_WORDS.reminder.title.message) }).click();
  await expect(ben.page.getByRole('heading', { name: W.title, level: 1 })).toBeVisible();

  for (const p of [ada, ben]) await p.person.context.close();
});
