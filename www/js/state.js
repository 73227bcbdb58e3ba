// @ts-check
// The board's state: plain data built from the wasm `Game.snapshot()` and the
// page's settings, read by render.js and changed only through the functions
// here.
import { outerSide, squareIndex, stepInner, outerIndex } from "./geometry.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */

/**
 * What render.js draws: outer-grid indices, -1 for none.
 * @typedef {{
 *   variant: import("../mapello.d.ts").Variant,
 *   size: number,
 *   ring: boolean,
 *   cells: string,
 *   toMove: Colour | null,
 *   legal: number[],
 *   lastMove: number,
 *   flipped: number[],
 *   chain: number[],
 *   hover: number,
 *   cursor: number,
 *   showLegal: boolean,
 *   hints: { index: number, score: number, text?: string }[],
 *   interactive: boolean,
 *   numbers: number[],
 * }} BoardState
 */

// Diagram characters of the `cells` string.
const CELL_CHARS = new Set([".", "#", "+", "*", "X", "O"]);

/**
 * Board state from a `Game.snapshot()` snapshot (where serde leaves absent
 * values undefined); throws when it breaks the contract. `legal`, `lastMove` and `flipped` become outer-grid indices.
 * @param {{
 *   variant?: import("../mapello.d.ts").Variant,
 *   size: number,
 *   ring?: boolean,
 *   cells: string,
 *   toMove?: Colour | null,
 *   legal?: string[],
 *   lastMove?: string | null,
 *   flipped?: string[],
 *   chain?: string[],
 * }} snapshot
 * @returns {BoardState}
 */
export function fromGame({ variant = "mapello", size, ring, cells, toMove = null, legal = [], lastMove = null, flipped = [], chain = [] }) {
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
  const index = (/** @type {string} */ name) => squareIndex(size, name);
  return {
    variant,
    size,
    ring: Boolean(ring),
    cells,
    toMove,
    legal: legal.map(index),
    lastMove: lastMove && lastMove !== "pass" ? index(lastMove) : -1,
    flipped: flipped.map(index),
    chain: chain.map(index),
    hover: -1,
    cursor: -1,
    showLegal: true,
    hints: [],
    interactive: true,
    numbers: [],
  };
}

/**
 * The move number of each disc put on the board by `moves` (a snapshot's,
 * passes included), as Othello records print them: by outer-grid index, 0
 * for a square no move was played on. Passes are not numbered.
 * @param {number} size
 * @param {string[]} moves
 */
export function moveNumbers(size, moves) {
  const side = outerSide(size);
  const numbers = new Array(side * side).fill(0);
  let n = 0;
  for (const move of moves) {
    if (move === "pass") continue;
    n += 1;
    numbers[squareIndex(size, move)] = n;
  }
  return numbers;
}

/**
 * The state with the pointer over outer-grid cell `index` (-1 for none).
 * @param {BoardState} state
 * @param {number} index
 * @returns {BoardState}
 */
export function withHover(state, index) {
  return index === state.hover ? state : { ...state, hover: index };
}

/**
 * The state with `changes` applied, or the same state when nothing changes.
 * @param {BoardState} state
 * @param {Partial<BoardState>} changes
 * @returns {BoardState}
 */
export function withChanges(state, changes) {
  const changed = Object.entries(changes).some(([key, value]) => state[/** @type {keyof BoardState} */ (key)] !== value);
  return changed ? { ...state, ...changes } : state;
}

/**
 * Arrow keys and their step on the board, rows growing downwards.
 * @type {Record<string, [number, number] | undefined>}
 */
const STEPS = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * Where the keyboard cursor starts: the first legal move, else the top-left square.
 * @param {BoardState} state
 */
export function cursorStart(state) {
  return state.legal[0] ?? outerIndex(state.size, 0, 0);
}

/**
 * The state after key `key` moves the keyboard cursor (arrows, Home, End),
 * or null when the key does not move it.
 * @param {BoardState} state
 * @param {string} key
 * @returns {BoardState | null}
 */
export function withCursorKey(state, key) {
  if (state.cursor < 0) {
    return key in STEPS || key === "Home" || key === "End" ? { ...state, cursor: cursorStart(state) } : null;
  }
  if (key === "Home") return withChanges(state, { cursor: outerIndex(state.size, 0, 0) });
  if (key === "End") return withChanges(state, { cursor: outerIndex(state.size, state.size - 1, state.size - 1) });
  const step = STEPS[key];
  if (!step) return null;
  return withChanges(state, { cursor: stepInner(state.size, state.cursor, ...step) });
}

/**
 * Whether outer-grid `index` is a legal move in `state`.
 * @param {BoardState} state
 * @param {number} index
 */
export function isLegal(state, index) {
  return state.legal.includes(index);
}
