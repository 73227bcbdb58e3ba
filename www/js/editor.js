// @ts-check
// The map editor: paint walls, bonuses and jokers on a board drawn like the
// game's, within limits, with undo and redo, presets, random and balanced
// maps, the AI's balance estimate and share links. The state and the
// actions are editor-controller.js's, the panels editor-panels.js's; this
// module mounts them and wires the pointer, the keys and the buttons to
// the actions.
import { createEditorController, mapGame } from "./editor-controller.js";
import { cellsCrossed } from "./editor-model.js";
import { drawEditor, editorPanels, markup } from "./editor-panels.js";
import { byId, inside } from "./dom.js";
import { bindEvents } from "./events.js";
import { cellAt, layout, outerSide } from "./geometry.js";
import { presetById } from "./presets.js";
import { MARGIN } from "./render.js";
import { copyText, linkFor } from "./share.js";

/** @typedef {import("./editor-controller.js").EditorController} EditorController */

/**
 * Mounts the editor in `root`, starting from the map `initialCode` (a share
 * code; an empty map when missing or damaged). `onChange(code)` hears of
 * every finished edit, `onPlay(code)` of the Play button. The wasm module
 * must be initialised. Returns `{ code(), load(code) }`.
 * @param {HTMLElement} root
 * @param {{ initialCode?: string, onChange?: (code: string) => void, onPlay?: (code: string) => void }} [options]
 */
export function mountEditor(root, { initialCode, onChange = () => {}, onPlay = () => {} } = {}) {
  root.classList.add("editor");
  // The sizes of the game played on maps.
  root.innerHTML = markup(mapGame().sizes);
  // Null while the controller is being made: it reports its first balance
  // request before it is returned.
  /** @type {EditorController | null} */
  let controller = null;
  const draw = () => controller && drawEditor(panels, controller.snapshot());
  // The palette and the limits are used only once the editor is mounted.
  const panels = editorPanels(root, {
    choose: (piece) => controller?.setTool(piece),
    onLimit: (kind, input) => controller?.setLimit(kind, input.value),
  });
  const mounted = createEditorController({ initialCode, changed: draw, onChange });
  controller = mounted;
  wirePointer(panels.canvas, mounted, draw);
  wireControls(root, panels, mounted, onPlay);
  draw();
  return {
    code: () => mounted.code(),
    load: (/** @type {string} */ code) => mounted.load(code),
  };
}

/**
 * Strokes and hover on the board, and its keys.
 * @param {HTMLCanvasElement} canvas
 * @param {EditorController} controller
 * @param {() => void} draw
 */
function wirePointer(canvas, controller, draw) {
  /** @type {import("./editor-model.js").Point | null} */
  let last = null;
  const pointAt = (/** @type {PointerEvent} */ e) => ({ x: (e.offsetX * canvas.width) / canvas.clientWidth, y: (e.offsetY * canvas.height) / canvas.clientHeight });
  const board = () => layout(outerSide(controller.snapshot().size), canvas.width, MARGIN);
  const hover = (/** @type {import("./editor-model.js").Point | null} */ point) => controller.hover(point ? cellAt(board(), point.x, point.y) : -1);
  bindEvents(canvas, {
    resize: draw,
    pointer: (point) => {
      if (!last) return hover(point);
      if (!point) return;
      controller.continueStroke(cellsCrossed(board(), last, point));
      last = point;
      hover(point);
    },
    tap: () => {},
    key: (key) => controller.key(key),
    focus: draw,
  });
  canvas.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const point = pointAt(e);
    const index = cellAt(board(), point.x, point.y);
    if (index < 0) return;
    e.preventDefault();
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture(e.pointerId);
    last = point;
    controller.startStroke(index);
  });
  const end = () => {
    if (!last) return;
    last = null;
    controller.endStroke();
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);
}

/**
 * The buttons, the size and preset choosers and the undo and redo shortcuts.
 * @param {HTMLElement} root
 * @param {import("./editor-panels.js").EditorPanels} panels
 * @param {EditorController} controller
 * @param {(code: string) => void} onPlay
 */
function wireControls(root, { sizeSelect, presetSelect, link }, controller, onPlay) {
  sizeSelect.addEventListener("change", () => controller.resize(Number(sizeSelect.value)));
  presetSelect.addEventListener("change", () => {
    const preset = presetById(presetSelect.value);
    presetSelect.value = "";
    if (preset) controller.load(preset.code, `${preset.name}: ${preset.description}`);
  });
  root.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || /** @type {Element} */ (e.target).matches("input, select")) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) controller.undo();
    else if (key === "y" || (key === "z" && e.shiftKey)) controller.redo();
    else return;
    e.preventDefault();
  });
  /** @type {Record<string, () => unknown>} */
  const actions = {
    undo: () => controller.undo(),
    redo: () => controller.redo(),
    clear: () => controller.clear(),
    random: () => controller.random(),
    balanced: () => controller.balanced(),
    copy: () => copyLink(link, controller),
    play: () => onPlay(controller.code()),
  };
  root.addEventListener("click", (e) => {
    const name = /** @type {Element} */ (e.target).closest("[data-action]")?.getAttribute("data-action");
    if (name) actions[name]?.();
  });
}

/**
 * @param {HTMLInputElement} link
 * @param {EditorController} controller
 */
async function copyLink(link, controller) {
  const href = linkFor(location.href, { map: controller.code() });
  link.value = href;
  link.hidden = false;
  if (await copyText(href)) {
    controller.say("Link copied: it opens this map.");
  } else {
    link.select();
    controller.say("Copy the link below: it opens this map.");
  }
}

// The editor over the play page (main.js's openEditor): mounted on first
// use and kept (it runs its own worker), the play page hidden under it.
/** @type {ReturnType<typeof mountEditor> | null} */
let mounted = null;
/** @type {Pick<import("./play-ctrl.js").EditorOptions, "onChange" | "onPlay"> | null} */
let handlers = null;

// The editor's stylesheet, fetched with the editor: the first screen, which
// waits for every stylesheet in the page's head, has no use for it.
/** @type {Promise<unknown> | null} */
let styles = null;
function loadStyles() {
  styles ??= new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "editor.css" });
    link.onload = resolve;
    link.onerror = () => {
      link.remove();
      styles = null;
      reject(new Error("its stylesheet did not load"));
    };
    document.head.append(link);
  });
  return styles;
}

/**
 * Shows the editor in the page's #editor, titled `title`, on `initialCode`;
 * `onClose` is its close button's action (none: no close button). Throws
 * when its stylesheet does not load, the play page still shown.
 * @param {import("./play-ctrl.js").EditorOptions} options
 */
export async function openEditor({ title, initialCode, onChange, onPlay, onClose }) {
  handlers = { onChange, onPlay };
  byId("editor-title").textContent = title;
  byId("close-editor").hidden = !onClose;
  byId("close-editor").onclick = onClose;
  await loadStyles();
  const root = byId("editor");
  if (mounted) mounted.load(initialCode);
  else {
    mounted = mountEditor(root, {
      initialCode,
      // Set above, before the editor can call them.
      onChange: (code) => handlers?.onChange(code),
      onPlay: (code) => handlers?.onPlay(code),
    });
  }
  inside(document, "main.layout").hidden = true;
  byId("editor-bar").hidden = false;
  root.hidden = false;
  root.querySelector("canvas")?.focus();
}
