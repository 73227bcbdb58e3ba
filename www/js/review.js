// @ts-check
// A game's review as plain data: the game it belongs to, the review level,
// and one item per move as the worker's `reviewMove` answers it (see
// src/ai/review.rs). Everything the review view draws is computed here:
// progress, the graph's points, the marked moves, each player's summary,
// the selected move. No DOM; the page and the tests share it. The review's
// levels, its classes and which games it covers are the wasm catalogue's
// (catalogue.js).
import { signed } from "./announce.js";
import { catalogue } from "./catalogue.js";
import { movesAhead } from "./levels.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").MoveReview} MoveReview */

/**
 * A game as the page records, saves, archives and links it: its map (a
 * share code), its variant and its transcript; `start` is a set-up
 * position's start code (`Game.startCode`), absent for the game's usual
 * start; `forfeit` says who resigned or lost on time, if anyone did.
 * @typedef {{ map: string, variant: import("../mapello.d.ts").Variant, moves: string, start?: string, forfeit?: import("../mapello.d.ts").Forfeit }} GameRecord
 */

/**
 * One move's analysis, as `itemProblem` passes it: `reviewMove`'s answer,
 * or a saved one from before Troll was reviewed (no unit: points) or before
 * results were named (none).
 * @typedef {Omit<MoveReview, "unit" | "playedResult" | "bestResult"> & {
 *   unit?: MoveReview["unit"],
 *   playedResult?: MoveReview["playedResult"],
 *   bestResult?: MoveReview["bestResult"],
 * }} ReviewItem
 */

/**
 * A review: the game it is of, its moves with passes, its level and the
 * analysis of its first moves.
 * @typedef {{ game: GameRecord, names: string[], level: number, items: ReviewItem[] }} Review
 */

/**
 * A player's summary (see `summary`).
 * @typedef {{ lost: number, counts: Record<string, number>, worst: ReviewItem[], thrown: number, walked: number }} PlayerSummary
 */

/** The review level the page uses unless asked for another (src/ai/review.rs). */
export function defaultLevel() {
  return catalogue().review.defaultLevel;
}

/** `{ level, depth, exact }` of each review level, weakest first. */
export function reviewLevels() {
  return catalogue().review.levels;
}

/**
 * True for a review level the wasm API has.
 * @param {unknown} level
 */
export function isReviewLevel(level) {
  return reviewLevels().some((l) => l.level === level);
}

/**
 * The classes of a loss, mildest first. Which loss earns which class is
 * Rust's to say (src/ai/review.rs): each analysis carries its class.
 */
export function classes() {
  return catalogue().review.classes;
}

/**
 * A result the search proved, as `reviewMove` names it: the mover's.
 * @type {unknown[]}
 */
const RESULTS = ["won", "lost"];
/**
 * What a review's values count, singular and plural, by the unit the
 * catalogue gives each game (src/ai/review.rs, `Unit`).
 * @type {Record<MoveReview["unit"], [string, string]>}
 */
const UNIT_WORDS = { points: ["point", "points"], chain: ["chain step", "chain steps"] };

/** @typedef {"played" | "best"} Which */

/** @type {(v: unknown) => v is Record<string, unknown>} */
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
// No value goes beyond the widest margin a game can have.
/** @type {(v: unknown) => v is number} */
const isValue = (v) => Number.isInteger(v) && Math.abs(/** @type {number} */ (v)) <= catalogue().maxPoints;
/** @type {(v: unknown, max: number) => v is string} */
const isText = (v, max) => typeof v === "string" && v.length <= max;
// A move's name, no longer than the API reads.
/** @type {(v: unknown) => v is string} */
const isMove = (v) => isText(v, catalogue().maxMoveChars);

/**
 * The unit of `variant`'s review ("points" or "chain"), or null for a game
 * the review does not cover.
 * @param {string} variant
 */
function unitName(variant) {
  return catalogue().games.find((g) => g.id === variant)?.reviewUnit ?? null;
}

/**
 * True for the games the review covers.
 * @param {string} variant
 */
export function reviewable(variant) {
  return unitName(variant) !== null;
}

/**
 * What `review`'s values count, singular and plural: Troll's are chain steps.
 * @param {Review} review
 */
