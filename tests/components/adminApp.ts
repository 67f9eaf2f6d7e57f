/** The admin panel in the real app, for component tests: how to reach it, and its navigation bar. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '../../contract/admin';
import { renderApp } from './renderApp';

export const ADMIN = { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', username: 'admin', email: 'admin@wallflower.local', role: 'super_admin' };
export const PASSWORD = 'Wallflower2026';

/** Person i of the users table; a banned one until 1 December 2026, for spam. */
export const person = (i: number, banned: boolean): AdminUser => ({
  id: `11111111-0000-4000-8000-${String(i).padStart(12, '0')}`,
  username: `person${i}`,
  name: `Person ${i}`,
  email: `person${i}@example.org`,
  created_at: '2026-11-01T00:00:00.000Z',
  is_active: true,
  is_banned: banned,
  banned_until: banned ? '2026-12-01T00:00:00.000Z' : null,
  ban_reason: banned ? 'Spam' : null,
});

/** Opens admin-login the way the hidden key sequence does, and signs in. */
export async function signIn() {
  const user = userEvent.setup();
  const app = renderApp();
  act(() => app.actor.send({ type: 'admin.entryRequested' }));
  await screen.findByRole('heading', { name: 'Admin login' });
  await user.type(screen.getByLabelText('Admin username'), 'admin');
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Dashboard' });
  return { user, app };
}

export const nav = () => screen.getByRole('navigation', { name: 'Admin' });
