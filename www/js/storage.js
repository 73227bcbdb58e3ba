// What survives a reload: the game in progress (map code, variant, moves),
// the mode and its match, and the settings, as one JSON record in
// localStorage. A record that is not exactly this shape is dropped whole.

/** The localStorage key. */
export const KEY = "mapello.play";
const VERSION = 1;

const MODES = ["hotseat", "computer", "watch", "series", "freeplay"];
// The AI's levels (src/ai/levels.rs); the wasm API does not export their number.
export const MAX_LEVEL = 8;

/** Settings of a first visit. */
export const DEFAULT_SETTINGS = {
  mode: "computer",
  humanColour: "X",
  level: 4,
  opponent: "computer",
  showLegal: true,
};

const isColour = (v) => v === "X" || v === "O";
const isLevel = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_LEVEL;
const isText = (v, max) => typeof v === "string" && v.length <= max;
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isScore = (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isInteger);

function checkSettings(s) {
  return (
    isRecord(s) &&
    MODES.includes(s.mode) &&
    isColour(s.humanColour) &&
    isLevel(s.level) &&
    (s.opponent === "human" || s.opponent === "computer") &&
    typeof s.showLegal === "boolean"
  );
}

function checkGame(g) {
  return isRecord(g) && isText(g.map, 64) && isText(g.variant, 16) && isText(g.moves, 600);
}

function checkMatch(m) {
  return (
    isRecord(m) &&
    (m.kind === "series" || m.kind === "freeplay") &&
    Array.isArray(m.names) &&
    m.names.length === 2 &&
    m.names.every((n) => isText(n, 40)) &&
    Array.isArray(m.games) &&
    m.games.length <= 1000 &&
    m.games.every((g) => isRecord(g) && isColour(g.first) && isScore(g.points)) &&
    isColour(m.firstColour)
  );
}

/**
 * Reads a saved record: `{ saved }` with `{ settings, game, match, phase }`,
 * `{ saved: null }` when there is none, or `{ saved: null, error }` when it
 * is damaged.
 */
export function decodeSave(text) {
  if (text === null || text === undefined) return { saved: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { saved: null, error: "it is not valid JSON" };
  }
  if (!isRecord(data) || data.version !== VERSION) return { saved: null, error: "its format is unknown" };
  if (!checkSettings(data.settings)) return { saved: null, error: "its settings are damaged" };
  if (data.game !== null && !checkGame(data.game)) return { saved: null, error: "its game is damaged" };
  if (data.match !== null && !checkMatch(data.match)) return { saved: null, error: "its match score is damaged" };
  if (!["play", "over", "setup", "choose"].includes(data.phase)) return { saved: null, error: "its game phase is unknown" };
  const { settings, game, match, phase } = data;
  return { saved: { settings, game, match, phase } };
}

/** The JSON text saved for `{ settings, game, match, phase }`. */
export function encodeSave({ settings, game, match, phase }) {
  return JSON.stringify({ version: VERSION, settings, game, match, phase });
}

/**
 * Loads from `storage` (localStorage): `{ saved, notice }`, dropping a
 * damaged record and saying why in `notice`.
 */
export function load(storage) {
  let text;
  try {
    text = storage.getItem(KEY);
  } catch {
    return { saved: null, notice: "Saved games are unavailable in this browser." };
  }
  const { saved, error } = decodeSave(text);
  if (!error) return { saved, notice: null };
  drop(storage);
  return { saved: null, notice: `Your saved game could not be read (${error}), so it was discarded.` };
}

/** Saves, ignoring a full or forbidden storage: the game goes on. */
export function save(storage, record) {
  try {
    storage.setItem(KEY, encodeSave(record));
  } catch {
    // Private browsing or a full quota: nothing to save into.
  }
}

/** Removes the saved record. */
export function drop(storage) {
  try {
    storage.removeItem(KEY);
  } catch {
    // As in save().
  }
}
