// @ts-check
// What survives a reload: the game in progress (map code, variant, moves),
// the mode and its match, the settings, and the game's review when it has
// one, as one JSON record in localStorage. A record that breaks any rule of
// the schema below is dropped whole (its text stays with the page, for the
// player to download); a review that does not hold (review.js) is dropped
// alone, since it can be made again.

import { catalogue } from "./catalogue.js";
import { MAX_LEVEL } from "./levels.js";
import { reviewProblem } from "./review.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("./match.js").Match} Match */
/** @typedef {import("./flow.js").Phase} Phase */
/** @typedef {"hotseat" | "computer" | "watch" | "series" | "freeplay" | "corresp"} Mode */
/** @typedef {"slow" | "normal" | "fast"} WatchSpeed */

/**
 * The page's settings: the mode and who plays, the levels, the pace of a
 * watched game, and what the page shows (the legal moves, move numbers,
 * the computer's evaluation of the game as it plays).
 * @typedef {{
 *   mode: Mode,
 *   humanColour: Colour,
 *   level: number,
 *   opponent: "computer" | "human",
 *   showLegal: boolean,
 *   moveNumbers: boolean,
 *   showEval: boolean,
 *   levelWhite: number,
 *   watchSpeed: WatchSpeed,
 *   clock: string,
 *   clockPause: boolean,
 * }} Settings
 */

/**
 * A game as saved and linked: its map's share code, the game's name (the
 * wasm Game refuses one it does not know) and its transcript.
 * @typedef {import("./review.js").GameRecord} GameRecord
 */

/**
 * A game's review and whether it was showing: as saved (review.js checks
 * it), or only its level, as a link asks for one.
 * @typedef {(import("./review.js").Review | { level: number }) & { shown?: boolean }} SavedReview
 */

/**
 * The state of the play page a reload restores.
 * `clock` is the game's clocks (clock-view.js checks them), when it has a time control.
 * `shared` is, in a game by link, how many of its first moves both browsers
 * have (sent in a link, or received in one): those are never taken back.
 * `id` names the game through every change that keeps it (set aside and
 * brought back, opened from the saved games, a level changed): its entry
 * in the saved games (archive.js) has the same id, so a later state of the
 * game replaces that entry. A record saved before games had ids has none.
 * @typedef {{ settings: Settings, game: GameRecord, match: Match | null, phase: Phase, review?: SavedReview | null, clock?: unknown, shared?: number, id?: string, named?: import("./play-view.js").Named }} SavedRecord
 */

/** The localStorage key. */
export const KEY = "mapello.play";
const VERSION = 1;

/** @type {Mode[]} */
const MODES = ["hotseat", "computer", "watch", "series", "freeplay", "corresp"];

/**
 * Settings of a first visit.
 * @type {Readonly<Settings>}
 */
export const DEFAULT_SETTINGS = {
  mode: "computer",
  humanColour: "X",
  level: 4,
  opponent: "computer",
  showLegal: true,
  moveNumbers: false,
  showEval: true,
  levelWhite: 4,
  watchSpeed: "normal",
  clock: "none",
  clockPause: false,
};

// Settings added after the first saved records: a record without them
// takes their defaults.
/** @type {(keyof Settings)[]} */
const LATER_SETTINGS = ["levelWhite", "watchSpeed", "clock", "clockPause", "moveNumbers", "showEval"];
/** @type {WatchSpeed[]} */
const WATCH_SPEEDS = ["slow", "normal", "fast"];

/**
 * A new game's id, unique enough among the games of one browser.
 * @param {number} [now]
 */