export function unitOf(review) {
  // Reviews are of the board's games, and each of them has its unit.
  return UNIT_WORDS[/** @type {MoveReview["unit"]} */ (unitName(review.game.variant))];
}

/**
 * True when `review` is of a game whose values are chain steps, not points (Troll).
 * @param {Review} review
 */
export function isChain(review) {
  return unitName(review.game.variant) === "chain";
}

/**
 * A review of `game` (`{ map, variant, moves }`, moves a transcript, and
 * its set-up `start` if it has one) whose moves, passes included, are
 * `names`; nothing analysed yet.
 * @param {GameRecord} game
 * @param {string[]} names
 * @returns {Review}
 */
export function startReview(game, names, level = defaultLevel()) {
  const { map, variant, moves, start } = game;
  return { game: { map, variant, moves, ...(start && { start }) }, names: [...names], level, items: [] };
}

/**
 * True when `review` is of `game` (`{ map, variant, moves }`, and its
 * set-up `start`) as it stands. Either may be a stored record not checked yet.
 * @param {{ game: { map?: unknown, variant?: unknown, moves?: unknown, start?: unknown } }} review
 * @param {{ map?: unknown, variant?: unknown, moves?: unknown, start?: unknown }} game
 */
export function fits(review, game) {
  return /** @type {const} */ (["map", "variant", "moves", "start"]).every((key) => review.game[key] === game[key]);
}

/**
 * The index of the next move to analyse, or null when every move has been.
 * @param {Review} review
 */
export function nextIndex(review) {
  return review.items.length < review.names.length ? review.items.length : null;
}

/**
 * `{ done, total }` moves analysed.
 * @param {Review} review
 */
export function progress(review) {
  return { done: review.items.length, total: review.names.length };
}

/**
 * Why `answer` cannot be the analysis of move `index` of a game whose
 * moves are `names`; null when it can.
 * @param {unknown} answer
 * @param {number} index
 * @param {string[]} names
 * @returns {string | null}
 */
export function itemProblem(answer, index, names) {
  if (!isRecord(answer)) return "it is not an analysis";
  if (answer.index !== index) return "it analyses another move";
  if (answer.played !== names[index]) return "it analyses another move than the one played";
  if (answer.mover !== "X" && answer.mover !== "O") return "its mover is neither black nor white";
  if (!isMove(answer.best) || answer.best === "") return "it names no best move";
  const values = ["playedValue", "bestValue", "playedForBlack", "bestForBlack", "loss", "depth"];
  if (!values.every((k) => isValue(answer[k]))) return "its values are not whole numbers of points";
  const { playedValue, bestValue, playedForBlack, bestForBlack, loss, depth } = /** @type {Record<string, number>} */ (answer);
  if (loss !== bestValue - playedValue || loss < 0) return "its loss is not the best value less the value played";
  const sign = answer.mover === "X" ? 1 : -1;
  if (playedForBlack !== sign * playedValue || bestForBlack !== sign * bestValue) {
    return "its values for black do not match the mover's";
  }
  // Reviews saved before Troll was reviewed have no unit: they are in points.
  if (answer.unit !== undefined && (typeof answer.unit !== "string" || !Object.hasOwn(UNIT_WORDS, answer.unit))) return "its unit is unknown";
  if (answer.class !== null && !(/** @type {unknown[]} */ (classes()).includes(answer.class))) return "its class is unknown";
  if (loss === 0 && answer.class !== null) return "its class does not match its loss";
  // Reviews saved before results were named have none: their values are numbers.
  for (const k of ["playedResult", "bestResult"]) {
    if (answer[k] !== undefined && answer[k] !== null && !RESULTS.includes(answer[k])) return "its proven result is unknown";
  }
  if (typeof answer.exact !== "boolean" || depth < 0) return "it does not say how deep it looked";
  return null;
}

/**
 * `stored`, a saved review of the game whose moves with passes are `names`,
 * cut to what fits that game: its analysis up to the first item that is not
 * of the move played there. The moves after it are analysed again, so a
 * stored review never stops the player from reviewing.
 * @param {Review} stored
 * @param {string[]} names
 * @returns {Review}
 */
