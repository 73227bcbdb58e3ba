// The map editor: paint walls, bonuses and jokers on a board drawn like the
// game's, within limits, with undo and redo, presets, random and balanced
// maps, the AI's balance estimate and share links. Legality is the wasm
// MapDraft's call; a refusal shows its reason in the status line.
import { Game, MapDraft, randomSeed } from "../mapello.js";
import { createBalanceClient } from "./editor-balance.js";
import {
  balancePosition,
  balanceText,
  cellName,
  cellsCrossed,
  historyOf,
  record,
  readLimit,
  redo,
  stepCursor,
  strokePiece,
  undo,
} from "./editor-model.js";
import { bindEvents } from "./events.js";
import { cellAt, layout, outerCoords, outerIndex, outerSide } from "./geometry.js";
import { presetById, presetsOf } from "./presets.js";
import { MARGIN, render } from "./render.js";
import { copyText, linkFor } from "./share.js";
import { fromGame } from "./state.js";

// The board sizes a map can have, and the one a new editor starts with.
const SIZES = [6, 8, 10];
const DEFAULT_SIZE = 8;

const TOOLS = [
  { piece: "wall", label: "Wall", key: "w" },
  { piece: "bonus", label: "Bonus", key: "b" },
  { piece: "joker", label: "Joker", key: "j" },
  { piece: "empty", label: "Erase", key: "e" },
];

// Kinds of piece as `counts()` and `limits()` name them, with the number of
// squares that may hold them on a map of side n: the inner board but its
// centre, or the ring.
const KINDS = [
  { kind: "walls", label: "Walls", most: (n) => n * n - 4 },
  { kind: "bonuses", label: "Bonuses", most: (n) => n * n - 4 },
  { kind: "jokers", label: "Jokers", most: (n) => 4 * (n + 1) },
];

// The meter's ends, in points of final margin for black.
const METER_RANGE = 16;

