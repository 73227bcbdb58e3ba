// @ts-check
// The review panel: runs a game's review in a worker of its own, a move per
// request (progress shown, Cancel stops it at once, the page stays free),
// and shows review.js's model, drawn by review-panels.js: the graph of the
// value for black, the move list with the losses marked, each player's
// summary, and the selected position on the board with its best move. The
// page owns the game; it hands the review its record and hears when to
// save or play on.
import { Cancelled, createAiClient } from "./ai-client.js";
import { byId } from "./dom.js";
import { squareIndex } from "./geometry.js";
import { addItem, defaultLevel, fits, graph, isComplete, nearestPoint, nextIndex, reconcile, startReview, step, valueText } from "./review.js";
import { drawGraph, drawReview, graphBox } from "./review-panels.js";
import { fromGame } from "./state.js";
import { gameOf } from "./storage.js";

/** @typedef {import("./review.js").Review} Review */
/** @typedef {import("./review.js").ReviewItem} ReviewItem */

/**
 * The reviewer's state, every part of the panel drawn from it: the review
 * (null until one is loaded or opened), the selected move, whether the
 * analysis is running and why it stopped.
 * @typedef {{ review: Review | null, selected: number | null, running: boolean, problem: string }} ReviewerState
 */

/** @typedef {"computer" | "friend"} Opponent */

/**
 * The reviewer of the page's game. `Game` is the wasm class, `board` the
 * page's board (board.js), `record()` the game as `{ map, variant, moves }`
 * and `names()` its moves with passes. `onOpen()` and `onClose()` say when
 * the board is the review's and when it is the game's again; `onSave()`
 * when the review changed; `onPlayFrom(index, opponent)` plays on from the
 * position before move `index` against "computer" or "friend", and
 * `onAnalyse(index)` shows that position on the analysis board;
 * `onShown(game)` is given each position the review shows.
 * @param {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   board: ReturnType<typeof import("./board.js").createBoard>,
 *   record: () => import("./review.js").GameRecord,
 *   names: () => string[],
 *   onOpen: () => void,
 *   onClose: () => void,
 *   onSave: () => void,
 *   onPlayFrom: (index: number, opponent: Opponent) => void,
 *   onAnalyse: (index: number) => void,
 *   onShown: (game: import("../mapello.d.ts").Game) => void,
 * }} options
 */
export function createReviewer({ Game, board, record, names, onOpen, onClose, onSave, onPlayFrom, onAnalyse, onShown }) {
  const panel = byId("review");
  const ai = createAiClient(new URL("./ai-worker.js", import.meta.url));
  // The state every part is drawn from.
  const state = /** @type {ReviewerState} */ ({ review: null, selected: null, running: false, problem: "" });
  const isOpen = () => !panel.hidden;
  const render = () => draw(panel, state, select);

  /** Takes `stored` (a saved review) as the review, when it is of the game as it stands. */
  function load(/** @type {Review | { level: number } | null | undefined} */ stored) {
    if (stored && "items" in stored && fits(stored, record())) {
      state.review = reconcile(stored, names());
      state.selected = null;
    }
  }

  /**
   * Opens the review of the game as it stands, going on where it stopped;
   * a new one when there is none yet or `level` asks for another level.
   * @param {number} [level]
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
    byId("review-title").focus();
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
    let review = mine;
    try {
      for (let index = nextIndex(review); index !== null; index = nextIndex(review)) {
        const answer = await ai.request("review", mine.game, review.level, { legal: mine.names, index });
        if (state.review?.game !== mine.game) return;
        // ai-client.js has checked it with review.js's itemProblem().
        review = addItem(state.review, /** @type {ReviewItem} */ (answer.review));
        state.review = review;
        onSave();
        render();
      }
      panel.dataset.ms = String(Math.round(performance.now() - started));
      if (state.selected === null) select(worstIndex(review));
    } catch (err) {
      // The worker client rejects with Errors.
      if (!(err instanceof Cancelled)) state.problem = `The review stopped: ${/** @type {Error} */ (err).message}.`;
    } finally {
      state.running = false;
      if (state.review) render();
    }
  }

  function select(/** @type {number} */ index) {
    state.selected = index;
    render();
    showPosition();
  }

  // The position before the selected move, with the move played and the
  // best move written on their squares (the best in green).
  function showPosition() {
    const { review, selected } = state;
    if (!review || selected === null) return;
    const item = review.items[selected];
    const game = gameOf(Game, { ...review.game, moves: review.names.slice(0, selected).join(" ") }, { forfeit: false });
    const snap = game.snapshot();
    onShown(game);
    game.free();
    const marks = [
      { index: squareIndex(snap.size, item.best), score: item.bestValue, text: valueText(item, "best") },
      { index: squareIndex(snap.size, item.played), score: item.playedValue, text: valueText(item, "played") },
    ].filter((m, k) => m.index >= 0 && (k === 0 || item.played !== item.best));
    board.set({ ...fromGame(snap), showLegal: false, interactive: false, hints: marks });
  }

  function playFrom(/** @type {Opponent} */ opponent) {
    if (state.selected === null) return;
    const index = state.selected;
    close();
    onPlayFrom(index, opponent);
  }

  const analyse = () => state.selected !== null && onAnalyse(state.selected);
  wireReview(state, { isOpen, select, run, cancel: () => ai.cancel(), close, playFrom, analyse });
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

