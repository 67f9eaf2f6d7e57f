import { test, expect, uniqueUsername, screenshot, openSection } from './fixtures';

test('a person registers, edits their profile, changes password, logs out and in, deactivates and comes back', async ({
  page,
  loginPage,
}) => {
  const username = uniqueUsername('e2e');
  await loginPage.open();
  await screenshot(page, 'login');

  // Client-side rules first: a mismatch never reaches the server.
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
  await page.getByRole('button', { name: 'Log in instead' }).click();

  await loginPage.register({ username, name: 'Robin Quiet', password: 'secret123', occupation: 'Librarian' });
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  // Online is the top bar's dot, its word for screen readers only (issue 39).
  await expect(page.getByRole('banner').getByText('Online', { exact: true })).toBeAttached();

  // Edit the profile: interests are comma separated.
  await openSection(page, 'Me');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Robin Calm');
  await page.getByLabel('Interests').fill('tea, poetry ,  ,chess');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Robin Calm' })).toBeVisible();
  await expect(page.getByText('tea, poetry, chess')).toBeVisible();
  await screenshot(page, 'profile');

  // Change the password, with its hint and rules.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('Current password').fill('secret123');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /New password must be at least 6 characters long/,
  );
  await page.getByLabel('New password', { exact: true }).fill('better-secret-2');
  await page.getByLabel('Confirm new password').fill('better-secret-2');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();

  // Log out, then in with the new password.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await loginPage.login(username, 'secret123');
  await expect(page.getByRole('alert')).toHaveText(/Incorrect username\/email or password/);
  await loginPage.login(username, 'better-secret-2');
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();

  // Deactivate with the confirm dialog, then come back.
  await openSection(page, 'Me');
  await page.getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, deactivate' }).click();
  await expect(page.getByText('Account deactivated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await loginPage.login(username, 'better-secret-2');
  await expect(page.getByText('Welcome back! Your account is active again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events' })).toBeVisible();
});

test('the login form asks for both fields before calling the server', async ({ page, loginPage }) => {
  await loginPage.open();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByLabel('Username or email')).toHaveAccessibleDescription('Please enter username/email and password');
  await expect(page.getByLabel('Username or email')).toBeFocused();
});
