// @ts-check
// The analysis board, loaded when a move of the move list is first
// clicked: it shows any position of the game, lets the player try other
// moves there (the tried line, analysis.js's model, shown as a branch
// beside the game's moves) and asks the computer, in a worker of its own,
// for every legal move's value. It has the board while open; the game
// itself is never touched, and goes on beside it (a computer's move lands
// in the game, and the analysis follows the game's new moves). "Back to
// game" gives the board back exactly as the game left it.
// What it shares with the first screen (the board's state, words, the
// worker) it is handed by the play page rather than importing, so the
// bundle splits none of the first screen's modules into chunks for it.
import { describe, discsIn, follow, goTo, isAt, jump, movesAt, numbered, startAnalysis, step, tryMove } from "./analysis.js";

/** @typedef {import("./analysis.js").Analysis} Analysis */
/** @typedef {import("./analysis.js").Cursor} Cursor */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */
/** Every legal move's value, as the worker answers it. @typedef {{ move: string, score: number }[]} Values */
/** A position as the worker reads it: the game's, its set-up start (if any) and the moves. @typedef {{ variant: string, map: string, start?: string, moves: string }} GameRecord */

/**
 * What the analysis is given by the play page (play-ctrl.js): the wasm
 * class, the page's board, the game (read, never changed), a way to say
 * things to a screen reader, what to do once the board is the game's
 * again and with each position shown (the player cards count it); the board's state of a position with its values; the values of a
 * position's moves, from a worker that is not the game's computer player
 * (rejecting when cancelled or failed); and the first screen's words.
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   board: ReturnType<typeof import("./board.js").createBoard>,
 *   game: () => import("../mapello.d.ts").Game,
 *   announce: (text: string) => void,
 *   refuse: (text: string) => void,
 *   dismissRefusal: () => void,
 *   onClose: () => void,
 *   onShown: (game: import("../mapello.d.ts").Game) => void,
 *   boardState: (snap: Snapshot, values: Values) => import("./state.js").BoardState,
 *   values: { ask: (record: GameRecord, legal: string[]) => Promise<Values>, cancel: () => void },
 *   words: { PASS: string, colourName: (colour: import("../mapello.d.ts").Colour) => string, hintText: (score: number) => string, trollHelp: string },
 * }} AnalysisDeps
 */

// Above the board: where the analysis stands, the way through the moves
// and back; below it: the values, the tried line and the moves to try.
const HEAD = `<div class="analysis-head"><h2 id="analysis-title" tabindex="-1">Analysis</h2>
<p id="analysis-state" class="analysis-state"></p>
<button type="button" id="analysis-back">Back to game</button></div>
<div class="analysis-nav" role="group" aria-label="Step through the game">
<button type="button" data-go="start" aria-label="Start of the game" aria-keyshortcuts="Home">«</button>
<button type="button" data-go="back" aria-label="Back one move" aria-keyshortcuts="ArrowLeft">‹</button>
<button type="button" data-go="on" aria-label="On one move" aria-keyshortcuts="ArrowRight">›</button>
<button type="button" data-go="end" aria-label="End of the line" aria-keyshortcuts="End">»</button>
<button type="button" id="analysis-values" aria-pressed="false">Show values</button></div>`;
const TOOLS = `<p id="analysis-values-said" class="analysis-note" role="status"></p>
<div id="analysis-branch" class="analysis-branch" hidden><span id="analysis-branch-title"></span> <ol id="analysis-line" aria-labelledby="analysis-branch-title"></ol></div>
<div class="analysis-try"><span id="analysis-try-title">Try a move:</span> <ul id="analysis-moves" aria-labelledby="analysis-try-title"></ul></div>
<p class="analysis-note">Try moves on the board or here; the game itself is unchanged. Arrow keys, Home and End step through the moves; Escape goes back to the game.</p>`;

