// Offline play: after one visit the service worker serves the whole site, so
// it loads and plays against the computer with the network and the server
// gone; a new deployment replaces the cached site; the manifest and icons load.
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { stamp } from "../../.ci/stamp-sw.mjs";
import { serve } from "../../.ci/static-server.mjs";
import { launch, openBoard, screenshots } from "./browser.mjs";
import { clickSquare } from "./game.mjs";

// The build under test, as browser.mjs finds it; each test serves a copy it may change.
const dist = resolve(fileURLToPath(new URL("../../", import.meta.url)), process.env.MAPELLO_DIST || "dist");

let browser;
let copy;

before(async () => {
  browser = await launch();
  copy = await mkdtemp(join(tmpdir(), "mapello-offline-"));
  await cp(dist, copy, { recursive: true });
});

after(async () => {
  await browser?.close();
  if (copy) await rm(copy, { recursive: true, force: true });
});

/** Waits until the page is controlled by an active service worker. */
async function waitForWorker(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Waits until `name` is the site's only cache: its worker is active, older ones dropped. */
function waitForOnlyCache(page, name) {
  return page.evaluate(async (wanted) => {
    while ((await caches.keys()).join() !== wanted) await new Promise((wake) => setTimeout(wake, 50));
  }, name);
}

function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test("after one visit the site loads and plays against the computer offline, under a sub-path", async () => {
  const site = await serve(copy, { base: "/games/mapello/" });
  const { page, problems } = await openBoard(browser, site.url);
  await waitForWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, site.url);

  await page.context().setOffline(true);
  await site.close();
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.match(await page.textContent("#status"), /move/i);

  const legal = await page.evaluate(async () => {
    const { Game, presets } = await import(new URL("mapello.js", document.baseURI).href);
    return new Game({ map: presets().find((p) => p.id === "rulebook").code }).snapshot().legal[0];
  });
  await clickSquare(page, legal);
  // The computer answers from its worker, itself loaded from the cache.
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length >= 2, null, { timeout: 30_000 });

  // The editor and its balance worker work offline too.
  await page.click("#edit-map");
  await page.waitForFunction(() => /ahead|Even/.test(document.querySelector(".editor-balance-text")?.textContent));
  await page.screenshot({ path: `${screenshots}/offline-editor.png` });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a new deployment replaces the cached site after a reload", async () => {
  const site = await serve(copy);
  try {
    const { page, problems } = await openBoard(browser, site.url);
    await waitForWorker(page);
    const [first] = await cacheNames(page);
    assert.match(first, /^mapello-[0-9a-f]{16}$/);
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.$("meta[name=mapello-build]"), null);

    // Build B: a changed page, and sw.js stamped for it as the build would.
    const index = join(copy, "index.html");
    await writeFile(index, (await readFile(index, "utf8")).replace("<head>", '<head><meta name="mapello-build" content="B" />'));
    const { version } = await stamp(copy);
    assert.notEqual(`mapello-${version}`, first);

    // The visit after the deployment finds the new worker, which caches B
    // and drops A; the one after that shows B.
    await page.reload();
    await waitForOnlyCache(page, `mapello-${version}`);
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.getAttribute("meta[name=mapello-build]", "content"), "B");
    assert.deepEqual(problems, []);
    await page.context().close();
  } finally {
    await site.close();
  }
});

test("the manifest lists icons that load, at their stated sizes", async () => {
  const site = await serve(copy);
  try {
    const { page, problems } = await openBoard(browser, site.url);
    const href = await page.$eval("link[rel=manifest]", (l) => l.href);
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href);
    assert.equal(manifest.start_url, "./");
    assert.equal(manifest.display, "standalone");
    for (const icon of manifest.icons) {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, new URL(icon.src, href).href);
      if (icon.sizes !== "any") assert.equal(size, icon.sizes, icon.src);
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  } finally {
    await site.close();
  }
});

test("Othello on 8 x 8 fetches the pattern tables once, which then play offline; a map does not", async () => {
  const site = await serve(copy);
  const tables = `${site.url}net/o8.bin`;
  let open = true;
  try {
    const { page, problems, requests } = await openBoard(browser, site.url);
    await waitForWorker(page);
    // Against the computer on the first visit's map (walls, bonuses): no tables.
    const legal = await page.evaluate(async () => {
      const { Game, presets } = await import(new URL("mapello.js", document.baseURI).href);
      return new Game({ map: presets().find((p) => p.id === "rulebook").code }).snapshot().legal[0];
    });
    await clickSquare(page, legal);
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length >= 2, null, { timeout: 30_000 });
    assert.ok(!requests.includes(tables), "a map with pieces fetched the tables");

    // Othello, by the game chooser: the worker fetches them, the service worker keeps them.
    await page.selectOption("#variant", "othello");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
    await clickSquare(page, "f5");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length >= 2, null, { timeout: 30_000 });
    await page.waitForFunction(async () => (await (await caches.open("mapello-fetched")).keys()).some((r) => r.url.includes("net/o8.bin?")), null, { timeout: 30_000 });
    assert.equal(requests.filter((url) => url === tables).length, 1, "fetched once");

    // Offline, the next visit's worker gets them from the cache and plays on.
    await page.context().setOffline(true);
    await site.close();
    open = false;
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { ok: response.ok, bytes: (await response.arrayBuffer()).byteLength };
    }, tables);
    assert.deepEqual(served, { ok: true, bytes: (await readFile(join(copy, "net/o8.bin"))).byteLength });
    const [move] = await page.evaluate(async () => {
      const { Game } = await import(new URL("mapello.js", document.baseURI).href);
      const moves = [...document.querySelectorAll("#move-list li button")].map((b) => b.textContent);
      return new Game({ variant: "othello", moves: moves.join("") }).snapshot().legal;
    });
    await clickSquare(page, move);
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length >= 4, null, { timeout: 30_000 });
    assert.deepEqual(problems, []);
    await page.context().close();
  } finally {
    if (open) await site.close();
  }
});
