/**
 * Issue 20 "Languages": a browser that asks for German gets the login view and the events
 * list in German, with <html lang="de">, and axe finds nothing on them; the server's
 * refusal of a wrong password is said in German; the profile's picker switches to English
 * and the choice is kept on the device.
 */
import type { Page } from '@playwright/test';
import { checkView } from './discovery.pages';
import { baseUrl, expect, test, uniqueUsername } from './fixtures';

test.use({ locale: 'de-DE' });

/** Words of the login view and the events list (and the shell around them) that are English only. */
const ENGLISH = [
  'Welcome back',
  'Welcome to Wallflower',
  'Join Wallflower',
  'Log in',
  'Username or email',
  'Password',
  'Create an account',
  'Register',
  'Confirm password',
  'Separate with commas',
  'Skip for now',
  'Continue',
  'Step',
  'Casual',
  'Interest-based',
  'Professional',
  'Sports',
  'Conference',
  'Create Event',
  'Upgrade',
  'Available',
  'Energy:',
  'Show hidden events',
  'attending',
  'Join',
  'Hide',
  'Take a break',
  'Loading',
  'People',
  'Alerts',
];

/**
 * The English words found on the page, its text and its accessible names alike; the
 * events' own names (the organisers' words, "Product People Breakfast") aside.
 */
async function englishOn(page: Page): Promise<string[]> {
  const said = await page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label], [placeholder], [title]')].map(
      (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('placeholder') ?? ''} ${el.getAttribute('title') ?? ''}`,
    );
    let text = document.body.innerText;
    for (const title of document.querySelectorAll('article h2')) text = text.replaceAll(title.textContent ?? '', '');
    return `${text}\n${names.join('\n')}`;
  });
  return ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'u').test(said));
}

test('a German browser gets the login view and the events list in German, and axe finds nothing', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${baseUrl()}/`);
  await expect(page.getByRole('heading', { name: 'Willkommen bei Wallflower' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await englishOn(page)).toEqual([]);
  await checkView(page, 'de-login');

  // The server's refusal, said in German.
  const stranger = uniqueUsername('niemand');
  await page.getByLabel('Benutzername oder E-Mail').fill(stranger);
  await page.getByLabel('Passwort').fill('falsch123');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Benutzername, E-Mail oder Passwort stimmt nicht');

  // Registering, in German.
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Bei Wallflower mitmachen' })).toBeVisible();
  expect(await englishOn(page)).toEqual([]);
  await checkView(page, 'de-register');
  const username = uniqueUsername('lena');
  await page.getByLabel('Benutzername', { exact: true }).fill(username);
  await page.getByLabel('Name', { exact: true }).fill('Lena Vogel');
  await page.getByLabel('E-Mail', { exact: true }).fill(`${username}@example.com`);
  await page.getByLabel('Passwort', { exact: true }).fill('geheim123');
  await page.getByLabel('Passwort bestätigen').fill('geheim124');
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
  await expect(page.getByText('Die Passwörter stimmen nicht überein')).toBeVisible();
  await page.getByLabel('Passwort bestätigen').fill('geheim123');
  await page.getByRole('button', { name: 'Registrieren', exact: true }).click();

  // The rest of the profile, a step at a time (issue 39), in German.
  await expect(page.getByText('Registrierung erfolgreich!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Was machst du so?' })).toBeVisible();
  expect(await englishOn(page)).toEqual([]);
  await page.getByRole('button', { name: 'Erst mal überspringen' }).click();
  await page.getByRole('dialog', { name: 'Wofür begeisterst du dich?' }).getByLabel('Interessen').fill('Wandern, Jazz');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('dialog', { name: 'Wie lernst du am liebsten Leute kennen?' })).toBeVisible();
  await checkView(page, 'de-profile-steps');
  await page.getByRole('button', { name: 'Später fertig machen' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The events list and the shell around it.
  await expect(page.getByRole('heading', { name: 'Events', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Events she has not joined say how to see who goes, not a count (issue 40).
  await expect(page.getByText(/Tritt bei, um zu sehen, wer kommt|\d+ (Person nimmt|Personen nehmen) teil/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause machen' })).toBeVisible();
  expect(await englishOn(page)).toEqual([]);
  await checkView(page, 'de-events');

  // The profile's picker: English, kept on the device across a reload.
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: /^Ich\b/ }).click();
  await expect(page.getByRole('heading', { name: 'Dein Profil' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Wie mein Browser' })).toBeChecked();
  await checkView(page, 'de-profile');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Language' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Back to the browser's German: the words change at once, and the choice keeps the focus.
  await page.getByRole('radio', { name: 'Follow my browser' }).click();
  await expect(page.getByRole('heading', { name: 'Sprache' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('radio', { name: 'Wie mein Browser' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Wie mein Browser' })).toBeFocused();
});
