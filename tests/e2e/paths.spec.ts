/**
 * Issue 14: a sample of the root chart's generated paths replayed on the real server and
 * database — the fewest beginnings of tests/model/PATHS.md's root paths that together
 * open every user view (each of the chart's `view.opened` transitions). Each step is done
 * the way a person does it (the bottom navigation, the buttons inside views, Open on an
 * event) and checked by the view's heading and the browser's address.
 *
 * A fresh account stands in for the model's Ada: it registers (the paths' sign-in step)
 * and lands on the events list. Where the model opens a view that needs an event or a
 * person the account does not have yet (its "… asking to choose first" states, which no
 * button leads to), the person first gets one the way people do — joins the first demo
 * event, or connects with a second new account — and opens the view from there; the
 * view is then checked with what it shows.
 */
import type { Browser, Page } from '@playwright/test';
import { formatAddress } from '../../machines/addresses';
import type { UserView } from '../../machines/views';
import { CHARTS_DONE, rootModel, viewOf } from '../model/charts/root';
import { coveringPrefixes, generatePaths, type ModelPath } from '../model/harness';
import { PHONE, QUIET_FOUNDERS, signUp } from './discovery.pages';
import { baseUrl, expect, LoginPage, openSection, test, uniqueUsername, type Section } from './fixtures';

/**
 * The events a person can do here: sign in (register), open an event, open a view; and
 * the arrival of a part's code, which the real server's chunks bring by themselves.
 */
const REPLAYABLE = new Set(['auth.succeeded', 'event.opened', 'view.opened', CHARTS_DONE]);

const SAMPLE = coveringPrefixes(
  generatePaths(rootModel),
  (key) => key.startsWith('app.user view.opened#'),
  (event) => REPLAYABLE.has(event.type),
);

/** Each view's heading (src/views/*.tsx); the event's is its name, a chat's its partner's. */
const HEADINGS: Record<UserView, string> = {
  events: 'Events',
  event: QUIET_FOUNDERS.name,
  chat: 'Chat with',
  'group-chat': 'Group chat',
  'privacy-settings': 'Privacy settings',
  'contact-exchange': 'Share your contact details',
  'create-event': 'Create an event',
  'user-search': 'Find people',
  notifications: 'Notifications',
  analytics: 'Analytics',
  'photo-gallery': 'Photos',
  profile: 'Your profile',
  attendees: 'Connect with people',
  'connection-requests': 'Connection requests',
  'mutual-connections': 'People',
  chats: 'Chats',
  organizer: 'Organize',
  cards: 'Cards',
  'shared-cards': 'Shared with',
  connect: 'Connect by code',
  meetings: 'My meetings',
};

/** The bottom navigation's section of the views it opens. */
const SECTIONS: Partial<Record<UserView, Section>> = {
  events: 'Events',
  'mutual-connections': 'People',
  chats: 'Chats',
  notifications: 'Alerts',
  profile: 'Me',
};

const IN_EVENT: readonly UserView[] = ['event', 'attendees', 'photo-gallery', 'analytics', 'group-chat'];
const WITH_SOMEONE: readonly UserView[] = ['chat', 'contact-exchange'];

/** A person's browser, and what they have come to have: an event joined, a connection. */
interface Someone {
  page: Page;
  id: string;
  eventId: string | null;
  partner: { id: string; name: string } | null;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1, exact: name !== 'Chat with' });

/** A fresh account (made through the API), signed in with the login form in its own browser, on the events list. */
async function signIn(browser: Browser): Promise<Someone> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const username = uniqueUsername('ada');
  const { id } = await signUp(context.request, { username, name: `Ada ${username.slice(3)}`, occupation: 'Analyst', interests: ['engines', 'poetry'] });
  // The paths' step is a sign-in: the form's, not the sign-up's session.
  await context.clearCookies();
  const login = new LoginPage(page);
  await login.open();
  await login.login(username, 'secret123');
  await expect(heading(page, 'Events')).toBeVisible();
  return { page, id, eventId: null, partner: null };
}

/** The first demo event, joined (or opened again) from the events list. */
async function openTheEvent(p: Someone) {
  await openSection(p.page, 'Events');
  await expect(heading(p.page, 'Events')).toBeVisible();
  await p.page.getByRole('article', { name: QUIET_FOUNDERS.name }).getByRole('button', { name: /^(Join|Open)$/ }).click();
  await expect(heading(p.page, QUIET_FOUNDERS.name)).toBeVisible();
  p.eventId = /^\/events\/([0-9a-f-]{36})$/.exec(new URL(p.page.url()).pathname)?.[1] ?? null;
  expect(p.eventId, 'the event’s address names it').not.toBeNull();
}

/**
 * An event of the person's own (made through the API, as the create form would), opened
 * on its About tab, and its organizer tools opened from there: only an event's organizers
 * are offered them.
 */
