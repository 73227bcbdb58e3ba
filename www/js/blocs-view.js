// @ts-check
// The Blocs board: 16 buttons (so every square is reachable by keyboard and
// named to screen readers), the face choice for placements as two large
// buttons under the board (one thumb: choose the face, tap the square), and
// a rectangle chosen by tapping its two corners or dragging between them,
// previewed until it is played. The choosing itself is blocs-model.js.
import {
  cancel,
  cellLabel,
  drag,
  hover,
  newChoice,
  preview,
  rectName,
  rectSquares,
  SIDE,
  squareIndex,
  squareName,
  tap,
  withFace,
} from "./blocs-model.js";
import { inside } from "./dom.js";

/** @typedef {import("../mapello.d.ts").BlocsSnapshot} BlocsSnapshot */
/** @typedef {import("./blocs-model.js").Choice} Choice */
/** @typedef {ReturnType<typeof createBlocsView>} BlocsView */

/**
 * The board's elements.
 * @typedef {{ root: HTMLElement, cells: HTMLButtonElement[], faces: HTMLButtonElement[], cancelButton: HTMLButtonElement }} BoardParts
 */

/**
 * What the board shows: the position, the choice under way and the
 * rectangle it shows, the squares of the winning moves and of the last move.
 * @typedef {{ snap: BlocsSnapshot, choice: Choice, rect: string | null, hints: Set<number>, last: Set<number>, enabled: boolean }} BoardShown
 */

/**
 * Builds the board in `root` (holding `.blocs-grid` and the face buttons
 * `[data-face]`); `onMove(move)` receives each move chosen, and `onIdle()`
 * each tap on a square while moves are not taken. Returns
 * `{ show(snap, { enabled, hints }) }`.
 * @param {HTMLElement} root
 * @param {(move: string) => void} onMove
 * @param {() => void} onIdle
 */
export function createBlocsView(root, onMove, onIdle) {
  const grid = inside(root, ".blocs-grid", HTMLElement);
  const faces = [.../** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-face]"))];
  const cancelButton = inside(root, ".blocs-cancel", HTMLButtonElement);
  let choice = newChoice();
  let snap = /** @type {BlocsSnapshot | null} */ (null);
  let enabled = false;
  let hints = /** @type {Set<number>} */ (new Set());
  let last = /** @type {Set<number>} */ (new Set());
  let focus = 0;
  // A drag in the flipping phase: where it began, and whether it reached
  // another disc (then the click that follows is not a tap).
  let dragFrom = /** @type {number | null} */ (null);
  let dragged = false;

  const cells = buildCells(grid);
  // The position moves are taken on: the one shown, while moves are taken.
  const playable = () => (enabled ? snap : null);

  function choose(/** @type {{ choice: Choice, move?: string | null }} */ { choice: next, move = null }) {
    choice = next;
    draw();
    if (move) onMove(move);
  }

  function draw() {
    if (snap) drawBoard({ root, cells, faces, cancelButton }, { snap, choice, rect: shownRect(choice, dragFrom), hints, last, enabled });
  }

  function setFocus(/** @type {number} */ to, /** @type {boolean} */ move) {
    cells[focus].tabIndex = -1;
    focus = to;
    cells[focus].tabIndex = 0;
    if (move) cells[focus].focus();
  }

  grid.addEventListener("pointerdown", (e) => {
    const i = indexAt(e);
    dragged = false;
    if (i === null || playable()?.phase !== "flipping") return;
    dragFrom = i;
    choose({ choice: hover(choice, i) });
  });
  grid.addEventListener("pointermove", (e) => {
    const i = indexAt(e);
    if (i === null || (dragFrom === null && choice.anchor === null) || choice.hover === i) return;
    choose({ choice: hover(choice, i) });
  });
  grid.addEventListener("pointerup", (e) => {
    const from = dragFrom;
    dragFrom = null;
    const to = indexAt(e);
    const on = playable();
    if (from === null || to === null || from === to || !on) return draw();
    dragged = true;
    setFocus(to, false);
    choose(drag(choice, from, to, on.phase));
  });
  grid.addEventListener("pointercancel", () => {
    dragFrom = null;
    draw();
  });
  // A click is a tap: by mouse, by touch, or Enter and Space on a square.
  grid.addEventListener("click", (e) => {
    const cell = cellOf(e.target);
    if (dragged) {
      dragged = false;
      return;
    }
    const on = playable();
    if (!cell) return;
    if (!on) return onIdle();
    const i = squareIndex(cell.dataset.square);
    setFocus(i, false);
    choose(tap(choice, i, on.phase));
  });
  // The cursor starts from the square that has the focus, however it got it
  // (a click, Tab, or a script), not from the last one clicked.
  grid.addEventListener("focusin", (e) => {
    const cell = cellOf(e.target);
    if (cell) setFocus(squareIndex(cell.dataset.square), false);
  });
  grid.addEventListener("keydown", (e) => {
    if (e.key in STEPS) {
      e.preventDefault();
      const to = arrowTarget(focus, e.key);
      if (to === null) return;
      setFocus(to, true);
      if (choice.anchor !== null) choose({ choice: hover(choice, to) });
    } else if (e.key === "Escape") {
      choose({ choice: cancel(choice) });
    } else if (/^[xXoO]$/.test(e.key)) {
      choose({ choice: withFace(choice, e.key.toUpperCase()) });
    }
  });
  // On a phone there is no Escape: the Cancel button, or a tap anywhere
  // off the board, drops a half-chosen rectangle.
  cancelButton.addEventListener("click", () => {
    choose({ choice: cancel(choice) });
    cells[focus].focus();
  });
  document.addEventListener("click", (e) => {
    if (choice.anchor === null || grid.contains(/** @type {Node | null} */ (e.target)) || e.target === cancelButton) return;
    choose({ choice: cancel(choice) });
  });
  for (const b of faces) b.addEventListener("click", () => choose({ choice: withFace(choice, b.dataset.face) }));

  return {
    /** Draws `next` (a BlocsGame snapshot); moves are taken only when `enabled`. @param {BlocsSnapshot} next @param {{ enabled: boolean, hints?: string[] }} options */
    show(next, { enabled: on, hints: winning = [] }) {
      snap = next;
      enabled = on;
      hints = new Set(winning.map(targetSquare));
      last = new Set(next.lastMove ? squaresOf(next.lastMove) : []);
      choice = cancel(choice);
      dragFrom = null;
      draw();
    },
  };
}

/**
 * The square under the pointer of event `e`, or null off the squares.
 * @param {MouseEvent} e
 */
function indexAt(e) {
  const cell = cellOf(document.elementFromPoint(e.clientX, e.clientY));
  return cell ? squareIndex(cell.dataset.square) : null;
}

/**
 * The square button `target` is in, or null (the board's squares are its only `.blocs-cell`s).
 * @param {EventTarget | null} target
 * @returns {HTMLElement | null | undefined}
 */
function cellOf(target) {
  return /** @type {Element | null} */ (target)?.closest?.(".blocs-cell");
}

/**
 * The rectangle to show: the one being dragged out from `dragFrom`, else the one chosen so far.
 * @param {Choice} choice
 * @param {number | null} dragFrom
 */
function shownRect(choice, dragFrom) {
  if (dragFrom !== null && choice.hover !== null && choice.hover !== dragFrom) return rectName(dragFrom, choice.hover);
  return preview(choice);
}

/**
 * The squares in a row and a column apart, for the arrow keys.
 * @type {Record<string, number>}
 */
const STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIDE, ArrowDown: SIDE };

