import assert from "node:assert/strict";
import { test } from "node:test";
import { squareIndex } from "../../www/js/geometry.js";
import { cursorStart, fromGame, isLegal, withChanges, withCursorKey, withHover } from "../../www/js/state.js";

const START = ".".repeat(44) + "XO" + ".".repeat(8) + "OX" + ".".repeat(44);
const game = { size: 8, ring: true, cells: START, toMove: "X", legal: ["e3", "f4", "c5", "d6"], lastMove: null, flipped: [] };

test("a game's state becomes the board state, squares as outer-grid indices", () => {
  const state = fromGame({ ...game, lastMove: "e3", flipped: ["e4"] });
  assert.equal(state.size, 8);
  assert.equal(state.cells, START);
  assert.deepEqual(state.legal, [35, 46, 53, 64]);
  assert.equal(state.lastMove, squareIndex(8, "e3"));
  assert.deepEqual(state.flipped, [squareIndex(8, "e4")]);
  assert.equal(state.hover, -1);
  assert.equal(state.cursor, -1);
});

test("a pass as the last move marks no square", () => {
  assert.equal(fromGame({ ...game, lastMove: "pass" }).lastMove, -1);
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
  assert.equal(withChanges(hovered, { hover: 11 }), hovered);
});

test("the keyboard cursor starts on the first legal move and stays on the inner board", () => {
  let state = fromGame(game);
  assert.equal(cursorStart(state), squareIndex(8, "e3"));
  state = withCursorKey(state, "ArrowDown");
  assert.equal(state.cursor, squareIndex(8, "e3"));
  state = withCursorKey(state, "ArrowDown");
  assert.equal(state.cursor, squareIndex(8, "e4"));
  state = withCursorKey(state, "Home");
  assert.equal(state.cursor, squareIndex(8, "a1"));
  assert.equal(withCursorKey(state, "ArrowUp"), state, "no square above a1");
  assert.equal(withCursorKey(state, "ArrowLeft"), state, "the ring is not a move");
  assert.equal(withCursorKey(state, "End").cursor, squareIndex(8, "h8"));
  assert.equal(withCursorKey(state, "x"), null);
});

test("legality is the game's list", () => {
  const state = fromGame(game);
  assert.ok(isLegal(state, squareIndex(8, "d6")));
  assert.ok(!isLegal(state, squareIndex(8, "d4")));
});
