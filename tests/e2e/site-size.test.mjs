// What the site sends, as a host serving it gzipped sends it: the first
// load (every file the page needs before its first move can be played)
// stays under its budget, the whole site (both wasm modules, everything the
// service worker caches) under its own, and the JavaScript it sends is
// minified. The time the first load takes on a slow phone is
// tests/bench/first_load.mjs's to measure (docs/benchmarks.md).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { onDemand } from "../../.ci/stamp-sw.mjs";
import { dist } from "./browser.mjs";

// The target is 120 KB; the first load came to 111.1 KB on
// 2026-11-26, 67.3 KB of it the page's rules-only wasm module (see
// docs/benchmarks.md, "First load"). Analysis, resign and clocks, set-up
// positions and games by link then added 9.6 KB to it (their rules in the
// page's module, their hooks in its script), and a smaller base64 and
// error quoting took 5.1 KB back: 115.7 KB. Held to 117 KB. On 2026-11-27
// wasm-opt flags, no Debug behind four panics and the first load's chunks
// merged into js/shared.js took it from 116,956 to 110,288 B. On 2026-11-28
// the stylesheet and main.js written into index.html and the page's module
// without char escaping and Unicode's tables took it from 110,709 to
// 106,324 B (the whole site 505,947 B).
const FIRST_LOAD_BUDGET = 117_000;
// Both wasm modules (the page's and the workers'), every script, the icons:
// all the service worker caches with the site. 505,947 B on 2026-11-28; the
// workers' module then took 13.5 KB more for the search with the pattern
// tables (the tables themselves are fetched on demand, below), and 8.6 KB
// more for the expert moves split between workers (529,517 B in all). The
// page's features since, and on 2026-11-29 the exact solver's lockless
// table (1.1 KB in the workers' module, which leaves the sharing between
// threads out), took it to 535,091 B.
const SITE_BUDGET = 540_000;
// The files fetched only by the games that need them (.ci/stamp-sw.mjs):
// the pattern tables, which a player of Othello or Reversi on 8 x 8
// against the computer fetches once: 536,286 B gzipped on 2026-11-28 when
// they were added to the network, 461,511 B on 2026-11-29 as the whole value,
// in eighths of a point instead of sixteenths.
const ON_DEMAND_BUDGET = 480_000;
// The workers' module built with threads (mt/), which the expert levels'
// shared solves fetch once where the page is cross-origin isolated: 369,277
// B gzipped with its glue on 2026-11-29 (the workers' module is 355,047 B;
// the rest is its standard library built with atomics and each worker's
// set-up on the shared memory).
const THREADS_BUDGET = 380_000;

async function builtFiles() {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dist, join(e.parentPath, e.name)));
}

const gzipped = async (file) => gzipSync(await readFile(join(dist, file)), { level: 9 }).length;

// The modules `source` (the text of `file`) imports or re-exports statically.
function staticImports(file, source) {
  return [...source.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']([^"']+)["']/g)].map(([, spec]) =>
    relative(dist, join(dist, file, "..", spec)),
  );
}

// The files the page loads before it can be played: index.html, what its
// head links to (stylesheets, scripts, preloads) and the modules the page's
// scripts (its head's inline ones too) import, statically, from there on;
// not what import() fetches later.
async function firstLoad() {
  const html = await readFile(join(dist, "index.html"), "utf8");
  const head = html.slice(0, html.indexOf("</head>"));
  const linked = [...head.matchAll(/<(?:link|script)\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !/rel="(?:manifest|apple-touch-icon)"/.test(tag))
    .map((tag) => tag.match(/(?:href|src)="([^"]+)"/)?.[1])
    .filter(Boolean)
    .map((url) => url.replace(/^\.\//, ""));
  const inlined = [...head.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].flatMap(([, source]) => staticImports("index.html", source));
  const files = new Set(["index.html"]);
  const queue = [...linked, ...inlined];
  while (queue.length) {
    const file = queue.shift();
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith(".js")) continue;
    queue.push(...staticImports(file, await readFile(join(dist, file), "utf8")));
  }
  return [...files];
}

async function total(files) {
  const sizes = await Promise.all(files.map(async (file) => [file, await gzipped(file)]));
  const sum = sizes.reduce((n, [, size]) => n + size, 0);
  const largest = sizes.sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, n]) => `${f} ${n}`);
  return { sum, largest };
}

