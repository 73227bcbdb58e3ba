// @ts-check
// The map editor's panels, each drawn from the one snapshot the controller
// (editor-controller.js) gives per change: the board, the palette, the
// counts and limits, the undo and redo buttons, the size and presets, the
// status line and the balance meter.
import { Game } from "../mapello.js";
import { inside } from "./dom.js";
import { KINDS, TOOLS, toolLabel } from "./editor-controller.js";
import { balancePosition, balanceText, cellName } from "./editor-model.js";
import { presetsOf } from "./presets.js";
import { render } from "./render.js";
import { fromGame } from "./state.js";

/** @typedef {import("./editor-controller.js").EditorSnapshot} EditorSnapshot */
/** @typedef {import("./editor-controller.js").Kind} Kind */
/** @typedef {import("../mapello.d.ts").Piece} Piece */

/**
 * A limit's row: the count of pieces of its kind and the box for the limit.
 * @typedef {{ row: HTMLDivElement, count: HTMLOutputElement, limit: HTMLInputElement }} CountRow
 */

/**
 * The panels' elements, and what drawing them keeps: the board's pending
 * animation frame and the snapshot it will draw, and the version of the
 * snapshot the limit inputs were last drawn from.
 * @typedef {{
 *   root: HTMLElement,
 *   canvas: HTMLCanvasElement,
 *   status: HTMLElement,
 *   meter: HTMLElement,
 *   balanceLine: HTMLElement,
 *   link: HTMLInputElement,
 *   sizeSelect: HTMLSelectElement,
 *   presetSelect: HTMLSelectElement,
 *   buttons: Record<string, HTMLButtonElement>,
 *   palette: [Piece, HTMLButtonElement][],
 *   counts: Record<Kind, CountRow>,
 *   frame: number,
 *   latest?: EditorSnapshot,
 *   version?: number,
 * }} EditorPanels
 */

// The meter's ends, in points of final margin for black.
const METER_RANGE = 16;

/**
 * The editor's markup, its board sizes those a map can have (`sizes`).
 * @param {number[]} sizes
 */
export function markup(sizes) {
  return `
  <div class="editor-board-column">
    <canvas class="editor-board" tabindex="0" role="application" aria-roledescription="map editor"></canvas>
    <p class="editor-status" role="status" aria-live="polite"></p>
  </div>
  <div class="editor-panel">
    <div class="editor-palette" role="group" aria-label="Piece to paint"></div>
    <div class="editor-counts"></div>
    <div class="editor-balance">
      <div class="editor-meter-row">
        <span>White</span>
        <div class="editor-meter" role="meter" aria-label="Balance for black" aria-valuemin="-${METER_RANGE}" aria-valuemax="${METER_RANGE}">
          <span class="editor-meter-mark"></span>
        </div>
        <span>Black</span>
      </div>
      <p class="editor-balance-text"></p>
    </div>
    <div class="editor-actions">
      <button type="button" data-action="undo" aria-keyshortcuts="Control+Z">Undo</button>
      <button type="button" data-action="redo" aria-keyshortcuts="Control+Y">Redo</button>
      <button type="button" data-action="clear">Clear</button>
      <button type="button" data-action="random">Random map</button>
      <button type="button" data-action="balanced">Balanced map</button>
      <label class="editor-size-label">Board
        <select class="editor-size">${sizes.map((n) => `<option value="${n}">${n} x ${n}</option>`).join("")}</select>
      </label>
      <select class="editor-presets" aria-label="Load a preset map">
        <option value="">Preset maps…</option>
      </select>
    </div>
    <div class="editor-share">
      <button type="button" data-action="copy">Copy link</button>
      <button type="button" data-action="play" class="editor-play">Play this map</button>
      <input class="editor-link" readonly hidden aria-label="Share link" />
    </div>
  </div>`;
}

/**
 * The panels' elements in `root` (after `markup`), with the palette and the
 * counts built: `choose(piece)` hears a tool picked, `onLimit(kind, input)`
 * a limit typed.
 * @param {HTMLElement} root
 * @param {{ choose: (piece: Piece) => void, onLimit: (kind: Kind, input: HTMLInputElement) => void }} hooks
 * @returns {EditorPanels}
 */
export function editorPanels(root, { choose, onLimit }) {
  const $ = (/** @type {string} */ selector) => inside(root, selector, HTMLElement);
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-action]"));
  return {
    root,
    canvas: inside(root, ".editor-board", HTMLCanvasElement),
    status: $(".editor-status"),
    meter: $(".editor-meter"),
    balanceLine: $(".editor-balance-text"),
    link: inside(root, ".editor-link", HTMLInputElement),
    sizeSelect: inside(root, ".editor-size", HTMLSelectElement),
    presetSelect: inside(root, ".editor-presets", HTMLSelectElement),
    buttons: Object.fromEntries([...buttons].map((b) => [b.dataset.action, b])),
    palette: buildPalette($(".editor-palette"), choose),
    counts: buildCounts($(".editor-counts"), onLimit),
    frame: 0,
  };
}

/**
 * Draws every panel from `snap`, the controller's snapshot.
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
export function drawEditor(panels, snap) {
  drawBoard(panels, snap);
  drawPalette(panels, snap);
  drawCounts(panels, snap);
  drawActions(panels, snap);
  drawStatus(panels, snap);
  drawBalance(panels, snap.estimate);
  panels.root.dataset.code = snap.code;
}

/**
 * The board, once per animation frame however many changes come.
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
function drawBoard(panels, snap) {
  const { canvas } = panels;
  canvas.setAttribute("aria-label", boardLabel(snap));
  panels.latest = snap;
  panels.frame ||= requestAnimationFrame(() => {
    panels.frame = 0;
    const { code, keyboard, cursor, hover } = /** @type {EditorSnapshot} */ (panels.latest);
    const game = new Game({ map: code });
    const snapshot = game.snapshot();
    game.free();
    const shown = keyboard && document.activeElement === canvas ? cursor : hover;
    render(canvas, { ...fromGame(snapshot), legal: [], showLegal: false, interactive: false, cursor: shown });
  });
}

