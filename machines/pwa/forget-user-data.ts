/**
 * At sign-out nothing that belonged to the person stays in the offline cache: the root
 * chart runs this itself (the PWA chart arrives in a chunk of its own).
 */

import { PUSH_CACHE, PUSH_KEY } from './push-events';

/** Forgets cached API answers of the user who just signed out. */
export async function forgetUserData(): Promise<void> {
  if (typeof caches !== 'undefined') {
    await caches.delete('wf-api').catch(() => false);
    // What the service worker kept to subscribe again by itself (push.actors.ts).
    await caches.delete(PUSH_CACHE).catch(() => false);
  }
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller)
    navigator.serviceWorker.controller.postMessage({ type: 'wallflower.forgetUserData' });
  try {
    // The next person to sign in on this device chooses pushes anew.
    localStorage.removeItem(PUSH_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
  await dropPushSubscription().catch(() => undefined);
}

/**
 * This browser's push subscription goes at sign-out (issue 41; the server removed it with
 * the session): a shared device never shows the previous person's pushes.
 */
async function dropPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || typeof window === 'undefined' || !('PushManager' in window)) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  await sub?.unsubscribe();
}
