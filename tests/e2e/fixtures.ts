/** Playwright fixtures: the server's address, and small page objects for journeys. */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** The server's address: the clock project's specs have one of their own (global-setup.ts). */
export const baseUrl = () => {
  const url = test.info().project.name === 'clock' ? process.env.E2E_CLOCK_BASE_URL : process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
};

/**
 * The main server as PUBLIC_URL names it (global-setup.ts): http://localhost:<port>, the
 * origin of emailed links and the passkeys' relying party.
 */
export const publicBase = () => baseUrl().replace('//127.0.0.1:', '//localhost:');

/**
 * Sets how far ahead of the real time the clock project's server runs (server/test-clock.ts),
 * and answers the server's time after it. Tests that move it put it back (0) when done, as
 * the clock project's specs share that server, one at a time.
 */
export async function setServerClockOffset(ms: number): Promise<Date> {
  const url = process.env.E2E_CLOCK_URL;
  if (!url) throw new Error('E2E_CLOCK_URL is not set (global setup did not run)');
  const res = await fetch(`${url}/offset?ms=${ms}`, { method: 'POST' });
  if (!res.ok) throw new Error(`moving the server clock failed: ${res.status} ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}

let n = 0;
export const uniqueUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`;

/**
 * Pictures to look at (STYLE: look at what you build), taken only when SHOTS_DIR names a
 * folder for them: nobody looks at a test run's, and each one costs the browser a drawing.
 */
const shotsDir = process.env.SHOTS_DIR;

/** The whole page, into SHOTS_DIR. */
export async function screenshot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** What is on screen now (not the full page: what the person sees; a dialog is fixed to it), into SHOTS_DIR. */
export async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
}

/**
 * The login view's heading: a first welcome on a device nobody has signed in on, "Welcome
 * back" once someone has (issue 39 item 4). For steps that may come either way.
 */
export const LOGIN_HEADING = /^(Welcome to Wallflower|Welcome back)$/;

export class LoginPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto(baseUrl() + '/');
    await expect(this.page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  }
  /**
   * Signs up with the form's five fields, then answers the first steps after it (issue 39):
   * the occupation when given, the interests, and leaves the rest for later.
   */
  async register(u: { username: string; name: string; password: string; interests?: string; occupation?: string }) {
    await this.page.getByRole('button', { name: 'Create an account' }).click();
    await this.page.getByLabel('Username').fill(u.username);
    await this.page.getByLabel('Name', { exact: true }).fill(u.name);
    await this.page.getByLabel('Email').fill(`${u.username}@example.com`);
    await this.page.getByLabel('Password', { exact: true }).fill(u.password);
    await this.page.getByLabel('Confirm password').fill(u.password);
    await this.page.getByRole('button', { name: 'Register', exact: true }).click();
    const steps = this.page.getByRole('dialog');
    await expect(steps.getByText('Step 1 of 5')).toBeVisible();
    if (u.occupation) await steps.getByLabel('Occupation').fill(u.occupation);
    await steps.getByRole('button', { name: 'Continue' }).click();
    await steps.getByLabel('Interests').fill(u.interests ?? 'hiking, jazz, board games');
    await steps.getByRole('button', { name: 'Continue' }).click();
    await expect(steps.getByText('Step 3 of 5')).toBeVisible();
    await steps.getByRole('button', { name: 'Finish later' }).click();
    await expect(steps).toBeHidden();
  }
  async login(usernameOrEmail: string, password: string) {
    await this.page.getByLabel('Username or email').fill(usernameOrEmail);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
}

export const test = base.extend<{ loginPage: LoginPage }>({
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
});

export { expect };

/** The bottom navigation's sections (issue 13): always on screen while signed in. */
export type Section = 'Events' | 'People' | 'Chats' | 'Alerts' | 'Me';

/** Opens a section from the bottom navigation (its name may carry a count: 'Chats (2 unread)'). */
export async function openSection(page: Page, section: Section) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: new RegExp(`^${section}\\b`) })
    .click();
}
