/** Reports the browser's online/offline changes to the root chart. */
import { fromCallback } from 'xstate';

export type ConnectivityEvent = { type: 'connectivity.changed'; online: boolean };

export const connectivityActor = fromCallback<{ type: never }>(({ sendBack }) => {
  if (typeof window === 'undefined') return () => {};
  const report = () => sendBack({ type: 'connectivity.changed', online: navigator.onLine } satisfies ConnectivityEvent);
  window.addEventListener('online', report);
  window.addEventListener('offline', report);
  report();
  return () => {
    window.removeEventListener('online', report);
    window.removeEventListener('offline', report);
  };
});
