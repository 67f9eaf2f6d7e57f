import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { App } from './App';
import { AppActor } from './appContext';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AppActor.Provider options={{
          input: {
            path: window.location.pathname,
            online: navigator.onLine,
            serviceWorker: import.meta.env.PROD,
            restoreSession: true,
          },
        }}>
        <App />
      </AppActor.Provider>
    </ThemeProvider>
  </StrictMode>,
);