const STYLES = `.analysis {
  display: grid;
  gap: 0.35rem;
  margin: 0.3rem 0;
  padding: 0.5rem 0.6rem;
  border: 2px solid var(--accent);
  border-radius: 0.6rem;
  background: var(--panel);
}
.analysis-head, .analysis-nav, .analysis-branch, .analysis-try {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.35rem;
}
.analysis-head h2 { margin: 0; font-size: 1.05rem; }
.analysis-state { flex: 1 1 12rem; margin: 0; font-weight: 600; }
.analysis-note { margin: 0; color: var(--muted); font-size: 0.85rem; }
.analysis ol, .analysis ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
}
.analysis li button {
  min-height: 2.25rem;
  padding: 0.15rem 0.5rem;
  font-family: ui-monospace, "SFMono-Regular", Menlo, monospace;
}
.analysis [aria-current="true"], #move-list button[aria-current="true"] {
  background: var(--accent);
  color: var(--accent-text);
}
.analysis [aria-pressed="true"], .analysis [aria-pressed="true"]:hover { background: var(--accent); color: var(--accent-text); }
.analysis-nav button[data-go] { min-width: 2.5rem; font-size: 1.1rem; }
#move-list li[data-branch] button { box-shadow: inset 0 -3px var(--accent); }
body:has(#analysis:not([hidden])) #status::before { content: "In the game: "; }
body:has(#analysis:not([hidden])) #result { display: none; }
@media (max-width: 700px) {
  .analysis-nav button, .analysis-head button { min-height: 2.75rem; min-width: 2.75rem; }
}`;

// Keys that step through the positions, as review's arrows do.
const KEYS = { ArrowLeft: "back", ArrowRight: "on", Home: "start", End: "end" };

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The analysis of `deps.game()`, closed until `open(ply)`.
 * @param {AnalysisDeps} deps
 */
export function createAnalysis(deps) {
  return new AnalysisBoard(deps);
}

export class AnalysisBoard {
  /** @param {AnalysisDeps} deps */
  constructor(deps) {
    this.deps = deps;
    this.parts = makePanel();
    /** @type {Analysis | null} */
    this.analysis = null;
    // The game's variant and map: another game closes the analysis.
    this.key = "";
    this.showValues = false;
    /** @type {Values | null} The values of the position shown, once they came. */
    this.values = null;
    // Bumped whenever values on their way stop being wanted.
    this.token = 0;
    wire(this.parts[0], this);
  }

  /** True while the analysis has the board. */
  isOpen() {
    return this.analysis !== null;
  }

  gameKey() {
    const live = this.deps.game();
    return `${live.snapshot().variant} ${live.mapCode()} ${live.startCode()}`;
  }

  /** The game's set-up start, or undefined for its usual one. */
  start() {
    return this.deps.game().startCode() || undefined;
  }

  /**
   * A wasm Game at the position shown, replayed on the game's map from its
   * start; the caller frees it.
   * @param {Analysis} analysis
   */
  replay(analysis) {
    const live = this.deps.game();
    return new this.deps.Game({ variant: live.snapshot().variant, map: live.mapCode(), start: this.start(), moves: movesAt(analysis).join(" ") });
  }

  // The position shown, as a snapshot and as the record the worker reads;
  // the player cards are set to it.
  position() {
    const game = this.replay(/** @type {Analysis} */ (this.analysis));
    this.deps.onShown(game);
    const snap = game.snapshot();
    const start = this.start();
    /** @type {GameRecord} */
    const record = { variant: snap.variant, map: game.mapCode(), ...(start && { start }), moves: game.transcript() };
    game.free();
    return { snap, record };
  }

  /** Draws the position shown again, as the settings it shares with the game's now say. */
  redraw() {
    if (this.analysis) this.draw(this.position().snap, null);
  }

  /**
   * Moves the analysis to `next`, redrawing and asking for values when
   * shown; `move`, when given, is animated. Gives the position's snapshot.
   * @param {Analysis} next
   * @param {string | null} [move]
   */
  show(next, move = null) {
    const changed = !this.analysis || movesAt(this.analysis).join(" ") !== movesAt(next).join(" ");
    this.analysis = next;
    if (changed) this.dropValues();
    const { snap, record } = this.position();
    this.draw(snap, move);
    if (changed && this.showValues) this.askValues(snap, record);
    return snap;
  }

