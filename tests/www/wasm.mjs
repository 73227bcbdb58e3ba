// The workers' wasm module of the release build (dist/, or $MAPELLO_DIST),
// started in Node for unit tests that need the rules or the AI: build it
// first with trunk. It holds the whole API; the page's own module
// (mapello.js) is the same less the computer player and perft.
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
  return load("mapello_ai");
}

/** The page's own module (rules only), initialised. */
export async function loadPageWasm() {
  return load("mapello");
}

async function load(name) {
  if (!existsSync(`${dist}/${name}.js`)) {
    throw new Error(`${dist}/${name}.js is missing: run \`trunk build --release\` (bash .ci/test does)`);
  }
  const wasm = await import(pathToFileURL(`${dist}/${name}.js`).href);
  await wasm.default({ module_or_path: readFileSync(`${dist}/${name}_bg.wasm`) });
  useCatalogue(wasm);
  return wasm;
}
