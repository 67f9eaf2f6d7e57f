/**
 * Issue 41's pages, opened from an email's link in the whole app: the reset page takes
 * the token out of the address bar, lets the person choose a new password, and leaves them
 * on the login view with a kind word; "Forgot your password?" on the login view opens it
 * to ask for a link; the confirmation page says the address is confirmed. The browser's
 * history is the real one (the root's history actor).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app.machine';
import { passwordResetMachine } from '../../machines/session/password-reset.machine';
import { verifyEmailMachine } from '../../machines/session/verify-email.machine';
import { App } from '../../src/App';
import { showLanguage } from '../../src/i18n/i18n';
import { chunksAtHand } from '../machines/charts.fakes';
import { flush } from '../machines/discovery.fakes';
import { renderApp } from './renderApp';

afterEach(async () => {
  await showLanguage('en');
  window.history.replaceState(null, '', '/');
});

function openAt(path: string, search = '') {
  const asks = vi.fn(async (_email: string) => ({ success: true }));
  const sets = vi.fn(async (_token: string, _password: string) => ({ success: true }));
  const verifies = vi.fn(async (_token: string) => ({ success: true }));
  const logic = appMachine.provide({
    actors: {
      ...chunksAtHand({
        passwordReset: passwordResetMachine.provide({
          actors: {
            askForLink: fromPromise<unknown, { email: string }>(({ input }) => asks(input.email)),
            setPassword: fromPromise<unknown, { token: string; newPassword: string }>(({ input }) => sets(input.token, input.newPassword)),
          },
        }),
        verifyEmail: verifyEmailMachine.provide({ actors: { verify: fromPromise<unknown, { token: string }>(({ input }) => verifies(input.token)) } }),
      }),
    },
  });
  window.history.replaceState(null, '', path + search);
  const view = renderApp(<App />, { path, search, online: true }, logic);
  return { ...view, asks, sets, verifies };
}

describe('the reset-password page', () => {
  it('takes the token out of the address bar, sets the new password with it and opens the login view', async () => {
    const user = userEvent.setup();
    const t = openAt('/reset-password', '?token=abcDEF_123-xyz');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.search).toBe('');

    await user.type(screen.getByLabelText('New password'), 'brand-new');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-nex');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(t.sets).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await act(flush);
    expect(t.sets).toHaveBeenCalledWith('abcDEF_123-xyz', 'brand-new');
    expect(await screen.findByLabelText('Username or email')).toBeInTheDocument();
    expect(await screen.findByText('Your new password is set. Log in with it.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('opens from "Forgot your password?" to ask for a link, says the same either way, and goes back', async () => {
    const user = userEvent.setup();
    const t = openAt('/');
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset-password');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Please enter the email address of your account')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    await act(flush);
    expect(t.asks).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(/If an account has this address, a link is on its way/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByLabelText('Username or email')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('is said in German', async () => {
    await showLanguage('de');
    openAt('/reset-password', '?token=tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Neues Passwort wählen' })).toBeInTheDocument();
    expect(screen.getByLabelText('Neues Passwort bestätigen')).toBeInTheDocument();
  });
});

describe('the verify-email page', () => {
  it('sends the token once, says the address is confirmed, and Continue goes on to log in', async () => {
    const user = userEvent.setup();
    const t = openAt('/verify-email', '?token=verify_me');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, your address is confirmed' })).toBeInTheDocument();
    expect(t.verifies).toHaveBeenCalledTimes(1);
    expect(t.verifies).toHaveBeenCalledWith('verify_me');
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Username or email')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
