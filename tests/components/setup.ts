import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The API client calls fetch('/api/...') as a browser would. Node's fetch has no page
// to resolve a relative URL against, so resolve it against jsdom's location first.
const nodeFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);

// A lazy view's first import is compiled on demand here; on a busy 2-core machine that
// can take over a second. Waits end as soon as the element shows, so a missing one still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
