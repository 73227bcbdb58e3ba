// Bundles the page's JavaScript in a built site: js/main.js and every module
// it imports become js/main.js plus shared chunks (js/chunk-*.js), and each
// module it imports with import() (the map editor) a chunk of its own, and
// index.html preloads main's chunks. On a slow link each module file costs
// a round trip, and the modules import one another several levels deep:
// one file (the rules' wasm glue, ../mapello.js, left out so that the page
// and what it imports share one instance, and the workers' ../mapello_ai.js,
// which the Blocs page starts) reaches the first screen sooner.
// The modules bundled are then removed from js/, so that neither the host
// nor the service worker serves them twice; the workers, which the page
// starts by URL, stay. Run from .ci/post-build.mjs before the minifier, or
// by hand:
//
//   node .ci/bundle.mjs [dir=$TRUNK_STAGING_DIR]
import { readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// esbuild is one of the npm build tools installed with the e2e tests.
const require = createRequire(new URL("../tests/e2e/package.json", import.meta.url));
const { build } = require("esbuild");

const ENTRY = "main.js";

/** Bundles `dir`/js/main.js in place; resolves to the chunks main imports. */
export async function bundle(dir) {
  const js = join(dir, "js");
  const { metafile } = await build({
    entryPoints: [join(js, ENTRY)],
    outdir: js,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    format: "esm",
    target: "es2022",
    chunkNames: "chunk-[hash]",
    external: ["../mapello.js", "../mapello_ai.js"],
    metafile: true,
    logLevel: "warning",
  });
  const outputs = new Set(Object.keys(metafile.outputs).map((path) => resolve(path)));
  for (const input of Object.keys(metafile.inputs).map((path) => resolve(path))) {
    if (!outputs.has(input)) await rm(input);
  }
  const [, main] = Object.entries(metafile.outputs).find(([path]) => basename(path) === ENTRY);
  const chunks = main.imports.filter((i) => i.kind === "import-statement" && !i.external).map((i) => basename(i.path));
  await preload(join(dir, "index.html"), chunks);
  return chunks;
}

// Adds a modulepreload of js/`chunk` for each of `chunks` before the page's
// module script, so that they load beside main.js rather than after it.
async function preload(html, chunks) {
  const page = await readFile(html, "utf8");
  const script = `<script type="module" src="js/${ENTRY}"></script>`;
  if (!page.includes(script)) throw new Error(`${html} has no ${script}`);
  const links = chunks.map((chunk) => `<link rel="modulepreload" href="js/${chunk}" />\n    `).join("");
  await writeFile(html, page.replace(script, `${links}${script}`));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/bundle.mjs DIR (or run from a trunk hook)");
  const chunks = await bundle(dir);
  console.log(`js/${ENTRY} bundled, with ${chunks.join(", ") || "no chunk"}`);
}
