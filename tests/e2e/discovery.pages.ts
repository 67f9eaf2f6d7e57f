/** Page objects for the events and discovery journeys: a person in their own browser context. */
import axe from 'axe-core';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { baseUrl, expect, screenshot, uniqueUsername, openSection } from './fixtures';

/** WCAG 2.2 AA as axe checks it on what is on screen now, then a picture of it to look at. */
export async function checkView(page: Page, name: string) {
  await axeClean(page, name);
  await screenshot(page, name);
}

/** WCAG 2.2 AA: the rules axe checks for these tags. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * WCAG 2.2 AA as axe checks it on what is on screen now. axe-core goes into the page once
 * per document (an in-app move keeps it) and runs there, with axe.run: the app has no
 * frames, so @axe-core/playwright's per-frame runs finished in a new blank tab, and its
 * fresh copy of axe for every check, only cost time.
 */
export async function axeClean(page: Page, name: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Contrast is of the colours that settle: a button's 120 ms colour change still running
  // (on a slow machine) is measured halfway otherwise. Finite animations are awaited, not slept on.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_AA);
  expect(violations, name).toEqual([]);
}

/** Text that is cut off (clipped by its box) or runs past the screen's edge, as "tag: text". */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Measured as rendered: fonts in, and the frames that follow a change (a resize observer's
    // answer, a wrap) drawn. Waited for, not slept on.
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()).map((n) => n.textContent!.trim()).join(' ');
      if (!text || el.closest('.visually-hidden') || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      // A one-line preview cut with an ellipsis on purpose (a chat's last message in Chats,
      // whose whole text is one tap away) is a summary, not text that is lost.
      const clips = style.textOverflow !== 'ellipsis' && (['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY));
      const cut = clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
      const rect = el.getBoundingClientRect();
      // Inside a box that scrolls sideways, what is past the edge is reached by scrolling; a
      // box clipped to nothing (rect(0 0 0 0)) is for screen readers only, as .visually-hidden.
      let scrolls = false;
      let unseen = false;
      for (let a: HTMLElement | null = el; a && !scrolls && !unseen; a = a.parentElement) {
        const s = getComputedStyle(a);
        scrolls = a !== el && ['auto', 'scroll'].includes(s.overflowX);
        unseen = s.clip !== 'auto' && s.position === 'absolute';
      }
      if (unseen) continue;
      const off = !scrolls && (rect.right > width + 1 || rect.left < -1);
      if (cut || off) out.push(`${el.tagName.toLowerCase()}: ${text.slice(0, 40)}`);
    }
    return out;
  });
}

export const PHONE = { width: 390, height: 844 };

/** The demo seed's Quiet Founders Meetup zones (server/db/seed.ts: 40 m at 45°, 60 m at 200°). */
export const QUIET_FOUNDERS = {
  name: 'Quiet Founders Meetup',
  quietRoom: { latitude: 52.506854, longitude: 13.391717 },
  greenRoom: { latitude: 52.506094, longitude: 13.390997 },
};

let phones = 0;
/** A client address of its own for each person's sign-up (the server trusts loopback's X-Forwarded-For in the tests). */
const phoneAddress = () => `10.${process.pid % 250}.${Math.floor(++phones / 250) % 250}.${phones % 250}`;

/**
 * A new account, made through the API into `request`'s cookies (a browser context's, so
 * its pages are signed in): the registration form's own journey is accounts.spec's and
 * keyboard.spec's; elsewhere it would only cost every journey its seconds.
 */
