// The service worker (served at /sw.js, scope /): shows gaslamp's "your
// move" notifications and opens the table when one is clicked. A
// notification carries only who must move where, never a game's secret.
/// <reference lib="webworker" />

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('push', (ev) => {
  /** @type {{title?: string, body?: string, url?: string, tag?: string}} */
  let msg = {};
  try {
    msg = ev.data ? ev.data.json() : {};
  } catch {
    msg = {};
  }
  ev.waitUntil(sw.registration.showNotification(msg.title || 'gaslamp', {
    body: msg.body || '',
    tag: msg.tag || 'gaslamp',
    icon: '/static/favicon-turn.svg',
    data: { url: msg.url || '/' },
  }));
});

sw.addEventListener('notificationclick', (ev) => {
  ev.notification.close();
  const url = new URL(ev.notification.data?.url || '/', sw.location.origin).href;
  ev.waitUntil((async () => {
    const wins = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const w of wins) {
      if (w.url === url && 'focus' in w) return w.focus();
    }
    return sw.clients.openWindow(url);
  })());
});
