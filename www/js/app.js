// @ts-check
// The play page: its controller (play-ctrl.js: the state and the actions,
// with the computer player of play-computer.js and the panels' views of
// play-view.js) wired to the page's controls. flow.js decides the game
// flow as plain data; the wasm Game decides the rules.
import { allInside, byId, inside } from "./dom.js";
import { GAMES } from "./games.js";
import { levelLabel, MAX_LEVEL } from "./levels.js";
import { PlayCtrl } from "./play-ctrl.js";
import { decodeSave, KEY } from "./storage.js";

/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("./storage.js").SavedRecord} SavedRecord */
/** @typedef {import("../mapello.d.ts").Colour} Colour */

/**
 * What the page's entry (main.js) does with the play page once started.
 * @typedef {{ open(next: SavedRecord): void, current(): SavedRecord, restore(saved: SavedRecord): void }} App
 */

/**
 * Starts the page on `start`: `{ settings, game: { map, variant, moves },
 * match, phase }`, already checked. `Game` is the wasm class; `notify(text,
 * options)` shows a notice; `openEditor(options)` shows the map editor;
 * `showView(view)` shows the page of a game that has its own (games.js
 * `view`), or with null the board again, and says whether such a page was
 * showing; `unsaved(failed, link)` hears after each save whether it failed,
 * with `link()` giving a link that holds the game.
 * @param {import("./play-ctrl.js").PlayDeps & { start: SavedRecord }} options
 * @returns {App}
 */
export function startApp({ Game, start, storage, notify, clearNotice, openEditor, closeEditor, showView, unsaved }) {
  const ctrl = new PlayCtrl(start, { Game, storage, notify, clearNotice, openEditor, closeEditor, showView, unsaved });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => ctrl.board.redraw());
  wireSettings(ctrl);
  wireGame(ctrl);
  wireKeys(ctrl);
  // Another tab saved its game (tabs.js, loaded when one does).
  addEventListener("storage", ({ key, newValue }) => {
    if (key === KEY && newValue) import("./tabs.js").then((tabs) => tabs.otherTabSaved(ctrl, decodeSave(newValue).saved), (err) => notify(`Another tab: ${err.message}`, { key: "other-tab" }));
  });
  ctrl.begin(start.review);
  for (const part of allInside(document, "[inert]")) part.inert = false;
  document.body.dataset.ready = "true";
  return {
    open: (next) => ctrl.open(next),
    current: () => ctrl.current(),
    restore: (saved) => ctrl.restore(saved),
  };
}

// The settings beside the board: the game, its size, the mode and levels.
/** @param {PlayCtrl} ctrl */
function wireSettings(ctrl) {
  byId("settings-toggle").addEventListener("click", () => {
    const open = byId("setup").classList.toggle("collapsed") === false;
    byId("settings-toggle").setAttribute("aria-expanded", String(open));
  });
  const variant = byId("variant", HTMLSelectElement);
  variant.append(...GAMES.map((g) => new Option(g.name, g.id)));
  variant.addEventListener("change", () => ctrl.changeGame(variant.value, ctrl.game.snapshot().size));
  const size = byId("board-size", HTMLSelectElement);
  size.addEventListener("change", () => ctrl.changeGame(ctrl.game.snapshot().variant, Number(size.value)));
  // The map's options are share codes (play-view.js).
  const map = byId("map-choice", HTMLSelectElement);
  map.addEventListener("change", () => ctrl.playMap(map.value));
  for (const levels of [byId("level", HTMLSelectElement), byId("level-white", HTMLSelectElement)]) {
    for (let level = 1; level <= MAX_LEVEL; level += 1) {
      levels.append(new Option(levelLabel(level), String(level)));
    }
  }
  // Each setting's control and how its value reads: a switch (Boolean) is
  // a checkbox, the others are selects whose options are their values
  // (index.html).
  /** @type {Record<string, BooleanConstructor | NumberConstructor | StringConstructor>} */
  const settings = {
    mode: String,
    "human-colour": String,
    opponent: String,
    level: Number,
    "level-white": Number,
    "watch-speed": String,
    "show-legal": Boolean,
    clock: String,
    "clock-pause": Boolean,
    "move-numbers": Boolean,
    "show-eval": Boolean,
  };
  for (const [id, kind] of Object.entries(settings)) {
    // The setting's name in the flow: "level-white" is `levelWhite`.
    const name = /** @type {keyof Settings} */ (id.replace(/-(\w)/g, (_, c) => c.toUpperCase()));
    const control = kind === Boolean ? byId(id, HTMLInputElement) : byId(id, HTMLSelectElement);
    const read = () => (control instanceof HTMLInputElement ? control.checked : kind(control.value));
    control.addEventListener("change", () => ctrl.changeSetting(name, /** @type {Settings[keyof Settings]} */ (read())));
  }
  const hints = byId("hints", HTMLInputElement);
  hints.addEventListener("change", () => ctrl.hintsToggled(hints.checked));
}

