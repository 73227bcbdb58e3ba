// @ts-check
// Matches of several games between two players on one map: a series, where
// colours swap every game (docs/rules.md, Mapello rule 7), and free play,
// where the players take turns setting up the map and the other one picks a
// colour (rule 8).
// Plain data and pure functions.
import { signed, withVerb } from "./announce.js";

/** @typedef {import("./announce.js").Colour} Colour */
/**
 * A finished game: player 0's colour in it, and its points as player 0's, player 1's.
 * @typedef {{ first: Colour, points: [number, number] }} MatchGame
 */
/**
 * A match: its kind ("series" or "freeplay"), the two players' names, the
 * games finished, and in free play the colour player 0 chose.
 * @typedef {{ kind: string, names: string[], games: MatchGame[], setup: number, firstColour: Colour }} Match
 */

/**
 * A new match of `kind` ("series" or "freeplay") between players named `names`.
 * @param {string} kind
 * @param {string[]} names
 * @returns {Match}
 */
export function newMatch(kind, names) {
  return { kind, names: [...names], games: [], setup: 0, firstColour: "X" };
}

// The players of a new match, by mode (and in a series by opponent).
const NAMES = {
  series: { computer: ["You", "Computer"], human: ["Player 1", "Player 2"] },
  freeplay: ["Player 1", "Player 2"],
};

/**
 * The new match the settings' mode plays (storage.js settings): a series, free play, or null.
 * @param {{ mode: string, opponent: "computer" | "human" }} settings
 */
export function matchFor({ mode, opponent }) {
  if (mode === "series") return newMatch("series", NAMES.series[opponent]);
  if (mode === "freeplay") return newMatch("freeplay", NAMES.freeplay);
  return null;
}

/**
 * Colour of player 0 in the match's next game: in a series player 0 is black
 * in the first game and colours swap every game; in free play it follows
 * the choice made for the game (`firstColour`).
 * @param {Match} match
 * @returns {Colour}
 */
export function colourOfFirst(match) {
  if (match.kind === "series") return match.games.length % 2 === 0 ? "X" : "O";
  return match.firstColour;
}

/**
 * Free play: the player who sets up the next game's map (they take turns).
 * @param {Match} match
 */
export function setupPlayer(match) {
  return match.games.length % 2;
}

/**
 * Free play: the match once the chooser has picked `colour` for themselves.
 * @param {Match} match
 * @param {Colour} colour
 * @returns {Match}
 */
export function withChoice(match, colour) {
  const chooser = 1 - setupPlayer(match);
  const firstColour = chooser === 0 ? colour : colour === "X" ? "O" : "X";
  return { ...match, firstColour };
}

/**
 * The match with a finished game's `[black, white]` score recorded.
 * @param {Match} match
 * @param {[number, number]} score
 * @returns {Match}
 */
export function recordGame(match, score) {
  const first = colourOfFirst(match);
  const mine = first === "X" ? score[0] : score[1];
  const yours = first === "X" ? score[1] : score[0];
  return { ...match, games: [...match.games, { first, points: [mine, yours] }] };
}

/**
 * The scoreboard: games won by each player, draws, each player's total point
 * difference, and the leader by rule 7 (games won, then point difference),
 * null when level.
 * @param {Match} match
 */
export function standings(match) {
  const wins = [0, 0];
  let draws = 0;
  let diff = 0;
  for (const { points } of match.games) {
    diff += points[0] - points[1];
    if (points[0] > points[1]) wins[0] += 1;
    else if (points[1] > points[0]) wins[1] += 1;
    else draws += 1;
  }
  /** @type {0 | 1 | null} */
  let leader = null;
  if (wins[0] !== wins[1]) leader = wins[0] > wins[1] ? 0 : 1;
  else if (diff !== 0) leader = diff > 0 ? 0 : 1;
  return { played: match.games.length, wins, draws, diff: [diff, 0 - diff], leader };
}

/**
 * One sentence on who leads the match.
 * @param {Match} match
 */
export function leaderText(match) {
  const { played, wins, diff, leader } = standings(match);
  if (played === 0) return "No games finished yet.";
  if (leader === null) return "The match is even.";
  const name = match.names[leader];
  const leads = withVerb(name, "leads", "lead");
  if (wins[0] !== wins[1]) return `${leads} ${Math.max(...wins)}–${Math.min(...wins)} in games.`;
  return `Even on games won; ${leads} on points (${signed(diff[leader])}).`;
}