  dropValues() {
    this.values = null;
    this.token += 1;
    this.deps.values.cancel();
  }

  /**
   * @param {Snapshot} snap
   * @param {string | null} move
   */
  draw(snap, move) {
    const analysis = /** @type {Analysis} */ (this.analysis);
    const hints = (this.showValues && this.values) || [];
    this.deps.board.set(this.deps.boardState(snap, hints), move);
    $("analysis-state").textContent = `${describe(analysis)}. ${this.positionText(snap)}`;
    this.drawBranch(analysis);
    this.drawMoves(snap);
    this.markList();
  }

  /**
   * What the state line says of the position: whose move, and the score.
   * @param {Snapshot} snap
   */
  positionText(snap) {
    const score = snap.variant === "troll" ? "" : ` Black ${snap.score[0]}, white ${snap.score[1]}.`;
    if (snap.status === "gameOver") return `Game over.${score}`;
    const side = this.deps.words.colourName(/** @type {import("../mapello.d.ts").Colour} */ (snap.toMove));
    return `${side} to ${snap.status === "mustPass" ? "pass" : "move"}.${score}`;
  }

  /** @param {Analysis} analysis */
  drawBranch(analysis) {
    const { branch } = analysis;
    $("analysis-branch").hidden = !branch;
    if (!branch) return $("analysis-line").replaceChildren();
    const { main } = analysis;
    const instead = branch.from < main.length ? ` (instead of ${numbered(main, branch.from)})` : "";
    const before = discsIn(main.slice(0, branch.from));
    $("analysis-branch-title").textContent = `Tried line ${before === 0 ? "from the start" : `after move ${before}`}${instead}:`;
    const line = [...main.slice(0, branch.from), ...branch.moves];
    const items = branch.moves.map((_, k) => {
      const cursor = /** @type {Cursor} */ ({ line: "branch", n: k + 1 });
      const button = listButton(numbered(line, branch.from + k), () => this.navigateTo(cursor));
      if (isAt(analysis, cursor)) button.setAttribute("aria-current", "true");
      return button;
    });
    $("analysis-line").replaceChildren(...items.map(inItem));
  }

  // The legal moves as buttons, each with its value once asked for: the
  // way to try a move from the keyboard or a screen reader.
  /** @param {Snapshot} snap */
  drawMoves(snap) {
    const values = new Map((this.showValues && this.values ? this.values : []).map((h) => [h.move, h.score]));
    const { PASS, hintText } = this.deps.words;
    const moves = snap.status === "mustPass" ? [PASS] : snap.status === "toMove" ? snap.legal : [];
    const items = moves.map((move) => {
      const value = values.get(move);
      return listButton(value === undefined ? move : `${move} ${hintText(value)}`, () => this.play(move));
    });
    $("analysis-moves").replaceChildren(...items.map(inItem));
    $("analysis-try-title").textContent = moves.length ? "Try a move:" : "No move here: the game is over.";
  }