export async function signUp(
  request: APIRequestContext,
  u: { username: string; name: string; occupation?: string; interests?: string[] },
): Promise<{ id: string }> {
  const answer = await request.post(`${baseUrl()}/api/auth/register`, {
    headers: { 'x-forwarded-for': phoneAddress() },
    data: { username: u.username, name: u.name, email: `${u.username}@example.com`, password: 'secret123', occupation: u.occupation ?? null, interests: u.interests ?? ['hiking'] },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { id: ((await answer.json()) as { id: string }).id };
}

export class Person {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly name: string,
    readonly username: string,
    readonly id: string,
  ) {}

  /** A fresh context on a phone-sized screen, a fresh account, on the events list. */
  static async register(
    browser: Browser,
    first: string,
    opts: { geolocation?: { latitude: number; longitude: number }; interests?: string; occupation?: string } = {},
  ): Promise<Person> {
    const context = await browser.newContext({
      viewport: PHONE,
      ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ['geolocation'] } : {}),
    });
    const page = await context.newPage();
    const username = uniqueUsername(first.toLowerCase());
    const name = `${first} ${username.slice(first.length)}`;
    const { id } = await signUp(context.request, {
      username,
      name,
      occupation: opts.occupation ?? 'Librarian',
      interests: (opts.interests ?? 'hiking, jazz, board games').split(',').map((s) => s.trim()),
    });
    await page.goto(`${baseUrl()}/events`);
    await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    return new Person(context, page, name, username, id);
  }

  /**
   * A call to the API as this person (their browser's session), for what a journey only
   * needs to have happened: its own screens are tested where they are the journey.
   */
  async call<T>(method: 'GET' | 'POST', path: string, opts: { query?: Record<string, string>; data?: unknown } = {}): Promise<T> {
    const url = new URL(`${baseUrl()}/api${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const res = await this.context.request.fetch(url.toString(), { method, data: opts.data });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  eventCard(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  /**
   * Joins (or opens, when already attending) the named event from the events list, on
   * its People tab (the tab an earlier visit left open is chosen again otherwise).
   */
  async openEvent(name: string) {
    await this.eventCard(name).getByRole('button', { name: /^(Join|Open)$/ }).click();
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await this.openTab('People');
  }

  /** One of the event view's tabs: People, Groups, Zones, About. */
  async openTab(name: 'People' | 'Groups' | 'Zones' | 'About') {
    const tab = this.page.getByRole('tablist', { name: 'About this event' }).getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** Back from the event view to the list, then into the event again: a fresh load. */
  async reopenEvent(name: string) {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
    await this.openEvent(name);
    await expect(this.page.getByText('Finding people nearby…')).toHaveCount(0);
  }

  nearby(): Locator {
    return this.page.getByRole('list', { name: 'People nearby' });
  }

  personCard(name: string): Locator {
    return this.nearby().getByRole('article', { name });
  }

  /** An action under a nearby person's More (issue 39): Chat before connecting, Exchange, Block, Report. */
  async fromMore(name: string, action: string): Promise<void> {
    await openMore(this.personCard(name));
    await this.personCard(name).getByRole('button', { name: action, exact: true }).click();
  }

  async backToEvents() {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  }

  async setVisibility(label: 'Public' | 'Friends Only' | 'Private' | 'Anonymous') {
    // An earlier confirmation must have gone, so the one awaited below is this one's.
    await expect(this.page.getByText('Privacy settings updated')).toHaveCount(0);
    await openSection(this.page, 'Me');
    await this.page.getByRole('button', { name: 'Privacy', exact: true }).click();
    await expect(this.page.getByRole('heading', { name: 'Privacy settings' })).toBeVisible();
    await this.page.getByRole('radio', { name: label, exact: true }).check();
    await this.page.getByRole('button', { name: 'Update Privacy Settings' }).click();
    await expect(this.page.getByText('Privacy settings updated')).toBeVisible();
  }

  async createEvent(e: { name: string; location: string; start: string; end: string; features?: string[] }) {
    await this.page.getByRole('button', { name: 'Create Event' }).click();
    await expect(this.page.getByRole('heading', { name: 'Create an event' })).toBeVisible();
    await this.page.getByLabel('Name', { exact: true }).fill(e.name);
    await this.page.getByLabel('Description').fill('Coffee at a slow pace. Come alone; a host will say hello.');
    await this.page.getByLabel('Location').fill(e.location);
    await this.page.getByLabel('Event type').selectOption('networking');
    await this.page.getByLabel('Starts').fill(e.start);
    await this.page.getByLabel('Ends').fill(e.end);
    for (const f of e.features ?? []) await this.page.getByRole('checkbox', { name: f }).check();
  }

  /** The new event's last step (issue 17): no quiet room for now, so the event opens. */
  async skipQuietRoom() {
    await expect(this.page.getByRole('heading', { name: 'Add a quiet room now' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Skip for now' }).click();
  }
}

/**
 * Opens a person card's More (issue 39), where everything but the one primary action waits;
 * an open one stays open.
 */
export async function openMore(card: Locator): Promise<void> {
  const more = card.getByRole('button', { name: /^(More for|Mehr zu) / });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
}
