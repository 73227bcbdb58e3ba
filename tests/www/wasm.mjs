// The wasm module of the release build (dist/, or $MAPELLO_DIST), started in
// Node for unit tests that need the rules: build it first with trunk.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { useCatalogue } from "../../www/js/catalogue.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dist = resolve(root, process.env.MAPELLO_DIST || "dist");

/**
 * The wasm-bindgen module's exports, initialised, its catalogue of rule
 * facts handed to the page's modules as the page's wasm.js does.
 */
export async function loadWasm() {
  if (!existsSync(`${dist}/mapello.js`)) {
    throw new Error(`${dist}/mapello.js is missing: run \`trunk build --release\` (bash .ci/test does)`);
  }
  const wasm = await import(pathToFileURL(`${dist}/mapello.js`).href);
  await wasm.default({ module_or_path: readFileSync(`${dist}/mapello_bg.wasm`) });
  useCatalogue(wasm.catalogue());
  return wasm;
}