export function newId(now = Date.now()) {
  return `${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Whether `v` is a game's id as saved: a name of at most 40 characters.
 * @param {unknown} v
 * @returns {v is string}
 */
export function isId(v) {
  return typeof v === "string" && v !== "" && v.length <= 40;
}

/**
 * The wasm Game of `record` (a game as saved, linked or archived): its
 * game (the rules' default when none), map, set-up start and moves, given up as it was unless `forfeit`
 * is false. It throws, having freed what it made, on a game, map, start,
 * move or forfeit the rules refuse.
 * @param {typeof import("../mapello.d.ts").Game} Game
 * @param {{ variant?: string, map: string, start?: string, moves?: string, forfeit?: import("../mapello.d.ts").Forfeit }} record
 * @param {{ forfeit?: boolean }} [options]
 */
export function gameOf(Game, { variant, map, start, moves, forfeit }, options = {}) {
  // The Game refuses a name it does not know, as it does a map or moves that do not hold.
  const game = new Game({ variant: /** @type {import("../mapello.d.ts").Variant} */ (variant), map, start, moves });
  if (!forfeit || options.forfeit === false) return game;
  try {
    game.forfeit(forfeit.cause, forfeit.loser);
  } catch (err) {
    game.free();
    throw err;
  }
  return game;
}

/**
 * What the rules say game record `b` is to game record `a` (Game.lineage),
 * forfeits aside: each is played from its map and set-up start, so that
 * two games from other starts are unrelated and one from the same start
 * continues; with `b`'s moves. It throws, having freed what it made, as
 * gameOf does.
 * @param {typeof import("../mapello.d.ts").Game} Game
 * @param {GameRecord} a
 * @param {GameRecord} b
 */
export function lineageOf(Game, a, b) {
  const held = gameOf(Game, a, { forfeit: false });
  try {
    const other = gameOf(Game, b, { forfeit: false });
    try {
      return { lineage: held.lineage(other), moves: other.snapshot().moves };
    } finally {
      other.free();
    }
  } finally {
    held.free();
  }
}

/** @param {unknown} v */
const isColour = (v) => v === "X" || v === "O";
/** @param {unknown} v */
const isLevel = (v) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= MAX_LEVEL;
/** @param {unknown} v @param {number} max */
const isText = (v, max) => typeof v === "string" && v.length <= max;
/**
 * @param {unknown} v
 * @returns {v is Record<string, unknown>}
 */
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
// A game's points, at most the most a side can score.
/** @param {unknown} v */
const isPoints = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= catalogue().maxPoints;
// A game of the Reversi family, which `Game` plays.
/** @param {unknown} v */
const isBoardGame = (v) => catalogue().games.some((g) => g.id === v && g.engine === "board");
/** @param {unknown} v */
const isScore = (v) => Array.isArray(v) && v.length === 2 && v.every(isPoints);

/** @type {Phase[]} */
const PHASES = ["play", "over", "setup", "choose"];
/** @type {Record<Mode, string | null>} */
const MATCH_OF_MODE = { hotseat: null, computer: null, watch: null, series: "series", freeplay: "freeplay", corresp: null };

/**
 * A parsed record as each rule reads it: with the shape the rules before
 * it have checked (the first checks that it is an object at all).
 * @typedef {SavedRecord & { version: unknown }} Checked
 */
/** @typedef {[string | (() => string), (d: Checked) => boolean]} Rule */

// Rules on the match, which hold when there is none.
/** @param {(m: Match) => boolean} holds */
const ofMatch = (holds) => (/** @type {Checked} */ d) => d.match === null || holds(d.match);
/** @param {Checked} d */
const setsUp = (d) => d.phase === "setup" || d.phase === "choose";

// The schema of a saved record, as a list of rules read in order: each names
// what it checks, for the notice (in a function where it names a fact from
// the wasm catalogue, which arrives after this module), and may rely on the
// rules before it. The
// relations between fields are rules too, because every one of them is
// something the page leans on when it restores a game: a series without its
// match, or a finished game without a recorded result, cannot be shown.
/** @type {Rule[]} */
const RULES = [
  ["its format is unknown", (d) => isRecord(d) && d.version === VERSION],
  ["its settings are damaged", (d) => isRecord(d.settings)],
  ["its settings are damaged: the mode is unknown", (d) => MODES.includes(d.settings.mode)],
  ["its settings are damaged: the colour is neither black nor white", (d) => isColour(d.settings.humanColour)],
  [() => `its settings are damaged: the level is not 1 to ${MAX_LEVEL}`, (d) => isLevel(d.settings.level)],
  ["its settings are damaged: the opponent is unknown", (d) => ["human", "computer"].includes(d.settings.opponent)],
  ["its settings are damaged: showing legal moves is neither on nor off", (d) => typeof d.settings.showLegal === "boolean"],
  ["its settings are damaged: showing move numbers is neither on nor off", (d) => typeof d.settings.moveNumbers === "boolean"],
  ["its settings are damaged: showing the computer's evaluation is neither on nor off", (d) => typeof d.settings.showEval === "boolean"],
  [() => `its settings are damaged: white's level is not 1 to ${MAX_LEVEL}`, (d) => isLevel(d.settings.levelWhite)],
  ["its settings are damaged: the watching speed is unknown", (d) => WATCH_SPEEDS.includes(d.settings.watchSpeed)],
  ["its game is damaged", (d) => isRecord(d.game)],
  ["its game is damaged: the map is not a map code", (d) => isText(d.game.map, catalogue().maxCodeChars)],
  ["its game is damaged: the variant is not a game of this page", (d) => isBoardGame(d.game.variant)],
  ["its game is damaged: the moves are not a transcript", (d) => isText(d.game.moves, catalogue().maxTextChars)],
  ["its game is damaged: the start is not a start code", (d) => d.game.start === undefined || isText(d.game.start, catalogue().maxCodeChars)],
  ["its game phase is unknown", (d) => PHASES.includes(d.phase)],
  ["its game's id is not a name", (d) => d.id === undefined || isId(d.id)],
  // An imported game's players, as its record names them on the cards (archive-store.js openEntry).
  [
    "its players' names are damaged",
    (d) => d.named === undefined || (isRecord(d.named) && isText(d.named.end, 4 * catalogue().maxTextChars) && [d.named.names, d.named.said].every((l) => Array.isArray(l) && l.length === 2 && l.every((n) => isText(n, 200)))),
  ],
  ["its match is damaged", ofMatch(isRecord)],
  ["its match kind is unknown", ofMatch((m) => m.kind === "series" || m.kind === "freeplay")],
  ["its player names are damaged", ofMatch((m) => Array.isArray(m.names) && m.names.length === 2 && m.names.every((n) => isText(n, 40)))],
  ["its list of finished games is damaged", ofMatch((m) => Array.isArray(m.games) && m.games.length <= 1000)],
  ["its match score is damaged", ofMatch((m) => m.games.every((g) => isRecord(g) && isColour(g.first) && isScore(g.points)))],
  ["its match colour is damaged", ofMatch((m) => isColour(m.firstColour))],
  // What the page does with each mode (app.js newGame): series and free
  // play keep a match of their own kind, the other modes none.
  ["its match does not fit its mode", (d) => (d.match?.kind ?? null) === MATCH_OF_MODE[d.settings.mode]],
  // A series swaps colours every game (docs/rules.md, Mapello rule 7), black first.
  [
    "its series swaps colours out of turn",
    ofMatch((m) => m.kind !== "series" || (m.firstColour === "X" && m.games.every((g, i) => g.first === (i % 2 ? "O" : "X")))),
  ],
  // "over" shows the result the match has just recorded.
  ["it shows a result the match never recorded", (d) => d.phase !== "over" || (d.match?.games.length ?? 0) > 0],
  ["it sets up a map outside free play", (d) => !setsUp(d) || d.match?.kind === "freeplay"],
  ["it sets up a map that already has moves", (d) => !setsUp(d) || d.game.moves === ""],
  // Whether the game has that many moves is the rules' to say (main.js).
  [
    "its count of moves sent by link is damaged",
    (d) => d.shared === undefined || (d.settings.mode === "corresp" && Number.isInteger(d.shared) && d.shared > 0 && d.shared <= d.game.moves.length),
  ],
];

