/**
 * Issue 39 item 3: a person card leads with one action and keeps the rest under More
 * (keyboard and screen-reader friendly), an organizer finds their tools at the top of
 * their event, and the People tab leads to the whole list of attendees, with the same card.
 * At 390x844, axe clean in light, dark and German.
 */
import type { Locator } from '@playwright/test';
import { axeClean, checkView, openMore, Person, PHONE, signUp } from './discovery.pages';
import { baseUrl, expect, shot, test, uniqueUsername } from './fixtures';

const dayAhead = (time: string) => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

/** A card's More button, and what it opens. */
const more = (card: Locator) => card.getByRole('button', { name: /^(More for|Mehr zu) / });

test('one action and More on each card, organizer tools at the top, and one list of everyone here', async ({ browser }) => {
  test.setTimeout(480_000);
  const event = `Slow Coffee ${Date.now().toString(36)}`;

  // Olive makes an event; her tools are at its top, beside Connect, not at the bottom of About.
  const olive = await Person.register(browser, 'Olive');
  await olive.createEvent({ name: event, location: `Back room ${event}, Berlin`, start: dayAhead('10:00'), end: dayAhead('12:00') });
  await olive.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await olive.skipQuietRoom();
  await expect(olive.page.getByRole('heading', { name: event, level: 1 })).toBeVisible();
  const eventId = /\/events\/([^/]+)/.exec(new URL(olive.page.url()).pathname)![1]!;
  const tools = olive.page.getByRole('navigation', { name: 'At this event' }).getByRole('button', { name: 'Organizer tools' });
  await expect(tools).toBeVisible();
  const tabs = olive.page.getByRole('tablist', { name: 'About this event' });
  expect((await tools.boundingBox())!.y).toBeLessThan((await tabs.boundingBox())!.y);
  await checkView(olive.page, 'organizer-tools-at-the-top');
  await tools.click();
  await expect(olive.page.getByRole('heading', { name: 'Organize', level: 1 })).toBeVisible();
  await expect(olive.page).toHaveURL(new RegExp(`/events/${eventId}/organize$`));

  // Ben joins: no organizer tools for him. Olive's card leads with Connect; the rest waits under More.
  const ben = await Person.register(browser, 'Ben');
  await ben.openEvent(event);
  await expect(ben.page.getByRole('button', { name: 'Organizer tools' })).toHaveCount(0);
  const card = ben.personCard(olive.name);
  await expect(card.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  for (const hidden of ['Chat', 'Exchange', 'Block', `Report ${olive.name}`]) await expect(card.getByRole('button', { name: hidden, exact: true })).toHaveCount(0);
  const oliveMore = more(card);
  await expect(oliveMore).toHaveAccessibleName(`More for ${olive.name}`);
  await expect(oliveMore).toHaveAttribute('aria-expanded', 'false');

  // By keyboard: Enter opens it, Tab goes into it, Escape closes it and focus is on More again.
  await oliveMore.focus();
  await ben.page.keyboard.press('Enter');
  await expect(oliveMore).toHaveAttribute('aria-expanded', 'true');
  const group = card.getByRole('group', { name: `More for ${olive.name}` });
  await expect(group.getByRole('button')).toHaveText(['Chat', 'Exchange', 'Block', 'Report']);
  await ben.page.keyboard.press('Tab');
  await expect(group.getByRole('button', { name: 'Chat', exact: true })).toBeFocused();
  await ben.page.keyboard.press('Escape');
  await expect(oliveMore).toHaveAttribute('aria-expanded', 'false');
  await expect(oliveMore).toBeFocused();
  await checkView(ben.page, 'person-card-people-tab');

  // Open, in light and dark.
  await openMore(card);
  await card.scrollIntoViewIfNeeded();
  await checkView(ben.page, 'person-card-more-open');
  // Dark: read afresh in it (the theme's colour transitions would otherwise still be running).
  await ben.page.emulateMedia({ colorScheme: 'dark' });
  await ben.page.reload();
  await openMore(ben.personCard(olive.name));
  await axeClean(ben.page, 'person-card-more-open-dark');
  await shot(ben.page, 'person-card-more-open-dark');
  await ben.page.emulateMedia({ colorScheme: 'light' });
  await ben.page.reload();
  await expect(ben.personCard(olive.name)).toBeVisible();

  // The People tab leads to everyone here: the attendees view, with the same card and More.
  await ben.page.getByRole('button', { name: /^See all attendees/ }).click();
  await expect(ben.page.getByRole('heading', { name: 'Connect with people', level: 1 })).toBeVisible();
  const attendee = ben.page.getByRole('list', { name: 'Attendees' }).getByRole('article', { name: olive.name });
  await expect(attendee.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  await openMore(attendee);
  await expect(attendee.getByRole('group', { name: `More for ${olive.name}` }).getByRole('button')).toHaveText(['Chat', 'Exchange', 'Block', 'Report']);
  await checkView(ben.page, 'attendees-more-open');

  // Ben blocks Olive through More on the attendees view: asked first, then her card goes,
  // here and from the people nearby.
  await attendee.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(attendee.getByRole('alertdialog')).toContainText(`Block ${olive.name}?`);
  await checkView(ben.page, 'attendees-block-confirm');
  await attendee.getByRole('alertdialog').getByRole('button', { name: `Block ${olive.name}` }).click();
  await expect(attendee).toHaveCount(0);
  await ben.page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(ben.page.getByRole('heading', { name: event, level: 1 })).toBeVisible();
  await expect(ben.personCard(olive.name)).toHaveCount(0);

  // In German: Dora, at the same event, sees Olive's card with Mehr, axe clean with it open.
  const de = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const { id: doraId } = await signUp(de.request, { username: uniqueUsername('dora'), name: 'Dora Berg' });
  const joined = await de.request.post(`${baseUrl()}/api/events/${eventId}/join?user_id=${doraId}`);
  expect(joined.ok()).toBe(true);
  const dora = await de.newPage();
  await dora.goto(`${baseUrl()}/events/${eventId}`);
  await expect(dora.getByRole('heading', { name: event, level: 1 })).toBeVisible();
  const doraCard = dora.getByRole('list', { name: 'Leute in der Nähe' }).getByRole('article', { name: olive.name });
  await expect(more(doraCard)).toHaveAccessibleName(`Mehr zu ${olive.name}`);
  await openMore(doraCard);
  await expect(doraCard.getByRole('button', { name: 'Blockieren', exact: true })).toBeVisible();
  await expect(dora.getByRole('button', { name: /^Alle Teilnehmenden ansehen/ })).toBeVisible();
  await doraCard.scrollIntoViewIfNeeded();
  await checkView(dora, 'person-card-more-open-de');
  await de.close();
});
