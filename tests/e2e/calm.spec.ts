/**
 * Issue 13, items 4, 8 and 9 as a person meets them: a refused form says what is wrong
 * beside the field, in view, with focus there; plans and unblocking ask first; every
 * control is a 44 × 44 px target on a phone; a large screen's width is used; a toast
 * never covers the page. And issue 18's accessibility statement, a link away from login.
 */
import type { Browser, Page } from '@playwright/test';
import { checkView, openMore, PHONE, QUIET_FOUNDERS } from './discovery.pages';
import { expect, LOGIN_HEADING, LoginPage, openSection, shot, test, uniqueUsername, type Section } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
type Screen = typeof PHONE;
const sizeName = (s: Screen) => `${s.width}x${s.height}`;


/** A fresh account in its own browser context at `size`, on the events list. */
async function newPerson(browser: Browser, size: Screen, first = 'Robin') {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  const username = uniqueUsername(first.toLowerCase());
  const name = `${first} ${username.slice(first.length)}`;
  const login = new LoginPage(page);
  await login.open();
  await login.register({ username, name, password: 'secret123', occupation: 'Librarian' });
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  return { context, page, name, username, login };
}

/**
 * Opens a view from the events list. Navigation is being reshaped (issue 13, item 2):
 * this is the one place that knows which button leads where.
 */
const OPENS = {
  Profile: 'Your profile',
  Privacy: 'Privacy settings',
  Search: 'Find people',
  Notifications: 'Notifications',
  'Create Event': 'Create an event',
  Upgrade: 'Choose your plan',
} as const;

/** Where each lives now: the bottom navigation, and a button inside its section. */
const WAY: Record<keyof typeof OPENS, [Section | null, string | null]> = {
  Profile: ['Me', null],
  Privacy: ['Me', 'Privacy'],
  Search: ['People', 'Search'],
  Notifications: ['Alerts', null],
  'Create Event': [null, 'Create Event'],
  Upgrade: [null, 'Upgrade'],
};

async function openFromEvents(page: Page, button: keyof typeof OPENS) {
  const [section, inside] = WAY[button];
  if (section) await openSection(page, section);
  if (inside) await page.getByRole('main').getByRole('button', { name: inside, exact: true }).click();
  await expect(page.getByRole('heading', { name: OPENS[button], exact: true })).toBeVisible();
}

async function backToEvents(page: Page) {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
}

/**
 * Every control on screen smaller than 44 × 44 CSS px. Left out, as WCAG 2.5.8 allows: a
 * link inside a sentence (its size is the sentence's line). A checkbox or radio inside its
 * label is measured by the label, the area a finger presses.
 */
