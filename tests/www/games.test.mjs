// The game chooser's list, and the settings each game can be played with.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BOARD_GAMES, BONUS_POINTS, DEFAULT_SIZE, GAMES, gameById, settingsForGame } from "../../www/js/games.js";
import { loadWasm } from "./wasm.mjs";

const { Game, catalogue, presets } = await loadWasm();

test("the Reversi family offers the three board sizes, Troll 8 x 8 alone; only Mapello has maps; Blocs has its own page", () => {
  assert.deepEqual(GAMES.map((g) => g.id), ["mapello", "othello", "reversi", "troll", "blocs"]);
  for (const id of ["mapello", "othello", "reversi"]) assert.deepEqual(gameById(id).sizes, [6, 8, 10]);
  assert.deepEqual(gameById("troll").sizes, [8]);
  assert.deepEqual(BOARD_GAMES.map((g) => g.id), ["mapello", "othello", "reversi", "troll"]);
  assert.deepEqual(GAMES.filter((g) => g.view).map((g) => `${g.id} ${g.view}`), ["blocs blocs"]);
  assert.deepEqual(GAMES.filter((g) => g.maps).map((g) => g.id), ["mapello"]);
  assert.equal(gameById("chess"), undefined);
});

test("free play, which takes turns at making maps, becomes a series between two people in a game without maps", () => {
  const freeplay = { mode: "freeplay", opponent: "computer", level: 3 };
  assert.deepEqual(settingsForGame(freeplay, "othello"), { mode: "series", opponent: "human", level: 3 });
  assert.equal(settingsForGame(freeplay, "mapello"), freeplay);
  const series = { mode: "series", opponent: "computer" };
  assert.equal(settingsForGame(series, "reversi"), series);
});

test("a bonus is worth to the page what the rules core scores it", () => {
  // Plays the first legal move until a bonus is taken, on a map full of them.
  const game = new Game({ map: presets().find((p) => p.id === "bonus-hunt").code });
  let snap = game.snapshot();
  while (snap.status !== "gameOver" && snap.taken[0] + snap.taken[1] === 0) {
    game.play(snap.status === "mustPass" ? "pass" : snap.legal[0]);
    snap = game.snapshot();
  }
  game.free();
  assert.ok(snap.taken[0] + snap.taken[1] > 0, "a bonus was taken");
  const discs = (side) => [...snap.cells].filter((c) => c === side).length;
  assert.deepEqual(snap.score, [discs("X") + BONUS_POINTS * snap.taken[0], discs("O") + BONUS_POINTS * snap.taken[1]]);
});

test("the chooser's games are the wasm catalogue's, with the same names, sizes and maps", () => {
  const facts = ({ id, name, sizes, defaultSize, maps }) => ({ id, name, sizes, defaultSize, maps });
  assert.deepEqual(GAMES.map(facts), catalogue().games.map(facts));
});

test("each game starts on its catalogue size, and the page's first game on 8 x 8", () => {
  assert.deepEqual(GAMES.map((g) => `${g.id} ${g.defaultSize}`), ["mapello 8", "othello 8", "reversi 8", "troll 8", "blocs 4"]);
  assert.equal(DEFAULT_SIZE, 8);
});
