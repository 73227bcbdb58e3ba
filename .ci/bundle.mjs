// Bundles the page's JavaScript in a built site: js/main.js and every module
// it imports become js/main.js plus shared chunks (js/chunk-*.js), and each
// module it imports with import() (the map editor) a chunk of its own, and
// index.html preloads main's chunks. On a slow link each module file costs
// a round trip, and the modules import one another several levels deep:
// one file (the rules' wasm glue, ../mapello.js, left out so that the page
// and what it imports share one instance, and the workers' ../mapello_ai.js,
// which the Blocs page starts) reaches the first screen sooner.
// esbuild splits the code main shares with the modules it imports later by
// which of them share it (14 chunks on 2026-11-27); the chunks main imports
// are then merged into one, js/shared.js (mergeFirstLoad), since each file is
// gzipped apart: 3.3 KB less on the first load.
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
// The first load's chunks, merged (mergeFirstLoad).
const SHARED = "shared.js";

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
  const merged = chunks.length > 1 ? [await mergeFirstLoad(js, chunks, metafile)] : chunks;
  await preload(join(dir, "index.html"), merged);
  return merged;
}

// The first load's chunks, bundled again into js/SHARED. Its exports get
// short names of their own (the chunks' names may repeat from one chunk to
// the next), and every output that imported from a chunk imports the same
// binding from js/SHARED instead; the chunks are then removed. It cannot be
// main.js itself: main awaits the Blocs page's modules at its top level, and
// they would wait for main in turn.
async function mergeFirstLoad(js, chunks, metafile) {
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).map(([path, meta]) => [basename(path), meta]));
  /** @type {Map<string, Map<string, string>>} chunk -> its export -> SHARED's */
  const renamed = new Map();
  let next = 0;
  const lines = chunks.map((chunk) => {
    const names = new Map(outputs[chunk].exports.map((name) => [name, `_${(next++).toString(36)}`]));
    renamed.set(chunk, names);
    return `export { ${[...names].map(([from, to]) => `${from} as ${to}`).join(", ")} } from "./${chunk}";`;
  });
  await build({
    stdin: { contents: lines.join("\n"), resolveDir: js },
    outfile: join(js, SHARED),
    bundle: true,
    format: "esm",
    target: "es2022",
    logLevel: "warning",
    plugins: [{
      name: "first-load-only",
      setup(build) {
        // Everything but the first load's chunks stays where it is.
        build.onResolve({ filter: /.*/ }, (args) => (args.kind === "entry-point" || chunks.includes(basename(args.path)) ? undefined : { path: args.path, external: true }));
      },
    }],
  });
  const imports = /\b(import|export)\s*(\{[^}]*\})?\s*(?:from\s*)?"\.\/(chunk-\w+\.js)"/g;
  for (const file of Object.keys(outputs)) {
    if (chunks.includes(file) || !file.endsWith(".js")) continue;
    const path = join(js, file);
    const source = await readFile(path, "utf8");
    const rewritten = source.replace(imports, (whole, keyword, list, chunk) => {
      const names = renamed.get(chunk);
      if (!names) return whole;
      if (keyword !== "import") throw new Error(`${file} re-exports from ${chunk}: ${whole}`);
      const bindings = (list ?? "{}").slice(1, -1).split(",").map((b) => b.trim()).filter(Boolean).map((binding) => {
        const [name, local = name] = binding.split(/\s+as\s+/);
        if (!names.has(name)) throw new Error(`${file} imports ${name}, which ${chunk} does not export`);
        return `${names.get(name)} as ${local}`;
      });
      return bindings.length ? `import { ${bindings.join(", ")} } from "./${SHARED}"` : `import "./${SHARED}"`;
    });
    const left = chunks.find((chunk) => rewritten.includes(chunk));
    if (left) throw new Error(`${file} still names ${left} after the merge`);
    if (rewritten !== source) await writeFile(path, rewritten);
  }
  for (const chunk of chunks) await rm(join(js, chunk));
  return SHARED;
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
