/* Added to the generated service worker (workbox importScripts).
 * The page asks for a system notification while it is hidden; a click opens the app. */
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
        data: { url: '/' },
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
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.focus() : self.clients.openWindow('/');
    }),
  );
});
