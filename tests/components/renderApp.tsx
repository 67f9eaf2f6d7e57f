/** Renders the real app (or one of its parts) inside the root actor, as main.tsx does. */
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { InspectionEvent, SimulatedClock } from 'xstate';
import type { AppActorRef, appMachine } from '../../machines/app.machine';
import { App } from '../../src/App';
import { AppActor } from '../../src/appContext';
import { theme } from '../../src/theme/theme';

/** Hands the test the root actor the Provider created, so it can send events to it. */
function Probe({ onActor }: { onActor: (actor: AppActorRef) => void }) {
  onActor(AppActor.useActorRef());
  return null;
}

/**
 * `logic`: the root chart with provided fakes, when the test needs them; `options`: a
 * simulated clock for the charts' delays and an inspector (the model tests record the
 * transitions taken with it).
 */
export function renderApp(
  children: ReactNode = <App />,
  input: { path: string; search?: string; online?: boolean; restoreSession?: boolean } = { path: '/', online: true },
  logic?: typeof appMachine,
  options: { clock?: SimulatedClock; inspect?: (e: InspectionEvent) => void } = {},
) {
  let actor: AppActorRef | undefined;
  const view = render(
    <ThemeProvider theme={theme}>
      <AppActor.Provider logic={logic} options={{ input, ...options }}>
        <Probe onActor={(a) => (actor = a)} />
        {children}
      </AppActor.Provider>
    </ThemeProvider>,
  );
  if (!actor) throw new Error('the root actor was not provided');
  return { ...view, actor };
}

/**
 * Waits until the event view shows `name` and its open tab has been drawn: a tab's content
 * comes in the pass after the first paint (src/views/EventTabs.tsx TabPanel).
 */
export async function eventDrawn(name: string): Promise<void> {
  await screen.findByRole('heading', { name, level: 1 }, { timeout: 5000 });
  await waitFor(() => {
    if (!screen.getByRole('tabpanel').hasChildNodes()) throw new Error('the open tab is not drawn yet');
  });
}
