// The review panel: runs a game's review in a worker of its own, a move per
// request (progress shown, Cancel stops it at once, the page stays free),
// and shows review.js's model, drawn by review-panels.js: the graph of the
// value for black, the move list with the losses marked, each player's
// summary, and the selected position on the board with its best move. The
// page owns the game; it hands the review its record and hears when to
// save or play on.
import { Cancelled, createAiClient } from "./ai-client.js";
import { squareIndex } from "./geometry.js";
import { addItem, defaultLevel, fits, graph, isComplete, nearestPoint, nextIndex, reconcile, startReview, step, valueText } from "./review.js";
import { drawGraph, drawReview, graphBox } from "./review-panels.js";
import { fromGame } from "./state.js";

/**
 * The reviewer of the page's game. `Game` is the wasm class, `board` the
 * page's board (board.js), `record()` the game as `{ map, variant, moves }`
 * and `names()` its moves with passes. `onOpen()` and `onClose()` say when
 * the board is the review's and when it is the game's again; `onSave()`
 * when the review changed; `onPlayFrom(index, opponent)` plays on from the
 * position before move `index` against "computer" or "friend".
 */
export function createReviewer({ Game, board, record, names, onOpen, onClose, onSave, onPlayFrom }) {
  const panel = document.getElementById("review");
  const ai = createAiClient(new URL("./ai-worker.js", import.meta.url));
  // The state every part is drawn from.
  const state = { review: null, selected: null, running: false, problem: "" };
  const isOpen = () => !panel.hidden;
  const render = () => drawReview(panel, state, select);

  /** Takes `stored` (a saved review) as the review, when it is of the game as it stands. */
  function load(stored) {
    if (stored?.items && fits(stored, record())) {
      state.review = reconcile(stored, names());
      state.selected = null;
    }
  }

  /**
   * Opens the review of the game as it stands, going on where it stopped;
   * a new one when there is none yet or `level` asks for another level.
   */
  function open(level = state.review?.level ?? defaultLevel()) {
    const game = record();
    if (!state.review || !fits(state.review, game) || state.review.level !== level) {
      state.review = startReview(game, names(), level);
      state.selected = null;
    }
    state.problem = "";
    panel.hidden = false;
    onOpen();
    if (state.selected === null && isComplete(state.review) && state.review.items.length) state.selected = worstIndex(state.review);
    render();
    if (state.selected !== null) showPosition();
    if (!isComplete(state.review)) run();
    document.getElementById("review-title").focus();
  }

  function close() {
    hide();
    onClose();
  }

  // Stops and folds the review away, leaving the board to the page.
  function hide() {
    ai.cancel();
    panel.hidden = true;
  }

  async function run() {
    if (state.running || !state.review || isComplete(state.review)) return;
    Object.assign(state, { running: true, problem: "" });
    const started = performance.now();
    render();
    const mine = state.review;
    try {
      for (let index = nextIndex(state.review); index !== null; index = nextIndex(state.review)) {
        const answer = await ai.request("review", mine.game, state.review.level, { legal: mine.names, index });
        if (state.review.game !== mine.game) return;
        state.review = addItem(state.review, answer.review);
        onSave();
        render();
      }
      panel.dataset.ms = String(Math.round(performance.now() - started));
      if (state.selected === null) select(worstIndex(state.review));
    } catch (err) {
      if (!(err instanceof Cancelled)) state.problem = `The review stopped: ${err.message}.`;
    } finally {
      state.running = false;
      if (state.review) render();
    }
  }

  function select(index) {
    state.selected = index;
    render();
    showPosition();
  }

  // The position before the selected move, with the move played and the
  // best move written on their squares (the best in green).
  function showPosition() {
    const { review, selected } = state;
    const item = review.items[selected];
    const game = new Game({ variant: review.game.variant, map: review.game.map, moves: review.names.slice(0, selected).join(" ") });
    const snap = game.snapshot();
    game.free();
    const marks = [
      { index: squareIndex(snap.size, item.best), score: item.bestValue, text: valueText(item, "best") },
      { index: squareIndex(snap.size, item.played), score: item.playedValue, text: valueText(item, "played") },
    ].filter((m, k) => m.index >= 0 && (k === 0 || item.played !== item.best));
    board.set({ ...fromGame(snap), showLegal: false, interactive: false, hints: marks });
  }

  function playFrom(opponent) {
    if (state.selected === null) return;
    const index = state.selected;
    close();
    onPlayFrom(index, opponent);
  }

  wireReview(state, { isOpen, select, run, cancel: () => ai.cancel(), close, playFrom });
  return {
    load,
    open,
    close,
    /** Folds the review away without a word: the game it was of has changed. */
    hide,
    /** True while the review has the board. */
    isOpen,
    /** The review to save with the game (`shown` while open), or null when there is none for it. */
    current: () => (state.review && fits(state.review, record()) ? { ...state.review, shown: isOpen() } : null),
  };
}

// The move that lost the most (the first of equals), to start on.
function worstIndex(review) {
  let worst = 0;
  for (const item of review.items) if (item.loss > review.items[worst].loss) worst = item.index;
  return worst;
}

// The panel's buttons, the graph's clicks and the arrow keys, each to its action.
function wireReview(state, { isOpen, select, run, cancel, close, playFrom }) {
  const $ = (id) => document.getElementById(id);
  const svg = $("review-graph");
  $("review-cancel").addEventListener("click", () => cancel());
  $("review-resume").addEventListener("click", () => run());
  $("close-review").addEventListener("click", () => close());
  $("review-play-computer").addEventListener("click", () => playFrom("computer"));
  $("review-play-friend").addEventListener("click", () => playFrom("friend"));
  svg.addEventListener("click", (e) => {
    const box = svg.getBoundingClientRect();
    const index = nearestPoint(graph(state.review, graphBox(svg)).points, e.clientX - box.left);
    if (index !== null) select(index);
  });
  new ResizeObserver(() => state.review && drawGraph(state)).observe(svg);
  // Capturing, so the arrows step through the game even from the board,
  // whose own keys move its cursor while a game is played.
  document.addEventListener(
    "keydown",
    (e) => {
      if (!isOpen() || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, textarea, select")) return;
      // Left and right only: up and down still scroll the page.
      const delta = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (delta === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      const next = step(state.review, state.selected, delta);
      if (next !== null) select(next);
    },
    true,
  );
}
