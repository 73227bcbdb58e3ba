import assert from "node:assert/strict";
import { test } from "node:test";
import { squareIndex } from "../../www/js/geometry.js";
import { HINTS_HELP, connectionPoints, connectionText, edgeMarks, edgeSquares, marksHelp, raceOf, trollOutlook } from "../../www/js/troll.js";
import { loadWasm } from "./wasm.mjs";

// The outlook reads Troll's chain cap from the rules' catalogue.
const { catalogue } = await loadWasm();

const at = (name) => squareIndex(8, name);
const names = (indices) => indices.map((i) => ["a", "b", "c", "d", "e", "f", "g", "h"][(i % 10) - 1] + Math.floor(i / 10)).sort();

/** An outer-grid cells string of the 8 x 8 board with `discs` ({ e4: "X" }) on it. */
function cells(discs) {
  const grid = [..."".padEnd(100, ".")];
  for (const [name, c] of Object.entries(discs)) grid[at(name)] = c;
  return grid.join("");
}

test("black's edges are the top and bottom rows, white's the side columns, corners both", () => {
  const black = names(edgeSquares(8, "X"));
  const white = names(edgeSquares(8, "O"));
  assert.equal(black.length, 16);
  assert.equal(white.length, 16);
  assert.deepEqual(
    black.filter((n) => white.includes(n)),
    ["a1", "a8", "h1", "h8"],
  );
  assert.ok(black.includes("d1") && black.includes("e8") && white.includes("a4") && white.includes("h5"));
});

test("the mover's marks are the opponent's empty edge squares, open where a capture is legal", () => {
  // Black to move; a3 flips b3 (anchored by c3), so it is the one open square of White's edges.
  const legal = ["a3", "d4"].map(at);
  const { capture, closed } = edgeMarks({ size: 8, cells: cells({ b3: "O", c3: "X" }), toMove: "X", legal });
  assert.deepEqual(names(capture), ["a3"]);
  assert.equal(closed.length, 15);
  assert.ok(!closed.includes(at("a3")));
  assert.deepEqual(edgeMarks({ size: 8, cells: cells({}), toMove: null, legal: [] }), { capture: [], closed: [] });
});

test("the end says who connected, or a draw, and scores one game point", () => {
  assert.equal(connectionText("X", null), "Black wins, joining top to bottom.");
  assert.equal(connectionText("O", null), "White wins, joining left to right.");
  assert.equal(connectionText("O", "O"), "You won: you joined left to right.");
  assert.equal(connectionText("X", "O"), "You lost: the computer joined top to bottom.");
  assert.equal(connectionText("draw", null), "Draw: nobody can move and nobody has joined their edges.");
  assert.deepEqual([connectionPoints("X"), connectionPoints("O"), connectionPoints("draw")], [[1, 0], [0, 1], [0, 0]]);
});

test("the computer's outlook in Troll speaks of the race, not of points", () => {
  assert.equal(trollOutlook({ score: 3.5, exact: false }), "It reckons it is about 4 discs ahead in the race to join its edges.");
  assert.equal(trollOutlook({ score: -2.2, exact: false }), "It reckons it is about 2 discs behind in the race to join its edges.");
  assert.equal(trollOutlook({ score: 0.5, exact: false }), "It expects a close race.");
  assert.equal(trollOutlook({ score: 40.5, exact: false }), "It expects to win soon.");
  const cap = catalogue().trollChainCap;
  assert.equal(trollOutlook({ score: -cap, exact: false }), "It expects to lose soon.");
  assert.equal(trollOutlook({ score: cap - 1, exact: false }), `It reckons it is about ${cap - 1} discs ahead in the race to join its edges.`);
  assert.equal(trollOutlook({ score: 627, exact: true }), "It has worked out the rest of the game: it wins with best play.");
  assert.equal(trollOutlook({ score: -627, exact: true }), "It has worked out the rest of the game: it loses with best play.");
  for (const text of [trollOutlook({ score: 5, exact: false }), HINTS_HELP]) assert.doesNotMatch(text, /point/);
});

test("Troll's race is worded from Game.race's counts: to go, joined, or cut off", () => {
  assert.deepEqual(raceOf("X", 5), { count: "5", unit: "to go", caption: "top to bottom", detail: "5 discs to go", words: "Black needs 5 discs more to join top to bottom." });
  assert.deepEqual(raceOf("O", 1), { count: "1", unit: "to go", caption: "left to right", detail: "1 disc to go", words: "White needs 1 disc more to join left to right." });
  assert.equal(raceOf("X", 0).detail, "joined top to bottom");
  assert.equal(raceOf("X", 0).caption, "joined top to bottom");
  assert.equal(raceOf("X", 0).unit, "");
  assert.equal(raceOf("O", null).detail, "cut off");
  assert.equal(raceOf("O", null).caption, "cut off");
});

test("a refused Troll click names the rings and red bars, not dots", () => {
  assert.match(marksHelp("X"), /^On White's edges a ring marks a square you can take with a flip, a red bar one you cannot/);
  assert.doesNotMatch(marksHelp("O"), /dot/);
});
