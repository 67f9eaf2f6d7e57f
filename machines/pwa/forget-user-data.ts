/**
 * At sign-out nothing that belonged to the person stays in the offline cache: the root
 * chart runs this itself (the PWA chart arrives in a chunk of its own).
 */

/** Forgets cached API answers of the user who just signed out. */
export async function forgetUserData(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete('wf-api').catch(() => false);
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller)
    navigator.serviceWorker.controller.postMessage({ type: 'wallflower.forgetUserData' });
}
