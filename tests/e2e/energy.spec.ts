/**
 * Issue 18 "Energy decides visibility and volume": at energy 2, Tess is hidden from a
 * stranger's people nearby but not from her connection's, and the meter says why.
 */
import { MESSAGES } from '../../contract/messages';
import { Attendee } from './connections.pages';
import { checkView, Person } from './discovery.pages';
import { expect, test } from './fixtures';

const dayAhead = (time: string) => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

test('battery to 2 hides me from a stranger but not from a connection', async ({ browser }) => {
  test.setTimeout(360_000);
  const name = `Low-key Lunch ${Date.now().toString(36)}`;
  const host = await Person.register(browser, 'Hal');
  await host.createEvent({ name, location: `Garden Room ${name}, Berlin`, start: dayAhead('12:00'), end: dayAhead('14:00') });
  await host.page.getByRole('button', { name: 'Create Event', exact: true }).click();
  await host.skipQuietRoom();

  const tess = new Attendee(await Person.register(browser, 'Tess'));
  const fay = new Attendee(await Person.register(browser, 'Fay'));
  const sam = await Person.register(browser, 'Sam');
  for (const p of [tess.person, fay.person, sam]) await p.openEvent(name);

  // Tess and Fay connect.
  await tess.openAttendees();
  const dialog = await tess.composeRequest(fay.name, 'Nice to meet you');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(tess.attendeeCard(fay.name).getByRole('button', { name: 'Request Sent' })).toBeDisabled();
  await fay.openRequests();
  await fay.requestCard(tess.name).getByRole('button', { name: 'Accept' }).click();
  await expect(fay.toast(MESSAGES.connectionAccepted.message)).toBeVisible();
  await fay.backToEvent(name);
  await tess.backToEvent(name);

  // Both others see her nearby while her energy is up.
  await sam.reopenEvent(name);
  await expect(sam.personCard(tess.name)).toBeVisible();
  await expect(fay.person.personCard(tess.name)).toBeVisible();

  // She sets her energy to 2; the meter says what that does.
  await tess.page.getByText('Your energy').click();
  await tess.page.getByRole('button', { name: 'Set energy to 2 of 10' }).click();
  const meter = tess.page.getByRole('group', { name: 'Energy:' });
  await expect(meter).toContainText('2/10');
  // Who sees her now is presence's line beside the Available switch (issue 39).
  await expect(tess.page.locator('.presence-summary')).toHaveText('Only your connections can see you nearby. New requests wait quietly.');
  await checkView(tess.page, 'energy-low');

  // The stranger no longer finds her nearby; her connection still does.
  await sam.reopenEvent(name);
  await expect(sam.nearby().getByRole('article').first()).toBeVisible();
  await expect(sam.personCard(tess.name)).toHaveCount(0);
  await fay.person.reopenEvent(name);
  await expect(fay.person.personCard(tess.name)).toBeVisible();

  for (const p of [host, tess.person, fay.person, sam]) await p.context.close();
});
