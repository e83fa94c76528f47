// The offline copy of the page (dist/sw.js). scripts/build_page.mjs fills in
// the build's content hash and the files beside index.html; a new build is a
// new worker with a new cache, which replaces the old copy once installed.
const VERSION = '/*QIPAN_VERSION*/';
const FILES = /*QIPAN_FILES*/ [];
const CACHE = `qipan-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('qipan-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

// The cached copy first (it is the build this worker belongs to); anything
// else of the same origin from the network.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      if (request.mode === 'navigate') {
        const page = await cache.match('./');
        if (page) return page;
      }
      return fetch(request);
    })(),
  );
});