/**
 * `settings` with each setting added since they were saved (LATER_SETTINGS)
 * that they lack at its default.
 * @param {Record<string, unknown>} settings
 */
export function withLaterSettings(settings) {
  const filled = { ...settings };
  for (const name of LATER_SETTINGS) {
    if (!(name in filled)) filled[name] = DEFAULT_SETTINGS[name];
  }
  return filled;
}

/**
 * What is wrong with the match a game kept in Saved games was part of
 * (archive.js's `inMatch`: its record's settings and match), read with
 * the game as a saved record of it is, or null when it fits.
 * @param {unknown} inMatch
 * @param {unknown} game
 */
export function inMatchProblem(inMatch, game) {
  if (!isRecord(inMatch) || !isRecord(inMatch.settings) || !isRecord(inMatch.match)) return "the match it was part of is damaged";
  const problem = saveProblem({ version: VERSION, settings: withLaterSettings(inMatch.settings), game, match: inMatch.match, phase: "play" });
  return problem && `the match it was part of is damaged: ${problem}`;
}

/**
 * What is wrong with a parsed saved record, or null when it fits the schema.
 * @param {unknown} data
 */
export function saveProblem(data) {
  for (const [problem, holds] of RULES) {
    // Each rule reads what the rules before it have checked.
    if (!holds(/** @type {Checked} */ (data))) return typeof problem === "function" ? problem() : problem;
  }
  return null;
}

/**
 * Reads a saved record: `{ saved }` with `{ settings, game, match, phase }`
 * and `review` when the game has one that holds (`reviewError` says why a
 * review that does not hold was left out), `{ saved: null }` when there is
 * none, or `{ saved: null, error }` when it is damaged. The rules of the
 * game itself (is the map legal, are the moves) are the wasm module's to
 * check.
 * @param {string | null | undefined} text
 * @returns {{ saved: SavedRecord | null, error?: string, reviewError?: string }}
 */
