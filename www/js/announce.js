// @ts-check
// Sentences for the status line and the screen reader's live region. Pure.

/** A side: `X` moves first (black), `O` second (white). @typedef {"X" | "O"} Colour */

/**
 * "Black" or "White" for "X" or "O".
 * @param {Colour} colour
 */
export function colourName(colour) {
  return colour === "X" ? "Black" : "White";
}

/**
 * A move just played: "Black played e3, flipping 2."
 * @param {Colour} colour
 * @param {string} square
 * @param {number} flipped
 * @param {boolean} bonus
 */
export function moveText(colour, square, flipped, bonus) {
  const flips = `flipping ${flipped} disc${flipped === 1 ? "" : "s"}`;
  return `${colourName(colour)} played ${square}, ${flips}${bonus ? " and taking a bonus" : ""}.`;
}

/**
 * A pass: "White has no move and passes."
 * @param {Colour} colour
 */
export function passText(colour) {
  return `${colourName(colour)} had no legal move and passed.`;
}

/**
 * A line of moves the search expects, the first by `colour`, in the
 * short form players write: "(Black first): d3 c5 pass e6".
 * @param {string[]} moves
 * @param {Colour} colour
 */
export function lineText(moves, colour) {
  return `(${colourName(colour)} first): ${moves.join(" ")}`;
}

/**
 * The result from `[black, white]` scores: "Black wins 36 to 28."
 * @param {[number, number]} score
 * @param {string} [winner] "draw" for a draw
 */
export function resultText(score, winner) {
  const [black, white] = score;
  if (winner === "draw" || black === white) return `Draw, ${black} to ${white}.`;
  return black > white ? `Black wins ${black} to ${white}.` : `White wins ${white} to ${black}.`;
}

/**
 * What ended a game given up, `you` the one person playing the computer
 * (or null), or a friend (`other`, in a game by link): "Black resigned.",
 * "You lost on time.".
 * @param {{ cause: "resigned" | "time", loser: Colour }} forfeit
 * @param {Colour | null} you
 * @param {string} [other]
 */
export function forfeitText({ cause, loser }, you, other = "The computer") {
  const who = loser === you ? "You" : you ? other : colourName(loser);
  return `${who} ${cause === "time" ? "lost on time" : "resigned"}.`;
}

/**
 * The result as the person at the screen reads it, when one person plays
 * colour `you` against the computer: "You won 36 to 28." / "You lost 28 to
 * 36." / "Draw, 32 to 32."
 * @param {[number, number]} score `[black, white]`
 * @param {Colour} you
 */
export function resultForPlayer(score, you) {
  const [mine, theirs] = you === "X" ? score : [score[1], score[0]];
  if (mine === theirs) return `Draw, ${mine} to ${theirs}.`;
  return mine > theirs ? `You won ${mine} to ${theirs}.` : `You lost ${mine} to ${theirs}.`;
}

/**
 * `name` with a verb that agrees with it: ("You", "leads", "lead") gives "You lead".
 * @param {string} name
 * @param {string} singular
 * @param {string} plural
 */
export function withVerb(name, singular, plural) {
  return `${name} ${name === "You" ? plural : singular}`;
}

/**
 * A whole number with its sign, the minus the typographic one (U+2212) as
 * everywhere a value or a score shows: "+3", "0", "−2".
 * @param {number} n
 */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

/**
 * A value in whole points, half a point rounded away from zero, so that
 * −5.5 is "lose by 6" in words and −6 in figures alike.
 * @param {number} score
 */
export function points(score) {
  return Math.sign(score) * Math.round(Math.abs(score));
}
