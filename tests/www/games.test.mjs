// The game chooser's list, and the settings each game can be played with.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GAMES, gameById, settingsForGame } from "../../www/js/games.js";

test("every game offers the three board sizes; only Mapello has maps", () => {
  for (const game of GAMES) assert.deepEqual(game.sizes, [6, 8, 10]);
  assert.deepEqual(GAMES.filter((g) => g.maps).map((g) => g.id), ["mapello"]);
  assert.equal(gameById("troll"), undefined);
});

test("free play, which takes turns at making maps, becomes a series between two people in a game without maps", () => {
  const freeplay = { mode: "freeplay", opponent: "computer", level: 3 };
  assert.deepEqual(settingsForGame(freeplay, "othello"), { mode: "series", opponent: "human", level: 3 });
  assert.equal(settingsForGame(freeplay, "mapello"), freeplay);
  const series = { mode: "series", opponent: "computer" };
  assert.equal(settingsForGame(series, "reversi"), series);
});
