/**
 * Issue 20, done-when: axe finds 0 violations on every view in each theme and in German.
 * Ana organises an event, Ben joins it, they connect and write (through the API); then, in
 * each pass (a theme, or German) a test of its own, Ana opens every
 * user view by its address (machines/addresses.ts), with something in it, and the admin
 * panel's views, in the light, dark and high-contrast themes and in German. Each view
 * waits for its heading and for its loads to end, then axe runs (checkView) and a picture
 * is kept. The German pass also checks <html lang="de"> and that no German word is cut
 * off or runs off the 390 px screen.
 */
import type { Page } from '@playwright/test';
import { formatAddress, type Address } from '../../machines/addresses';
import { USER_VIEWS, type UserView } from '../../machines/views';
import { Attendee } from './connections.pages';
import { axeClean, checkView, clippedText, Person, QUIET_FOUNDERS } from './discovery.pages';
import { ADMIN, ADMIN_SLUG } from './global-setup';
import { baseUrl, expect, test } from './fixtures';

const dayAhead = (time: string) => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

interface World {
  ana: Attendee;
  ben: Attendee;
  /** Ana's own event (organizer and analytics), which Ben joined. */
  own: string;
  /** Quiet Founders Meetup, from the demo seed. */
  quiet: string;
  benId: string;
  groupChatId: string;
}

/** Every user view's address in the world, the event's four tabs as four. */
function addresses(w: World): Array<[string, Address]> {
  const byView: Record<UserView, Address[]> = {
    events: [{ view: 'events' }],
    event: (['people', 'groups', 'zones', 'about'] as const).map((tab) => ({ view: 'event', eventId: w.own, tab })),
    chat: [{ view: 'chat', userId: w.benId }],
    'group-chat': [{ view: 'group-chat', eventId: w.own, chatId: w.groupChatId }],
    'privacy-settings': [{ view: 'privacy-settings' }],
    'contact-exchange': [{ view: 'contact-exchange', userId: w.benId }],
    'create-event': [{ view: 'create-event' }],
    'user-search': [{ view: 'user-search' }],
    notifications: [{ view: 'notifications' }],
    analytics: [{ view: 'analytics', eventId: w.own }],
    'photo-gallery': [{ view: 'photo-gallery', eventId: w.quiet }],
    profile: [{ view: 'profile' }],
    attendees: [{ view: 'attendees', eventId: w.own }],
    'connection-requests': [{ view: 'connection-requests', requestId: null }],
    'mutual-connections': [{ view: 'mutual-connections' }],
    chats: [{ view: 'chats' }],
    organizer: [{ view: 'organizer', eventId: w.own }],
    cards: [{ view: 'cards' }],
    'shared-cards': [{ view: 'shared-cards' }],
    connect: [{ view: 'connect' }],
    meetings: [{ view: 'meetings' }],
  };
  return USER_VIEWS.flatMap((view) => byView[view].map((a): [string, Address] => ['tab' in a ? `${view}-${a.tab}` : view, a]));
}

/** Waits until the view has its heading and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A list's first load shows a status line ending in "…" (LoadState), in either language.
  await expect(page.locator('main [role="status"]').filter({ hasText: /…$/ })).toHaveCount(0);
}

/** Pictures of the dark theme and of German to look at; the other passes are axe's alone. */
const PICTURED = new Set(['dark', 'de']);

/** Opens an address inside the app, as the back and forward gestures do (no reload). */
const openInApp = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
    // Two frames: the chart has moved and React has drawn the view it moved to.
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
  }, path);

async function tourUserViews(page: Page, w: World, pass: string) {
  // The first view loads the app with this pass's choices on the device; the rest open inside it.
  for (const [i, [name, address]] of addresses(w).entries()) {
    if (i === 0) await page.goto(`${baseUrl()}${formatAddress(address)}`);
    else await openInApp(page, formatAddress(address));
    await expect(page).toHaveURL(new RegExp(`${formatAddress(address)}$`));
    await settled(page);
    await (PICTURED.has(pass) ? checkView : axeClean)(page, `every-${pass}-${name}`);
    // German words run longer: none of them is cut off or runs off the screen.
    if (pass === 'de') expect(await clippedText(page), name).toEqual([]);
  }
}

/** The admin panel's views, from its navigation (the Admin bar's own labels, in English). */
const ADMIN_SECTIONS = ['Dashboard', 'Users', 'Events', 'Reports', 'Analytics', 'Settings'] as const;