export function decodeSave(text) {
  if (text === null || text === undefined) return { saved: null };
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { saved: null, error: "it is not valid JSON" };
  }
  if (isRecord(data) && isRecord(data.settings)) data.settings = withLaterSettings(data.settings);
  const error = saveProblem(data);
  if (error) return { saved: null, error };
  // It fits the schema, and any review is checked on its own below.
  const { settings, game, match, phase, review, clock, shared, id, named } = /** @type {SavedRecord & { review?: unknown }} */ (data);
  /** @type {SavedRecord} */
  const saved = { settings, game, match, phase };
  if (id !== undefined) saved.id = id;
  if (clock != null) saved.clock = clock;
  if (shared) saved.shared = shared;
  if (named) saved.named = named;
  if (review == null) return { saved };
  const reviewError = reviewProblem(review, game);
  if (reviewError === null) {
    saved.review = /** @type {SavedReview} */ (review);
    return { saved };
  }
  return { saved, reviewError };
}

/**
 * The JSON text saved for `{ settings, game, match, phase, review, tab, id }`
 * (review may be left out; `tab` names the tab that saved it, archive-hooks.js).
 * @param {SavedRecord & { tab?: string | null }} record
 */
export function encodeSave({ settings, game, match, phase, review = null, tab = null, clock = null, shared = 0, id, named }) {
  /** @type {SavedRecord & { version: number, tab?: string }} */
  const data = { version: VERSION, settings, game, match, phase };
  if (id) data.id = id;
  if (clock) data.clock = clock;
  if (shared) data.shared = shared;
  if (named) data.named = named;
  if (review) data.review = review;
  if (tab) data.tab = tab;
  return JSON.stringify(data);
}

/**
 * The guard every stored record goes through (the game, Blocs's game):
 * reads the text under `key` and `decode(text)`s it into `{ value }`, or
 * `{ error }` with what is wrong. Gives `{ value, notice, text }`, `text` as
 * stored (null when there is none); a record that does not decode is
 * removed and `notice` says why, naming it `what` ("saved game"), while its
 * text stays in `text` for the player to download.
 * @template V
 * @param {Storage} storage
 * @param {string} key
 * @param {(text: string) => { value?: V, error?: string }} decode
 * @param {string} what
 * @returns {{ value: V | null, notice: string | null, text: string | null }}
 */
export function loadRecord(storage, key, decode, what) {
  let text;
  try {
    text = storage.getItem(key);
  } catch {
    return { value: null, notice: `Your ${what} is unavailable: this browser refuses the page its storage.`, text: null };
  }
  if (text === null || text === undefined) return { value: null, notice: null, text: null };
  const { value, error } = decode(text);
  // A decoder that finds no error gives the value.
  if (!error) return { value: /** @type {V} */ (value), notice: null, text };
  removeRecord(storage, key);
  return { value: null, notice: `Your ${what} could not be read (${error}), so it was discarded.`, text };
}

/**
 * Stores `text` under `key`: false when the browser refuses (a full quota, private browsing).
 * @param {Storage} storage
 * @param {string} key
 * @param {string} text
 */
export function storeRecord(storage, key, text) {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the record under `key`, if the browser lets the page.
 * @param {Storage} storage
 * @param {string} key
 */
export function removeRecord(storage, key) {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing stored can be reached, so nothing is left to remove.
  }
}

/**
 * Loads the game from `storage` (localStorage) through `loadRecord`:
 * `{ saved, notice, text }`. A review left out of the record is said in the
 * notice too: the game is kept, and reviewing it makes the review again.
 * @param {Storage} storage
 * @returns {{ saved: SavedRecord | null, notice: string | null, text: string | null }}
 */
export function load(storage) {
  const decode = (/** @type {string} */ stored) => {
    const read = decodeSave(stored);
    return read.error ? { error: read.error } : { value: read };
  };
  const { value, notice, text } = loadRecord(storage, KEY, decode, "saved game");
  if (!value?.reviewError) return { saved: value?.saved ?? null, notice, text };
  const said = `Your saved review could not be used (${value.reviewError}); reviewing the game makes it again.`;
  return { saved: value.saved, notice: said, text };
}

/**
 * Saves `record`; false when the browser refused it, and the game goes on unsaved.
 * @param {Storage} storage
 * @param {SavedRecord} record
 */
export function save(storage, record) {
  return storeRecord(storage, KEY, encodeSave(record));
}

/**
 * Removes the saved game.
 * @param {Storage} storage
 */
export function drop(storage) {
  removeRecord(storage, KEY);
}
