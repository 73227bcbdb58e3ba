// @ts-check
// Offline play: registers the service worker (sw.js, next to index.html) so
// that after one visit the site loads without a network.

/**
 * Registers sw.js with the page's folder as its scope, so the site works
 * offline at a host's root or under a sub-path. Resolves to the
 * registration, or null where service workers are unavailable (old
 * browsers, plain-http hosts, private modes that refuse them).
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function registerOffline() {
  if (!("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(new URL("sw.js", document.baseURI), { scope: "./" });
  } catch (err) {
    console.warn(`Offline play is unavailable: ${err instanceof Error ? err.message : err}`);
    return null;
  }
}
