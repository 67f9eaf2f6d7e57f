import { Fragment, StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { App } from './App';
import { AppActor } from './appContext';
import { applyAppearance, storedAppearance } from '../machines/profile/appearance';
import { keepInstallPrompt } from '../machines/pwa/install-prompt';
import { languageOf, storedLanguage } from '../machines/profile/language';
import { shownLanguage, showLanguage, whenLanguageShown } from './i18n/i18n';
import { theme } from './theme/theme';
import './theme/themes.css';

// The theme and text size the person picked on this device (issue 20), before the first paint.
applyAppearance(storedAppearance());

// The install prompt may come before the PWA chart's chunk: kept for it.
keepInstallPrompt();

// The page's first date formatting loads the browser's locale data (tens of ms): a worker
// does that off the main thread while the app starts, before any date is shown.
if (typeof Worker !== 'undefined') new Worker(new URL('./warmDates.worker.ts', import.meta.url), { type: 'module' });

// The first render is a transition: React renders it in short slices, so a phone's main
// thread is never held for long while the app starts.
const root = createRoot(document.getElementById('root')!);
const draw = () =>
  root.render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <AppActor.Provider
          options={{
            input: {
              path: window.location.pathname,
              search: window.location.search,
              online: navigator.onLine,
              serviceWorker: import.meta.env.PROD,
              restoreSession: true,
            },
          }}
        >
          {/* A new language draws the app anew under its charts (src/i18n/i18n.ts). */}
          <Fragment key={shownLanguage()}>
            <App />
          </Fragment>
        </AppActor.Provider>
      </ThemeProvider>
    </StrictMode>,
  );
startTransition(draw);

// The words in the language picked on this device, else the browser's (issue 20): English
// at once, German as soon as its catalogue arrives.
whenLanguageShown(() => {
  // What had focus (the picker's choice) keeps it in the new drawing.
  const focused = document.activeElement?.id;
  flushSync(draw);
  if (focused) document.getElementById(focused)?.focus();
});
void showLanguage(languageOf(storedLanguage()));
