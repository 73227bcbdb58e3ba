// @ts-check
// The computer's levels as the page offers them (src/ai/levels.rs, through
// the wasm catalogue), and what its search has found so far, in words for
// the line under the status.
import { catalogue, onCatalogue } from "./catalogue.js";
import { points } from "./announce.js";

/**
 * The strongest level, once the catalogue has arrived.
 * @type {number}
 */
export let MAX_LEVEL;

onCatalogue(({ levels }) => {
  MAX_LEVEL = levels.max;
});

// The expert levels are named, so a newcomer knows them for the strong
// ones; how long they think (about 1 s and 3 s) is in the help, since a
// longer name widens the chooser and pushes the masthead onto two rows at
// 1280 px. Which levels are expert is the catalogue's (levels.test.mjs
// holds these names to it).
/** @type {Record<number, string>} */
const EXPERT_NAMES = { 9: "Expert", 10: "Master" };

/**
 * Whether `level` is an expert one. The expert levels think for a time
 * (src/ai/levels.rs, `timed`), so only they show the time left and offer
 * "Move now".
 * @param {number} level
 */
export function isExpert(level) {
  return catalogue().levels.timed.some((t) => t.level === level);
}

/**
 * How the level chooser names `level`.
 * @param {number} level
 */
export function levelLabel(level) {
  return level in EXPERT_NAMES ? `${level} · ${EXPERT_NAMES[level]}` : String(level);
}

/**
 * Each mode in a few words, for the phone's folded settings.
 * @type {Record<string, string>}
 */
const MODE_SHORT = {
  computer: "vs computer",
  hotseat: "two players",
  watch: "watching",
  series: "series",
  freeplay: "free play",
  corresp: "friend by link",
};

/**
 * The mode and the computer's levels in a few words (the phone's folded settings).
 * @param {{ mode: string, opponent?: string, level: number, levelWhite: number }} settings
 */
export function modeSummary({ mode, opponent, level, levelWhite }) {
  if (mode === "watch") return `${MODE_SHORT.watch} ${levelLabel(level)} v ${levelLabel(levelWhite)}`;
  if (mode === "computer" || (mode === "series" && opponent !== "human")) {
    return `${MODE_SHORT[mode]}, level ${levelLabel(level)}`;
  }
  return MODE_SHORT[mode];
}

/**
 * A count of positions, rounded as people say it, with its noun: "1
 * position", "950 positions", "12 thousand positions".
 * @param {number} n
 */
export function formatNodes(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} million positions`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} thousand positions`;
  return `${n} position${n === 1 ? "" : "s"}`;
}

/**
 * `depth` plies ahead, in words.
 * @param {number} depth
 */
export function movesAhead(depth) {
  return `${depth} move${depth === 1 ? "" : "s"} ahead`;
}

/**
 * One iteration of the computer's search, `{ depth, nodes, score, exact,
 * book }` as the worker reports it, in a line short enough for a phone's two: how
 * far it looks, how much it has seen and what it expects for `side` (its
 * colour's name, "White"), which is to move. `score` is the final margin it
 * expects for that side, signed as the hints' numbers are, in points or,
 * in Troll (`troll` true), discs ahead in the race. With `evaluation`
 * false the line keeps what it expects to itself.
 * @param {{ depth: number, nodes: number, score: number, exact: boolean, book?: boolean }} progress
 * @param {string} side
 * @param {{ troll?: boolean, evaluation?: boolean }} [options]
 */
export function progressLine({ depth, nodes, score, exact, book = false }, side, { troll = false, evaluation = true } = {}) {
  // The opening book's move comes without a search.
  if (book) return "Thinking… playing from the opening book";
  const reach = exact ? "solved to the end" : movesAhead(depth);
  const searched = `Thinking… ${reach} · ${formatNodes(nodes)}`;
  return evaluation ? `${searched} · ${expects(points(score), exact, side, troll)}` : searched;
}

/**
 * @param {number} score
 * @param {boolean} exact
 * @param {string} side
 * @param {boolean} troll
 */
function expects(score, exact, side, troll) {
  if (exact) {
    if (score === 0) return "a draw";
    const result = score > 0 ? "wins" : "loses";
    return troll ? `${side} ${result}` : `${side} ${result} by ${Math.abs(score)}`;
  }
  // Troll's values beyond any count of discs are a connection it foresees.
  // Short enough for one line beside a desktop board.
  if (troll && foreseesConnection(score)) return `${side} sees a ${score > 0 ? "win" : "loss"} coming`;
  const n = Math.abs(score);
  if (troll) return score === 0 ? "even in the race" : `${side} ${n} ${score > 0 ? "ahead" : "behind"} in the race`;
  return score === 0 ? "heading for a draw" : `${side} ${score > 0 ? "winning" : "losing"} by ${n}`;
}

/**
 * True when `score`, a Troll search's value in discs, is beyond the longest
 * chain its evaluation counts: a connection the search foresees.
 * @param {number} score
 */
export function foreseesConnection(score) {
  return Math.abs(score) >= catalogue().trollChainCap;
}

/**
 * What is left of a timed search's `timeMs` after `elapsedMs`, in words:
 * whole seconds, rounded up so that it reaches "under 1 s" only at the end.
 * @param {number} elapsedMs
 * @param {number} timeMs
 */
export function timeLeft(elapsedMs, timeMs) {
  const left = Math.max(0, timeMs - elapsedMs);
  if (left < 1000) return "under 1 s left";
  return `about ${Math.ceil(left / 1000)} s left`;
}