/**
 * Draws the panel from `state` once there is a review to draw.
 * @param {HTMLElement} panel
 * @param {ReviewerState} state
 * @param {(index: number) => void} select
 */
function draw(panel, state, select) {
  const { review } = state;
  if (review) drawReview(panel, { ...state, review }, select);
}

/**
 * The move that lost the most (the first of equals), to start on.
 * @param {Review} review
 */
function worstIndex(review) {
  let worst = 0;
  for (const item of review.items) if (item.loss > review.items[worst].loss) worst = item.index;
  return worst;
}

/**
 * The panel's buttons, the graph's clicks and the arrow keys (as the step buttons), each to its action.
 * @param {ReviewerState} state
 * @param {{
 *   isOpen: () => boolean,
 *   select: (index: number) => void,
 *   run: () => void,
 *   cancel: () => void,
 *   close: () => void,
 *   playFrom: (opponent: Opponent) => void,
 *   analyse: () => void,
 * }} actions
 */
function wireReview(state, { isOpen, select, run, cancel, close, playFrom, analyse }) {
  const $ = byId;
  const svg = $("review-graph", SVGSVGElement);
  $("review-cancel").addEventListener("click", () => cancel());
  $("review-resume").addEventListener("click", () => run());
  $("close-review").addEventListener("click", () => close());
  $("review-play-computer").addEventListener("click", () => playFrom("computer"));
  $("review-play-friend").addEventListener("click", () => playFrom("friend"));
  $("review-analyse").addEventListener("click", analyse);
  /** Selects the move `delta` away from the selected one, within the analysed moves. */
  const stepBy = (/** @type {number} */ delta) => {
    if (!state.review) return;
    // Home and End (infinite steps) go from the first move, whatever is chosen.
    const next = step(state.review, Number.isFinite(delta) ? state.selected : 0, delta);
    if (next !== null && next !== state.selected) select(next);
  };
  $("review-prev").addEventListener("click", () => stepBy(-1));
  $("review-next").addEventListener("click", () => stepBy(1));
  svg.addEventListener("click", (e) => {
    // The graph shows only with a review.
    if (!state.review) return;
    const box = svg.getBoundingClientRect();
    const index = nearestPoint(graph(state.review, graphBox(svg)).points, e.clientX - box.left);
    if (index !== null) select(index);
  });
  new ResizeObserver(() => state.review && drawGraph({ review: state.review, selected: state.selected })).observe(svg);
  // Capturing, so the arrows step through the game even from the board,
  // whose own keys move its cursor while a game is played.
  document.addEventListener(
    "keydown",
    (e) => {
      if (!isOpen() || !state.review || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof Element && e.target.closest("input, textarea, select")) return;
      // Left and right, Home and End only: up and down still scroll the page.
      const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
      const delta = steps[/** @type {keyof typeof steps} */ (e.key)];
      if (delta === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      stepBy(delta);
    },
    true,
  );
}
