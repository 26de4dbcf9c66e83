// Bourse's service worker, built by service-worker/vite-plugin.ts (it fills in the version and the
// shell's file list). It keeps the application shell so the installed app opens without the
// network, and shows what Web Push delivers. It never stores prices, balances or any API answer:
// only the paths of SHELL_PATHS are ever cached, and /api, the realtime sockets and everything
// else go to the network untouched.
const VERSION = '__VERSION__';
const SHELL = `bourse-shell-${VERSION}`;
/** The shell fetched at install: the start page, the offline page, icons and the first screen's JS and CSS. */
const PRECACHE = __PRECACHE__;
const OFFLINE_PAGE = '/offline.html';
/** Static files the app may load later (lazy screens, catalogues): hashed or fixed, never answers about an account. */
const SHELL_PATHS = /^\/(assets\/|icons\/|favicon\.svg$|manifest\.webmanifest$|theme-boot\.js$|offline\.(html|js)$|notification\.mp3$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // A new build's worker drops the older shells (their hashed files are gone from the server too).
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('bourse-shell-') && name !== SHELL).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request, url));
  else if (SHELL_PATHS.test(url.pathname)) event.respondWith(cacheFirst(request));
});

/**
 * Pages come from the network. Without it: the start page from the shell (the installed app opens
 * and says itself what it cannot reach), any other page the offline page.
 */
async function navigate(request, url) {
  try {
    const response = await fetch(request);
    if (url.pathname === '/' && !url.search && response.ok) {
      const cache = await caches.open(SHELL);
      await cache.put('/', response.clone());
    }
    return response;
  } catch {
    const cache = await caches.open(SHELL);
    const shell = url.pathname === '/' ? await cache.match('/') : undefined;
    return shell ?? (await cache.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** A Web Push message from the server: `{ title, body, url, tag? }` in the customer's language. */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const options = { body: data.body ?? '', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: data.url ?? '/' } };
  if (data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(data.title ?? 'Bourse', options));
});

/** A tap on the notification: the app's open window comes forward on the page it names, or one opens. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      const focused = await open.focus();
      return focused.url === target || !('navigate' in focused) ? focused : focused.navigate(target);
    }),
  );
});
