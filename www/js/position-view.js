// @ts-check
// The position mode, loaded on first use: a dialog where the player puts
// black and white discs on the game's map, chooses the side to move, or
// pastes a diagram or an OBF string, then plays the position against the
// computer or a friend, or analyses it with hints. The draft is the wasm
// `PositionDraft` (src/wasm/position.rs, in the workers' module), which
// says in the rules' words what keeps a position from being played.
import { createBoard } from "./board.js";
import { aiWasm, createDialog } from "./dialog.js";
import { fromGame } from "./state.js";

/** @typedef {import("./review.js").GameRecord} GameRecord */
/**
 * What the dialog is given: the game on the board, and what starts a game
 * from the position set up (`mode`: "computer", "hotseat" or "analyse").
 * @typedef {{ game: () => GameRecord, play: (game: GameRecord, mode: string) => void }} PositionDeps
 */
/** @typedef {import("../mapello.d.ts").PositionDraft} Draft */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const MARKUP = `<div class="help-head"><h2 id="position-title">Set up a position</h2>
<button type="button" id="close-position" class="dismiss" aria-label="Close">×</button></div>
<p class="position-about">Choose a disc, then click squares (or move with the arrow keys and press Enter). Walls, bonuses and jokers are the map's: change them with Edit map.</p>
<fieldset class="position-tools"><legend>Put</legend>
<label><input type="radio" name="position-tool" value="X" checked /> Black disc</label>
<label><input type="radio" name="position-tool" value="O" /> White disc</label>
<label><input type="radio" name="position-tool" value="." /> Empty</label></fieldset>
<canvas id="position-board" class="position-board" tabindex="0" role="application" aria-roledescription="board" aria-label="Board"></canvas>
<fieldset class="position-tools"><legend>To move</legend>
<label><input type="radio" name="position-side" value="X" /> Black</label>
<label><input type="radio" name="position-side" value="O" /> White</label></fieldset>
<p id="position-problem" class="position-problem" role="status"></p>
<div class="position-actions"><button type="button" id="position-computer">Play vs computer</button>
<button type="button" id="position-friend">Two players, one screen</button>
<button type="button" id="position-link">Play a friend by link</button>
<button type="button" id="position-analyse">Analyse</button></div>
<div class="position-actions"><button type="button" id="position-clear">Clear the board</button>
<button type="button" id="position-start">Starting position</button>
<button type="button" id="position-game">Game's position</button></div>
<label for="position-text" class="position-label">As text (a diagram or an OBF string: paste one and press Read)</label>
<textarea id="position-text" class="position-text" rows="7" spellcheck="false" autocomplete="off"></textarea>
<div class="position-actions"><button type="button" id="position-read">Read</button></div>`;
const STYLES = `.position-about { margin: 0.4rem 0; color: var(--muted); font-size: 0.9rem; }
.position-tools { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; border: 0; margin: 0.3rem 0; padding: 0; }
.position-tools legend { font-weight: 600; padding: 0; margin-right: 0.6rem; float: left; }
.position-board { display: block; width: min(100%, 420px); aspect-ratio: 1; margin: 0.4rem auto; }
.position-problem { min-height: 2.6em; margin: 0.3rem 0; font-weight: 600; }
.position-problem.bad { color: var(--error, #b00020); }
.position-actions { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.3rem 0; }
.position-label { display: block; margin-top: 0.5rem; font-size: 0.9rem; }
.position-text { width: 100%; box-sizing: border-box; font-family: ui-monospace, monospace; font-size: 0.85rem; }`;

// The position being set up, kept for this tab (sessionStorage) while the
// dialog is open, so that a reload brings the dialog back with it.
const DRAFT_KEY = "mapello.positionDraft";

/** @type {{ wasm: any, draft: Draft | null, board: ReturnType<typeof createBoard> | null, deps: PositionDeps | null }} */
const view = { wasm: null, draft: null, board: null, deps: null };

/**
 * Opens the dialog on the position the game on the board has reached.
 * @param {PositionDeps} deps
 */
export async function showPosition(deps) {
  const wasm = await aiWasm();
  view.wasm = wasm;
  view.deps = deps;
  const said = fromKept() ?? fromPlayed(deps.game());
  let dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("position"));
  if (!dialog) {
    dialog = createDialog("position", MARKUP, STYLES);
    wire(dialog);
  }
  if (!dialog.open) dialog.showModal();
  show(true, said);
}

/**
 * Drafts the position the moves of `game` reached (how a game was given up
 * is no part of it). A finished game's last position, where nobody can
 * move, is no position to play on: the draft is then the last one the game
 * could go on from, the position before its last move, and what is said
 * says so.
 * @param {GameRecord} game
 */
function fromPlayed({ variant, map, start, moves }) {
  const { PositionDraft, Game } = view.wasm;
  replace(new PositionDraft({ variant, map, start, moves }));
  if (!moves || !view.draft?.snapshot().problem) return "";
  const played = new Game({ variant, map, start, moves });
  const names = played.snapshot().moves;
  played.free();
  let kept = names.length;
  while (kept > 0 && view.draft?.snapshot().problem) {
    kept -= 1;
    replace(new PositionDraft({ variant, map, start, moves: names.slice(0, kept).join(" ") }));
  }
  return `The game is over, so here is the position before ${names[kept]} was played, the last it could go on from.`;
}

