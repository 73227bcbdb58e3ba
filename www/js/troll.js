// @ts-check
// Troll on the page (docs/rules.md, "Troll"): which squares are each side's
// edges, the marks that replace the legal-move dots (on Troll most of the
// board is legal, so only the opponent's edge squares are marked: those a
// move may take with a capture, and those closed to it), and the words for
// the end of a game. Pure functions over the board state; render.js draws.
import { catalogue } from "./catalogue.js";
import { squareIndex } from "./geometry.js";
import { foreseesConnection } from "./levels.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */

/**
 * Outer-grid indices of the edge squares of `side` on Troll's board of
 * side `size`, as the rules' catalogue names them ("X": top and bottom
 * rows, "O": left and right columns).
 * @param {number} size
 * @param {Colour} side
 * @returns {number[]}
 */
export function edgeSquares(size, side) {
  const { black, white } = catalogue().trollEdges;
  return (side === "X" ? black : white).map((name) => squareIndex(size, name));
}

/**
 * The marks for the side to move: `{ capture, closed }`, outer-grid indices
 * of the empty squares on the opponent's edges where a move is legal (it
 * flips) and where it is not.
 * @param {{ size: number, cells: string, toMove: Colour | null, legal: number[] }} state
 * @returns {{ capture: number[], closed: number[] }}
 */
export function edgeMarks({ size, cells, toMove, legal }) {
  if (toMove !== "X" && toMove !== "O") return { capture: [], closed: [] };
  const theirs = edgeSquares(size, toMove === "X" ? "O" : "X").filter((i) => cells[i] === ".");
  const open = new Set(legal);
  return { capture: theirs.filter((i) => open.has(i)), closed: theirs.filter((i) => !open.has(i)) };
}

/**
 * The end of a Troll game as the person at the screen reads it: who joined
 * their edges, or a draw; `you` is the colour of a person playing alone
 * against the computer, else null.
 * @param {Colour | "draw" | null | undefined} winner
 * @param {Colour | null} you
 */
export function connectionText(winner, you) {
  if (winner !== "X" && winner !== "O") return "Draw: nobody can move and nobody has joined their edges.";
  const how = winner === "X" ? "top to bottom" : "left to right";
  if (you) return winner === you ? `You won: you joined ${how}.` : `You lost: the computer joined ${how}.`;
  return `${winner === "X" ? "Black" : "White"} wins, joining ${how}.`;
}

/**
 * What the board shows of the legal moves in Troll, after a refused click.
 * @param {Colour | null | undefined} toMove
 */
export function marksHelp(toMove) {
  const opponent = toMove === "X" ? "White" : "Black";
  return `On ${opponent}'s edges a ring marks a square you can take with a flip, a red bar one you cannot; every other empty square is open.`;
}

/**
 * One side of Troll's race, from `needed` (what Game.race gives the side:
 * the discs it still needs to join its edges, 0 once joined, null when cut
 * off): `{ count, unit, caption, detail, words }`, the card's number and
 * the word beside it (a count of discs to go, lower being better, must
 * not read as a score), the line under the card's name, the side's part
 * of the result, and a sentence for the card's label.
 * @param {Colour} side
 * @param {number | null | undefined} needed
 * @returns {{ count: string, unit: string, caption: string, detail: string, words: string }}
 */
export function raceOf(side, needed) {
  const name = side === "X" ? "Black" : "White";
  const how = side === "X" ? "top to bottom" : "left to right";
  if (needed === 0) return { count: "✓", unit: "", caption: `joined ${how}`, detail: `joined ${how}`, words: `${name} has joined ${how}.` };
  if (needed === null || needed === undefined) {
    return { count: "–", unit: "", caption: "cut off", detail: "cut off", words: `${name} can no longer join ${how}.` };
  }
  const discs = `${needed} disc${needed === 1 ? "" : "s"}`;
  return { count: String(needed), unit: "to go", caption: how, detail: `${discs} to go`, words: `${name} needs ${discs} more to join ${how}.` };
}

/**
 * Match points of a finished Troll game, `[black, white]`: 1 for the side that connected.
 * @param {Colour | "draw" | null | undefined} winner
 * @returns {[number, number]}
 */
export function connectionPoints(winner) {
  if (winner === "X") return [1, 0];
  if (winner === "O") return [0, 1];
  return [0, 0];
}

/** What the hints' numbers mean in Troll, where a move's value is a lead in the race, not points. */
export const HINTS_HELP =
  "Each number is how many discs ahead in the race to join your edges the computer expects you to be after that move, if both sides then play well. The best moves are in green.";

/**
 * What the computer expects after its Troll move, in words: `score` is its
 * lead in discs still needed (its opponent's chain minus its own), `exact`
 * when the search has settled the game.
 * @param {{ score: number, exact: boolean }} outlook
 */
export function trollOutlook({ score, exact }) {
  if (exact) {
    if (score === 0) return "It has worked out the rest of the game: a draw with best play.";
    return `It has worked out the rest of the game: it ${score > 0 ? "wins" : "loses"} with best play.`;
  }
  const discs = Math.round(Math.abs(score));
  if (discs <= 1) return "It expects a close race.";
  // Beyond any count of discs: a connection it foresees next move.
  if (foreseesConnection(discs)) return `It expects to ${score > 0 ? "win" : "lose"} soon.`;
  return `It reckons it is about ${discs} discs ${score > 0 ? "ahead" : "behind"} in the race to join its edges.`;
}
