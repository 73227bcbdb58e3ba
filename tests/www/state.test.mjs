import assert from "node:assert/strict";
import { test } from "node:test";
import { fromGame, turnText, withHover } from "../../www/js/state.js";

const START = ".".repeat(44) + "XO" + ".".repeat(8) + "OX" + ".".repeat(44);
const game = { size: 8, ring: true, cells: START, toMove: "X" };

test("a game's state becomes the board state", () => {
  assert.deepEqual(fromGame(game), { size: 8, ring: true, cells: START, toMove: "X", hover: -1 });
});

test("states breaking the contract are refused", () => {
  assert.throws(() => fromGame({ ...game, size: 0 }), /size/);
  assert.throws(() => fromGame({ ...game, cells: START.slice(1) }), /100 characters/);
  assert.throws(() => fromGame({ ...game, cells: `${START.slice(1)}?` }), /unknown cell character/);
  assert.throws(() => fromGame({ ...game, toMove: "black" }), /side to move/);
});

test("hovering changes the state only when the cell changes", () => {
  const state = fromGame(game);
  assert.equal(withHover(state, -1), state);
  const hovered = withHover(state, 11);
  assert.equal(hovered.hover, 11);
  assert.equal(state.hover, -1);
});

test("the turn line names the side to move", () => {
  assert.equal(turnText({ toMove: "X" }), "Black to move");
  assert.equal(turnText({ toMove: "O" }), "White to move");
  assert.equal(turnText({ toMove: null }), "Game over");
});