/** @param {EditorSnapshot} snap */
function boardLabel({ size, cursor, atCursor, tool }) {
  return `Map board. Arrow keys move, Enter paints ${toolLabel(tool)}. ${cellName(size, cursor)}: ${atCursor}.`;
}

/**
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
function drawPalette({ palette }, { tool }) {
  for (const [piece, button] of palette) button.setAttribute("aria-pressed", String(piece === tool));
}

/**
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
function drawCounts(panels, { counts: have, limits, version }) {
  const { counts } = panels;
  if (panels.version === version) return;
  panels.version = version;
  for (const { kind } of KINDS) {
    counts[kind].count.textContent = String(have[kind]);
    counts[kind].limit.value = String(limits[kind]);
    counts[kind].row.classList.toggle("editor-count-full", have[kind] >= limits[kind]);
  }
}

/**
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
function drawActions({ root, buttons, sizeSelect, presetSelect }, { canUndo, canRedo, size, busy }) {
  buttons.undo.disabled = !canUndo;
  buttons.redo.disabled = !canRedo;
  buttons.balanced.disabled = busy;
  markBusy(buttons.balanced, busy);
  if (busy) root.dataset.busy = "true";
  else delete root.dataset.busy;
  sizeSelect.value = String(size);
  listPresets(presetSelect, size);
}

/**
 * aria-busy is written only when it changes: each write is a change a
 * screen reader may announce, and every redraw passes here.
 * @param {HTMLButtonElement} button
 * @param {boolean} busy
 */
function markBusy(button, busy) {
  if (busy === button.hasAttribute("aria-busy")) return;
  if (busy) button.setAttribute("aria-busy", "true");
  else button.removeAttribute("aria-busy");
}

/**
 * The status line is a live region: it is written only when it says something new.
 * @param {EditorPanels} panels
 * @param {EditorSnapshot} snap
 */
function drawStatus({ status }, { status: { text, refused } }) {
  if (status.textContent !== text) status.textContent = text;
  status.classList.toggle("editor-refused", refused);
}

/**
 * @param {EditorPanels} panels
 * @param {import("./editor-controller.js").Estimate} estimate
 */
function drawBalance({ meter, balanceLine }, { value, error, pending }) {
  const busy = String(Boolean(pending));
  if (meter.getAttribute("aria-busy") !== busy) meter.setAttribute("aria-busy", busy);
  if (pending) {
    balanceLine.textContent = "Balance: estimating…";
    return;
  }
  if (error) {
    meter.removeAttribute("aria-valuenow");
    meter.classList.add("editor-meter-off");
    balanceLine.textContent = `Balance: not available (${error}).`;
    return;
  }
  // Neither pending nor failed: an estimate.
  const margin = /** @type {number} */ (value);
  meter.classList.remove("editor-meter-off");
  meter.setAttribute("aria-valuenow", margin.toFixed(1));
  meter.setAttribute("aria-valuetext", balanceText(margin));
  meter.style.setProperty("--position", String(balancePosition(margin, METER_RANGE)));
  balanceLine.textContent = `Balance: ${balanceText(margin)} with good play.`;
}

/**
 * Offers the presets of the board size being edited, once per size.
 * @param {HTMLSelectElement} select
 * @param {number} size
 */
function listPresets(select, size) {
  if (select.dataset.size === String(size)) return;
  select.dataset.size = String(size);
  select.replaceChildren(new Option("Preset maps…", ""));
  for (const { id, name, description } of presetsOf(size)) {
    const option = new Option(name, id);
    option.title = description;
    select.append(option);
  }
}

/**
 * Toggle buttons, one per tool; returns [piece, button] pairs.
 * @param {HTMLElement} group
 * @param {(piece: Piece) => void} choose
 * @returns {[Piece, HTMLButtonElement][]}
 */
function buildPalette(group, choose) {
  return TOOLS.map(({ piece, label, key }) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `editor-tool editor-tool-${piece}`;
    button.setAttribute("aria-pressed", String(piece === "wall"));
    button.setAttribute("aria-keyshortcuts", key.toUpperCase());
    const swatch = document.createElement("span");
    swatch.className = "editor-swatch";
    swatch.setAttribute("aria-hidden", "true");
    button.append(swatch, label);
    button.addEventListener("click", () => choose(piece));
    group.append(button);
    return [piece, button];
  });
}

/**
 * A counter and a limit input per kind of piece; returns them by kind.
 * @param {HTMLElement} box
 * @param {(kind: Kind, input: HTMLInputElement) => void} onLimit
 * @returns {Record<Kind, CountRow>}
 */
function buildCounts(box, onLimit) {
  return /** @type {Record<Kind, CountRow>} */ (
    Object.fromEntries(
    KINDS.map(({ kind, label }) => {
      const row = document.createElement("div");
      row.className = `editor-count editor-count-${kind}`;
      const name = document.createElement("span");
      name.textContent = label;
      const count = document.createElement("output");
      const limit = document.createElement("input");
      // Text, not number: a number input hands over "" for whatever it
      // cannot read, so the refusal could not say what was typed.
      limit.type = "text";
      limit.inputMode = "numeric";
      limit.pattern = "[0-9]*";
      limit.setAttribute("aria-label", `Most ${kind} allowed`);
      limit.addEventListener("change", () => onLimit(kind, limit));
      row.append(name, count, " of ", limit);
      box.append(row);
      return [kind, { row, count, limit }];
    }),
  ));
}
