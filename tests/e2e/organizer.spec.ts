/**
 * Issue 17's journey: a person creates an event and marks its quiet room by standing in
 * it; an attendee walks in and sees the safe-zone banner; the organizer's announcement
 * reaches the attendee's phone live; the organizer cancels and the attendee is told.
 */
import { expect, test } from '@playwright/test';
import { ORGANIZER_NOTES } from '../../contract/organizer-words';
import { checkView, Person } from './discovery.pages';
import { openSection } from './fixtures';

/** Where the organizer stands (the quiet room), and somewhere well away from it. */
const ROOM = { latitude: 52.52004, longitude: 13.40495, accuracy: 8 };
const ELSEWHERE = { latitude: 52.5301, longitude: 13.4201 };

/** A datetime-local value `hours` from now on the browser's own clock (the form's default zone). */
const localIn = (person: Person, hours: number) =>
  person.page.evaluate((h) => {
    const d = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, hours);

test('an organizer places a quiet room by standing in it, announces, and cancels; an attendee follows it all live', async ({ browser }) => {
  test.setTimeout(360_000);
  const name = `Gentle Meetup ${Date.now().toString(36)}`;

  // Olive creates an event happening now, and its quiet room where she stands.
  const olive = await Person.register(browser, 'Olive', { geolocation: ROOM });
  await olive.createEvent({ name, location: 'Quiet Library, Berlin', start: await localIn(olive, -1), end: await localIn(olive, 3) });
  await olive.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await expect(olive.page.getByRole('heading', { name: 'Add a quiet room now' })).toBeVisible();
  await olive.page.getByRole('button', { name: 'Add a quiet room', exact: true }).click();
  const editor = olive.page.getByRole('form', { name: 'Add a quiet room' });
  await expect(editor.getByLabel('Name')).toHaveValue('Quiet room');
  await editor.getByRole('button', { name: "I'm standing in it" }).click();
  await expect(editor.getByRole('status')).toContainText('Centre set where you stand (accurate to');
  await checkView(olive.page, 'organizer-quiet-room');
  await editor.getByRole('button', { name: 'Save zone' }).click();
  await expect(olive.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // Standing in it herself, she sees the banner too.
  const oliveBanner = olive.page.getByRole('status', { name: 'Where you are' });
  await expect(oliveBanner).toContainText("You're in Quiet room — a safe space.", { timeout: 15_000 });

  // Ava joins from across the street: no banner; she walks in and it appears.
  const ava = await Person.register(browser, 'Ava', { geolocation: ELSEWHERE });
  await ava.openEvent(name);
  const banner = ava.page.getByRole('status', { name: 'Where you are' });
  await expect(banner).toHaveCount(0);
  await ava.context.setGeolocation(ROOM);
  await expect(banner).toContainText("You're in Quiet room — a safe space. Take all the time you need.", { timeout: 15_000 });

  // Olive opens the organizer screen from the top of her event and sends one calm announcement.
  await olive.page.getByRole('navigation', { name: 'At this event' }).getByRole('button', { name: 'Organizer tools' }).click();
  await expect(olive.page.getByRole('heading', { name: 'Organize', level: 1 })).toBeVisible();
  const zones = olive.page.getByRole('list', { name: 'Safe zones' });
  await expect(zones.getByText('Quiet room')).toBeVisible();
  await checkView(olive.page, 'organizer-view');
  await olive.page.getByRole('textbox', { name: 'Announcement', exact: true }).fill('Tea and biscuits are in the quiet room now. No need to talk to anyone.');
  await olive.page.getByRole('button', { name: 'Send announcement' }).click();
  await expect(olive.page.getByRole('list', { name: 'Sent announcements' })).toContainText('Tea and biscuits');
  // In the quiet room Ava's phone stays quiet: the announcement waits for her in Alerts.
  const announced = ORGANIZER_NOTES.announcement.title.english({ name });
  await openSection(ava.page, 'Alerts');
  await expect(ava.page.getByRole('list', { name: 'Notifications list' })).toContainText(announced, { timeout: 10_000 });
  await expect(ava.page.getByRole('status', { name: 'Notifications' }).getByText(announced)).toHaveCount(0);
  // She steps out and goes back to the event.
  await ava.context.setGeolocation(ELSEWHERE);
  await openSection(ava.page, 'Events');
  await ava.openEvent(name);
  await expect(banner).toHaveCount(0, { timeout: 15_000 });

  // Olive cancels, with a reason; she lands on her events list.
  await olive.page.getByRole('button', { name: 'Cancel this event…' }).click();
  const dialog = olive.page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The venue has flooded. We are so sorry, and will try again soon.');
  await checkView(olive.page, 'organizer-cancel');
  await dialog.getByRole('button', { name: 'Cancel the event' }).click();
  await expect(olive.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(olive.eventCard(name)).toHaveCount(0);

  // Ava is taken calmly to her events list and told, once; the event is gone from it.
  await expect(ava.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(ava.page.getByText(ORGANIZER_NOTES.cancelled.title.english({ name }))).toHaveCount(1);
  await expect(ava.eventCard(name)).toHaveCount(0);
  await checkView(ava.page, 'attendee-told-cancelled');

  await olive.context.close();
  await ava.context.close();
});