export function reconcile(stored, names) {
  /** @type {ReviewItem[]} */
  const items = [];
  for (const [index, item] of stored.items.entries()) {
    if (index >= names.length || itemProblem(item, index, names) !== null) break;
    items.push(item);
  }
  return { game: stored.game, names: [...names], level: stored.level, items };
}

/**
 * `review` with the analysis of its next move added (checked with `itemProblem` first).
 * @param {Review} review
 * @param {ReviewItem} item
 * @returns {Review}
 */
export function addItem(review, item) {
  return { ...review, items: [...review.items, item] };
}

/**
 * True when every move is analysed.
 * @param {Review} review
 */
export function isComplete(review) {
  return nextIndex(review) === null;
}

/**
 * The graph of the value for black after each analysed move, in a box of
 * `width` x `height` with `pad` around: `{ points, zero, top, bottom, scale }`.
 * `points[i]` is `{ x, y, index, value, cls }` for move `i`, x spread over the
 * whole game; `zero` is the y of an even game; the scale is symmetric, at
 * least 10, so small swings do not look like big ones. A proven result
 * (Troll) is drawn on the edge of its side, not 100 steps beyond it.
 * @param {Review} review
 * @param {{ width: number, height: number, pad?: number }} box
 */
export function graph(review, { width, height, pad = 8 }) {
  const total = Math.max(1, review.names.length);
  const open = review.items.filter((r) => !r.playedResult);
  const scale = Math.max(10, ...open.map((r) => Math.abs(r.playedForBlack)));
  const top = pad;
  const bottom = height - pad;
  const zero = (top + bottom) / 2;
  const half = (bottom - top) / 2;
  const step = total > 1 ? (width - 2 * pad) / (total - 1) : 0;
  const plotted = (/** @type {ReviewItem} */ r) => (r.playedResult ? Math.sign(r.playedForBlack) * scale : r.playedForBlack);
  const points = review.items.map((r, index) => ({
    x: pad + step * index,
    y: zero - (plotted(r) / scale) * half,
    index,
    value: r.playedForBlack,
    cls: r.class,
  }));
  return { points, zero, top, bottom, scale };
}

/**
 * The index of the point nearest to `x` on the graph, or null when there is none.
 * @param {{ x: number, index: number }[]} points
 * @param {number} x
 */
export function nearestPoint(points, x) {
  /** @type {{ x: number, index: number } | null} */
  let best = null;
  for (const p of points) if (best === null || Math.abs(p.x - x) < Math.abs(best.x - x)) best = p;
  return best?.index ?? null;
}

/**
 * True when the search proved the result of either move (Troll): its loss is no count of steps.
 * @param {ReviewItem} item
 */
export function proven(item) {
  return Boolean(item.playedResult || item.bestResult);
}

/**
 * "thrown" when `item` gave up a proven win, "walked" when it walked into a proven loss, else null.
 * @param {ReviewItem} item
 */
export function resultLost(item) {
  if (item.bestResult === "won" && item.playedResult !== "won") return "thrown";
  if (item.playedResult === "lost" && item.bestResult !== "lost") return "walked";
  return null;
}

/**
 * Each player's summary, `{ X, O }`: `{ lost, counts, worst, thrown, walked }`:
 * the points (or chain steps) lost over the game, proven results left out;
 * how many moves of each class; the three moves that lost the most (the
 * earliest first among equal losses; none that lost nothing); and how many
 * proven wins were thrown away and proven losses walked into.
 * @param {Review} review
 * @returns {Record<Colour, PlayerSummary>}
 */
export function summary(review) {
  const out = /** @type {Record<Colour, PlayerSummary>} */ ({});
  for (const colour of /** @type {Colour[]} */ (["X", "O"])) {
    const mine = review.items.filter((r) => r.mover === colour);
    const counts = Object.fromEntries(classes().map((name) => [name, mine.filter((r) => r.class === name).length]));
    const worst = mine
      .filter((r) => r.loss > 0)
      .sort((a, b) => b.loss - a.loss || a.index - b.index)
      .slice(0, 3);
    const lost = mine.filter((r) => !proven(r)).reduce((sum, r) => sum + r.loss, 0);
    const thrown = mine.filter((r) => resultLost(r) === "thrown").length;
    const walked = mine.filter((r) => resultLost(r) === "walked").length;
    out[colour] = { lost, counts, worst, thrown, walked };
  }
  return out;
}

