// @ts-check
// The games the page offers, as the game chooser lists them: each game's
// board sizes, the one it starts on, and whether it is played on a map of
// walls, bonuses and jokers, all from the wasm catalogue (src/games.rs,
// through catalogue.js). A game with a page of its own names it in
// `view`; the others play on the Reversi board. Adding a game adds it to
// src/games.rs, not here.
import { onCatalogue } from "./catalogue.js";

/**
 * A game in the chooser; `view` names the page of a game not played on the Reversi board.
 * @typedef {{ id: string, name: string, sizes: number[], defaultSize: number, maps: boolean, view?: "blocs" }} GameEntry
 */

/**
 * `{ id, name, sizes, defaultSize, maps, view? }` per game, in the
 * chooser's order; `id` is the wasm variant. Empty until the catalogue arrives.
 * @type {GameEntry[]}
 */
export let GAMES = [];

/**
 * The games played on the Reversi board (the wasm `Game`).
 * @type {GameEntry[]}
 */
export let BOARD_GAMES = [];

/**
 * Points a bonus adds to the score of the player who takes it (docs/rules.md).
 * @type {number}
 */
export let BONUS_POINTS;

/**
 * The board size the page's first game (Mapello) starts on.
 * @type {number}
 */
export let DEFAULT_SIZE;

onCatalogue(({ games, bonusPoints }) => {
  GAMES = games.map(({ id, name, sizes, defaultSize, maps, engine }) =>
    engine === "board" ? { id, name, sizes, defaultSize, maps } : { id, name, sizes, defaultSize, maps, view: engine },
  );
  BOARD_GAMES = GAMES.filter((g) => !g.view);
  BONUS_POINTS = bonusPoints;
  DEFAULT_SIZE = GAMES[0].defaultSize;
});

/**
 * The game with id `id`, or undefined.
 * @param {string} id
 */
export function gameById(id) {
  return GAMES.find((g) => g.id === id);
}

/**
 * `settings` (storage.js) for playing `variant`: free play takes turns at
 * making maps, so a game without maps plays a series between two people
 * instead. The same object when nothing changes.
 * @template {{ mode: string }} S
 * @param {S} settings
 * @param {string} variant
 * @returns {S}
 */
export function settingsForGame(settings, variant) {
  if (settings.mode !== "freeplay" || gameById(variant)?.maps) return settings;
  return { ...settings, mode: "series", opponent: "human" };
}
