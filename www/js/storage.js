// What survives a reload: the game in progress (map code, variant, moves),
// the mode and its match, the settings, and the game's review when it has
// one, as one JSON record in localStorage. A record that breaks any rule of
// the schema below is dropped whole (its text stays with the page, for the
// player to download); a review that does not hold (review.js) is dropped
// alone, since it can be made again.

import { catalogue } from "./catalogue.js";
import { MAX_LEVEL } from "./levels.js";
import { reviewProblem } from "./review.js";

/** The localStorage key. */
export const KEY = "mapello.play";
const VERSION = 1;

const MODES = ["hotseat", "computer", "watch", "series", "freeplay"];

/** Settings of a first visit. */
export const DEFAULT_SETTINGS = {
  mode: "computer",
  humanColour: "X",
  level: 4,
  opponent: "computer",
  showLegal: true,
  levelWhite: 4,
  watchSpeed: "normal",
};

// Settings added after the first saved records: a record without them
// takes their defaults.
const LATER_SETTINGS = ["levelWhite", "watchSpeed"];
const WATCH_SPEEDS = ["slow", "normal", "fast"];

const isColour = (v) => v === "X" || v === "O";
const isLevel = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_LEVEL;
const isText = (v, max) => typeof v === "string" && v.length <= max;
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
// A game's points: a 10 x 10 board holds 100 discs, plus 3 per bonus taken.
const isPoints = (v) => Number.isInteger(v) && v >= 0 && v <= 1000;
const isScore = (v) => Array.isArray(v) && v.length === 2 && v.every(isPoints);

const PHASES = ["play", "over", "setup", "choose"];
const MATCH_OF_MODE = { hotseat: null, computer: null, watch: null, series: "series", freeplay: "freeplay" };

// Rules on the match, which hold when there is none.
const ofMatch = (holds) => (d) => d.match === null || holds(d.match);
const setsUp = (d) => d.phase === "setup" || d.phase === "choose";

// The schema of a saved record, as a list of rules read in order: each names
// what it checks, for the notice (in a function where it names a fact from
// the wasm catalogue, which arrives after this module), and may rely on the
// rules before it. The
// relations between fields are rules too, because every one of them is
// something the page leans on when it restores a game: a series without its
// match, or a finished game without a recorded result, cannot be shown.
const RULES = [
  ["its format is unknown", (d) => isRecord(d) && d.version === VERSION],
  ["its settings are damaged", (d) => isRecord(d.settings)],
  ["its settings are damaged: the mode is unknown", (d) => MODES.includes(d.settings.mode)],
  ["its settings are damaged: the colour is neither black nor white", (d) => isColour(d.settings.humanColour)],
  [() => `its settings are damaged: the level is not 1 to ${MAX_LEVEL}`, (d) => isLevel(d.settings.level)],
  ["its settings are damaged: the opponent is unknown", (d) => ["human", "computer"].includes(d.settings.opponent)],
  ["its settings are damaged: showing legal moves is neither on nor off", (d) => typeof d.settings.showLegal === "boolean"],
  [() => `its settings are damaged: white's level is not 1 to ${MAX_LEVEL}`, (d) => isLevel(d.settings.levelWhite)],
  ["its settings are damaged: the watching speed is unknown", (d) => WATCH_SPEEDS.includes(d.settings.watchSpeed)],
  ["its game is damaged", (d) => isRecord(d.game)],
  ["its game is damaged: the map is not a map code", (d) => isText(d.game.map, catalogue().maxCodeChars)],
  ["its game is damaged: the variant is not a name", (d) => isText(d.game.variant, 16)],
  ["its game is damaged: the moves are not a transcript", (d) => isText(d.game.moves, 600)],
  ["its game phase is unknown", (d) => PHASES.includes(d.phase)],
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
  ["it shows a result the match never recorded", (d) => d.phase !== "over" || d.match?.games.length > 0],
  ["it sets up a map outside free play", (d) => !setsUp(d) || d.match?.kind === "freeplay"],
  ["it sets up a map that already has moves", (d) => !setsUp(d) || d.game.moves === ""],
];

/** What is wrong with a parsed saved record, or null when it fits the schema. */
export function saveProblem(data) {
  for (const [problem, holds] of RULES) {
    if (!holds(data)) return typeof problem === "function" ? problem() : problem;
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
 */
export function decodeSave(text) {
  if (text === null || text === undefined) return { saved: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { saved: null, error: "it is not valid JSON" };
  }
  if (isRecord(data) && isRecord(data.settings)) {
    for (const name of LATER_SETTINGS) {
      if (!(name in data.settings)) data.settings[name] = DEFAULT_SETTINGS[name];
    }
  }
  const error = saveProblem(data);
  if (error) return { saved: null, error };
  const { settings, game, match, phase } = data;
  const saved = { settings, game, match, phase };
  if (data.review == null) return { saved };
  const reviewError = reviewProblem(data.review, game);
  if (reviewError === null) {
    saved.review = data.review;
    return { saved };
  }
  return { saved, reviewError };
}

/**
 * The JSON text saved for `{ settings, game, match, phase, review, tab }`
 * (review may be left out; `tab` names the tab that saved it, archive-hooks.js).
 */
export function encodeSave({ settings, game, match, phase, review = null, tab = null }) {
  const data = { version: VERSION, settings, game, match, phase };
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
  if (!error) return { value, notice: null, text };
  removeRecord(storage, key);
  return { value: null, notice: `Your ${what} could not be read (${error}), so it was discarded.`, text };
}

/** Stores `text` under `key`: false when the browser refuses (a full quota, private browsing). */
export function storeRecord(storage, key, text) {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

/** Removes the record under `key`, if the browser lets the page. */
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
 */
export function load(storage) {
  const decode = (stored) => {
    const read = decodeSave(stored);
    return read.error ? { error: read.error } : { value: read };
  };
  const { value, notice, text } = loadRecord(storage, KEY, decode, "saved game");
  if (!value?.reviewError) return { saved: value?.saved ?? null, notice, text };
  const said = `Your saved review could not be used (${value.reviewError}); reviewing the game makes it again.`;
  return { saved: value.saved, notice: said, text };
}

/** Saves `record`; false when the browser refused it, and the game goes on unsaved. */
export function save(storage, record) {
  return storeRecord(storage, KEY, encodeSave(record));
}

/** Removes the saved game. */
export function drop(storage) {
  removeRecord(storage, KEY);
}
