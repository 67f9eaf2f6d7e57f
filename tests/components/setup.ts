import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { EventEmitter } from 'node:events';

// msw's ws.link() listens on one BroadcastChannel, made when msw loads, and never stops: the
// files of a worker share msw (vitest.config.ts), so a worker's dozen files with a socket
// add a dozen listeners, past Node's warning at ten. The channel is made with room for them
// (once per worker; nothing else's limit changes).
const defaultMax = EventEmitter.defaultMaxListeners;
EventEmitter.defaultMaxListeners = 100;
await import('msw');
EventEmitter.defaultMaxListeners = defaultMax;

// The files of a worker share one jsdom and their modules (vitest.config.ts): each file
// starts as on a fresh page, whatever the one before left behind (timers, spies and stubs:
// tests/reset-between-files.ts).
localStorage.clear();
sessionStorage.clear();
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
document.body.replaceChildren();
document.title = '';
history.replaceState(null, '', '/');
// A browser API a file gave the page (navigator.geolocation, which jsdom lacks) goes too.
for (const name of Object.getOwnPropertyNames(navigator)) delete (navigator as unknown as Record<string, unknown>)[name];

// The themes' colours, as main.tsx loads them: jsdom resolves var(--c-…) in computed styles,
// so a colour a test compares is the one a person sees (once per worker: the head stays).
if (!document.getElementById('themes')) {
  const themes = document.createElement('style');
  themes.id = 'themes';
  themes.textContent = readFileSync('src/theme/themes.css', 'utf8');
  document.head.append(themes);
}

// The API client calls fetch('/api/...') as a browser would. Node's fetch has no page
// to resolve a relative URL against, so resolve it against jsdom's location first
// (once per worker: Node's own fetch is kept beside the wrapper).
const kept = globalThis as typeof globalThis & { nodeFetch?: typeof fetch };
kept.nodeFetch ??= globalThis.fetch.bind(globalThis);
const nodeFetch = kept.nodeFetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);

// A lazy view's first import is compiled on demand here; on a busy 2-core machine that
// can take over a second. Waits end as soon as the element shows, so a missing one still fails.
configure({ asyncUtilTimeout: 5_000 });

// React's tests run inside act(); Testing Library says so itself only where vitest's globals
// are on (they are not here), and React warns of every act() in a page that does not say it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
});
