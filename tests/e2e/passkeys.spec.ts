/**
 * Passkeys (issue 41 item 3) in Chromium with its virtual authenticator (CDP WebAuthn): a
 * person adds one from the profile, after their current password, and signs in with it
 * from the login view with no name or password. On http://localhost:<port>, the server's
 * PUBLIC_URL (global-setup.ts): Chromium refuses an IP address as the relying party.
 */
import type { Page } from '@playwright/test';
import { axeClean } from './discovery.pages';
import { expect, openSection, publicBase, screenshot, test, uniqueUsername } from './fixtures';


/** A platform authenticator that says yes with a fingerprint, as a phone would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a person adds a passkey from the profile and logs in with it, with no name or password', async ({ page, loginPage }) => {
  const device = await virtualAuthenticator(page);
  const username = uniqueUsername('passkey');
  await page.goto(`${publicBase()}/`);
  await loginPage.register({ username, name: 'Pia Passkey', password: 'secret123' });
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();

  await openSection(page, 'Me');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // The name is offered from the kind of device; the password is asked first.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(/Enter your current password/);
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('Name').fill('My phone');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(/password is not correct/);
  expect(await device.credentials()).toEqual([]);

  await section.getByLabel('Current password').fill('secret123');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. You can log in with it now.')).toBeVisible();
  await expect(section.getByText('My phone', { exact: true })).toBeVisible();
  expect(await device.credentials()).toHaveLength(1);
  await axeClean(page, 'profile passkeys');
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-passkeys');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await axeClean(page, 'login with passkey');
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(page.getByText('Login successful!')).toBeVisible();

  // Removed, it signs in no more: the browser still offers it, the server refuses it.
  await openSection(page, 'Me');
  await expect(section.getByText(/last used/)).toBeVisible();
  await section.getByRole('button', { name: 'Remove My phone' }).click();
  await section.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('That passkey did not sign you in. Try again, or use your password.');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the passkeys in the profile and the login view speak German, and axe finds nothing', async ({ page }) => {
    await virtualAuthenticator(page);
    await page.goto(`${publicBase()}/`);
    await expect(page.getByRole('button', { name: 'Mit einem Passkey anmelden' })).toBeVisible();
    await axeClean(page, 'de login with passkey');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    const username = uniqueUsername('passkeyde');
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel('Name', { exact: true }).fill('Paula Passkey');
    await page.getByLabel('E-Mail').fill(`${username}@example.com`);
    await page.getByLabel('Passwort', { exact: true }).fill('secret123');
    await page.getByLabel('Passwort bestätigen').fill('secret123');
    await page.getByRole('button', { name: 'Registrieren', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Später fertig machen' }).click();
    await page.goto(`${publicBase()}/profile`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await expect(section.getByLabel('Aktuelles Passwort')).toBeVisible();
    await axeClean(page, 'de profile passkeys, adding');
    await section.getByLabel('Aktuelles Passwort').fill('secret123');
    await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await expect(page.getByText('Passkey hinzugefügt. Du kannst dich jetzt damit anmelden.')).toBeVisible();
    await axeClean(page, 'de profile passkeys, one added');
  });
});