/**
 * Drafts the position this tab was setting up when the page was left, and
 * says so; null when there is none, or it no longer reads (then dropped).
 */
function fromKept() {
  try {
    const kept = sessionStorage.getItem(DRAFT_KEY);
    if (!kept) return null;
    const { variant, map, text } = JSON.parse(kept);
    const draft = new view.wasm.PositionDraft({ variant, map });
    replace(draft);
    draft.read(text);
    return "Here is the position you were setting up.";
  } catch {
    forget();
    return null;
  }
}

function forget() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Without storage there is nothing to forget.
  }
}

/** @param {Draft} next */
function replace(next) {
  view.draft?.free();
  view.draft = next;
}

/** The tool chosen: "X", "O" or ".". */
function tool() {
  const checked = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="position-tool"]:checked'));
  return checked?.value ?? "X";
}

/** @param {HTMLDialogElement} dialog */
function wire(dialog) {
  const draft = () => /** @type {Draft} */ (view.draft);
  const put = (/** @type {string} */ square) => {
    try {
      draft().put(square, tool());
    } catch (err) {
      say(sentence(/** @type {Error} */ (err).message), true);
      return;
    }
    show(true, `${square}: ${{ X: "black disc", O: "white disc", ".": "empty" }[tool()]}.`);
  };
  const canvas = /** @type {HTMLCanvasElement} */ ($("position-board"));
  const snap = draft().snapshot();
  view.board = createBoard(canvas, { ...fromGame(snap), showLegal: false }, { onPlay: put, onRefuse: put });
  $("close-position").addEventListener("click", () => dialog.close());
  // Closed, played or left aside, the position set up is no longer kept.
  dialog.addEventListener("close", forget);
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
  for (const input of document.querySelectorAll('input[name="position-side"]')) {
    input.addEventListener("change", () => {
      draft().setSide(/** @type {import("../mapello.d.ts").Colour} */ (/** @type {HTMLInputElement} */ (input).value));
      show(true);
    });
  }
  $("position-clear").addEventListener("click", () => {
    draft().clear();
    show(true);
  });
  $("position-start").addEventListener("click", () => {
    const { variant, map } = /** @type {PositionDeps} */ (view.deps).game();
    replace(new view.wasm.PositionDraft({ variant, map }));
    show(true);
  });
  $("position-game").addEventListener("click", () => show(true, fromPlayed(/** @type {PositionDeps} */ (view.deps).game())));
  $("position-read").addEventListener("click", () => {
    const text = /** @type {HTMLTextAreaElement} */ ($("position-text")).value;
    try {
      draft().read(text);
    } catch (err) {
      say(`That text could not be read: ${/** @type {Error} */ (err).message}. The position is unchanged.`, true);
      return;
    }
    show(true);
  });
  const play = (/** @type {string} */ mode) => {
    const d = draft();
    const { variant, problem } = d.snapshot();
    if (problem) return say(sentence(problem), true);
    const game = { map: d.mapCode(), variant, moves: "", start: d.startCode() };
    dialog.close();
    view.deps?.play(game, mode);
  };
  $("position-computer").addEventListener("click", () => play("computer"));
  $("position-friend").addEventListener("click", () => play("hotseat"));
  $("position-link").addEventListener("click", () => play("corresp"));
  $("position-analyse").addEventListener("click", () => play("analyse"));
}

/**
 * A rules message as a sentence: a capital first (but a square keeps its
 * name, `a1`) and a full stop.
 * @param {string} text
 */
function sentence(text) {
  const s = /^[a-z][0-9]/.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/**
 * @param {string} text
 * @param {boolean} bad
 */
function say(text, bad) {
  const out = $("position-problem");
  out.textContent = text;
  out.classList.toggle("bad", bad);
}

/**
 * Draws the draft and says whether it can be played, after `said`; `text`
 * rewrites the text box.
 * @param {boolean} text
 * @param {string} [said]
 */
function show(text, said = "") {
  const draft = /** @type {Draft} */ (view.draft);
  const snap = draft.snapshot();
  view.board?.set({ ...fromGame(snap), showLegal: false });
  for (const input of document.querySelectorAll('input[name="position-side"]')) {
    /** @type {HTMLInputElement} */ (input).checked = /** @type {HTMLInputElement} */ (input).value === snap.toMove;
  }
  const who = snap.toMove === "X" ? "Black" : "White";
  const counts = `${snap.discs[0]} black, ${snap.discs[1]} white`;
  const pre = said ? `${said} ` : "";
  if (snap.problem) say(`${pre}${sentence(snap.problem)} (${counts}.)`, true);
  else say(`${pre}Ready to play: ${who} to move (${counts}).`, false);
  for (const id of ["position-computer", "position-friend", "position-link", "position-analyse"]) {
    /** @type {HTMLButtonElement} */ ($(id)).disabled = Boolean(snap.problem);
  }
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ variant: snap.variant, map: draft.mapCode(), text: draft.diagram() }));
  } catch {
    // A tab that cannot keep it still sets up and plays it.
  }
  if (text) {
    const obf = draft.obf();
    /** @type {HTMLTextAreaElement} */ ($("position-text")).value = draft.diagram() + (obf ? `; OBF: ${obf}\n` : "");
  }
}
