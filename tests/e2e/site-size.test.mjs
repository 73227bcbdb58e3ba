// The whole site, as a host serving it gzipped sends it, stays under the
// 400 KB the product allows (the network weights of every board size
// included), and the JavaScript it sends is minified.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { dist } from "./browser.mjs";

const BUDGET = 400_000;

async function builtFiles() {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

test("the built site is under 400 KB gzipped, file by file", async () => {
  const sizes = [];
  for (const path of await builtFiles()) {
    sizes.push([relative(dist, path), gzipSync(await readFile(path), { level: 9 }).length]);
  }
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  const largest = sizes.sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, n]) => `${f} ${n}`);
  assert.ok(total < BUDGET, `${total} bytes gzipped; largest: ${largest.join(", ")}`);
});

test("the site's scripts are minified: no comment lines left", async () => {
  for (const path of await builtFiles()) {
    if (!path.endsWith(".js") || path.endsWith("sw.js")) continue;
    const text = await readFile(path, "utf8");
    assert.ok(!/^\s*\/\/ /m.test(text), `${relative(dist, path)} still has its comments`);
  }
});
