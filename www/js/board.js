// @ts-check
// The board widget: holds one state, redraws it on change, animates moves,
// and turns pointer and keyboard events into moves through `onPlay`.
import { flipDuration, moveAnimation, progress } from "./anim.js";
import { bindEvents } from "./events.js";
import { boardLayout, cellAt, outerCoords, squareName } from "./geometry.js";
import { MARGIN, hintText, render } from "./render.js";
import { cursorStart, isLegal, withChanges, withCursorKey, withHover } from "./state.js";

/** @typedef {import("./state.js").BoardState} BoardState */

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Draws `initial` on `canvas` and keeps it drawn. `onPlay(square)` receives
 * the notation of a legal square the user clicked or chose with the
 * keyboard, `onRefuse(square)` that of a square on the board where the user
 * tried to move and cannot, `onRing(x, y)` the outer cell of a click on
 * the ring around it. Returns the board's API.
 * @param {HTMLCanvasElement} canvas
 * @param {BoardState} initial
 * @param {{ onPlay: (square: string) => void, onRefuse?: (square: string) => void, onRing?: (x: number, y: number) => void, onIdle?: () => void }} handlers
 */
export function createBoard(canvas, initial, { onPlay, onRefuse = () => {}, onRing = () => {}, onIdle = () => {} }) {
  let state = initial;
  /** @type {import("./anim.js").MoveAnimation | null} */
  let anim = null;
  let frame = 0;

  const draw = () => {
    frame = 0;
    const now = performance.now();
    render(canvas, state, { now, anim });
    if (anim && progress(anim, now) < 1) frame = requestAnimationFrame(draw);
    else anim = null;
  };
  const redraw = () => {
    frame ||= requestAnimationFrame(draw);
  };
  const update = (/** @type {BoardState} */ next) => {
    if (next !== state) {
      state = next;
      describe();
      redraw();
    }
  };
  // The canvas's accessible name follows the keyboard cursor.
  const describe = () => {
    const name = state.cursor >= 0 ? squareName(state.size, state.cursor) : null;
    const what = name ? `, cursor on ${name}: ${cellWords(state, state.cursor)}` : "";
    canvas.setAttribute("aria-label", `Board${what}`);
  };
  const play = (/** @type {number} */ index) => {
    if (!state.interactive) return onIdle();
    const name = index >= 0 ? squareName(state.size, index) : null;
    // A legal move is a square of the board, so it has a name.
    if (isLegal(state, index)) onPlay(/** @type {string} */ (name));
    else if (name) onRefuse(name);
    else if (index >= 0 && state.ring) {
      const { row, col } = outerCoords(state.size, index);
      onRing(col, row);
    }
  };
  const cellOf = (/** @type {import("./events.js").CanvasPoint} */ point) => cellAt(boardLayout(state.size, state.ring, canvas.width, MARGIN), point.x, point.y);

  bindEvents(canvas, {
    resize: redraw,
    pointer: (point) => update(withHover(state, point ? cellOf(point) : -1)),
    tap: (point) => {
      const index = cellOf(point);
      if (state.cursor >= 0 && isLegal(state, index)) update(withChanges(state, { cursor: index }));
      play(index);
    },
    key: (key) => {
      if (key === "Enter" || key === " ") {
        if (state.cursor >= 0) play(state.cursor);
        else update(withChanges(state, { cursor: cursorStart(state) }));
        return true;
      }
      const next = withCursorKey(state, key);
      if (next) update(next);
      return next !== null;
    },
    focus: (hasFocus) => {
      // A click focuses the board too; only keyboard focus shows the cursor.
      const show = hasFocus && canvas.matches(":focus-visible");
      update(withChanges(state, { cursor: show ? cursorStart(state) : -1 }));
    },
  });
  describe();
  render(canvas, state);

  return {
    /**
     * Shows a new state. `move` (notation, or null) animates that move's
     * placed disc and the discs it flipped.
     * @param {BoardState} next
     * @param {string | null} [move]
     */
    set(next, move = null) {
      const placed = move ? next.lastMove : -1;
      anim = moveAnimation(placed, next.flipped, performance.now(), flipDuration(reducedMotion.matches));
      update({ ...next, hover: state.hover, cursor: state.cursor });
    },
    /** Redraws, e.g. after the colour scheme changed. */
    redraw,
  };
}

/**
 * @param {BoardState} state
 * @param {number} index
 */
function cellWords(state, index) {
  const c = state.cells[index];
  const piece = /** @type {Record<string, string>} */ ({ X: "black disc", O: "white disc", "#": "wall", "+": "bonus", "*": "joker", ".": "empty" })[c];
  if (!isLegal(state, index)) return piece;
  const hint = state.hints.find((h) => h.index === index);
  return hint ? `${piece}, legal move, value ${hintText(hint.score)}` : `${piece}, legal move`;
}
