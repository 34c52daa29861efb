/* global self, caches, Request, Response */
/*
 * Fieldforce's service worker (issue 13, spec section 7): repeat visits start from the cached app
 * shell and assets, and a lost connection shows the app's offline notice instead of a browser error.
 *   - /assets/* (hashed, never changing): cache first, stored on first use.
 *   - page loads: network first (so a new build is picked up at once), the cached shell when offline.
 *   - /api/*, /oidc/*, /dev/* and everything else: straight to the network, never cached (personal
 *     and business data stays out of the cache).
 * A new build's worker replaces the old one at once and deletes the old caches.
 */
const VERSION = 'ff-v1';
const SHELL = `${VERSION}-shell`;
const ASSETS = `${VERSION}-assets`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request('/', { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => !k.startsWith(VERSION)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then(async (cache) => {
        const hit = await cache.match(request);
        if (hit) return hit;
        const response = await fetch(request);
        if (response.ok) void cache.put(request, response.clone());
        return response;
      }),
    );
    return;
  }

  const isAppPage = !/^\/(api|oidc|dev)(\/|$)/.test(url.pathname);
  if (request.mode === 'navigate' && isAppPage) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
          if (response.ok && html) void caches.open(SHELL).then((cache) => cache.put('/', response.clone()));
          return response;
        })
        .catch(async () => (await caches.match('/', { cacheName: SHELL })) ?? Response.error()),
    );
  }
});