/**
 * The square the arrow `key` moves to from `focus`, or null at the board's edge.
 * @param {number} focus
 * @param {string} key
 */
function arrowTarget(focus, key) {
  const to = focus + STEPS[key];
  const sameRow = Math.abs(STEPS[key]) === SIDE || Math.floor(to / SIDE) === Math.floor(focus / SIDE);
  return to < 0 || to >= SIDE * SIDE || !sameRow ? null : to;
}

/**
 * The 16 square buttons, a1 first, only it in the tab order.
 * @param {HTMLElement} grid
 */
function buildCells(grid) {
  return Array.from({ length: SIDE * SIDE }, (_, i) => {
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = "blocs-cell";
    cell.dataset.square = squareName(i);
    cell.tabIndex = i === 0 ? 0 : -1;
    grid.append(cell);
    return cell;
  });
}

/**
 * Draws the squares, the face buttons, the chosen rectangle and its words.
 * @param {BoardParts} parts
 * @param {BoardShown} shown
 */
function drawBoard({ root, cells, faces, cancelButton }, { snap, choice, rect, hints, last, enabled }) {
  const inRect = new Set(rect ? rectSquares(rect) : []);
  cells.forEach((cell, i) => {
    const face = snap.cells[i];
    cell.dataset.face = face;
    cell.classList.toggle("chosen", inRect.has(i));
    cell.classList.toggle("hinted", hints.has(i));
    cell.classList.toggle("last", last.has(i));
    cell.setAttribute("aria-label", cellLabel(i, face) + (inRect.has(i) ? ", in the rectangle" : ""));
    cell.setAttribute("aria-disabled", String(!enabled));
  });
  root.dataset.phase = snap.phase;
  inside(root, ".blocs-faces", HTMLElement).hidden = snap.phase !== "placement" || snap.status === "gameOver";
  for (const b of faces) b.setAttribute("aria-pressed", String(b.dataset.face === choice.face));
  const corner = choice.anchor === null ? null : squareName(choice.anchor);
  inside(root, ".blocs-preview", HTMLElement).textContent = !rect
    ? ""
    : corner === rect
      ? `Corner ${corner} chosen: tap the other corner of the rectangle, or ${corner} again to flip just this disc.`
      : `Rectangle ${rect}${corner === null ? "" : ": tap the other corner to flip it"}.`;
  cancelButton.hidden = choice.anchor === null;
}

/**
 * The square a move is played by: a placement's square, a flip's lower-right corner.
 * @param {string} move
 */
function targetSquare(move) {
  return squareIndex(/[XO]$/.test(move) ? move.slice(0, 2) : move.split("-").pop());
}

/**
 * The squares a move changed.
 * @param {string} move
 */
function squaresOf(move) {
  return /[XO]$/.test(move) ? [squareIndex(move.slice(0, 2))] : rectSquares(move);
}
