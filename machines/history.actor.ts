/**
 * The browser's address, for the root chart alone (issue 13): it writes the path of the
 * view on screen (a new entry, or in place for a redirect) and reports the back and
 * forward gestures as `address.changed`. Components never touch `history`; tests
 * `.provide()` a fake.
 */
import { fromCallback } from 'xstate';

export type AddressChanged = { type: 'address.changed'; path: string };
/** A system notification was clicked while the app was open: go where it leads. */
export type AddressOpened = { type: 'address.opened'; path: string };
export type AddressWrite = { type: 'address.write'; path: string; replace: boolean };
/** What the root tells the browser: an address to write, and (issue 39) about unsaved edits. */
export type HistoryOrder =
  | AddressWrite
  // Leaving after Back was held (issue 39): step back again.
  | { type: 'address.back' }
  // A form holds unsaved edits: closing the tab asks (the browser's own prompt).
  | { type: 'address.unsaved'; unsaved: boolean };

/** The path and query the browser shows now. */
const currentPath = (): string => window.location.pathname;

export const historyActor = fromCallback<HistoryOrder>(({ sendBack, receive }) => {
  if (typeof window === 'undefined') return undefined;
  const onPop = () => sendBack({ type: 'address.changed', path: currentPath() } satisfies AddressChanged);
  window.addEventListener('popstate', onPop);
  // The service worker tells an open window which address a clicked notification leads to.
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const onWorkerMessage = (e: MessageEvent) => {
    const data = e.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'wallflower.open' && typeof data.path === 'string' && data.path.startsWith('/'))
      sendBack({ type: 'address.opened', path: data.path } satisfies AddressOpened);
  };
  sw?.addEventListener('message', onWorkerMessage);
  let unsaved = false;
  const onUnload = (e: BeforeUnloadEvent) => {
    if (unsaved) e.preventDefault();
  };
  window.addEventListener('beforeunload', onUnload);
  receive((event) => {
    if (event.type === 'address.unsaved') unsaved = event.unsaved;
    if (event.type === 'address.back') window.history.back();
    if (event.type !== 'address.write') return;
    // Back and forward have moved the browser already: writing the same path is a no-op. A
    // query (an email link's token) is not part of a view's path, so writing the path removes it.
    if (event.path === currentPath() && window.location.search === '') return;
    if (event.replace) window.history.replaceState(null, '', event.path);
    else window.history.pushState(null, '', event.path);
  });
  return () => {
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('beforeunload', onUnload);
    sw?.removeEventListener('message', onWorkerMessage);
  };
});
