// @ts-check
// The rule facts the page words and checks but does not decide: the games
// and their sizes, what a bonus is worth, the computer's levels, the
// review's levels and classes, Troll's longest counted chain, the longest
// text the API reads. They are the wasm API's `catalogue()`
// (src/wasm/catalogue.rs), handed over once the module has started
// (wasm.js in the page, tests/www/wasm.mjs in Node); the page keeps no
// copy of them.

/** @typedef {import("../mapello.d.ts").Catalogue} Catalogue */

/** @type {Catalogue | null} */
let facts = null;
/** @type {((catalogue: Catalogue) => void)[]} */
const readers = [];

/**
 * Keeps `value`, the wasm API's `catalogue()`, and hands it to every reader.
 * @param {Catalogue} value
 */
export function useCatalogue(value) {
  facts = value;
  for (const read of readers) read(facts);
}

/**
 * Calls `read(catalogue)` when the catalogue arrives (at once when it has):
 * how a module names a fact as a constant of its own.
 * @param {(catalogue: Catalogue) => void} read
 */
export function onCatalogue(read) {
  readers.push(read);
  if (facts) read(facts);
}

/**
 * The catalogue; an error before the wasm module has started.
 * @returns {Catalogue}
 */
export function catalogue() {
  if (!facts) throw new Error("the rules' catalogue was asked for before the wasm module started");
  return facts;
}
