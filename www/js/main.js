// Page entry: starts the wasm module, decides what to show first (a shared
// link, else the saved game, else a new game on the default map), and wires
// the notices and the map editor around the game controller (app.js).
// trunk writes the wasm-bindgen glue (mapello.js) next to index.html.
import init, { Game } from "../mapello.js";
import { startApp } from "./app.js";
import { newMatch } from "./match.js";
import { registerOffline } from "./offline.js";
import { presetById } from "./presets.js";
import { readFragment } from "./share.js";
import { DEFAULT_SETTINGS, drop, load } from "./storage.js";

const DEFAULT_MAP = presetById("rulebook").code;
const notices = document.querySelector("#notices");

/** Shows `text` until dismissed; `key` replaces an earlier notice with it. */
function notify(text, { key = "", action = null } = {}) {
  if (key) clearNotice(key);
  const box = document.createElement("div");
  box.className = "notice";
  box.setAttribute("role", "alert");
  box.dataset.key = key;
  const p = document.createElement("p");
  p.textContent = text;
  box.append(p);
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    box.append(button);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "dismiss";
  close.textContent = "×";
  close.setAttribute("aria-label", "Dismiss");
  close.addEventListener("click", () => box.remove());
  box.append(close);
  notices.append(box);
}

function clearNotice(key) {
  for (const box of notices.querySelectorAll(".notice")) {
    if (box.dataset.key === key) box.remove();
  }
}

// Whether a game record opens; the error's message when it does not.
function openError(record) {
  try {
    new Game({ variant: record.variant, map: record.map, moves: record.moves }).free();
    return null;
  } catch (err) {
    return err.message;
  }
}

// What the page starts with: `{ settings, game, match, phase }`.
function startingPoint() {
  const { saved, notice } = load(localStorage);
  if (notice) notify(notice, { key: "saved" });
  let start = saved;
  if (start?.game) {
    const error = openError(start.game);
    if (error) {
      drop(localStorage);
      notify(`Your saved game could not be restored (${error}), so it was discarded.`, { key: "saved" });
      start = null;
    }
  }
  const settings = start?.settings ?? { ...DEFAULT_SETTINGS };
  const link = readFragment(location.hash);
  if (link.error || link.map) history.replaceState(null, "", location.pathname + location.search);
  if (link.error) notify(`${link.error} Here is the default map instead.`, { key: "link" });
  if (link.map) {
    const game = { map: link.map, variant: "mapello", moves: link.moves ?? "" };
    const error = openError(game);
    if (error) {
      notify(`The shared game could not be opened: ${error}. Here is the default map instead.`, { key: "link" });
      return fresh(settings, { map: DEFAULT_MAP, variant: "mapello", moves: "" });
    }
    return fresh(settings, game);
  }
  if (link.error || !start?.game) return fresh(settings, { map: DEFAULT_MAP, variant: "mapello", moves: "" });
  return start;
}

// A new game in the settings' mode, with a new match where the mode has one.
function fresh(settings, game) {
  const { mode, opponent } = settings;
  let match = null;
  if (mode === "series") match = newMatch("series", opponent === "human" ? ["Player 1", "Player 2"] : ["You", "Computer"]);
  if (mode === "freeplay") match = newMatch("freeplay", ["Player 1", "Player 2"]);
  return { settings, game, match, phase: "play" };
}

// The map editor, mounted on first use and kept (it runs its own worker).
const editorRoot = document.querySelector("#editor");
const editorBar = document.querySelector("#editor-bar");
const layout = document.querySelector("main.layout");
let editor = null;
let editorHandlers = null;

async function openEditor({ title, initialCode, onChange, onPlay, onClose }) {
  editorHandlers = { onChange, onPlay };
  document.querySelector("#editor-title").textContent = title;
  document.querySelector("#close-editor").hidden = !onClose;
  document.querySelector("#close-editor").onclick = onClose;
  try {
    const { mountEditor } = await import("./editor.js");
    if (editor) editor.load(initialCode);
    else {
      editor = mountEditor(editorRoot, {
        initialCode,
        onChange: (code) => editorHandlers.onChange(code),
        onPlay: (code) => editorHandlers.onPlay(code),
      });
    }
  } catch (err) {
    notify(`The map editor could not open: ${err.message}`, { key: "editor" });
    return;
  }
  layout.hidden = true;
  editorBar.hidden = false;
  editorRoot.hidden = false;
  editorRoot.querySelector("canvas")?.focus();
}

function closeEditor() {
  if (editorRoot.hidden) return;
  layout.hidden = false;
  editorBar.hidden = true;
  editorRoot.hidden = true;
  document.querySelector("#board").focus({ preventScroll: true });
}

try {
  await init();
  startApp({ Game, start: startingPoint(), storage: localStorage, notify, clearNotice, openEditor, closeEditor });
  registerOffline();
} catch (err) {
  document.querySelector("#status").textContent = `Mapello could not start: ${err.message}`;
  throw err;
}