async function tourAdmin(page: Page, pass: string) {
  await page.goto(`${baseUrl()}/admin/${ADMIN_SLUG}`);
  await settled(page);
  await checkView(page, `every-${pass}-admin-login`);
  // By the fields' kinds, not their labels: the same in either language.
  await page.getByRole('textbox').first().fill(ADMIN.username);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  for (const [i, section] of ADMIN_SECTIONS.entries()) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button').nth(i).click();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('button').nth(i)).toHaveAttribute('aria-current', 'page');
    await settled(page);
    await (PICTURED.has(pass) ? checkView : axeClean)(page, `every-${pass}-admin-${section.toLowerCase()}`);
    if (pass === 'de') expect(await clippedText(page), `admin ${section}`).toEqual([]);
  }
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('button').last().click();
}

/**
 * The world a pass tours: an event of Ana's with Ben in it, a request accepted, a chat and
 * a group message, and the demo's Quiet Founders Meetup joined. Made through the API:
 * these journeys' own screens are connections.spec's and discovery.spec's.
 */
async function world(browser: import('@playwright/test').Browser): Promise<World> {
  const name = `Every View ${Date.now().toString(36)}`;
  const ana = new Attendee(await Person.register(browser, 'Ana'));
  const ben = new Attendee(await Person.register(browser, 'Ben'));
  const [a, b] = [ana.person, ben.person];
  const created = await a.call<{ id: string }>('POST', '/events', {
    query: { user_id: a.id },
    data: {
      name,
      description: 'Coffee at a slow pace. Come alone; a host will say hello.',
      location: `Hall ${name}, Berlin`,
      event_type: 'networking',
      start_time: new Date(`${dayAhead('18:00')}Z`).toISOString(),
      end_time: new Date(`${dayAhead('20:00')}Z`).toISOString(),
    },
  });
  const own = created.id;
  await b.call('POST', `/events/${own}/join`, { query: { user_id: b.id } });
  await b.call('POST', '/connections/request', { query: { from_user_id: b.id }, data: { to_user_id: a.id, event_id: own, message: 'Hello from the every-view tour' } });
  const [request] = await a.call<Array<{ id: string }>>('GET', '/connections/requests/received', { query: { user_id: a.id } });
  await a.call('POST', '/connections/requests/respond', { query: { user_id: a.id }, data: { request_id: request!.id, action: 'accept' } });
  await a.call('POST', '/chat/send', { query: { user_id: a.id }, data: { to_user: b.id, message: 'Nice to meet you', event_id: own, message_type: 'text' } });
  const chats = await a.call<Array<{ id: string; community_id: string | null }>>('GET', `/events/${own}/group-chats`, { query: { user_id: a.id } });
  const groupChatId = chats.find((c) => c.community_id === null)!.id;
  await a.call('POST', `/group-chats/${groupChatId}/messages`, { query: { user_id: a.id }, data: { group_id: groupChatId, message: 'Hello everyone' } });
  const events = await a.call<Array<{ id: string; name: string }>>('GET', '/events', { query: { user_id: a.id } });
  const quiet = events.find((e) => e.name === QUIET_FOUNDERS.name)!.id;
  await a.call('POST', `/events/${quiet}/join`, { query: { user_id: a.id } });
  return { ana, ben, own, quiet, benId: b.id, groupChatId };
}

const PASSES = [
  ['light', { 'wallflower.appearance': JSON.stringify({ theme: 'light' }) }],
  ['dark', { 'wallflower.appearance': JSON.stringify({ theme: 'dark' }) }],
  ['contrast', { 'wallflower.appearance': JSON.stringify({ theme: 'contrast' }) }],
  ['de', { 'wallflower.appearance': JSON.stringify({ theme: 'light' }), 'wallflower.language': 'de' }],
] as const;

// Each pass in a world of its own, so the passes run side by side.
test.describe.configure({ mode: 'parallel' });

for (const [pass, storage] of PASSES) {
  test(`axe finds nothing on every view: ${pass}`, async ({ browser }) => {
    test.setTimeout(600_000);
    const w = await world(browser);
    const page = w.ana.page;
    await page.evaluate((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await tourUserViews(page, w, pass);
    if (pass === 'de') await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    else await expect(page.locator('html')).toHaveAttribute('data-theme', pass);
    // The admin panel, in a context of its own with the same choices on the device.
    const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await desk.addInitScript((items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)), storage);
    await tourAdmin(await desk.newPage(), pass);
    await desk.close();
    await w.ana.person.context.close();
    await w.ben.person.context.close();
  });
}
