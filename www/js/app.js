// The play page: its controller (play-ctrl.js: the state and the actions,
// with the computer player of play-computer.js and the panels' views of
// play-view.js) wired to the page's controls. flow.js decides the game
// flow as plain data; the wasm Game decides the rules.
import { GAMES } from "./games.js";
import { levelLabel, MAX_LEVEL } from "./levels.js";
import { PlayCtrl } from "./play-ctrl.js";

const $ = (id) => document.getElementById(id);

/**
 * Starts the page on `start`: `{ settings, game: { map, variant, moves },
 * match, phase }`, already checked. `Game` is the wasm class; `notify(text,
 * options)` shows a notice; `openEditor(options)` shows the map editor;
 * `showView(view)` shows the page of a game that has its own (games.js
 * `view`), or with null the board again, and says whether such a page was
 * showing; `unsaved(failed, link)` hears after each save whether it failed,
 * with `link()` giving a link that holds the game.
 */
export function startApp({ Game, start, storage, notify, clearNotice, openEditor, closeEditor, showView, unsaved }) {
  const ctrl = new PlayCtrl(start, { Game, storage, notify, clearNotice, openEditor, closeEditor, showView, unsaved });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => ctrl.board.redraw());
  wireSettings(ctrl);
  wireGame(ctrl);
  wireKeys(ctrl);
  ctrl.begin(start.review);
  for (const part of document.querySelectorAll("[inert]")) part.inert = false;
  document.body.dataset.ready = "true";
  return {
    open: (next) => ctrl.open(next),
    current: () => ctrl.current(),
    restore: (saved) => ctrl.restore(saved),
  };
}

// The settings beside the board: the game, its size, the mode and levels.
function wireSettings(ctrl) {
  $("settings-toggle").addEventListener("click", () => {
    const open = $("setup").classList.toggle("collapsed") === false;
    $("settings-toggle").setAttribute("aria-expanded", String(open));
  });
  $("variant").append(...GAMES.map((g) => new Option(g.name, g.id)));
  $("variant").addEventListener("change", (e) => ctrl.changeGame(e.target.value, ctrl.game.snapshot().size));
  $("board-size").addEventListener("change", (e) => ctrl.changeGame(ctrl.game.snapshot().variant, Number(e.target.value)));
  for (const levels of [$("level"), $("level-white")]) {
    for (let level = 1; level <= MAX_LEVEL; level += 1) {
      levels.append(new Option(levelLabel(level), String(level)));
    }
  }
  const settings = {
    mode: (e) => e.target.value,
    "human-colour": (e) => e.target.value,
    opponent: (e) => e.target.value,
    level: (e) => Number(e.target.value),
    "level-white": (e) => Number(e.target.value),
    "watch-speed": (e) => e.target.value,
    "show-legal": (e) => e.target.checked,
  };
  for (const [id, read] of Object.entries(settings)) {
    // The setting's name in the flow: "level-white" is `levelWhite`.
    const name = id.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    $(id).addEventListener("change", (e) => ctrl.changeSetting(name, read(e)));
  }
  $("hints").addEventListener("change", (e) => ctrl.hintsToggled(e.target.checked));
}

// The game's buttons: new and next game, the map, undo and redo, pass,
// pause, the colour choice, copying and pasting, the review.
function wireGame(ctrl) {
  $("new-game").addEventListener("click", () => {
    ctrl.foldSettings();
    ctrl.replacing(() => ctrl.newGame());
  });
  $("next-game").addEventListener("click", () => ctrl.replacing(() => ctrl.nextGame()));
  $("edit-map").addEventListener("click", () => ctrl.editMap());
  $("undo").addEventListener("click", () => ctrl.stepGame("undo"));
  $("redo").addEventListener("click", () => ctrl.stepGame("redo"));
  $("pass").addEventListener("click", () => ctrl.pass());
  // The client answers with a move only when the search has reported a
  // legal one; the reply then goes the usual way.
  $("move-now").addEventListener("click", () => ctrl.computer.moveNow());
  $("pause").addEventListener("click", () => ctrl.togglePause());
  for (const button of $("choose").querySelectorAll("button[data-colour]")) {
    button.addEventListener("click", () => ctrl.choose(button.dataset.colour));
  }
  $("copy-moves").addEventListener("click", () => ctrl.copy(ctrl.game.transcript(), "Moves"));
  $("copy-link").addEventListener("click", () => ctrl.copy(ctrl.gameLink(), "Link"));
  $("review-link").addEventListener("click", () => ctrl.copy(ctrl.gameLink(ctrl.reviewer.current()?.level), "Link", $("review-copied")));
  $("load-moves").addEventListener("click", () => ctrl.loadMoves());
  for (const id of ["review-game", "review-result"]) $(id).addEventListener("click", () => ctrl.reviewer.open());
}

// Ctrl+Z and Ctrl+Y (Cmd on a Mac; Shift+Ctrl+Z too) undo and redo in the
// game, but not while typing, and not in the map editor, which has its own.
function wireKeys(ctrl) {
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector("main.layout").hidden) return;
    if (e.target.closest?.("textarea, input, select, #editor")) return;
    const key = e.key.toLowerCase();
    const action = key === "y" || (key === "z" && e.shiftKey) ? "redo" : key === "z" ? "undo" : null;
    if (!action || $(action).disabled) return;
    e.preventDefault();
    ctrl.stepGame(action);
  });
}
