// @ts-check
// Blocs on the page, as plain data and pure functions: square names, the
// rectangle a player is choosing (tap or drag from one disc to another),
// the face a placement puts up, and the words the page shows and announces.
// blocs-view.js draws it and turns pointer and key events into these calls;
// the rules themselves stay in the wasm BlocsGame.

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").BlocsSnapshot} BlocsSnapshot */

/**
 * The rectangle being chosen (squares by index) and the face of the next placement.
 * @typedef {{ anchor: number | null, hover: number | null, face: Colour }} Choice
 */

/**
 * What the page calls each seat, by its letter.
 * @typedef {Record<string, string>} Names
 */

/** Side of the board. */
export const SIDE = 4;

/**
 * The name of square `i` (0 to 15, reading order from the top-left): `a1` … `d4`.
 * @param {number} i
 */
export function squareName(i) {
  return `${"abcd"[i % SIDE]}${Math.floor(i / SIDE) + 1}`;
}

/**
 * The index of a square name (`c3`), or -1.
 * @param {unknown} name
 */
export function squareIndex(name) {
  const m = /^([a-d])([1-4])$/.exec(String(name).toLowerCase());
  return m ? (Number(m[2]) - 1) * SIDE + "abcd".indexOf(m[1]) : -1;
}

/**
 * The rectangle spanned by squares `a` and `b` in any order, in notation:
 * `a1-c3` from its top-left to its lower-right square, `c3` for one disc.
 * @param {number} a
 * @param {number} b
 */
export function rectName(a, b) {
  const [ca, ra, cb, rb] = [a % SIDE, Math.floor(a / SIDE), b % SIDE, Math.floor(b / SIDE)];
  const tl = Math.min(ra, rb) * SIDE + Math.min(ca, cb);
  const lr = Math.max(ra, rb) * SIDE + Math.max(ca, cb);
  return tl === lr ? squareName(lr) : `${squareName(tl)}-${squareName(lr)}`;
}

/**
 * The squares of a flip in notation (`a1-c3`, `c3`), as indexes; empty for anything else.
 * @param {unknown} move
 * @returns {number[]}
 */
export function rectSquares(move) {
  const [from, to = from] = String(move).split("-").map(squareIndex);
  if (from < 0 || to < 0) return [];
  const cells = [];
  for (let r = Math.floor(from / SIDE); r <= Math.floor(to / SIDE); r++) {
    for (let c = from % SIDE; c <= to % SIDE; c++) cells.push(r * SIDE + c);
  }
  return cells;
}

/**
 * A fresh choice: no disc picked yet, placements put black up.
 * @returns {Choice}
 */
export function newChoice() {
  return { anchor: null, hover: null, face: "X" };
}

/**
 * The choice with `face` ("X" or "O") for the next placement.
 * @param {Choice} choice
 * @param {unknown} face
 * @returns {Choice}
 */
export function withFace(choice, face) {
  return { ...choice, face: face === "O" ? "O" : "X" };
}

/**
 * The choice with its rectangle dropped (Escape, or a new position).
 * @param {Choice} choice
 * @returns {Choice}
 */
export function cancel(choice) {
  return { ...choice, anchor: null, hover: null };
}

/**
 * The choice with the pointer or the cursor over square `i` (for the preview).
 * @param {Choice} choice
 * @param {number | null} i
 * @returns {Choice}
 */
export function hover(choice, i) {
  return { ...choice, hover: i };
}

/**
 * A tap (or Enter) on square `i` in a position of `phase`: returns
 * `{ choice, move }`, where `move` is the move to try, or null while a
 * rectangle is half chosen. A placement is the square with the chosen
 * face; a flip takes two taps, its two corners (the same disc twice for
 * one disc).
 * @param {Choice} choice
 * @param {number} i
 * @param {BlocsSnapshot["phase"]} phase
 * @returns {{ choice: Choice, move: string | null }}
 */
export function tap(choice, i, phase) {
  if (phase === "placement") return { choice: cancel(choice), move: `${squareName(i)}${choice.face}` };
  if (choice.anchor === null) return { choice: { ...choice, anchor: i, hover: i }, move: null };
  return { choice: cancel(choice), move: rectName(choice.anchor, i) };
}

/**
 * The end of a drag from square `from` to square `to`: a flip of the
 * rectangle between them, or, on the square it began, a tap there.
 * @param {Choice} choice
 * @param {number} from
 * @param {number} to
 * @param {BlocsSnapshot["phase"]} phase
 */
export function drag(choice, from, to, phase) {
  if (phase !== "flipping" || from === to) return tap(choice, to, phase);
  return { choice: cancel(choice), move: rectName(from, to) };
}

/**
 * The rectangle being chosen, in notation, or null.
 * @param {Choice} choice
 */
export function preview(choice) {
  if (choice.anchor === null) return null;
  return rectName(choice.anchor, choice.hover ?? choice.anchor);
}

/**
 * "X" and "O" as the page names the players (they own no colour in Blocs).
 * @param {Colour} side
 * @param {Names} [names]
 */
export function playerName(side, names = { X: "First player", O: "Second player" }) {
  return names[side] ?? side;
}