/**
 * The selected move after stepping `delta` from `index`, within the analysed moves.
 * @param {Review} review
 * @param {number | null} index
 * @param {number} delta
 */
export function step(review, index, delta) {
  const last = review.items.length - 1;
  if (last < 0) return null;
  if (index === null) return delta < 0 ? last : 0;
  return Math.min(last, Math.max(0, index + delta));
}

/**
 * The value of the move `which` ("played" or "best") of `item` for its mover: "+3", "-2", or Troll's "won" or "lost" when proven.
 * @param {ReviewItem} item
 * @param {Which} which
 */
export function valueText(item, which) {
  const result = item[`${which}Result`];
  if (result) return result;
  return signed(item[`${which}Value`]);
}

/**
 * What `item`'s move cost its mover, in words: "13 points lost", "a proven win thrown away".
 * @param {ReviewItem} item
 */
export function lossText(item) {
  const lost = resultLost(item);
  if (lost) return lost === "thrown" ? "a proven win thrown away" : "a proven loss walked into";
  const [one, many] = UNIT_WORDS[item.unit ?? "points"];
  return `${item.loss} ${item.loss === 1 ? one : many} lost`;
}

/**
 * A value in a sentence: "-11", or "a proven win".
 * @param {ReviewItem} item
 * @param {Which} which
 */
function valuePhrase(item, which) {
  const result = item[`${which}Result`];
  if (result) return result === "won" ? "a proven win" : "a proven loss";
  return valueText(item, which);
}

/**
 * The number move `index` of `names` has in the game's move list and on
 * its disc: the discs played so far, passes not counted; a pass has none.
 * @param {string[]} names the moves, passes included
 * @param {number} index
 * @returns {number | null}
 */
export function discNumber(names, index) {
  if (names[index] === "pass") return null;
  return names.slice(0, index + 1).filter((name) => name !== "pass").length;
}

/**
 * A move as the move list names it: "57. f2", or "pass".
 * @param {Review} review
 * @param {ReviewItem} item
 */
export function numbered(review, item) {
  const number = discNumber(review.names, item.index);
  return number === null ? item.played : `${number}. ${item.played}`;
}

/**
 * A one-line account of move `item` for the move list and screen readers;
 * its values are the mover's, and it says so. `number` is its number in
 * the move list (none for a pass).
 * @param {ReviewItem} item
 * @param {number | null} number
 */
export function describe(item, number) {
  const how = item.exact ? `worked out to the end, ${item.depth} empty squares` : `looked ${movesAhead(item.depth)}`;
  const side = item.mover === "X" ? "Black" : "White";
  let verdict = item.played === item.best ? "the best move" : `as good as ${item.best}`;
  if (item.loss > 0) verdict = `best ${item.best}: ${valuePhrase(item, "best")}; ${lossText(item)}`;
  const cls = item.class ? ` — ${item.class}` : "";
  return `${number === null ? "" : `${number}. `}${side} ${item.played}: ${valuePhrase(item, "played")} for ${side} (${verdict}${cls}; ${how})`;
}

/**
 * What is wrong with a stored review (`{ game, names, level, items }`) for
 * a saved `game`, or null when it can be shown as it is.
 * @param {unknown} data
 * @param {unknown} game
 * @returns {string | null}
 */
export function reviewProblem(data, game) {
  if (!isRecord(data) || !isRecord(data.game)) return "it is not a review";
  if (!isRecord(game) || !fits({ game: data.game }, game)) return "it is of another game";
  if (!isReviewLevel(data.level)) return "its level is unknown";
  if (!Array.isArray(data.names) || data.names.length > catalogue().maxMoves || !data.names.every(isMove)) return "its moves are damaged";
  if (!Array.isArray(data.items) || data.items.length > data.names.length) return "its analysis is damaged";
  const names = data.names;
  const bad = data.items.findIndex((item, i) => itemProblem(item, i, names) !== null);
  if (bad >= 0) return `its analysis of move ${bad + 1} is damaged`;
  return null;
}
