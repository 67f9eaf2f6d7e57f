/** Page helpers for the admin panel: signing in as the configured admin, its navigation, and pictures at both sizes. */
import type { Page } from '@playwright/test';
import { ADMIN } from './global-setup';
import { expect, screenshot } from './fixtures';

/** Signs in on the admin login view (reached through the hidden entrance) as the admin the server is configured with. */
export async function adminLogin(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin login' })).toBeVisible();
  await page.getByLabel('Admin username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

export const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** The whole page at 1280×800 and at 390×844 (from the top, so the sticky bar is drawn where it belongs), then back to the desk. */
export async function bothSizes(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
