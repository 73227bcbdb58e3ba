// Shared by the end-to-end tests: the release build served over HTTP, and a
// headless Chromium that records everything that goes wrong on a page.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { serve } from "../../.ci/static-server.mjs";
import { boardLayout, cellRect } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
// MAPELLO_DIST serves another build (relative paths from the repository root),
// so engineers building side by side do not overwrite each other's dist/.
export const dist = resolve(root, process.env.MAPELLO_DIST || "dist");
export const screenshots = `${root}target/screenshots`;

// Without the networking flags Chromium keeps calling home on a closed network.
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Serves dist/ (or $MAPELLO_DIST) at `base`; build it first with `trunk build --release`. */
export function serveDist(base = "/") {
  if (!existsSync(`${dist}/index.html`)) {
    throw new Error(`${dist} has no index.html: run \`trunk build --release\` (bash .ci/test does)`);
  }
  return serve(dist, { base });
}

/**
 * For a test file: serves dist/ and launches Chromium before its tests and
 * closes both after them; `site` and `browser` are set once they start.
 */
export function useSite() {
  const env = { site: undefined, browser: undefined };
  before(async () => {
    env.site = await serveDist();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.site?.close();
  });
  return env;
}

/** How the tests start Chromium. */
const CHROMIUM = { executablePath: process.env.CHROMIUM || "/usr/bin/chromium", headless: true, args: FLAGS };

/** Headless Chromium with a fresh profile. */
export async function launch() {
  await mkdir(screenshots, { recursive: true });
  return chromium.launch(CHROMIUM);
}

/**
 * Headless Chromium keeping its profile in `dir`, as a player's browser
 * keeps its storage between runs: launch it again on the same `dir` to
 * come back. `kill` ends every process of it at once, as a crash or a
 * phone reclaiming its memory does, with nothing flushed.
 */
export async function launchProfile(dir, contextOptions = {}) {
  const context = await chromium.launchPersistentContext(dir, { ...CHROMIUM, ...contextOptions });
  const kill = () => {
    try {
      execFileSync("pkill", ["-KILL", "-f", "--", `--user-data-dir=${dir}`], { stdio: "ignore" });
    } catch {
      // pkill exits 1 when no process matched: already gone.
    }
  };
  return { context, kill };
}

/**
 * What goes wrong on `page` from now on: `problems` collects console
 * errors, uncaught exceptions, failed requests (not those cut short) and
 * HTTP errors;
 * `requests` every URL the page asks for.
 */
export function watch(page) {
  const problems = [];
  const requests = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  page.on("request", (r) => requests.push(r.url()));
  // A request cut short by a reload or by the page itself (net::ERR_ABORTED)
  // is no failure: the page was done with it.
  page.on("requestfailed", (r) => r.failure()?.errorText !== "net::ERR_ABORTED" && problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  return { problems, requests };
}

/** Reloads `page`, as a player does, and waits until the board is drawn again. */
export async function reload(page) {
  await page.reload();
  await ready(page);
}

/**
 * Waits until `page` has started and drawn the board: saved data written
 * before then may be read by this start rather than the next one (a
 * damaged record then reported and dropped before the test reloads).
 */
export function ready(page) {
  return page.waitForSelector("body[data-ready]");
}

/**
 * Opens `url` in a new page and waits until the board is drawn. `problems`
 * collects console errors, uncaught exceptions, failed requests and HTTP errors;
 * `requests` every URL the page asked for.
 */
export async function openBoard(browser, url, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const { problems, requests } = watch(page);
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 10_000 }).catch(() => {});
  return { page, problems, requests };
}

/** The RGBA colour at the centre of outer-grid cell `index`, above its centre and near its corner. */
export async function cellColors(page, size, index, ring = true) {
  const pixels = await page.$eval("#board", (c) => c.width);
  const rect = cellRect(boardLayout(size, ring, pixels, MARGIN), index);
  return page.$eval(
    "#board",
    (canvas, { x, y, width, height }) => {
      const ctx = canvas.getContext("2d");
      const at = (px, py) => [...ctx.getImageData(Math.floor(px), Math.floor(py), 1, 1).data];
      return {
        center: at(x + width / 2, y + height / 2),
        // Above a bonus's "+3", on the disc itself.
        upper: at(x + width / 2, y + height * 0.25),
        corner: at(x + width * 0.15, y + height * 0.15),
      };
    },
    rect,
  );
}

/** The page's own `Game.snapshot()`, from the wasm module it loaded. */
export function pageState(page) {
  return page.evaluate(async () => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    return new Game(undefined).snapshot();
  });
}

/** Rough brightness of an RGBA colour, 0 to 255. */
export function luma([r, g, b]) {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}
