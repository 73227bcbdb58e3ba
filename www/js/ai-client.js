// @ts-check
// Talks to the computer player in its worker (ai-worker.js), through the
// page's worker client (worker-client.js). A search can be cancelled at
// once: the worker is ended and a fresh one started on the next request.
// The worker's search cannot hear a message while it runs, so "Move now"
// works the same way: the best move the search has reported so far answers
// the request, and the worker is replaced.

import { itemProblem } from "./review.js";
import { Cancelled, createWorkerClient } from "./worker-client.js";

export { Cancelled };

/** @typedef {import("./worker-client.js").Reply} Reply */
/** @typedef {"move" | "hints" | "review"} Kind */

// Levels up to 8 answer in well under a second on a desktop (a slow phone
// takes several times that), the expert levels 9 and 10 think for at most
// 1 s and 3 s when timed (src/ai/levels.rs), and a new worker first loads
// and compiles the wasm module: a request gets the start-up allowance plus
// a share per level, far beyond any real search.
const START_MS = 10_000;
const LEVEL_MS = 2_500;

/**
 * How long a request at `level` may take before its worker counts as hung.
 * @param {number} level
 */
export function deadlineMs(level) {
  return START_MS + LEVEL_MS * level;
}

/**
 * Why `answer`, the worker's reply to a request of `kind` ("move" or
 * "hints") in a position whose legal moves are `legal`, cannot be used;
 * null when it can. A "review" of move `index` is checked against the
 * game's moves, given as `legal` (review.js, itemProblem).
 * @param {Kind} kind
 * @param {Reply} answer
 * @param {string[]} legal
 * @param {number} [index]
 * @returns {string | null}
 */
export function answerProblem(kind, answer, legal, index) {
  if (kind === "review") {
    // A review request always names its move (review-view.js).
    const move = /** @type {number} */ (index);
    const problem = itemProblem(answer.review, move, legal);
    return problem && `its review of move ${move + 1} is unusable: ${problem}`;
  }
  if (kind === "move") {
    if (typeof answer.move !== "string" || answer.move === "") return "it answered no move";
    if (!legal.includes(answer.move)) return "it answered a move that is not legal here";
    if (!isAnalysis(answer) || !Number.isFinite(answer.ms)) return "it answered a move without its search figures";
    return null;
  }
  if (!Array.isArray(answer.hints)) return "it answered no hints";
  if (!answer.hints.every((h) => legal.includes(h?.move) && Number.isFinite(h.score))) {
    return "it answered hints for moves that are not legal here";
  }
  return null;
}

/**
 * The figures of a search the page shows while thinking and after.
 * @param {Reply} a
 */
function isAnalysis(a) {
  return ["score", "depth", "nodes"].every((k) => Number.isFinite(a[k])) && Array.isArray(a.pv) && a.pv.every((/** @type {unknown} */ m) => typeof m === "string");
}

/**
 * A client for computer players started from `url` (a module worker).
 * @param {string | URL} url
 */
export function createAiClient(url) {
  const client = createWorkerClient(url, { name: "the computer player", late: (s) => `it did not answer within ${s} seconds` });
  return {
    /**
     * Asks for `kind` ("move" or "hints") on `game` ({ map, variant, moves })
     * at `level`, where `legal` are the legal moves; `onProgress` hears each
     * search iteration. Resolves to the worker's result once it is checked
     * against `legal`; rejects when the worker fails, answers what cannot be
     * played, or misses the level's deadline (the worker is then replaced).
     * A "review" of move `index` takes the game's moves as `legal`; a
     * `timed` move plays the expert levels by their time, `clockMs` at
     * most (its share of a game clock).
     * @param {Kind} kind
     * @param {{ map: string, variant: string, moves: string }} game
     * @param {number} level
     * @param {{ legal: string[], onProgress?: (report: Reply) => void, index?: number, timed?: boolean, clockMs?: number }} options
     */
    request(kind, game, level, { legal, onProgress, index, timed, clockMs }) {
      return client.request(
        { kind, game, level, index, timed, clockMs },
        {
          deadlineMs: deadlineMs(level),
          check: (answer) => answerProblem(kind, answer, legal, index),
          onProgress: onProgress && ((p) => isAnalysis(p) && onProgress(p)),
          // Only a move that could be played is kept for "Move now".
          early: kind === "move" ? (p) => isAnalysis(p) && !answerProblem("move", p, legal) : undefined,
        },
      );
    },
    /**
     * Answers the move being searched with the best move its search has
     * reported so far (legal here, as checked when it came), marked
     * `early`, and stops the search; anything else in hand is cancelled.
     * False, and nothing stops, when no such move has come yet.
     */
    moveNow: () => client.finishEarly(),
    /** Stops every request now; they reject with `Cancelled`. */
    cancel: () => client.cancel(),
  };
}