// The game's buttons: new and next game, the map, undo and redo, pass,
// pause, the colour choice, copying and pasting, the review.
/** @param {PlayCtrl} ctrl */
function wireGame(ctrl) {
  byId("new-game").addEventListener("click", () => {
    ctrl.foldSettings();
    ctrl.replacing(() => ctrl.newGame());
  });
  byId("next-game").addEventListener("click", () => ctrl.replacing(() => ctrl.nextGame()));
  byId("edit-map").addEventListener("click", () => ctrl.editMap());
  byId("play-friend").addEventListener("click", () => ctrl.playByLink());
  // The position mode loads on first use (position-view.js), and again at
  // once when the tab was setting a position up as it was reloaded.
  const setUp = () =>
    import("./position-view.js")
      .then(({ showPosition }) => showPosition({ game: () => ctrl.record(), play: (game, mode) => ctrl.playPosition(game, mode) }))
      .catch((err) => ctrl.deps.notify(`The position mode could not open: ${err instanceof Error ? err.message : err}`, { key: "position" }));
  byId("set-up").addEventListener("click", setUp);
  try {
    if (sessionStorage.getItem("mapello.positionDraft" /* position-view.js DRAFT_KEY */)) setUp();
  } catch {
    // A tab without storage kept nothing to set up again.
  }
  byId("undo").addEventListener("click", () => ctrl.stepGame("undo"));
  byId("redo").addEventListener("click", () => ctrl.stepGame("redo"));
  byId("pass").addEventListener("click", () => ctrl.pass());
  // The client answers with a move only when the search has reported a
  // legal one; the reply then goes the usual way.
  byId("move-now").addEventListener("click", () => ctrl.computer.moveNow());
  byId("pause").addEventListener("click", () => ctrl.togglePause());
  byId("resign").addEventListener("click", () => ctrl.askResign());
  byId("resign-yes").addEventListener("click", () => ctrl.answerResign(true));
  byId("resign-no").addEventListener("click", () => ctrl.answerResign(false));
  byId("resign-confirm").addEventListener("keydown", (e) => e.key === "Escape" && ctrl.answerResign(false));
  for (const button of allInside(byId("choose"), "button[data-colour]")) {
    // The buttons' colours are the sides' letters (index.html).
    button.addEventListener("click", () => ctrl.choose(/** @type {Colour} */ (button.dataset.colour)));
  }
  byId("copy-moves").addEventListener("click", () => ctrl.copy(ctrl.game.transcriptWithoutPasses(), "Moves"));
  byId("copy-link").addEventListener("click", () => ctrl.copy(ctrl.gameLink(), "Link"));
  byId("review-link").addEventListener("click", () => ctrl.copy(ctrl.gameLink(ctrl.reviewer.current()?.level), "Link", byId("review-copied")));
  byId("load-moves").addEventListener("click", () => ctrl.loadMoves());
  for (const id of ["review-game", "review-result"]) byId(id).addEventListener("click", () => ctrl.reviewer.open());
  // A move of the list shows the position after it, to analyse.
  byId("move-list").addEventListener("click", (e) => {
    const move = e.target instanceof Element ? e.target.closest("button[data-ply]") : null;
    if (move instanceof HTMLElement) ctrl.analyse(Number(move.dataset.ply));
  });
}

// Ctrl+Z and Ctrl+Y (Cmd on a Mac; Shift+Ctrl+Z too) undo and redo in the
// game, but not while typing, and not in the map editor, which has its own.
// A button that waits says why, as its title does (play-view.js).
/** @param {PlayCtrl} ctrl */
function wireKeys(ctrl) {
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || inside(document, "main.layout").hidden) return;
    if (e.target instanceof Element && e.target.closest("textarea, input, select, #editor")) return;
    const key = e.key.toLowerCase();
    const action = key === "y" || (key === "z" && e.shiftKey) ? "redo" : key === "z" ? "undo" : null;
    if (!action) return;
    const button = byId(action, HTMLButtonElement);
    if (button.disabled && !button.title) return;
    e.preventDefault();
    if (button.disabled) ctrl.refuse(button.title);
    else ctrl.stepGame(action);
  });
}
