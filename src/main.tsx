import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { App } from './App';
import { AppActor } from './appContext';
import { applyAppearance, storedAppearance } from '../machines/appearance';
import { theme } from './theme/theme';
import './theme/themes.css';

// The theme and text size the person picked on this device (issue 20), before the first paint.
applyAppearance(storedAppearance());

// The page's first date formatting loads the browser's locale data (tens of ms): a worker
// does that off the main thread while the app starts, before any date is shown.
if (typeof Worker !== 'undefined') new Worker(new URL('./warmDates.worker.ts', import.meta.url), { type: 'module' });

// The first render is a transition: React renders it in short slices, so a phone's main
// thread is never held for long while the app starts.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <AppActor.Provider
          options={{
            input: {
              path: window.location.pathname,
              online: navigator.onLine,
              serviceWorker: import.meta.env.PROD,
              restoreSession: true,
            },
          }}
        >
          <App />
        </AppActor.Provider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
