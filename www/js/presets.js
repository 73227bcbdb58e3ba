// @ts-check
// The ready-made maps, as the rules crate's catalogue has them
// (src/presets.rs, through the wasm API's `presets()`): each board size has
// its own, and the first of a size is the map a new Mapello game of that
// size starts on.
import wasm from "./wasm.js";

/** @typedef {import("../mapello.d.ts").Preset} Preset */

/** @type {Preset[] | null} */
let catalogue = null;

/**
 * `{ id, name, description, size, code }` for every preset, each size's default first.
 * @returns {Preset[]}
 */
export function allPresets() {
  catalogue ??= wasm.presets();
  return catalogue;
}

/**
 * The presets of boards of side `size`, in menu order.
 * @param {number} size
 */
export function presetsOf(size) {
  return allPresets().filter((p) => p.size === size);
}

/**
 * The preset with this id, or undefined.
 * @param {string} id
 */
export function presetById(id) {
  return allPresets().find((p) => p.id === id);
}

/**
 * The share code of the map a Mapello game of side `size` starts on.
 * @param {number} size
 */
export function defaultMap(size) {
  return presetsOf(size)[0].code;
}
