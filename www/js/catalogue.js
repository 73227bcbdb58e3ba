// @ts-check
// The rule facts the page words and checks but does not decide: the games
// and their sizes, what a bonus is worth, the computer's levels, the
// review's levels and classes, Troll's longest counted chain and edges,
// the most moves and points of a game, the longest text the API reads.
// They are the wasm API's `catalogue()` (src/wasm/catalogue.rs), handed
// over with the started module (wasm.js in the page, tests/www/wasm.mjs in
// Node), which also answers the modules that ask the rules a question
// (share.js) without importing the page's wasm glue; the page keeps no
// copy of them.

/** @typedef {import("../mapello.d.ts").Catalogue} Catalogue */
/** @typedef {typeof import("../mapello.d.ts")} Api */

/** @type {Catalogue | null} */
let facts = null;
/** @type {Api | null} */
let started = null;
/** @type {((catalogue: Catalogue) => void)[]} */
const readers = [];

/**
 * Keeps `api`, the started wasm module, and its `catalogue()`, and hands
 * the catalogue to every reader.
 * @param {Api} api
 */
export function useCatalogue(api) {
  started = api;
  facts = api.catalogue();
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

/**
 * The started wasm module, for a question to the rules; an error before it has started.
 * @returns {Api}
 */
export function rules() {
  if (!started) throw new Error("the rules were asked before the wasm module started");
  return started;
}
