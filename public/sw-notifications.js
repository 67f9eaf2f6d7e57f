/* Added to the generated service worker (workbox importScripts).
 * The page asks for a system notification while it is hidden; a click opens what it is
 * about: an open window is focused and told the address (the page's root chart moves
 * there), else a new window opens at it. Only same-origin paths are followed. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data !== 'object') return;
  if (data.type === 'wallflower.notify' && typeof data.title === 'string') {
    event.waitUntil(
      self.registration.showNotification(data.title, {
        body: typeof data.body === 'string' ? data.body : '',
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/' },
      }),
    );
  }
  if (data.type === 'wallflower.forgetUserData') {
    // After logout nothing that belonged to the signed-in user stays on the device.
    event.waitUntil(caches.delete('wf-api'));
  }
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      open.postMessage({ type: 'wallflower.open', path: url });
      return open.focus();
    }),
  );
});
