/**
 * src/App.tsx: the views after the first screens are chunks of their own. One opens once
 * its code has loaded; one whose code cannot be fetched says so calmly instead of leaving
 * a blank page, and the next view opens as usual.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';

// The notifications view's chunk cannot be fetched (offline before it was ever stored).
vi.mock('../../src/views/NotificationsView', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

async function renderSignedIn() {
  const app = connectionsApp();
  const view = renderApp(undefined, { path: '/', online: true }, app.machine);
  await act(() => signIn(view.actor));
  await screen.findByRole('heading', { name: 'Events' });
  return view;
}

describe('views in chunks of their own', () => {
  it('opens a view once its code has loaded', async () => {
    const { actor } = await renderSignedIn();
    act(() => actor.send({ type: 'view.opened', view: 'user-search' }));
    expect(await screen.findByRole('heading', { name: 'Find people' })).toBeInTheDocument();
  });

  it('says calmly that a view could not load, offers a reload and the way back, and the next view opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor } = await renderSignedIn();
    act(() => actor.send({ type: 'view.opened', view: 'notifications' }));
    expect(await screen.findByRole('heading', { name: 'This view could not load' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection, then reload Wallflower to try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The top bar is still there: only the view failed.
    expect(screen.getByText('Wallflower')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back to events' }));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'People' }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Find people' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This view could not load' })).toBeNull();
  });
});
