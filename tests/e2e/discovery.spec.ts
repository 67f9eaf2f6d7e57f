import { MESSAGES } from '../../contract/messages';
import { QUIET_FOUNDERS, Person, checkView } from './discovery.pages';
import { expect, test, openSection, shot } from './fixtures';

/** A day well ahead, as a datetime-local value: nothing else is there then. */
const dayAhead = (hours: string) => {
  const d = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  return `${d.toISOString().slice(0, 10)}T${hours}`;
};

test('two people meet at a new event, under privacy and blocking they control', async ({ browser }) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  const event = { name: `Slow Coffee ${suffix}`, location: `Library Café ${suffix}, Berlin`, start: dayAhead('10:00'), end: dayAhead('11:30') };

  // Robin creates the event; it opens, features shown plainly.
  const robin = await Person.register(browser, 'Robin');
  await expect(robin.eventCard(QUIET_FOUNDERS.name)).toBeVisible();
  await checkView(robin.page, 'events-list');
  await robin.createEvent({ ...event, features: ['Quiet spaces', 'Small groups'] });
  await checkView(robin.page, 'create-event');
  await robin.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await robin.skipQuietRoom();
  await expect(robin.page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();
  // People first; the event's own details are on About.
  await expect(robin.page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await robin.openTab('About');
  const features = robin.page.getByRole('list', { name: 'Anxiety-friendly features' });
  await expect(features).toContainText('Quiet spaces');
  await expect(features).toContainText('Small groups');

  // The same place half an hour later the same day is refused, before it reaches the server.
  await robin.backToEvents();
  await expect(robin.eventCard(event.name).getByRole('button', { name: 'Open' })).toBeVisible();
  await robin.createEvent({ ...event, name: `Another coffee ${suffix}`, start: dayAhead('10:30'), end: dayAhead('12:00') });
  await robin.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  // SPEC 8's words beside the start time, with focus there, so the refusal is never off-screen.
  const starts = robin.page.getByLabel('Starts');
  await expect(starts).toHaveAccessibleDescription(MESSAGES.duplicateEvent.message);
  await expect(starts).toBeFocused();
  await expect(robin.page.getByText(MESSAGES.duplicateEvent.message)).toBeInViewport();
  await expect(robin.page.getByRole('heading', { name: 'Create an event' })).toBeVisible();
  await robin.page.getByRole('button', { name: 'Back', exact: true }).click();
  // The refused form still holds her edits: leaving asks first (issue 39).
  await robin.page.getByRole('dialog', { name: 'Save your changes?' }).getByRole('button', { name: "Don't save" }).click();
  await expect(robin.eventCard(`Another coffee ${suffix}`)).toHaveCount(0);

  // Sam joins; each sees the other with a badge and, under Details, the reasons.
  const sam = await Person.register(browser, 'Sam');
  await sam.openEvent(event.name);
  await robin.openEvent(event.name);
  for (const [viewer, other] of [
    [sam, robin],
    [robin, sam],
  ] as const) {
    const card = viewer.personCard(other.name);
    await expect(card.getByText(/^\d{1,3}% match$/)).toBeVisible();
    await expect(card.getByText('Librarian')).toBeVisible();
    await card.getByRole('button', { name: 'Details' }).click();
    await expect(card.getByText('Why you might connect:')).toBeVisible();
    await expect(card.getByRole('list', { name: 'Reasons' }).getByRole('listitem').first()).toBeVisible();
  }
  await checkView(sam.page, 'event-view-details');

  // Sam asks Robin from Robin's card, in the attendees view's modal. Opened again, each card
  // starts where the two stand: Request Sent for Sam, Check Request for Robin, no Connect.
  await sam.personCard(robin.name).getByRole('button', { name: 'Connect', exact: true }).click();
  const ask = sam.page.getByRole('dialog', { name: `Connect with ${robin.name}` });
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask).toHaveCount(0);
  await sam.reopenEvent(event.name);
  await expect(sam.personCard(robin.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(sam.personCard(robin.name).getByRole('button', { name: 'Connect', exact: true })).toHaveCount(0);
  await sam.personCard(robin.name).scrollIntoViewIfNeeded();
  await shot(sam.page, 'event-view-request-sent');
  await robin.reopenEvent(event.name);
  await expect(robin.personCard(sam.name).getByRole('button', { name: 'Check Request' })).toBeEnabled();

  // Robin goes private: gone from Sam's list once it loads again.
  await robin.backToEvents();
  await robin.setVisibility('Private');
  await checkView(robin.page, 'privacy-settings');
  await sam.reopenEvent(event.name);
  await expect(sam.personCard(robin.name)).toHaveCount(0);
  await expect(sam.page.getByText(/Nobody else is visible here yet/)).toBeVisible();

  // Public again, Robin is back; then Sam blocks Robin and they vanish from each other.
  await robin.page.getByRole('button', { name: 'Back', exact: true }).click();
  await robin.setVisibility('Public');
  await sam.reopenEvent(event.name);
  const robinCard = sam.personCard(robin.name);
  await expect(robinCard).toBeVisible();
  await sam.fromMore(robin.name, 'Block');
  await expect(sam.page.getByRole('alertdialog')).toContainText(`Block ${robin.name}? They won't be able to see you or contact you, and they won't be told.`);
  await sam.page.getByRole('alertdialog').getByRole('button', { name: `Block ${robin.name}` }).click();
  await expect(robinCard).toHaveCount(0);
  await sam.reopenEvent(event.name);
  await expect(sam.personCard(robin.name)).toHaveCount(0);
  await robin.page.getByRole('button', { name: 'Back', exact: true }).click();
  await robin.openEvent(event.name);
  await expect(robin.page.getByText('Finding people nearby…')).toHaveCount(0);
  await expect(robin.personCard(sam.name)).toHaveCount(0);

  // Nor does search find them for each other.
  await robin.backToEvents();
  await openSection(robin.page, 'People');
  await robin.page.getByRole('button', { name: 'Search', exact: true }).click();
  await robin.page.getByLabel('Interests').fill('jazz, hiking');
  await robin.page.getByRole('button', { name: 'Search Users' }).click();
  await expect(robin.page.getByRole('list', { name: 'People found' })).toBeVisible();
  await expect(robin.page.getByRole('article', { name: sam.name })).toHaveCount(0);
  await checkView(robin.page, 'user-search');

  // Connect on a result opens the connect modal, as on the event view, and sends from there.
  const result = robin.page.getByRole('list', { name: 'People found' }).getByRole('article').first();
  const resultName = (await result.getByRole('heading', { level: 3 }).textContent())!;
  await result.getByRole('button', { name: 'Connect', exact: true }).click();
  const connect = robin.page.getByRole('dialog', { name: `Connect with ${resultName}` });
  await expect(connect.getByLabel('Message (optional)')).toBeFocused();
  await connect.getByLabel('Message (optional)').fill('I liked your interests');
  await shot(robin.page, 'user-search-connect-modal');
  await connect.getByRole('button', { name: 'Send' }).click();
  await expect(robin.page.getByRole('status', { name: 'Notifications' }).getByText(MESSAGES.connectionRequestSent.message)).toBeVisible();
  await expect(result.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await expect(robin.page.getByRole('heading', { name: 'Find people', level: 1 })).toBeVisible();

  await robin.context.close();
  await sam.context.close();
});

test('in the quiet room of an event happening now, the safe-zone banner says so', async ({ browser }) => {
  test.setTimeout(180_000);
  const kai = await Person.register(browser, 'Kai', { geolocation: QUIET_FOUNDERS.quietRoom });
  await kai.openEvent(QUIET_FOUNDERS.name);

  const banner = kai.page.getByRole('status', { name: 'Where you are' });
  await expect(banner).toContainText("You're in Quiet room — a safe space. Take all the time you need.");

  // The event view around it: people with badges first, on the first screen; the zones
  // listed and groups to join a tab away.
  await expect(kai.nearby().getByRole('article').first()).toBeVisible();
  await expect(kai.page.getByRole('heading', { name: 'People nearby' })).toBeInViewport();
  await kai.nearby().getByRole('article').first().getByRole('button', { name: 'Details' }).click();
  await expect(kai.page.getByText('Why you might connect:')).toBeVisible();
  await checkView(kai.page, 'event-view-people');
  await kai.openTab('Zones');
  const zones = kai.page.getByRole('region', { name: 'Safe zones' });
  await expect(zones.getByRole('heading', { name: 'Quiet room' })).toBeVisible();
  await expect(zones.getByRole('heading', { name: 'Speaker green room' })).toBeVisible();
  await checkView(kai.page, 'event-view-zones');
  await kai.openTab('Groups');
  const group = kai.page.getByRole('region', { name: 'Interest groups' }).getByRole('article').first();
  await group.getByRole('button', { name: 'Join' }).click();
  await expect(group.getByText('Joined')).toBeVisible();
  await checkView(kai.page, 'event-view-safe-zone');
  await kai.openTab('About');
  await checkView(kai.page, 'event-view-about');

  // The energy meter, folded on the People tab, sets the battery.
  await kai.openTab('People');
  await kai.page.getByText('Your energy').click();
  await kai.page.getByRole('button', { name: 'Set energy to 3 of 10' }).click();
  await expect(kai.page.getByRole('group', { name: 'Energy:' })).toContainText('3/10');

  // Back on the list the banner stays; walking into the green room changes it.
  await kai.backToEvents();
  await expect(banner).toContainText("You're in Quiet room");
  await kai.context.setGeolocation(QUIET_FOUNDERS.greenRoom);
  await expect(banner).toContainText("You're in Speaker green room — a restricted area.", { timeout: 15_000 });
  // What it does to who sees her is presence's reason (issue 39). The 20 m room is too small
  // to hide her in without placing her there (issue 40), so she stays seen; the reason comes
  // once her walk over is believed for distances (about 100 m: a few reports).
  await expect(banner).toContainText(
    "You're in a restricted zone, but people nearby still see you: it's too small to hide you in without showing where you are.",
    { timeout: 60_000 },
  );
  await expect(kai.page.getByRole('group', { name: 'Energy:' })).toContainText('3/10');
  await checkView(kai.page, 'events-list-banner');
  await kai.context.close();
});

test('the events list filters by type and hides events on this device', async ({ browser }) => {
  const lee = await Person.register(browser, 'Lee');
  const page = lee.page;
  const filters = page.getByRole('group', { name: 'Event type' });
  await filters.getByRole('button', { name: 'Networking' }).click();
  await expect(lee.eventCard(QUIET_FOUNDERS.name)).toBeVisible();
  await expect(lee.eventCard('Rooftop Party')).toHaveCount(0);
  await filters.getByRole('button', { name: 'All' }).click();

  await lee.eventCard('Rooftop Party').getByRole('button', { name: 'Hide' }).click();
  await expect(lee.eventCard('Rooftop Party')).toHaveCount(0);
  await page.getByLabel('Show hidden events (1)').check();
  const hidden = page.getByRole('list', { name: 'Hidden events' });
  await expect(hidden.getByRole('article', { name: 'Rooftop Party' })).toBeVisible();

  // Kept on this device: still hidden after reopening the app (the session carries on)
  // and after logging out and in again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(lee.eventCard('Rooftop Party')).toHaveCount(0);
  await openSection(page, 'Me');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Username or email').fill(lee.username);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(lee.eventCard(QUIET_FOUNDERS.name)).toBeVisible();
  await expect(lee.eventCard('Rooftop Party')).toHaveCount(0);
  await page.getByLabel('Show hidden events (1)').check();
  await hidden.getByRole('article', { name: 'Rooftop Party' }).getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('list', { name: 'Events', exact: true }).getByRole('article', { name: 'Rooftop Party' })).toBeVisible();

  // Availability flips, and stays flipped, labelled in words.
  const availability = page.getByRole('switch', { name: 'Available', exact: true });
  await availability.click();
  await expect(page.getByRole('switch', { name: 'Unavailable', exact: true })).toHaveAttribute('aria-checked', 'false');
  await lee.context.close();
});
