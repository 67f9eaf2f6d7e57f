/**
 * Issue 41: a forgotten password, end to end on the real server and its outbox (no
 * SMTP_URL: every email is an .eml file under <DATA_DIR>/outbox/). A German phone asks
 * for a link from the login view, the email arrives, its link opens the reset page with
 * the token gone from the address bar, the new password is set, and the old one no longer
 * signs in. The new pages at 390x844, in German, with axe at 0.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { axeClean, signUp } from './discovery.pages';
import { expect, publicBase, test, uniqueUsername } from './fixtures';

test.use({ locale: 'de-DE', viewport: { width: 390, height: 844 } });

/** The reset link mailed to `email`, once its .eml is in the outbox. */
async function resetLinkFor(email: string): Promise<URL> {
  const outbox = process.env.E2E_OUTBOX!;
  let link: URL | null = null;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await readFile(join(outbox, file)));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          const m = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
          if (to.includes(email) && m) link = new URL(m[1]!);
        }
        return link !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

/** The mails to `email` whose subject matches, parsed, once at least one is in the outbox. */
async function mailsTo(email: string, subject: RegExp) {
  const outbox = process.env.E2E_OUTBOX!;
  let found: Awaited<ReturnType<typeof simpleParser>>[] = [];
  await expect
    .poll(
      async () => {
        found = [];
        for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await readFile(join(outbox, file)));
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (to.includes(email) && subject.test(mail.subject ?? '')) found.push(mail);
        }
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found;
}

test('a German phone that signs in tells the server its language: the reset email comes in German', async ({ page, request }) => {
  // An account made without a language (English on the server), then used on a German phone.
  const username = uniqueUsername('greta');
  const email = `${username}@example.com`;
  await signUp(request, { username, name: 'Greta Grün' });
  await page.goto(publicBase() + '/');
  await page.getByLabel('Benutzername oder E-Mail').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill('secret123');
  const told = page.waitForResponse((r) => r.url().includes('/api/auth/profile') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  const answer = await told;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ language: 'de' });
  expect(((await answer.json()) as { language: string }).language).toBe('de');
  await expect(page.getByRole('navigation', { name: /Haupt|Main/ })).toBeVisible();

  // Asked for from anywhere, the link comes in her language.
  const asked = await request.post(`${publicBase()}/api/auth/password-reset`, { data: { email } });
  expect(asked.status()).toBe(202);
  const [mail] = await mailsTo(email, /Passwort/);
  expect(mail!.subject).toBe('Neues Wallflower-Passwort festlegen');
  expect(mail!.text).toContain('Hallo Greta Grün,');
  expect(mail!.text).not.toContain('Hello');
});

test('a forgotten password, from the login view to the email and back in', async ({ page, request }) => {
  const username = uniqueUsername('reset');
  const email = `${username}@example.com`;
  await signUp(request, { username, name: 'Rosa Reset' });

  await page.goto(publicBase() + '/');
  await page.getByRole('button', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  await axeClean(page, 'reset page, asking for the address (de)');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Link schicken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schau in dein Postfach' })).toBeVisible();

  const link = await resetLinkFor(email);
  expect(link.origin).toBe(new URL(publicBase()).origin);
  await page.goto(link.toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort wählen' })).toBeVisible();
  // The token is gone from the address bar (and so from the history and any shared screenshot).
  await expect(page).toHaveURL(`${new URL(publicBase()).origin}/reset-password`);
  await axeClean(page, 'reset page, choosing a new password (de)');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('ein-neues-1');
  await page.getByLabel('Neues Passwort bestätigen').fill('ein-neues-1');
  await page.getByRole('button', { name: 'Neues Passwort festlegen' }).click();
  await expect(page.getByText('Dein neues Passwort ist festgelegt. Melde dich damit an.')).toBeVisible();

  // The old password no longer signs in; the new one does.
  await page.getByLabel('Benutzername oder E-Mail').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.getByLabel('Passwort', { exact: true }).fill('ein-neues-1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('navigation', { name: /Haupt|Main/ })).toBeVisible();

  // The link was used: opened again, it says so.
  await page.context().clearCookies();
  await page.goto(link.toString());
  await page.getByLabel('Neues Passwort', { exact: true }).fill('noch-eins-2');
  await page.getByLabel('Neues Passwort bestätigen').fill('noch-eins-2');
  await page.getByRole('button', { name: 'Neues Passwort festlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht mehr' })).toBeVisible();
});
