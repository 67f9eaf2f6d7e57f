/* Added to the generated service worker (workbox importScripts).
 * System notifications come two ways: the page asks for one while it is hidden (a
 * 'wallflower.notify' message), and a Web Push arrives while no page holds the live
 * channel (issue 41: `{title, body, url, tag}`, written by the server in the person's
 * language). Both carry the notification's id as their tag, the key the app's toasts use,
 * so one alert is shown once. A click opens what it is about: an open window is focused
 * and told the address (the page's root chart moves there), else a new window opens at
 * it. Only same-origin paths are followed. */
const samePath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/');

function show(data) {
  return self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'Wallflower', {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: samePath(data.url) },
  });
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'wallflower.notify' && typeof data.title === 'string') event.waitUntil(show(data));
  if (data.type === 'wallflower.forgetUserData') {
    // After logout nothing that belonged to the signed-in user stays on the device.
    event.waitUntil(Promise.all([caches.delete('wf-api'), caches.delete(PUSH_CACHE)]));
  }
});

/* The push service may end a subscription and hand the browser a new one (it expired, or
 * its keys were rotated): 'pushsubscriptionchange'. No page may be open then, so the
 * service worker itself subscribes again with the same VAPID key (the old subscription's,
 * else the server's), gives the server the new subscription with the choices this device
 * made (kept by the page beside the subscription: who subscribed, language, previews,
 * kinds; machines/pwa/push.actors.ts) and removes the old endpoint. The calls go to this
 * origin with the session's cookie, as the page's do; nothing is kept when nobody chose
 * pushes here (signed out, or turned off), and a refused call changes nothing more. */
const PUSH_CACHE = 'wf-push';
const PUSH_CHOICES_URL = '/wallflower-push-choices';

async function keptPushChoices() {
  const cache = await caches.open(PUSH_CACHE);
  const kept = await cache.match(PUSH_CHOICES_URL);
  if (!kept) return null;
  try {
    const choices = await kept.json();
    return choices && typeof choices.userId === 'string' ? choices : null;
  } catch {
    return null;
  }
}

function base64urlBytes(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(s.length / 4) * 4, '='));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function serverKey() {
  const res = await fetch('/api/push/key', { credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`push key: ${res.status}`);
  return base64urlBytes((await res.json()).public_key);
}

function pushCall(method, userId, body) {
  return fetch(`/api/push/subscriptions?user_id=${encodeURIComponent(userId)}`, {
    method,
    credentials: 'include',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function resubscribe(oldSub, newSub) {
  const choices = await keptPushChoices();
  if (!choices) return;
  let sub = newSub;
  if (!sub) {
    const oldKey = oldSub && oldSub.options && oldSub.options.applicationServerKey;
    const applicationServerKey = oldKey ? new Uint8Array(oldKey) : await serverKey();
    sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  const json = sub.toJSON();
  const posted = await pushCall('POST', choices.userId, {
    endpoint: sub.endpoint,
    keys: { p256dh: (json.keys && json.keys.p256dh) || '', auth: (json.keys && json.keys.auth) || '' },
    language: choices.language,
    previews: choices.previews === true,
    kinds: choices.kinds,
  });
  if (!posted.ok) throw new Error(`push: resubscribing: ${posted.status}`);
  if (oldSub && oldSub.endpoint && oldSub.endpoint !== sub.endpoint) await pushCall('DELETE', choices.userId, { endpoint: oldSub.endpoint });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event.oldSubscription || null, event.newSubscription || null));
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // A push that is not our JSON still shows (browsers require a notification per push).
    data = {};
  }
  if (!data || typeof data !== 'object') data = {};
  event.waitUntil(show(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = samePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      open.postMessage({ type: 'wallflower.open', path: url });
      return open.focus();
    }),
  );
});
