/**
 * The browser's Push API as actors of the push chart (push.machine.ts): what this device
 * has, subscribing with the server's key and handing the subscription to the server, and
 * unsubscribing. The device's own choices (whether pushes are on here, previews, kinds)
 * are kept in localStorage beside its language, since the server keeps them per device.
 */
import { fromPromise } from 'xstate';
import { PUSH_KINDS, type PushKind } from '../../contract/push-kinds';
import { pushApi } from '../api/push';
import { languageOf, storedLanguage } from '../profile/language';
import { PUSH_CACHE, PUSH_CHOICES_URL, PUSH_KEY } from './push-events';

export interface PushChoices {
  /**
   * The person chose pushes on this device (a yes to the browser after the note, or the
   * profile's switch); sign-out forgets it, so the next person to sign in here chooses anew.
   */
  on: boolean;
  /** Whether a push may name the sender and quote a message (shown on a locked screen). */
  previews: boolean;
  kinds: PushKind[];
}

export const DEFAULT_PUSH_CHOICES: PushChoices = { on: false, previews: false, kinds: [...PUSH_KINDS] };


export function storedPushChoices(): PushChoices {
  try {
    const kept = JSON.parse(localStorage.getItem(PUSH_KEY) ?? 'null') as Partial<PushChoices> | null;
    if (!kept || typeof kept !== 'object') return DEFAULT_PUSH_CHOICES;
    return {
      on: kept.on === true,
      previews: kept.previews === true,
      kinds: Array.isArray(kept.kinds) ? PUSH_KINDS.filter((k) => kept.kinds!.includes(k)) : [...PUSH_KINDS],
    };
  } catch {
    return DEFAULT_PUSH_CHOICES;
  }
}

export function keepPushChoices(choices: PushChoices): void {
  try {
    localStorage.setItem(PUSH_KEY, JSON.stringify(choices));
  } catch {
    // Storage refused: the choices hold for this visit.
  }
}

export interface DeviceState {
  /** The browser can receive pushes (a service worker and the Push API). */
  supported: boolean;
  permission: NotificationPermission | 'unsupported';
  /** This browser already holds a subscription. */
  subscribed: boolean;
}

const hasPush = (): boolean =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  typeof Notification !== 'undefined';

/** What this device has now; asks the person nothing. */
export const readDevice = fromPromise<DeviceState>(async () => {
  if (!hasPush()) return { supported: false, permission: 'unsupported', subscribed: false };
  const reg = await navigator.serviceWorker.ready;
  return { supported: true, permission: Notification.permission, subscribed: (await reg.pushManager.getSubscription()) !== null };
});

/**
 * Subscribes with the server's key (a subscription made with another key is replaced) and
 * gives the server the subscription with the device's language and choices. Only with
 * permission already given: this never makes the browser ask.
 */
export const subscribeDevice = fromPromise<void, { userId: string; choices: PushChoices }>(async ({ input }) => {
  if (!hasPush() || Notification.permission !== 'granted') throw new Error('push: not permitted');
  const reg = await navigator.serviceWorker.ready;
  const { public_key } = await pushApi.pushKey();
  const key = base64urlBytes(public_key);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  const choices = { language: languageOf(storedLanguage()), previews: input.choices.previews, kinds: input.choices.kinds };
  await pushApi.subscribe(input.userId, {
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...choices,
  });
  // Kept for the service worker; without it (storage refused) only a rotation goes unnoticed.
  await keepForServiceWorker({ userId: input.userId, ...choices }).catch(() => undefined);
});

/** Tells the server to forget this device's subscription, then drops it in the browser. */
export const unsubscribeDevice = fromPromise<void, { userId: string }>(async ({ input }) => {
  if (!hasPush()) return;
  const reg = await navigator.serviceWorker.ready;
  const sub = await reg.pushManager.getSubscription();
  if (!sub) return;
  await pushApi.unsubscribe(input.userId, sub.endpoint).catch(() => undefined);
  await sub.unsubscribe();
  await forgetForServiceWorker();
});

/**
 * What the service worker needs to subscribe again by itself when the push service rotates
 * the subscription ('pushsubscriptionchange', public/sw-notifications.js): who subscribed and
 * this device's choices, in the Cache Storage both share (the worker cannot read localStorage).
 */
export interface KeptForServiceWorker {
  userId: string;
  language: string;
  previews: boolean;
  kinds: PushKind[];
}

async function keepForServiceWorker(kept: KeptForServiceWorker): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(PUSH_CACHE);
  await cache.put(PUSH_CHOICES_URL, new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }));
}

/** Nothing for the worker to subscribe again with: pushes are off here, or the person signed out. */
export async function forgetForServiceWorker(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PUSH_CACHE).catch(() => false);
}

function base64urlBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}