function smallTargets(page: Page): Promise<{ measured: number; small: string[] }> {
  return page.evaluate(() => {
    const MIN = 44 - 0.5;
    const found: string[] = [];
    let measured = 0;
    const name = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || el.id || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.closest('.visually-hidden, [hidden]')) continue;
      let rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (el.tagName === 'A') {
        const block = el.parentElement;
        if (block && (block.textContent ?? '').trim() !== (el.textContent ?? '').trim()) continue;
      }
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label');
        if (label) rect = label.getBoundingClientRect();
      }
      measured += 1;
      if (rect.width < MIN || rect.height < MIN) {
        found.push(`${el.tagName.toLowerCase()} "${name(el)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return { measured, small: found };
  });
}

for (const size of [PHONE, DESKTOP]) {
  test(`a refused form says what is wrong beside the field, in view, with focus there (${sizeName(size)})`, async ({ browser }) => {
    const { context, page, username } = await newPerson(browser, size);

    // The profile's password form, with a current password that is not theirs.
    await openFromEvents(page, 'Profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('better-secret-2');
    await page.getByLabel('Confirm new password').fill('better-secret-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    const current = page.getByLabel('Current password');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription("That isn't your current password. Please check it and try again.");
    await expect(page.getByText("That isn't your current password. Please check it and try again.")).toBeInViewport();
    await expect(page.getByText('current_password:')).toHaveCount(0);
    await shot(page, `profile-password-error-${sizeName(size)}`);
    await checkView(page, `profile with a refused password (${sizeName(size)})`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The profile form, with an address the server cannot take: beside the field, in words.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('robin@');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Please enter an email address like name@example.com.');
    await expect(page.getByText('Please enter an email address like name@example.com.')).toBeInViewport();
    await expect(page.getByRole('alert')).toHaveText('Failed to update profile');
    await shot(page, `profile-errors-${sizeName(size)}`);
    await checkView(page, `profile edit with errors (${sizeName(size)})`);

    // Signed out, the login form: its SPEC words beside the empty field, then the server's.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const who = page.getByLabel('Username or email');
    await expect(who).toBeFocused();
    await expect(who).toHaveAccessibleDescription('Please enter username/email and password');
    await shot(page, `login-field-error-${sizeName(size)}`);
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect username/email or password');
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('alert')).toBeInViewport();
    await shot(page, `login-errors-${sizeName(size)}`);
    await checkView(page, `login with errors (${sizeName(size)})`);

    // Registration: SPEC 5's rule beside the confirmation, in SPEC 8's exact words.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Username').fill(uniqueUsername('new'));
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByLabel('Confirm password')).toBeFocused();
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await expect(page.getByText('Passwords do not match')).toBeInViewport();
    await context.close();
  });
}

test('every control is at least 44 × 44 px on the views a person visits on a phone', async ({ browser }) => {
  const { context, page } = await newPerson(browser, PHONE);
  const small: Record<string, string[]> = {};
  const measure = async (view: string) => {
    const found = await smallTargets(page);
    // A view with no control measured would pass without checking anything.
    expect(found.measured, `controls measured on ${view}`).toBeGreaterThan(0);
    if (found.small.length) small[view] = found.small;
  };

  await measure('events');
  await page.getByRole('article', { name: QUIET_FOUNDERS.name }).getByRole('button', { name: /^(Join|Open)$/ }).click();
  const eventHeading = page.getByRole('heading', { name: QUIET_FOUNDERS.name, level: 1 });
  await expect(eventHeading).toBeVisible();
  await expect(page.getByText('Finding people nearby…')).toHaveCount(0);
  await measure('event');
  for (const tab of ['Groups', 'Zones', 'About'] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await measure(`event: ${tab}`);
  }
  // Connect and Requests stay above the tabs; the rest are on theirs.
  for (const [tab, button, heading] of [
    ['People', 'Connect', 'Connect with people'],
    ['People', 'Requests', 'Connection requests'],
    ['Groups', 'Open', 'Group chat'],
    ['About', 'Photos', 'Photos'],
    ['About', 'Analytics', 'Analytics'],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('button', { name: button, exact: true }).first().click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await measure(heading);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(eventHeading).toBeVisible();
  }
  await backToEvents(page);

  await openSection(page, 'People');
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await measure('connections');
  await backToEvents(page);

  await openFromEvents(page, 'Profile');
  await measure('profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await measure('profile: edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  await measure('profile: change password');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await backToEvents(page);

  await openFromEvents(page, 'Privacy');
  await expect(page.getByRole('heading', { name: 'People you blocked' })).toBeVisible();
  await measure('privacy settings');
  await backToEvents(page);

  await openFromEvents(page, 'Search');
  await page.getByLabel('Name or username').fill('a');
  await page.getByRole('button', { name: 'Search Users' }).click();
  await expect(page.getByRole('heading', { name: /found$/ })).toBeVisible();
  await measure('user search with results');
  await backToEvents(page);

  await openFromEvents(page, 'Notifications');
  await measure('notifications');
  await backToEvents(page);

  await openFromEvents(page, 'Create Event');
  await measure('create event');
  await backToEvents(page);

  await openFromEvents(page, 'Upgrade');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await measure('plan chooser: confirmation');
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'Close' }).click();

  expect(small).toEqual({});
  await context.close();

  // Signed out: the two forms of the login view.
  const fresh = await browser.newPage({ viewport: PHONE });
  await new LoginPage(fresh).open();
  expect((await smallTargets(fresh)).small, 'login').toEqual([]);
  await fresh.getByRole('button', { name: 'Create an account' }).click();
  expect((await smallTargets(fresh)).small, 'register').toEqual([]);
  await fresh.close();
});

test('plan changes ask first, and a paid plan can go back to Free', async ({ browser }) => {
  for (const size of [PHONE, DESKTOP]) {
    const { context, page } = await newPerson(browser, size, 'Pat');
    await openFromEvents(page, 'Upgrade');
    const dialog = page.getByRole('dialog', { name: 'Choose your plan' });
    await expect(dialog.getByRole('article', { name: 'Free' })).toContainText('Current plan');
    await expect(dialog.getByRole('article', { name: 'Free' }).getByRole('button')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Upgrade to Premium' }).click();
    const question = dialog.getByRole('group', { name: 'Move to Premium for $9.99/month?' });
    await expect(question).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Not now' })).toBeFocused();
    await shot(page, `plan-confirmation-${sizeName(size)}`);
    await checkView(page, `plan chooser asking (${sizeName(size)})`);
    await question.getByRole('button', { name: 'Yes, move to Premium' }).click();
    await expect(page.getByText('Upgraded to Premium plan!')).toBeVisible();

    await openFromEvents(page, 'Upgrade');
    await dialog.getByRole('button', { name: 'Go back to Free' }).click();
    await expect(dialog.getByRole('group', { name: 'Go back to Free?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, move to Free' }).click();
    await expect(page.getByText("You're on the Free plan now.")).toBeVisible();
    await openFromEvents(page, 'Upgrade');
    await expect(dialog.getByRole('article', { name: 'Free' })).toContainText('Current plan');
    await context.close();
  }
});

test('Block asks first; the blocked list in privacy settings unblocks, asking first too', async ({ browser }) => {
  const other = await newPerson(browser, PHONE, 'Alex');
  const { context, page } = await newPerson(browser, PHONE, 'Jo');
  await openFromEvents(page, 'Search');
  await page.getByLabel('Name or username').fill(other.username);
  await page.getByRole('button', { name: 'Search Users' }).click();
  const card = page.getByRole('article', { name: other.name });
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
  await openMore(card);
  await card.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(card.getByRole('alertdialog')).toContainText(`Block ${other.name}?`);
  await card.getByRole('button', { name: `Block ${other.name}` }).click();
  await expect(card).toHaveCount(0);
  await backToEvents(page);

  await openFromEvents(page, 'Privacy');
  const list = page.getByRole('list', { name: 'Blocked people' });
  await expect(list.getByText(other.name)).toBeVisible();
  await list.getByRole('button', { name: `Unblock ${other.name}` }).click();
  await expect(list.getByRole('group')).toContainText(`Unblock ${other.name}? You will be strangers again`);
  await expect(list.getByRole('button', { name: 'Keep blocked' })).toBeFocused();
  await page.getByRole('heading', { name: 'People you blocked' }).scrollIntoViewIfNeeded();
  await shot(page, `privacy-blocked-${sizeName(PHONE)}`);
  await checkView(page, 'privacy settings with the blocked list');
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `privacy-blocked-${sizeName(DESKTOP)}`);
  // At 1024 px and wider the settings and the blocked list stand side by side.
  const form = await page.getByRole('form', { name: 'Privacy settings' }).boundingBox();
  const blocked = await page.getByRole('heading', { name: 'People you blocked' }).boundingBox();
  expect(blocked!.x).toBeGreaterThan(form!.x + form!.width - 1);
  await page.setViewportSize(PHONE);

  await list.getByRole('button', { name: `Yes, unblock ${other.name}` }).click();
  await expect(page.getByText(`${other.name} is unblocked`)).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone.")).toBeVisible();

  // Strangers again: the search offers Connect, nothing more.
  await backToEvents(page);
  await openFromEvents(page, 'Search');
  await page.getByLabel('Name or username').fill(other.username);
  await page.getByRole('button', { name: 'Search Users' }).click();
  await expect(page.getByRole('article', { name: other.name }).getByRole('button', { name: 'Connect' })).toBeVisible();
  await context.close();
  await other.context.close();
});

test('a toast never covers the page: it pushes it down from the top bar', async ({ browser }) => {
  const { context, page } = await newPerson(browser, PHONE, 'Kim');
  await openFromEvents(page, 'Profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Occupation').fill('Gardener');
  // Save sits low on a phone: scroll so it is at the bottom of the screen, then press it.
  await page.getByRole('button', { name: 'Save', exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const toast = page.getByRole('status', { name: 'Notifications' }).getByText('Profile updated successfully');
  await expect(toast).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const covered = await page.evaluate(() => {
    const region = document.querySelector('[aria-label="Notifications"][role="status"]')!;
    const box = region.getBoundingClientRect();
    const out: string[] = [];
    for (const el of document.querySelectorAll('main button, main input, main a, main h1, main h2, main p, main dd')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.bottom <= 0 || r.top >= innerHeight) continue;
      const overlaps = r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      if (overlaps) out.push(`${el.tagName} ${el.textContent?.trim().slice(0, 30)}`);
    }
    // The page starts below the toasts, not under them.
    if (document.querySelector('main')!.getBoundingClientRect().top < box.bottom) out.push('main starts under the toasts');
    return out;
  });
  expect(covered).toEqual([]);
  await shot(page, 'toast-in-top-bar-390x844');
  await context.close();
});

test('at 1024 px and wider the app uses the width: cards in a grid, a list beside its form', async ({ browser }) => {
  for (const size of [{ width: 1024, height: 768 }, DESKTOP]) {
    const { context, page } = await newPerson(browser, size, 'Wes');
    const cards = page.getByRole('list', { name: 'Events' }).getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(second.y, 'the second event sits beside the first').toBeCloseTo(first.y, 0);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    await shot(page, `events-${sizeName(size)}`);

    await openFromEvents(page, 'Search');
    await page.getByLabel('Name or username').fill('a');
    await page.getByRole('button', { name: 'Search Users' }).click();
    await expect(page.getByRole('heading', { name: /found$/ })).toBeVisible();
    const form = (await page.getByRole('form', { name: 'Search users' }).boundingBox())!;
    const results = (await page.getByRole('region', { name: 'Results' }).boundingBox())!;
    expect(results.x, 'the results stand beside the search form').toBeGreaterThan(form.x + form.width - 1);
    await shot(page, `search-${sizeName(size)}`);
    await checkView(page, `search with results (${sizeName(size)})`);
    await context.close();
  }
});

test('the accessibility statement is a link away from login, reads on a phone in light and dark, and leads back', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await new LoginPage(page).open();
  await page.getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { name: 'Accessibility statement', level: 1 })).toBeVisible();
  for (const name of ['The standard it aims for', 'How it is checked', 'Known limits', 'How to report a barrier']) {
    await expect(page.getByRole('region', { name }).getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  // This server has no SUPPORT_EMAIL: the page says whom to tell instead.
  await expect(page.getByText(/Tell the organizers of your event, or whoever runs this Wallflower/)).toBeVisible();

  // Nothing scrolls sideways at 390 px, and its one control is a 44 px target.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await smallTargets(page)).toEqual({ measured: 1, small: [] });
  await shot(page, 'accessibility-light-390x844');
  await checkView(page, 'accessibility statement, light (390x844)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'accessibility-dark-390x844');
  await checkView(page, 'accessibility statement, dark (390x844)');

  await page.getByRole('link', { name: 'Back to Wallflower' }).click();
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();
  await context.close();
});
