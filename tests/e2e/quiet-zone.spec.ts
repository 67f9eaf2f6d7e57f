/**
 * Issue 18 "Quiet zones are quiet": walking into the quiet room holds a message's toast
 * until I walk out, when one calm summary arrives. The seeded room (25 m) is smaller than
 * a 200 m square, so my card does not tell others I am recharging: it would place me in
 * the room (issue 40), and the banner says so. Driven by the app's own 10-second position
 * reports.
 */
import { PRESENCE_REASONS } from '../../contract/presence-words';
import { QUIET_SUMMARY, RECHARGING as RECHARGING_SAID } from '../../contract/safety-words';
import { NEW_MESSAGE_TOAST } from '../../machines/app/switchboard.machine';
import { Attendee } from './connections.pages';
import { Person, QUIET_FOUNDERS, checkView } from './discovery.pages';
import { expect, test, shot } from './fixtures';
import { english } from '../../contract/said';

// What the quiet zone does is presence's reason (issue 39): here, one too small to tell others of (issue 40).
const QUIET_ZONE_NOTE = english(PRESENCE_REASONS.quiet_zone_untold);
const RECHARGING = english(RECHARGING_SAID);

const EVENT = QUIET_FOUNDERS.name;
/**
 * In the main hall, 35 m from the quiet room's centre (its radius is 25 m) towards the
 * event's centre: a walk of ten seconds from inside it, so the report is used.
 */
const HALL = { latitude: 52.5066314, longitude: 13.3913512 };
const REPORT = { timeout: 20_000 };

test('walking into the quiet room holds a message’s toast until I walk out', async ({ browser }) => {
  test.setTimeout(360_000);
  const qi = new Attendee(await Person.register(browser, 'Qi', { geolocation: HALL }));
  const wes = new Attendee(await Person.register(browser, 'Wes', { geolocation: HALL }));
  for (const p of [qi, wes]) await p.person.openEvent(EVENT);
  const chats = (n: number) => qi.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: `Chats (${n} unread)` });

  // In the hall, a stranger's message comes with a toast that names him (issue 39).
  const fromWes = `New message from ${wes.name}`;
  const anyMessageToast = new RegExp(`^(New message from|${NEW_MESSAGE_TOAST.message})`);
  await wes.person.fromMore(qi.name, 'Chat');
  await expect(wes.page.getByRole('heading', { name: `Chat with ${qi.name}`, level: 1 })).toBeVisible();
  await wes.say('Hello from the coffee table');
  await expect(qi.toast(fromWes)).toBeVisible();
  await expect(chats(1)).toBeVisible();
  await expect(qi.toast(fromWes)).toHaveCount(0, { timeout: 15_000 });

  // Qi walks into the quiet room: the banner says what it does.
  await qi.person.context.setGeolocation(QUIET_FOUNDERS.quietRoom);
  const banner = qi.page.getByRole('status', { name: 'Where you are' });
  await expect(banner).toContainText("You're in Quiet room — a safe space.", REPORT);
  await expect(banner).toContainText(QUIET_ZONE_NOTE);
  await checkView(qi.page, 'quiet-zone-banner');

  // Her card does not tell Wes (the room is too small), and his next message reaches her without a toast.
  await wes.page.getByRole('button', { name: 'Back', exact: true }).click();
  await wes.person.reopenEvent(EVENT);
  const card = wes.person.personCard(qi.name);
  await expect(card).toBeVisible();
  await expect(card.getByText(RECHARGING)).toHaveCount(0);
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(wes.page, 'quiet-zone-card');
  await wes.person.fromMore(qi.name, 'Chat');
  await wes.say('No rush at all — whenever you like');
  await expect(chats(2)).toBeVisible();
  await expect(qi.toast(anyMessageToast)).toHaveCount(0);

  // She walks out: one calm summary arrives, and the card still says nothing of it.
  await qi.person.context.setGeolocation(HALL);
  // Both come from the same report, in either order; the toast goes after five seconds,
  // so it is looked for while the banner is awaited, not after.
  const summary = qi.page.getByRole('status', { name: 'Notifications' });
  await Promise.all([expect(banner).toContainText("You're in Main hall.", REPORT), expect(summary.getByText(QUIET_SUMMARY.title.message)).toBeVisible(REPORT)]);
  await expect(qi.toast(anyMessageToast)).toHaveCount(0);
  await shot(qi.page, 'quiet-zone-summary');
  // In Alerts it says what came in.
  await qi.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Alerts/ }).click();
  await expect(qi.page.getByText(/^1 message came in\./)).toBeVisible();
  await checkView(qi.page, 'quiet-zone-summary-alerts');
  await wes.page.getByRole('button', { name: 'Back', exact: true }).click();
  await wes.person.reopenEvent(EVENT);
  await expect(wes.person.personCard(qi.name).getByText(RECHARGING)).toHaveCount(0);

  for (const p of [qi, wes]) await p.person.context.close();
});
