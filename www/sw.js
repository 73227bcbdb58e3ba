// The service worker: after one visit the site loads and plays offline.
//
// Cache first, from a cache named after the build: .ci/stamp-sw.mjs (a trunk
// post-build hook) writes the build's content hash into VERSION and its file
// list into FILES, so any change to any file of the site changes this script.
// The browser checks this script on every visit; a new one caches the whole
// new build, takes over at once and drops the old cache, and the next load
// is the new build, all of a piece. URLs are relative to this script, so the
// site works at a host's root or under any sub-path.
const VERSION = "unstamped";
const FILES = [];

const CACHE = `mapello-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Past the HTTP cache: a stale file would poison the whole version.
      await cache.addAll(["./", ...FILES].map((file) => new Request(file, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("mapello-") && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      // The page's query string changes nothing it loads.
      const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: request.mode === "navigate" });
      return cached ?? fetch(request);
    })(),
  );
});
