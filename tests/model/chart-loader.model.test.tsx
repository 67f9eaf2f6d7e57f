/**
 * Model-based test of the chart loader (issue 15): paths generated from the production
 * chart, replayed on the whole app. After every step the screen must say what the loader
 * says: Loading… while the login form's code is on its way, a calm "could not load" with
 * Try again once it cannot be fetched, and the login form once it has arrived.
 */
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { appMachine, type AppActorRef } from '../../machines/app.machine';
import { chartOf, type Chunk, type LoadedCharts } from '../../machines/lazy-charts';
import { heldCall, quietServer, renderModelApp } from './app';
import { CHUNK_DONE, CHUNK_ERROR, chartLoaderModel } from './charts/chart-loader';
import { describeModel } from './suite';
import { withChunks } from '../machines/charts.fakes';
import { LOGIN_HEADING } from '../said';

quietServer();

interface Loading {
  user: UserEvent;
  actor: AppActorRef;
  held: ReturnType<typeof heldCall<LoadedCharts, { chunk: Chunk }>>;
  unmount: () => void;
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describeModel<Loading>(chartLoaderModel, {
  async start(_path, inspect) {
    const held = heldCall<LoadedCharts, { chunk: Chunk }>();
    const app = renderModelApp(appMachine.provide({ actors: withChunks(held.logic) }), inspect);
    return { user: userEvent.setup(), actor: app.actor, held, unmount: app.unmount };
  },
  events: {
    [CHUNK_DONE]: async (t, e) => t.held.resolve(e.output as LoadedCharts),
    [CHUNK_ERROR]: async (t, e) => t.held.reject(e.error),
    'code.retried': async (t) => t.user.click(screen.getByRole('button', { name: 'Try again' })),
  },
  states: {
    fetching: async (t, step, path) => {
      expect(await screen.findByText('Loading…')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      // Once as the app opens, and again at each Try again (after the PWA chart's, asked for as the app opens).
      const tries = path.steps.slice(0, path.steps.indexOf(step) + 1).filter((s) => s.key === 'fetching').length;
      expect(t.held.calls.map((c) => c.input.chunk), 'the chunks asked for').toEqual(['pwa', ...Array(tries).fill('login')]);
    },
    unavailable: async () => {
      expect(await heading('Wallflower could not load')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Back to events' }), 'no way back outside a view').not.toBeInTheDocument();
    },
    arrived: async (t) => {
      expect(await heading(LOGIN_HEADING)).toBeInTheDocument();
      expect(chartOf(t.actor.getSnapshot(), 'auth'), 'the login form’s chart, started by the root').toBeDefined();
    },
  },
  stop: ({ unmount }) => unmount(),
});