async function organizeOwnEvent(p: Someone) {
  const start = Date.now() + 24 * 60 * 60 * 1000;
  const body = {
    name: 'A small walk',
    description: 'A slow walk and a chat.',
    location: `The park gate ${p.id}`,
    event_type: 'networking',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
    anxiety_friendly_features: ['small_groups'],
  };
  const made = await p.page.evaluate(
    async ({ userId, body }) => {
      const res = await fetch(`/api/events?user_id=${userId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, id: ((await res.json()) as { id?: string }).id ?? null };
    },
    { userId: p.id, body },
  );
  expect(made.status, 'the event is made').toBe(200);
  p.eventId = made.id;
  await p.page.goto(`${baseUrl()}/events/${made.id}/about`);
  await expect(heading(p.page, body.name)).toBeVisible();
  await p.page.getByRole('button', { name: 'Organizer tools', exact: true }).click();
}

/** A second new account that both asked to connect with: the two are connected. */
async function connectWithSomeone(browser: Browser, p: Someone) {
  const context = await browser.newContext();
  const username = uniqueUsername('sam');
  const name = `Sam ${username.slice(3)}`;
  const sam = await signUp(context.request, { username, name });
  const asked = await context.request.post(`${baseUrl()}/api/connections/request?from_user_id=${sam.id}`, { data: { to_user_id: p.id } });
  expect(asked.ok(), 'Sam asks').toBe(true);
  const status = await p.page.evaluate(
    async ({ from, to }) =>
      (
        await fetch(`/api/connections/request?from_user_id=${from}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to_user_id: to }),
        })
      ).status,
    { from: p.id, to: sam.id },
  );
  expect(status, 'Ada asks too').toBeLessThan(300);
  p.partner = { id: sam.id, name };
  await context.close();
}

/** Opens `view` with the buttons a person has, from wherever they are. */
async function openView(browser: Browser, p: Someone, view: UserView) {
  const { page } = p;
  const click = (name: string) => page.getByRole('button', { name, exact: true }).click();
  const section = SECTIONS[view];
  if (section) return openSection(page, section);
  if (IN_EVENT.includes(view)) {
    await openTheEvent(p);
    if (view === 'attendees') await page.getByRole('navigation', { name: 'At this event' }).getByRole('button', { name: 'Connect', exact: true }).click();
    const tab = (name: string) => page.getByRole('tablist', { name: 'About this event' }).getByRole('tab', { name, exact: true }).click();
    // Photos and Analytics are under the event's About tab; its group chats under Groups.
    if (view === 'photo-gallery' || view === 'analytics') {
      await tab('About');
      await click(view === 'analytics' ? 'Analytics' : 'Photos');
    }
    if (view === 'group-chat') {
      await tab('Groups');
      await page.getByRole('button', { name: 'Open', exact: true }).first().click();
    }
    return;
  }
  if (WITH_SOMEONE.includes(view)) {
    if (!p.partner) await connectWithSomeone(browser, p);
    await openSection(page, 'People');
    const card = page.getByRole('article', { name: p.partner!.name });
    return card.getByRole('button', { name: view === 'chat' ? 'Chat' : 'Exchange', exact: true }).click();
  }
  switch (view) {
    case 'organizer':
      return organizeOwnEvent(p);
    case 'create-event':
      await openSection(page, 'Events');
      return click('Create Event');
    case 'privacy-settings':
      await openSection(page, 'Me');
      return click('Privacy');
    // Contact cards (issue 18), from the profile.
    case 'cards':
      await openSection(page, 'Me');
      return click('Cards');
    case 'shared-cards':
      await openSection(page, 'Me');
      return click('Shared with');
    case 'connect':
      await openSection(page, 'Me');
      return click('My code');
    // Issue 19: My meetings, from Me.
    case 'meetings':
      await openSection(page, 'Me');
      return click('My meetings');
    case 'user-search':
      await openSection(page, 'People');
      return click('Search');
    case 'connection-requests':
      await openSection(page, 'People');
      return page.getByRole('navigation', { name: 'Find and answer' }).getByRole('button', { name: /^Requests/ }).click();
  }
  throw new Error(`no way to open ${view}`);
}

/** The address of the view as the person has it now (issue 13's table). */
function addressOf(p: Someone, view: UserView): string | RegExp {
  const eventId = p.eventId ?? '';
  const userId = p.partner?.id ?? '';
  switch (view) {
    case 'event':
      return formatAddress({ view, eventId, tab: 'people' });
    case 'attendees':
    case 'photo-gallery':
    case 'analytics':
    case 'organizer':
      return formatAddress({ view, eventId });
    case 'group-chat':
      return new RegExp(`^/events/${eventId}/group-chats/[0-9a-f-]{36}$`);
    case 'chat':
    case 'contact-exchange':
      return formatAddress({ view, userId });
    case 'connection-requests':
      return formatAddress({ view, requestId: null });
    default:
      return formatAddress({ view });
  }
}

/** The view is on screen, at its address. */
async function expectView(p: Someone, view: UserView) {
  await expect(heading(p.page, HEADINGS[view])).toBeVisible();
  const address = addressOf(p, view);
  const where = expect.poll(() => new URL(p.page.url()).pathname, { message: `the address of ${view}` });
  if (typeof address === 'string') await where.toBe(address);
  else await where.toMatch(address);
}

test.describe('the root chart’s generated paths on the real server', () => {
  test('the sample opens every user view', () => {
    const opened = new Set(SAMPLE.flatMap((path) => path.steps.flatMap((s) => s.fired.filter((k) => k.startsWith('app.user view.opened#')))));
    expect(opened.size).toBe(21);
  });

  for (const path of SAMPLE) {
    test(path.title, async ({ browser }) => {
      const lines = wordsOf(path);
      let person: Someone | null = null;
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        await test.step(lines[i]!, async () => {
          const e = step.event;
          if (e.type === 'auth.succeeded') person = await signIn(browser);
          else if (e.type === 'event.opened') await openTheEvent(person!);
          else if (e.type !== CHARTS_DONE) await openView(browser, person!, e.view as UserView);
          // A view still waiting for its code is checked all the same: here the code arrives by itself.
          const view = viewOf(step.state);
          if (view) await expectView(person!, view);
        });
      }
      await person!.page.context().close();
    });
  }
});

/** The path's steps in the paths document's words. */
function wordsOf(path: ModelPath): string[] {
  return path.steps.map((s, i) => (i === 0 ? path.start.label : rootModel.say(s.event, path.steps[i - 1]!.state)));
}
