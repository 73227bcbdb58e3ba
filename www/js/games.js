// The games the page offers, as the game chooser lists them: each game's
// board sizes and whether it is played on a map of walls, bonuses and
// jokers, as the wasm catalogue (src/games.rs, `games()`) has them, which
// tests/www/games.test.mjs holds this list to. A game with a page of its
// own names it in `view`; the others play on the Reversi board. Adding a
// game adds an entry here. Plain data.

/** `{ id, name, sizes, maps, view? }` per game, in the chooser's order; `id` is the wasm variant. */
export const GAMES = [
  { id: "mapello", name: "Mapello", sizes: [6, 8, 10], maps: true },
  { id: "othello", name: "Othello", sizes: [6, 8, 10], maps: false },
  { id: "reversi", name: "Reversi", sizes: [6, 8, 10], maps: false },
  { id: "troll", name: "Troll", sizes: [8], maps: false },
  { id: "blocs", name: "Blocs", sizes: [4], maps: false, view: "blocs" },
];

/** The games played on the Reversi board (the wasm `Game`). */
export const BOARD_GAMES = GAMES.filter((g) => !g.view);

/**
 * Points a bonus adds to the score of the player who takes it (docs/rules.md);
 * the rules core's BONUS_POINTS, which tests/www/games.test.mjs checks it
 * against.
 */
export const BONUS_POINTS = 3;

/** The board size a game starts on. */
export const DEFAULT_SIZE = 8;

/** The game with id `id`, or undefined. */
export function gameById(id) {
  return GAMES.find((g) => g.id === id);
}

/**
 * `settings` (storage.js) for playing `variant`: free play takes turns at
 * making maps, so a game without maps plays a series between two people
 * instead. The same object when nothing changes.
 */
export function settingsForGame(settings, variant) {
  if (settings.mode !== "freeplay" || gameById(variant)?.maps) return settings;
  return { ...settings, mode: "series", opponent: "human" };
}