  // The move list (play-view.js draws it afresh on each change): the
  // position shown is marked, and the tried line's first move beside the
  // game's move it replaces.
  markList() {
    const list = document.getElementById("move-list");
    const analysis = this.analysis;
    if (!list || !analysis) return;
    const onMain = analysis.cursor.line === "main";
    const ply = onMain ? analysis.cursor.n : (analysis.branch?.from ?? 0);
    for (const button of list.querySelectorAll("button[data-ply]")) {
      const at = Number(/** @type {HTMLElement} */ (button).dataset.ply);
      if (at === ply && onMain) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
      // The game's move the tried line replaces, underlined.
      const li = /** @type {HTMLElement} */ (button.closest("li"));
      if (analysis.branch && at === analysis.branch.from + 1) li.dataset.branch = analysis.branch.moves[0];
      else delete li.dataset.branch;
    }
    const current = list.querySelector(`button[data-ply="${ply}"]`);
    if (!current) return;
    // Scroll the list, never the page, to the position shown.
    const shown = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.top < shown.top || item.bottom > shown.bottom) list.scrollTop += item.top - shown.top - shown.height / 2;
  }

  /**
   * Asks the computer, in the analysis's own worker, for every legal move's value.
   * @param {Snapshot} snap
   * @param {GameRecord} record
   */
  askValues(snap, record) {
    const said = $("analysis-values-said");
    if (snap.status !== "toMove") {
      said.textContent = "No values here: there is no move to choose.";
      return;
    }
    const mine = ++this.token;
    said.textContent = "The computer is working out each move's value…";
    const { hintText, trollHelp } = this.deps.words;
    this.deps.values.ask(record, snap.legal).then(
      (values) => {
        if (mine !== this.token || !this.analysis) return;
        this.values = values;
        said.textContent = snap.variant === "troll" ? trollHelp : VALUES_HELP;
        this.draw(snap, null);
        const best = [...values].sort((a, b) => b.score - a.score)[0];
        if (best) this.deps.announce(`Values shown. Best: ${best.move}, ${hintText(best.score)}.`);
      },
      (err) => {
        // A cancelled request was dropped first: its token is stale.
        if (mine !== this.token) return;
        said.textContent = `No values: the computer stopped (${err.message}). Press “Show values” twice to try again.`;
      },
    );
  }

  toggleValues() {
    this.showValues = !this.showValues;
    $("analysis-values").setAttribute("aria-pressed", String(this.showValues));
    if (!this.analysis) return;
    const { snap, record } = this.position();
    if (this.showValues && !this.values) this.askValues(snap, record);
    if (!this.showValues) {
      this.dropValues();
      $("analysis-values-said").textContent = "";
    }
    this.draw(snap, null);
  }

  /**
   * Tries `move` (notation, or PASS) in the position shown, when the rules
   * have it legal there.
   * @param {string} move
   */
  play(move) {
    if (!this.analysis) return;
    const { snap } = this.position();
    const { PASS } = this.deps.words;
    const legal = snap.status === "mustPass" ? move === PASS : snap.status === "toMove" && snap.legal.includes(move);
    if (!legal) return;
    this.deps.dismissRefusal();
    const after = this.show(tryMove(this.analysis, move), move === PASS ? null : move);
    this.deps.announce(`Tried ${move}. ${describe(/** @type {Analysis} */ (this.analysis))}. ${this.positionText(after)}`);
  }

  /**
   * A click where no move can be made on the analysis board: the rules' own words.
   * @param {string} square
   */
  refuse(square) {
    if (!this.analysis) return;
    const game = this.replay(this.analysis);
    const text = game.refusal(square)?.message ?? "";
    game.free();
    // Under the game's board, where the game's own refusals are said.
    if (text) this.deps.refuse(text);
  }

  /**
   * Steps as a navigation button or key asks (`go`), and says where it is.
   * @param {string} go
   */
  navigate(go) {
    const analysis = this.analysis;
    if (!analysis) return;
    this.navigateTo((go === "start" || go === "end" ? jump(analysis, go) : step(analysis, go === "back" ? -1 : 1)).cursor);
  }

  /** @param {Cursor} cursor */
  navigateTo(cursor) {
    const analysis = this.analysis;
    if (!analysis || isAt(analysis, cursor)) return;
    const next = goTo(analysis, cursor);
    const snap = this.show(next);
    this.deps.announce(`${describe(next)}. ${this.positionText(snap)}`);
  }

  /**
   * Opens the analysis at the position after the game's first `ply` moves,
   * or moves an open one there.
   * @param {number} ply
   */
  open(ply) {
    if (this.analysis) return this.navigateTo({ line: "main", n: ply });
    // A refusal of the game's is not the analysis's.
    this.deps.dismissRefusal();
    this.key = this.gameKey();
    for (const part of this.parts) part.hidden = false;
    const title = this.start() ? "Analysis, from a set-up position" : "Analysis";
    $("analysis-title").textContent = title;
    const start = startAnalysis(this.deps.game().snapshot().moves, ply);
    const snap = this.show(start);
    $("analysis-title").focus();
    this.deps.announce(`${title}. ${describe(start)}. ${this.positionText(snap)}`);
  }

  // Folds the analysis away and forgets it; the caller gives the board back to the game.
  hide() {
    this.dropValues();
    this.analysis = null;
    for (const part of this.parts) part.hidden = true;
    this.deps.dismissRefusal();
    const list = document.getElementById("move-list");
    for (const li of list?.querySelectorAll("li[data-branch]") ?? []) delete /** @type {HTMLElement} */ (li).dataset.branch;
    for (const button of list?.querySelectorAll("[aria-current]") ?? []) button.removeAttribute("aria-current");
  }

  /** "Back to game": the board is the game's again, as it was. */
  close() {
    if (!this.analysis) return;
    this.hide();
    this.deps.onClose();
    document.getElementById("board")?.focus();
    this.deps.announce("Back to the game.");
  }

  /**
   * The game changed (a move played, taken back, another game): the
   * analysis follows its moves, or closes when it is another game.
   * @param {Snapshot} snap
   */
  follow(snap) {
    if (!this.analysis) return;
    if (this.gameKey() !== this.key) return this.hide();
    // The state line counts the game's moves: it is drawn again when they change.
    if (snap.moves.join(" ") !== this.analysis.main.join(" ")) this.show(follow(this.analysis, snap.moves));
  }
}

