/**
 * What the PWA chart tells the push chart (push.machine.ts), apart from both so neither
 * chunk carries the other, and the device's push choices' key, which sign-out clears.
 */
export type PushPermitted = { type: 'push.permitted' };

/** Where the device keeps the signed-in person's push choices (push.actors.ts). */
export const PUSH_KEY = 'wallflower.push';

/**
 * The person said yes while no one was signed in (the top bar's note on the login view):
 * the push chart subscribes when their session starts.
 */
export function wantPushHere(): void {
  try {
    const kept = JSON.parse(localStorage.getItem(PUSH_KEY) ?? '{}') as object;
    localStorage.setItem(PUSH_KEY, JSON.stringify({ ...kept, on: true }));
  } catch {
    // Storage refused: they turn pushes on from the profile once signed in.
  }
}

/**
 * Where the page keeps, for the service worker, who subscribed and this device's choices,
 * so the worker can subscribe again by itself ('pushsubscriptionchange'; public/sw-notifications.js
 * names the same two).
 */
export const PUSH_CACHE = 'wf-push';
export const PUSH_CHOICES_URL = '/wallflower-push-choices';
