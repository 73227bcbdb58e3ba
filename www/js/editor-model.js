// @ts-check
// The map editor's pure logic: edit history, which cells a drag crosses,
// cell names and the balance read-out. No DOM, no wasm.
import { cellAt, columnName, outerCoords, outerSide, squareName } from "./geometry.js";

/**
 * An edit history: what was, what is, what was undone.
 * @template T
 * @typedef {{ past: T[], present: T, future: T[] }} History
 */

/** @typedef {{ x: number, y: number }} Point */

/**
 * A history holding only `present`. Entries are compared with `same`.
 * @template T
 * @param {T} present
 * @returns {History<T>}
 */
export function historyOf(present) {
  return { past: [], present, future: [] };
}

/**
 * The history after a new entry; unchanged when `entry` equals the present.
 * @template T
 * @param {History<T>} history
 * @param {T} entry
 * @param {(a: T, b: T) => boolean} [same]
 * @returns {History<T>}
 */
export function record(history, entry, same = Object.is) {
  if (same(history.present, entry)) return history;
  return { past: [...history.past, history.present], present: entry, future: [] };
}

/**
 * The history one step back, or the same history when there is none.
 * @template T
 * @param {History<T>} history
 * @returns {History<T>}
 */
export function undo(history) {
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: /** @type {T} */ (history.past.at(-1)),
    future: [history.present, ...history.future],
  };
}

/**
 * The history one step forward again, or the same history when there is none.
 * @template T
 * @param {History<T>} history
 * @returns {History<T>}
 */
export function redo(history) {
  if (history.future.length === 0) return history;
  return {
    past: [...history.past, history.present],
    present: history.future[0],
    future: history.future.slice(1),
  };
}

/**
 * Cells of `board` (a geometry.js layout) under the segment from pixel
 * `from` to pixel `to`, in order, each once, `from`'s own cell excluded: a
 * fast drag reports points several cells apart, and every cell between
 * them is painted too. Samples at a fifth of a cell, so a segment clipping
 * a cell's corner by less than that may skip it.
 * @param {import("./geometry.js").Layout} board
 * @param {Point} from
 * @param {Point} to
 * @returns {number[]}
 */
export function cellsCrossed(board, from, to) {
  if (!(board.cell > 0)) return [];
  const steps = Math.max(1, Math.ceil((Math.hypot(to.x - from.x, to.y - from.y) * 5) / board.cell));
  /** @type {number[]} */
  const cells = [];
  let last = cellAt(board, from.x, from.y);
  for (let i = 1; i <= steps; i += 1) {
    const t = i / steps;
    const cell = cellAt(board, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    if (cell !== last && cell >= 0 && !cells.includes(cell)) cells.push(cell);
    last = cell;
  }
  return cells;
}

/**
 * The outer-grid index one step from `index` by arrow key `key`, kept on the grid.
 * @param {number} size
 * @param {number} index
 * @param {string} key
 */
export function stepCursor(size, index, key) {
  const side = outerSide(size);
  const { row, col } = outerCoords(size, index);
  const [dr, dc] = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] })[key] ?? [0, 0];
  const clamp = (/** @type {number} */ v) => Math.min(side - 1, Math.max(0, v));
  return clamp(row + dr) * side + clamp(col + dc);
}

/**
 * A cell's name for people: `c3` inside, `ring above c`, `ring left of 4`, `ring corner top left`.
 * @param {number} size
 * @param {number} index
 */
export function cellName(size, index) {
  const inner = squareName(size, index);
  if (inner) return inner;
  const { row, col } = outerCoords(size, index);
  const last = size + 1;
  const vertical = row === 0 ? "top" : row === last ? "bottom" : null;
  const horizontal = col === 0 ? "left" : col === last ? "right" : null;
  if (vertical && horizontal) return `ring corner ${vertical} ${horizontal}`;
  if (vertical) return `ring ${vertical === "top" ? "above" : "below"} ${columnName(col - 1)}`;
  return `ring ${horizontal} of ${row}`;
}

/**
 * The piece a stroke paints: starting on the piece being painted erases it instead.
 * @param {import("../mapello.d.ts").Piece} tool
 * @param {import("../mapello.d.ts").Piece} startPiece
 */
export function strokePiece(tool, startPiece) {
  return tool !== "empty" && startPiece === tool ? "empty" : tool;
}

/**
 * The expected final margin for black, in words.
 * @param {number} value
 */
export function balanceText(value) {
  const margin = Math.abs(value).toFixed(1);
  if (Math.abs(value) < 0.5) return `Even (${value < 0 ? "white" : "black"} +${margin})`;
  return value > 0 ? `Black ahead by ${margin}` : `White ahead by ${margin}`;
}

/**
 * Where the balance meter's marker sits, 0 (white wins by `range` or more) to 1 (black does).
 * @param {number} value
 * @param {number} [range]
 */
export function balancePosition(value, range = 16) {
  return Math.min(1, Math.max(0, 0.5 + value / (2 * range)));
}

/**
 * What a limit box holds, `text`, as a limit from 0 to `most`: `{ value }`,
 * or `{ problem }` quoting what it holds instead, for "The walls limit …". Only digits count: blanks,
 * signs, decimals, exponents and hex are refused rather than guessed at,
 * since `Number()` reads "" and " " as 0 and "0x10" as 16.
 * @param {string} text
 * @param {number} most
 * @returns {{ value: number, problem?: undefined } | { problem: string, value?: undefined }}
 */
export function readLimit(text, most) {
  if (text.trim() === "") return { problem: "is empty" };
  const shown = text.length > 12 ? `${text.slice(0, 12)}…` : text;
  if (!/^[0-9]+$/.test(text)) return { problem: `is “${shown}”` };
  const value = Number(text);
  if (value > most) return { problem: `is ${shown}` };
  return { value };
}
