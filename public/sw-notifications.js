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
    event.waitUntil(caches.delete('wf-api'));
  }
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
