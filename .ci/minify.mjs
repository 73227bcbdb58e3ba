// Minifies a built site's JavaScript in place: the sources keep their
// comments for readers, players download the code alone (a third of the
// gzipped size). sw.js is left as it is, for .ci/stamp-sw.mjs to stamp.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { WORKER } from "./stamp-sw.mjs";

// esbuild is one of the npm build tools installed with the e2e tests.
const require = createRequire(new URL("../tests/e2e/package.json", import.meta.url));
const { transform } = require("esbuild");

/** Minifies every .js file under `dir` but the service worker; resolves to their number. */
export async function minify(dir) {
  const scripts = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js") && entry.name !== WORKER)
    .map((entry) => join(entry.parentPath, entry.name));
  for (const path of scripts) {
    const source = await readFile(path, "utf8");
    // Names are kept: errors and stack traces still name their functions.
    const { code } = await transform(source, { minify: true, keepNames: true, target: "es2022" });
    await writeFile(path, code);
  }
  return scripts.length;
}
