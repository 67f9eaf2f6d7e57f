/**
 * The login view and the events list in German (issue 20), the server's refusal said in
 * German too, and the profile's language picker changing the words at once.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { LoginAnswer } from '../../contract/account';
import { SERVER_DETAILS } from '../../contract/messages';
import { refusedWith } from '../../machines/api/request';
import { authMachine, type LoginDraft } from '../../machines/session/auth.machine';
import { LanguageSettings } from '../../src/components/LanguageSettings';
import { showLanguage, whenLanguageShown } from '../../src/i18n/i18n';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';
import { LOGIN_HEADING_DE } from '../said';

afterEach(async () => {
  localStorage.clear();
  whenLanguageShown(() => {});
  await showLanguage('en');
});

const refusingLogin = authMachine.provide({
  actors: {
    login: fromPromise<LoginAnswer, LoginDraft>(async () => {
      throw refusedWith(401, SERVER_DETAILS.wrongLogin);
    }),
  },
});

describe('the app in German', () => {
  it('shows the login view in German, its own checks and the server’s refusal too', async () => {
    await showLanguage('de');
    renderApp(undefined, { path: '/', online: true }, connectionsApp({}, { auth: refusingLogin }).machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING_DE });
    const form = screen.getByRole('form', { name: 'Anmelden' });
    expect(within(form).getByLabelText('Benutzername oder E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Barrierefreiheit' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome|Log in|Password/)).toBeNull();

    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib Benutzername oder E-Mail und Passwort ein')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Benutzername oder E-Mail'), 'ada');
    await user.type(within(form).getByLabelText('Passwort'), 'wrong-one');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Benutzername, E-Mail oder Passwort stimmt nicht')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    await screen.findByRole('heading', { name: 'Bei Wallflower mitmachen' });
    expect(screen.getByLabelText('Passwort bestätigen')).toBeInTheDocument();
    // Sign-up asks only what an account needs (issue 39); the rest comes after, a step at a time.
    expect(screen.queryByLabelText('Interessen')).toBeNull();
  });

  it('shows the events list and the shell around it in German', async () => {
    await showLanguage('de');
    const { actor } = renderApp(undefined, { path: '/', online: true }, connectionsApp().machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING_DE });
    await act(() => signIn(actor));
    await screen.findByRole('heading', { name: 'Events' });
    expect(screen.getByRole('button', { name: 'Event erstellen' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Art des Events' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Hauptmenü' })).toBeInTheDocument();
  });
});

describe('LanguageSettings (issue 20)', () => {
  it('follows the browser until a language is picked, then shows and keeps it', async () => {
    renderApp(<LanguageSettings />);
    expect(screen.getByRole('radio', { name: 'Follow my browser' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Deutsch' }).closest('label')?.querySelector('[lang="de"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(localStorage.getItem('wallflower.language')).toBe('de');
  });
});
