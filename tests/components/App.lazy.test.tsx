/**
 * src/App.tsx: every view is a chunk of its own, and so are the charts behind it. One
 * opens once its code has loaded (saying it is loading meanwhile); one whose code cannot
 * be fetched says so calmly instead of leaving a blank page, and the next view opens as
 * usual, or the same one on Try again.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { Chunk, LoadedCharts } from '../../machines/lazy-charts';
import type { LoginAnswer } from '../../contract/account';
import { authMachine, type LoginDraft } from '../../machines/session/auth.machine';
import { ada, quietCharts } from '../machines/app.fakes';
import { chunkCharts, withChunks } from '../machines/charts.fakes';
import { connectionsApp, signIn } from '../machines/connections.fakes';
import { renderApp } from './renderApp';
import { LOGIN_HEADING } from '../said';

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

/** The login form's chart, its sign-in answered at once. */
const signsInAda = authMachine.provide({ actors: { login: fromPromise<LoginAnswer, LoginDraft>(async () => ({ user: ada, reactivated: false })) } });

describe('charts in chunks of their own', () => {
  /** Ada signed in; the profile's chunk is held until the test lets it arrive or fail. */
  async function renderWithHeldProfile() {
    const held: Array<{ resolve: (c: LoadedCharts) => void; reject: (e: unknown) => void }> = [];
    const app = connectionsApp();
    const machine = app.machine.provide({
      actors: {
        ...withChunks(
          fromPromise<LoadedCharts, { chunk: Chunk }>(({ input }) =>
            input.chunk === 'profile'
              ? new Promise((resolve, reject) => held.push({ resolve, reject }))
              : Promise.resolve(chunkCharts(input.chunk, { ...quietCharts, auth: signsInAda })),
          ),
        ),
      },
    });
    const view = renderApp(undefined, { path: '/', online: true }, machine);
    await screen.findByRole('heading', { name: LOGIN_HEADING });
    await act(() => signIn(view.actor));
    await screen.findByRole('heading', { name: 'Events' });
    return { ...view, held };
  }

  it('says it is loading while a view’s charts arrive, then shows the view', async () => {
    const { actor, held } = await renderWithHeldProfile();
    act(() => actor.send({ type: 'view.opened', view: 'profile' }));
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await act(async () => held[0]!.resolve(chunkCharts('profile')));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });

  it('says calmly that a view’s charts could not load, and Try again fetches them again', async () => {
    const { actor, held } = await renderWithHeldProfile();
    act(() => actor.send({ type: 'view.opened', view: 'profile' }));
    await act(async () => held[0]!.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'This view could not load' })).toBeInTheDocument();
    expect(screen.getByText('Check your connection, then try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to events' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(held).toHaveLength(2);
    await act(async () => held[1]!.resolve(chunkCharts('profile')));
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  });
});