test("the first load is under 117 KB gzipped: the page's rules-only wasm module, not the computer player's", async () => {
  const files = await firstLoad();
  assert.ok(files.includes("mapello_bg.wasm") && files.includes("mapello.js"), files.join(", "));
  assert.ok(files.some((f) => f.startsWith("js/")), files.join(", "));
  for (const later of ["mapello_ai_bg.wasm", "mapello_ai.js", "editor.css", "help.html"]) assert.ok(!files.includes(later), `${later} is on the first load`);
  const { sum, largest } = await total(files);
  assert.ok(sum < FIRST_LOAD_BUDGET, `${sum} bytes gzipped; largest: ${largest.join(", ")}`);
});

test("the whole site is under 540 KB gzipped, file by file, and what some games fetch under 480 KB and 380 KB", async () => {
  const files = await builtFiles();
  const fetched = files.filter(onDemand).sort();
  assert.deepEqual(fetched, ["mt/mapello_ai.js", "mt/mapello_ai_bg.wasm", "net/o8.bin"]);
  const site = await total(files.filter((file) => !onDemand(file)));
  assert.ok(site.sum < SITE_BUDGET, `${site.sum} bytes gzipped; largest: ${site.largest.join(", ")}`);
  const tables = await total(fetched.filter((file) => file.startsWith("net/")));
  assert.ok(tables.sum < ON_DEMAND_BUDGET, `${tables.sum} bytes gzipped on demand`);
  const threads = await total(fetched.filter((file) => file.startsWith("mt/")));
  assert.ok(threads.sum < THREADS_BUDGET, `${threads.sum} bytes gzipped for the shared solves`);
});

test("the site's scripts are minified: no comment lines left", async () => {
  for (const file of await builtFiles()) {
    if (!file.endsWith(".js") || file.endsWith("sw.js")) continue;
    const text = await readFile(join(dist, file), "utf8");
    assert.ok(!/^\s*\/\/ /m.test(text), `${file} still has its comments`);
  }
});

// Its stylesheet and entry script arrive with the page (.ci/inline.mjs),
// in the round trip that the requests for what its head links to wait for.
test("the page's stylesheet and entry script are in index.html, after its head's links", async () => {
  const html = await readFile(join(dist, "index.html"), "utf8");
  const head = html.slice(0, html.indexOf("</head>"));
  const style = head.indexOf("<style>");
  const script = head.indexOf('<script type="module">');
  assert.ok(style > 0 && script > 0, "no inline <style> or module <script> in the head");
  assert.ok(head.lastIndexOf("<link ") < Math.min(style, script), "a link comes after the inlined text");
  for (const file of ["style.css", "js/main.js"]) assert.ok(!(await builtFiles()).includes(file), `${file} is still a file of its own`);
  for (const file of staticImports("index.html", head)) assert.ok((await builtFiles()).includes(file), `the page imports ${file}, which is not built`);
});

test("the page's integrity hashes match its files as minified", async () => {
  const html = await readFile(join(dist, "index.html"), "utf8");
  const hashed = [...html.matchAll(/(?:href|src)="([^"]+)"[^>]*?integrity="(sha\d+)-([^"]+)"/g)];
  // The stylesheet is written into index.html (.ci/inline.mjs): the icon is
  // the file the head still links to with a hash.
  assert.ok(hashed.some(([, url]) => url.endsWith("favicon.svg")), "favicon.svg has no integrity hash");
  for (const [, url, algorithm, digest] of hashed) {
    assert.equal(createHash(algorithm).update(await readFile(join(dist, url))).digest("base64"), digest, url);
  }
});
