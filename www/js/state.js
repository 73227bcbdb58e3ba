// The board's state: plain data built from the wasm `Game.state()`, read by
// render.js and changed only through the functions here.
import { outerSide } from "./geometry.js";

// Diagram characters of the `cells` string.
const CELL_CHARS = new Set([".", "#", "+", "*", "X", "O"]);

/** Board state from `Game.state()`; throws when it breaks the contract. */
export function fromGame({ size, ring, cells, toMove }) {
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`bad board size: ${size}`);
  }
  const side = outerSide(size);
  if (typeof cells !== "string" || cells.length !== side * side) {
    throw new Error(`cells must be ${side * side} characters for size ${size}`);
  }
  const unknown = [...cells].find((c) => !CELL_CHARS.has(c));
  if (unknown !== undefined) {
    throw new Error(`unknown cell character: ${JSON.stringify(unknown)}`);
  }
  if (toMove !== "X" && toMove !== "O" && toMove !== null) {
    throw new Error(`bad side to move: ${toMove}`);
  }
  return { size, ring: Boolean(ring), cells, toMove, hover: -1 };
}

/** The state with the pointer over outer-grid cell `index` (-1 for none). */
export function withHover(state, index) {
  return index === state.hover ? state : { ...state, hover: index };
}

/** One line saying whose turn it is. */
export function turnText({ toMove }) {
  if (toMove === "X") return "Black to move";
  if (toMove === "O") return "White to move";
  return "Game over";
}