const VALUES_HELP = "Each value is the final margin the computer expects for the side to move after that move, if both sides then play well; the best in green.";

/**
 * A button of the panel.
 * @param {string} text
 * @param {() => void} run
 */
function listButton(text, run) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = text;
  button.addEventListener("click", run);
  return button;
}

/** @param {HTMLElement} element */
function inItem(element) {
  const li = document.createElement("li");
  li.append(element);
  return li;
}

// The panel's two parts, above and below the board, and their styles, added on first use.
function makePanel() {
  const style = document.createElement("style");
  style.textContent = STYLES;
  document.head.append(style);
  const part = (/** @type {string} */ id, /** @type {string} */ markup) => {
    const section = document.createElement("section");
    section.id = id;
    section.className = "analysis";
    section.setAttribute("aria-labelledby", "analysis-title");
    section.hidden = true;
    section.innerHTML = markup;
    return section;
  };
  const head = part("analysis", HEAD);
  const tools = part("analysis-tools", TOOLS);
  document.getElementById("board")?.before(head);
  document.querySelector("section.play .turn")?.after(tools);
  return [head, tools];
}

/**
 * The panel's buttons and the keys.
 * @param {HTMLElement} head
 * @param {AnalysisBoard} analysis
 */
function wire(head, analysis) {
  for (const button of head.querySelectorAll("button[data-go]")) {
    button.addEventListener("click", () => analysis.navigate(/** @type {HTMLElement} */ (button).dataset.go ?? ""));
  }
  head.querySelector("#analysis-back")?.addEventListener("click", () => analysis.close());
  head.querySelector("#analysis-values")?.addEventListener("click", () => analysis.toggleValues());
  // Capturing, so the arrows step through the moves from the board too,
  // whose own keys move its cursor while a game is played.
  document.addEventListener(
    "keydown",
    (e) => {
      if (!analysis.isOpen() || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest("input, textarea, select, dialog, #editor")) return;
      if (e.key === "Escape") {
        e.preventDefault();
        return analysis.close();
      }
      const go = KEYS[/** @type {keyof typeof KEYS} */ (e.key)];
      const where = !target || target === document.body || target.closest("#board, #move-list, .analysis");
      if (!go || !where) return;
      e.preventDefault();
      e.stopPropagation();
      analysis.navigate(go);
      if (target?.closest("#move-list")) focusCurrent();
    },
    true,
  );
}

// The move list's button of the position shown, focused when the keys
// stepped from the list.
function focusCurrent() {
  const current = document.querySelector("#move-list button[aria-current='true']");
  if (current instanceof HTMLElement) current.focus();
}