/**
 * What the page calls each seat under `settings` (`{ opponent, human }`):
 * "You" and "The computer" or "Your friend" (a game by link), or the first
 * and second player.
 * @param {{ opponent: string, human: Colour }} settings
 * @returns {Names}
 */
export function seatNames({ opponent, human }) {
  if (opponent === "human") return { X: "First player", O: "Second player" };
  const other = human === "X" ? "O" : "X";
  return { [human]: "You", [other]: opponent === "friend" ? "Your friend" : "The computer" };
}

/**
 * The status line, and that the computer is thinking while it is.
 * @param {BlocsSnapshot} snap
 * @param {Names} names
 * @param {boolean} thinking
 */
export function statusLine(snap, names, thinking) {
  const text = statusText(snap, names);
  return thinking ? `${text} The computer is thinking…` : text;
}

/**
 * The status line: the phase, whose turn it is and what to do, or who won.
 * @param {BlocsSnapshot} snap
 * @param {Names} [names]
 */
export function statusText(snap, names) {
  if (snap.status === "gameOver") {
    // A game of Blocs over always has a winner: there is no draw.
    const winner = playerName(/** @type {Colour} */ (snap.winner), names);
    return `${winner} made the last move and ${winner === "You" ? "win" : "wins"}.`;
  }
  const who = playerName(snap.toMove, names);
  const turn = who === "You" ? "Your turn" : `${who}'s turn`;
  const phase = snap.phase === "placement" ? "Placing discs." : "Flipping.";
  // A friend's move comes by link: what is to be done here is to send it.
  if (who === "Your friend") return `${phase} ${turn}: ${FRIENDS_MOVE}`;
  return snap.phase === "placement"
    ? `${phase} ${turn}: put a disc on an empty square, either face up.`
    : `${phase} ${turn}: flip a rectangle whose lower-right disc is black.`;
}

/**
 * The result panel's title and line once the game is over, else null: who
 * won, and the last move that won it.
 * @param {BlocsSnapshot} snap
 * @param {Names} [names]
 */
export function resultText(snap, names) {
  if (snap.status !== "gameOver") return null;
  // A game of Blocs over always has a winner, who made its last move.
  const winner = playerName(/** @type {Colour} */ (snap.winner), names);
  return {
    title: `${winner} ${winner === "You" ? "win" : "wins"}.`,
    detail: `${winner} made the last move (${snap.lastMove}, move ${snap.ply}).`,
  };
}

/** What a game by link waits for on the friend's turn. */
export const FRIENDS_MOVE = "send them the link, then open the one they send back.";

/**
 * A refusal of the rules (`why`, as BlocsGame words it) as the page says
 * it: the rules name the move in their reason, so the page does not again.
 * @param {unknown} why
 */
export function refusalText(why) {
  const text = String(why);
  const occupied = /^([a-d][1-4]) is not empty$/.exec(text);
  if (occupied) return `${occupied[1]} already has a disc.`;
  const white = /lower-right disc ([a-d][1-4]) shows white$/.exec(text);
  if (white) return `A rectangle's lower-right disc must show black; ${white[1]} shows white.`;
  return `${text}.`;
}

/**
 * A move as a sentence for screen readers.
 * @param {string} move
 * @param {Colour} side
 * @param {Names} [names]
 */
export function moveText(move, side, names) {
  const who = playerName(side, names);
  const place = /^([a-d][1-4])([XO])$/.exec(move);
  if (place) return `${who} put a disc on ${place[1]}, ${place[2] === "X" ? "black" : "white"} face up.`;
  const [from, to] = move.split("-");
  return to ? `${who} flipped ${from} to ${to}.` : `${who} flipped ${from}.`;
}

/**
 * What is said once `side` has played `move`, the game now at `snap`: the
 * move, then the result when it ended the game.
 * @param {string} move
 * @param {Colour} side
 * @param {Names} names
 * @param {BlocsSnapshot} snap
 */
export function playedText(move, side, names, snap) {
  const news = moveText(move, side, names);
  return snap.status === "gameOver" ? `${news} ${statusText(snap, names)}` : news;
}

/**
 * A square for screen readers: its name and what it holds.
 * @param {number} i
 * @param {string} cell
 */
export function cellLabel(i, cell) {
  const what = cell === "X" ? "black" : cell === "O" ? "white" : "empty";
  return `${squareName(i)}, ${what}`;
}

/**
 * The moves of a transcript's snapshots as move-list rows: `{ n, side, move }`,
 * the first player moving at odd numbers.
 * @param {string[]} moves
 * @returns {{ n: number, side: Colour, move: string }[]}
 */
export function moveRows(moves) {
  return moves.map((move, k) => ({ n: k + 1, side: k % 2 === 0 ? "X" : "O", move }));
}

/**
 * A transcript split into its moves (`b2Xa1-c3c4` → `["b2X", "a1-c3", "c4"]`).
 * @param {unknown} text
 */
export function splitTranscript(text) {
  return String(text).match(/[a-d][1-4](?:[XO]|-[a-d][1-4])?/gi) ?? [];
}