const MARKUP = `
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
        <select class="editor-size">${SIZES.map((n) => `<option value="${n}">${n} x ${n}</option>`).join("")}</select>
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

// Offers the presets of the board size being edited, once per size.
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
 * Mounts the editor in `root`, starting from the map `initialCode` (a share
 * code; an empty map when missing or damaged). `onChange(code)` hears of
 * every finished edit, `onPlay(code)` of the Play button. The wasm module
 * must be initialised. Returns `{ code(), load(code) }`.
 */
export function mountEditor(root, { initialCode, onChange = () => {}, onPlay = () => {} } = {}) {
  root.classList.add("editor");
  root.innerHTML = MARKUP;
  const $ = (selector) => root.querySelector(selector);
  const canvas = $(".editor-board");
  const status = $(".editor-status");
  const meter = $(".editor-meter");
  const balanceLine = $(".editor-balance-text");
  const link = $(".editor-link");
  const buttons = Object.fromEntries([...root.querySelectorAll("[data-action]")].map((b) => [b.dataset.action, b]));

  let draft = new MapDraft(DEFAULT_SIZE);
  let history = historyOf(entryOf(draft));
  let tool = "wall";
  let cursor = outerIndex(DEFAULT_SIZE, 0, 0);
  let keyboard = false;
  let hover = -1;
  let stroke = null;
  let frame = 0;

  const balance = createBalanceClient({ onBalance: showBalance });
  // The side of the map being edited.
  const size = () => draft.size();
  const palette = buildPalette($(".editor-palette"), (piece) => setTool(piece));
  const counts = buildCounts($(".editor-counts"), setLimit);
  const presetSelect = buildPresets($(".editor-presets"));
  const sizeSelect = $(".editor-size");
  sizeSelect.addEventListener("change", () => {
    const n = Number(sizeSelect.value);
    adopt(new MapDraft(n), `An empty ${n} x ${n} map.`);
  });

  if (initialCode) {
    try {
      replaceDraft(MapDraft.fromCode(initialCode));
      history = historyOf(entryOf(draft));
    } catch (err) {
      say(`That map could not be opened (${err.message}); here is an empty one.`);
    }
  }

  bindEvents(canvas, {
    resize: redraw,
    pointer: (point) => (stroke ? continueStroke(point) : setHover(point)),
    tap: () => {},
    key: onBoardKey,
    focus: redraw,
  });
  canvas.addEventListener("pointerdown", startStroke);
  canvas.addEventListener("pointerup", endStroke);
  canvas.addEventListener("pointercancel", endStroke);
  root.addEventListener("keydown", onShortcut);
  root.addEventListener("click", onAction);
  showAll();
  balance.balance(draft.code());

  // --- drawing

  function redraw() {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      const game = new Game({ map: draft.code() });
      const snapshot = game.snapshot();
      game.free();
      const shown = keyboard && document.activeElement === canvas ? cursor : hover;
      render(canvas, { ...fromGame(snapshot), legal: [], showLegal: false, interactive: false, cursor: shown });
    });
  }

  function showAll() {
    redraw();
    const have = draft.counts();
    const limits = draft.limits();
    for (const { kind } of KINDS) {
      counts[kind].count.textContent = have[kind];
      counts[kind].limit.value = limits[kind];
      counts[kind].row.classList.toggle("editor-count-full", have[kind] >= limits[kind]);
    }
    buttons.undo.disabled = history.past.length === 0;
    buttons.redo.disabled = history.future.length === 0;
    canvas.setAttribute("aria-label", boardLabel());
    sizeSelect.value = String(size());
    listPresets(presetSelect, size());
    root.dataset.code = draft.code();
  }

  function boardLabel() {
    const { row, col } = outerCoords(size(), cursor);
    const piece = draft.get(col, row);
    return `Map board. Arrow keys move, Enter paints ${toolLabel(tool)}. ${cellName(size(), cursor)}: ${piece}.`;
  }

  function say(text, refused = false) {
    status.textContent = text;
    status.classList.toggle("editor-refused", refused);
  }

  function showBalance({ value, error, pending }) {
    meter.setAttribute("aria-busy", String(Boolean(pending)));
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
    meter.classList.remove("editor-meter-off");
    meter.setAttribute("aria-valuenow", value.toFixed(1));
    meter.setAttribute("aria-valuetext", balanceText(value));
    meter.style.setProperty("--position", balancePosition(value, METER_RANGE));
    balanceLine.textContent = `Balance: ${balanceText(value)} with good play.`;
  }

  // --- editing

  function setTool(piece) {
    tool = piece;
    for (const [p, button] of palette) button.setAttribute("aria-pressed", String(p === piece));
    canvas.setAttribute("aria-label", boardLabel());
  }

  // Puts `piece` on outer-grid cell `index`; true when the map changed.
  function paint(index, piece) {
    const { row, col } = outerCoords(size(), index);
    if (draft.get(col, row) === piece) return false;
    try {
      draft.set(col, row, piece);
      return true;
    } catch (err) {
      say(`Not allowed: ${err.message}.`, true);
      return false;
    }
  }

  // Records the map as one step of history, once an edit is complete.
  function commit(message) {
    const next = record(history, entryOf(draft), sameEntry);
    if (next !== history) {
      history = next;
      onChange(draft.code());
      balance.balance(draft.code());
    }
    if (message !== undefined) say(message);
    showAll();
  }

  function replaceDraft(next) {
    const resized = next.size() !== draft.size();
    draft.free();
    draft = next;
    if (resized) cursor = outerIndex(size(), 0, 0);
  }

  // Adopts a map from elsewhere, keeping the current limits where it fits them.
  function adopt(next, message) {
    const limits = draft.limits();
    const have = next.counts();
    next.setLimits(
      Math.max(limits.walls, have.walls),
      Math.max(limits.bonuses, have.bonuses),
      Math.max(limits.jokers, have.jokers),
    );
    replaceDraft(next);
    commit(message);
  }

  function restore(entry) {
    const next = MapDraft.fromCode(entry.code);
    next.setLimits(entry.limits.walls, entry.limits.bonuses, entry.limits.jokers);
    replaceDraft(next);
    onChange(draft.code());
    balance.balance(draft.code());
    showAll();
  }

  function setLimit(kind, input) {
    const limits = draft.limits();
    const most = KINDS.find((k) => k.kind === kind).most(size());
    const { value: wanted, problem } = readLimit(input.value, most);
    if (problem) {
      say(`The ${kind} limit ${problem}: it must be a whole number from 0 to ${most}, so it stays ${limits[kind]}.`, true);
      input.value = limits[kind];
      return;
    }
    const have = draft.counts()[kind];
    if (wanted < have) {
      say(`The map has ${have} ${kind}: remove some before lowering the limit to ${wanted}.`, true);
      input.value = limits[kind];
      return;
    }
    limits[kind] = wanted;
    draft.setLimits(limits.walls, limits.bonuses, limits.jokers);
    commit(`At most ${wanted} ${kind}.`);
  }

  // --- pointer

  function pointAt(e) {
    return { x: (e.offsetX * canvas.width) / canvas.clientWidth, y: (e.offsetY * canvas.height) / canvas.clientHeight };
  }

  function boardLayout() {
    return layout(outerSide(size()), canvas.width, MARGIN);
  }

  function setHover(point) {
    const next = point ? cellAt(boardLayout(), point.x, point.y) : -1;
    if (next !== hover) {
      hover = next;
      redraw();
    }
  }

  function startStroke(e) {
    if (e.button !== 0) return;
    const point = pointAt(e);
    const index = cellAt(boardLayout(), point.x, point.y);
    if (index < 0) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    keyboard = false;
    cursor = index;
    const { row, col } = outerCoords(size(), index);
    stroke = { piece: strokePiece(tool, draft.get(col, row)), last: point };
    say("");
    if (paint(index, stroke.piece)) showAll();
  }

  function continueStroke(point) {
    if (!point) return;
    let changed = false;
    for (const index of cellsCrossed(boardLayout(), stroke.last, point)) changed = paint(index, stroke.piece) || changed;
    stroke.last = point;
    setHover(point);
    if (changed) showAll();
  }

  function endStroke() {
    if (!stroke) return;
    stroke = null;
    commit();
  }

  // --- keyboard

  function onBoardKey(key) {
    if (key.startsWith("Arrow")) {
      cursor = keyboard ? stepCursor(size(), cursor, key) : cursor;
      keyboard = true;
      showAll();
      return true;
    }
    if (key === "Enter" || key === " " || key === "Delete" || key === "Backspace") {
      keyboard = true;
      const { row, col } = outerCoords(size(), cursor);
      const piece = key === "Delete" || key === "Backspace" ? "empty" : strokePiece(tool, draft.get(col, row));
      if (paint(cursor, piece)) {
        const where = cellName(size(), cursor);
        commit(piece === "empty" ? `Erased ${where}.` : `${toolLabel(piece)} on ${where}.`);
      } else {
        showAll();
      }
      return true;
    }
    const chosen = TOOLS.find((t) => t.key === key.toLowerCase());
    if (chosen) {
      setTool(chosen.piece);
      say(`Painting: ${chosen.label.toLowerCase()}.`);
      return true;
    }
    return false;
  }

  function onShortcut(e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.target.matches("input, select")) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) step(undo, "Undone.");
    else if (key === "y" || (key === "z" && e.shiftKey)) step(redo, "Redone.");
    else return;
    e.preventDefault();
  }

  function step(move, message) {
    const next = move(history);
    if (next === history) return;
    history = next;
    restore(history.present);
    say(message);
  }

  // --- buttons

  async function onAction(e) {
    const action = e.target.closest("[data-action]")?.dataset.action;
    if (action === "undo") step(undo, "Undone.");
    else if (action === "redo") step(redo, "Redone.");
    else if (action === "clear") {
      draft.clear();
      commit("Cleared.");
    } else if (action === "random") randomMap();
    else if (action === "balanced") await balancedMap();
    else if (action === "copy") await copyLink();
    else if (action === "play") onPlay(draft.code());
  }

  function randomMap() {
    const l = draft.limits();
    try {
      adopt(MapDraft.random(size(), l.walls, l.bonuses, l.jokers, randomSeed()), "A random map with as many pieces as the limits allow.");
    } catch (err) {
      say(`No random map: ${err.message}.`, true);
    }
  }

  async function balancedMap() {
    const button = buttons.balanced;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    root.dataset.busy = "true";
    say("Looking for a balanced map…");
    const { code, balance: value, error } = await balance.balancedMap(randomSeed(), { ...draft.limits(), size: size() });
    button.disabled = false;
    button.removeAttribute("aria-busy");
    delete root.dataset.busy;
    if (error) {
      say(`No balanced map: ${error}.`, true);
      return;
    }
    let next;
    try {
      next = MapDraft.fromCode(code);
    } catch (err) {
      say(`No balanced map: the worker's map does not open (${err.message}).`, true);
      return;
    }
    adopt(next, `A balanced random map: ${balanceText(value)}.`);
  }

  async function copyLink() {
    const href = linkFor(location.href, { map: draft.code() });
    link.value = href;
    link.hidden = false;
    if (await copyText(href)) {
      say("Link copied: it opens this map.");
    } else {
      link.select();
      say("Copy the link below: it opens this map.");
    }
  }

  function buildPresets(select) {
    select.addEventListener("change", () => {
      const preset = presetById(select.value);
      select.value = "";
      if (preset) adopt(MapDraft.fromCode(preset.code), `${preset.name}: ${preset.description}`);
    });
    return select;
  }

  return {
    code: () => draft.code(),
    load(code) {
      adopt(MapDraft.fromCode(code));
    },
  };
}

function entryOf(draft) {
  return { code: draft.code(), limits: draft.limits() };
}

function sameEntry(a, b) {
  return a.code === b.code && KINDS.every(({ kind }) => a.limits[kind] === b.limits[kind]);
}

function toolLabel(piece) {
  return TOOLS.find((t) => t.piece === piece).label;
}

// Toggle buttons, one per tool; returns [piece, button] pairs.
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

// A counter and a limit input per kind of piece; returns them by kind.
function buildCounts(box, onLimit) {
  return Object.fromEntries(
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
  );
}
