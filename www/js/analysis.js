// @ts-check
// The analysis of a game from its move list, as plain data: the game's
// moves (the main line, a copy: analysis never changes the game), one tried
// line branching off it, and where the analysis board stands. The wasm
// Game says what is legal; this says only which moves lead to the position
// shown. Drawn and driven by analysis-view.js. It numbers moves as the move
// list does, as Othello records print them: by the discs played, so that a
// pass has no number.

import { PASS } from "./flow.js";

/**
 * Where the board stands: `n` moves into the main line, or `n` (at least
 * one) moves into the tried line.
 * @typedef {{ line: "main" | "branch", n: number }} Cursor
 */
/**
 * The tried line: `moves` played instead of the game's move `from` + 1.
 * @typedef {{ from: number, moves: string[] }} Branch
 */
/** @typedef {{ main: string[], branch: Branch | null, cursor: Cursor }} Analysis */

/**
 * An analysis of the game whose moves (with passes) are `main`, showing the
 * position after its first `ply` moves.
 * @param {string[]} main
 * @param {number} ply
 * @returns {Analysis}
 */
export function startAnalysis(main, ply) {
  return { main: [...main], branch: null, cursor: { line: "main", n: clamp(ply, main.length) } };
}

/**
 * @param {number} n
 * @param {number} most
 */
function clamp(n, most) {
  return Number.isInteger(n) ? Math.max(0, Math.min(n, most)) : most;
}

/**
 * The moves that lead to the position shown.
 * @param {Analysis} analysis
 */
export function movesAt({ main, branch, cursor }) {
  if (cursor.line === "branch" && branch) return [...main.slice(0, branch.from), ...branch.moves.slice(0, cursor.n)];
  return main.slice(0, cursor.n);
}

/**
 * How many moves into the game the position shown is.
 * @param {Analysis} analysis
 */
export function plyOf(analysis) {
  return movesAt(analysis).length;
}

/**
 * True when `cursor` stands where `analysis`'s does.
 * @param {Analysis} analysis
 * @param {Cursor} cursor
 */
export function isAt(analysis, cursor) {
  return analysis.cursor.line === cursor.line && analysis.cursor.n === cursor.n;
}

/**
 * The analysis `delta` moves on (back when negative) along the line shown:
 * back from the tried line's first move is its branch point on the main line.
 * @param {Analysis} analysis
 * @param {number} delta
 * @returns {Analysis}
 */
export function step(analysis, delta) {
  const { main, branch, cursor } = analysis;
  if (cursor.line === "branch" && branch) {
    const n = cursor.n + delta;
    if (n < 1) return goTo(analysis, { line: "main", n: clamp(branch.from + n, main.length) });
    return goTo(analysis, { line: "branch", n: Math.min(n, branch.moves.length) });
  }
  return goTo(analysis, { line: "main", n: clamp(cursor.n + delta, main.length) });
}

/**
 * The analysis at the start of the game (`"start"`) or at the end of the line shown (`"end"`).
 * @param {Analysis} analysis
 * @param {"start" | "end"} where
 * @returns {Analysis}
 */
export function jump(analysis, where) {
  if (where === "start") return goTo(analysis, { line: "main", n: 0 });
  const { main, branch, cursor } = analysis;
  if (cursor.line === "branch" && branch) return goTo(analysis, { line: "branch", n: branch.moves.length });
  return goTo(analysis, { line: "main", n: main.length });
}

/**
 * The analysis at `cursor`, when that is a position of its lines; unchanged otherwise.
 * @param {Analysis} analysis
 * @param {Cursor} cursor
 * @returns {Analysis}
 */
export function goTo(analysis, cursor) {
  const { main, branch } = analysis;
  const most = cursor.line === "branch" ? (branch?.moves.length ?? 0) : main.length;
  const least = cursor.line === "branch" ? 1 : 0;
  if (!Number.isInteger(cursor.n) || cursor.n < least || cursor.n > most) return analysis;
  return { ...analysis, cursor: { line: cursor.line, n: cursor.n } };
}

/**
 * The analysis after `move` is tried in the position shown (the caller
 * has checked it is legal there): the game's own next move follows the
 * main line, the tried line's next move follows it, any other move starts
 * the tried line afresh from here.
 * @param {Analysis} analysis
 * @param {string} move
 * @returns {Analysis}
 */
export function tryMove(analysis, move) {
  const { main, branch, cursor } = analysis;
  if (cursor.line === "main") {
    if (main[cursor.n] === move) return { ...analysis, cursor: { line: "main", n: cursor.n + 1 } };
    if (branch?.from === cursor.n && branch.moves[0] === move) return { ...analysis, cursor: { line: "branch", n: 1 } };
    return { main, branch: { from: cursor.n, moves: [move] }, cursor: { line: "branch", n: 1 } };
  }
  // On the tried line, which exists while the cursor is on it.
  const tried = /** @type {Branch} */ (branch);
  if (tried.moves[cursor.n] === move) return { ...analysis, cursor: { line: "branch", n: cursor.n + 1 } };
  return { main, branch: { from: tried.from, moves: [...tried.moves.slice(0, cursor.n), move] }, cursor: { line: "branch", n: cursor.n + 1 } };
}

/**
 * The analysis after the game moved on or was taken back to `names` (its
 * moves with passes): a move played in the game keeps everything; a move
 * taken back drops what stood on it.
 * @param {Analysis} analysis
 * @param {string[]} names
 * @returns {Analysis}
 */
export function follow(analysis, names) {
  const { main, branch, cursor } = analysis;
  let common = 0;
  while (common < main.length && common < names.length && main[common] === names[common]) common += 1;
  if (common === main.length) return { ...analysis, main: [...names] };
  const kept = branch && branch.from <= common ? branch : null;
  let next = cursor;
  if (cursor.line === "main") next = { line: "main", n: Math.min(cursor.n, common) };
  else if (!kept) next = { line: "main", n: Math.min(branch?.from ?? 0, common) };
  return { main: [...names], branch: kept, cursor: next };
}

/**
 * How many discs `moves` put down: a pass puts none.
 * @param {string[]} moves
 */
export function discsIn(moves) {
  return moves.filter((move) => move !== PASS).length;
}

/**
 * The `count` moves of `line` from index `first` numbered as game records
 * print them: "12. f5 13. d6", a pass without a number.
 * @param {string[]} line
 * @param {number} first
 * @param {number} [count]
 */
export function numbered(line, first, count = 1) {
  let number = discsIn(line.slice(0, first));
  return line
    .slice(first, first + count)
    .map((move) => (move === PASS ? move : `${(number += 1)}. ${move}`))
    .join(" ");
}

/**
 * What the state line says of the position shown, e.g. "Move 12 of 30
 * (f5)", "Pass after move 12 of 30", "Start of the game" or "Tried line,
 * move 13 (c4), branching after move 12".
 * @param {Analysis} analysis
 */
export function describe(analysis) {
  const { main, branch, cursor } = analysis;
  const line = movesAt(analysis);
  const last = line.at(-1);
  const number = discsIn(line);
  if (cursor.line === "branch" && branch) {
    const before = discsIn(main.slice(0, branch.from));
    const from = before === 0 ? "from the start" : `branching after move ${before}`;
    return `Tried line, ${last === PASS ? `pass after move ${number}` : `move ${number} (${last})`}, ${from}`;
  }
  const total = discsIn(main);
  if (last === undefined) return `Start of the game, before move 1 of ${total}`;
  return last === PASS ? `Pass after move ${number} of ${total}` : `Move ${number} of ${total} (${last})`;
}
