/**
 * Your account is yours (issue 42): a person downloads their data from the profile, then
 * deletes the account for good after a calm confirm that says what goes and what stays; a
 * wrong password changes nothing. The person they wrote to keeps the chat, from "Former
 * attendee". In English and German, at 390x844 (and 1280x800), axe at 0.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { PHONE, Person, axeClean, signUp } from './discovery.pages';
import { LOGIN_HEADING, baseUrl, expect, openSection, shot, test, uniqueUsername } from './fixtures';

/** Dora and Bo, connected, with a message from Dora to Bo. */
async function pair(browser: Browser) {
  const dora = await Person.register(browser, 'Dora');
  const bo = await Person.register(browser, 'Bo');
  await dora.call('POST', '/connections/request', { query: { from_user_id: dora.id }, data: { to_user_id: bo.id } });
  await bo.call('POST', '/connections/request', { query: { from_user_id: bo.id }, data: { to_user_id: dora.id } });
  await dora.call('POST', '/chat/send', { query: { user_id: dora.id }, data: { to_user: bo.id, message: 'Thanks for the chat about moths' } });
  return { dora, bo };
}

test('a person downloads their data and deletes their account; the other keeps the chat from "Former attendee"', async ({ browser }) => {
  const { dora, bo } = await pair(browser);
  const page = dora.page;
  await openSection(page, 'Me');
  const account = page.getByRole('region', { name: 'Account' });

  const download = page.waitForEvent('download');
  await account.getByRole('button', { name: 'Download your data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('wallflower-data.json');
  const doc = JSON.parse(await readFile((await file.path())!, 'utf8')) as { format: string; profile: { name: string }; messages: { message: string }[] };
  expect(doc.format).toBe('wallflower-export/1');
  expect(doc.profile.name).toBe(dora.name);
  expect(doc.messages.map((m) => m.message)).toEqual(['Thanks for the chat about moths']);

  await account.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account for good?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('Messages you sent stay in their chats, from “Former attendee”')).toBeVisible();
  await axeClean(page, 'delete confirm');
  await confirm.scrollIntoViewIfNeeded();
  await shot(page, 'delete-confirm-390-en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirm.scrollIntoViewIfNeeded();
  await shot(page, 'delete-confirm-1280-en');
  await page.setViewportSize(PHONE);

  // Nothing typed, then a wrong password: said beside the field, and nothing changes.
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(confirm.getByLabel('Your password')).toHaveAccessibleDescription(/password/i);
  await confirm.getByLabel('Your password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(confirm.getByLabel('Your password')).toHaveAccessibleDescription("That isn't your current password. Please check it and try again.");
  await expect(confirm.getByLabel('Your password')).toBeFocused();
  // Keep my account closes it; the password typed is gone.
  await confirm.getByRole('button', { name: 'Keep my account' }).click();
  await expect(confirm).toBeHidden();
  await account.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByLabel('Your password')).toHaveValue('');

  await confirm.getByLabel('Your password').fill('secret123');
  await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('Your account and everything it held are deleted. Take care.')).toBeVisible();
  await expect(page.getByRole('heading', { name: LOGIN_HEADING })).toBeVisible();

  // Bo keeps the conversation, from "Former attendee", and cannot write back.
  await bo.page.goto(`${baseUrl()}/chats/${dora.id}`);
  await expect(bo.page.getByText('Thanks for the chat about moths')).toBeVisible();
  await expect(bo.page.getByRole('heading', { name: 'Former attendee' })).toBeVisible();
  await expect(bo.page.getByText(dora.name)).toHaveCount(0);
  await expect(bo.page.getByText('This person has left Wallflower. What you said to each other stays here for you.')).toBeVisible();
  await axeClean(bo.page, 'chat with a former attendee');
  await shot(bo.page, 'delete-former-chat-390-en');
  await Promise.all([dora.context.close(), bo.context.close()]);
});

test.describe('in German', () => {
  test('the confirm says what goes and what stays in German, and axe finds nothing', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
    const page = context.newPage();
    const username = uniqueUsername('dorade');
    await signUp(context.request, { username, name: 'Dora Deutsch' });
    const p = await page;
    await p.goto(`${baseUrl()}/profile`);
    const account = p.getByRole('region', { name: 'Konto' });
    await account.getByRole('button', { name: 'Mein Konto löschen' }).click();
    const confirm = p.getByRole('alertdialog', { name: 'Dein Konto für immer löschen?' });
    await expect(confirm.getByText('Was sofort und für immer gelöscht wird')).toBeVisible();
    await expect(confirm.getByText('Was bei anderen bleibt, ohne deinen Namen')).toBeVisible();
    await axeClean(p, 'de delete confirm');
    await confirm.scrollIntoViewIfNeeded();
    await shot(p, 'delete-confirm-390-de');
    await p.setViewportSize({ width: 1280, height: 800 });
    await confirm.scrollIntoViewIfNeeded();
    await shot(p, 'delete-confirm-1280-de');
    await confirm.getByLabel('Dein Passwort').fill('secret123');
    await confirm.getByRole('button', { name: 'Mein Konto für immer löschen' }).click();
    await expect(p.getByText('Dein Konto und alles, was darin war, ist gelöscht. Mach es gut.')).toBeVisible();
    await context.close();
  });
});
