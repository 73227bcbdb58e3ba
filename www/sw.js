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
// Files only some games fetch (the pattern tables of Othello and Reversi on
// 8 x 8, the threaded module of the expert levels' shared solves), each
// with its content's hash: cached the first time one is
// fetched, in a cache of their own kept across versions, under that hash,
// so a new version of the site fetches again only the files that changed.
const ON_DEMAND = {};

const CACHE = `mapello-${VERSION}`;
const FETCHED = "mapello-fetched";

// Cross-origin isolation on hosts that send no such headers: every response
// this worker serves says so, and the pages it serves may then share wasm
// memory between workers (the expert levels' shared solves, js/ai-worker.js).
// The first visit, served before this worker, is not isolated; the next are.
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * `response` with the isolation headers; one whose headers cannot be read
 * (opaque, or a network error) as it is.
 * @param {Response} response
 */
function isolated(response) {
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.type === "error") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

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
      await Promise.all(names.filter((n) => n.startsWith("mapello-") && n !== CACHE && n !== FETCHED).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

/**
 * A file fetched on demand (`file`, relative to the scope): from the cache
 * when this version of it is there, else from the network, kept for next
 * time in place of any other version.
 * @param {Request} request
 * @param {string} file
 */
async function onDemand(request, file) {
  const cache = await caches.open(FETCHED);
  const base = new URL(file, self.registration.scope).href;
  const key = `${base}?${ON_DEMAND[file]}`;
  const cached = await cache.match(key);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const stale = (await cache.keys()).filter((r) => r.url.startsWith(`${base}?`));
    await Promise.all(stale.map((r) => cache.delete(r)));
    await cache.put(key, response.clone());
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  const file = request.url.slice(self.registration.scope.length).split(/[?#]/)[0];
  if (Object.hasOwn(ON_DEMAND, file)) return event.respondWith(onDemand(request, file).then(isolated));
  event.respondWith(
    (async () => {
      // The page's query string changes nothing it loads.
      const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: request.mode === "navigate" });
      return isolated(cached ?? (await fetch(request)));
    })(),
  );
});
