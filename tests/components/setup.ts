import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The API client calls fetch('/api/...') as a browser would. Node's fetch has no page
// to resolve a relative URL against, so resolve it against jsdom's location first.
const nodeFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  nodeFetch(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);

afterEach(() => {
  cleanup();
});
