/**
 * The accessibility statement (a server page, /accessibility) is one plain link away
 * from the login view, in both its forms, and from the profile, beside its settings.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { quietMediaChildren } from '../machines/media.quiet';
import { renderApp } from './renderApp';
import { LOGIN_HEADING } from '../said';

const statementLink = (where: Pick<typeof screen, 'getByRole'> = screen) => where.getByRole('link', { name: 'Accessibility' });

describe('the way to the accessibility statement', () => {
  it('is on the login view, whether logging in or registering', async () => {
    renderApp(undefined, { path: '/', online: true }, connectionsApp().machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING });
    expect(statementLink()).toHaveAttribute('href', '/accessibility');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Join Wallflower' });
    expect(statementLink()).toHaveAttribute('href', '/accessibility');
  });

  it('is on the profile, beside its settings', async () => {
    const app = connectionsApp({}, { businessCard: quietMediaChildren.businessCardMachine });
    const { actor } = renderApp(undefined, { path: '/', online: true }, app.machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING });
    await act(() => signIn(actor));
    await screen.findByRole('heading', { name: 'Events' });
    expect(screen.queryByRole('link', { name: 'Accessibility' })).toBeNull();

    act(() => actor.send({ type: 'view.opened', view: 'profile' }));
    await screen.findByRole('heading', { name: 'Your profile' });
    expect(statementLink(within(screen.getByRole('navigation', { name: 'Your settings' })))).toHaveAttribute('href', '/accessibility');
  });
});
