// The analysis model: which moves lead to the position shown, stepping
// through the main line and the tried line, trying moves (following a line
// or branching off it), following the game as it moves on or is taken
// back, and what the state line says. With the wasm module, every position
// the model reaches on a real game is one the rules replay.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describe, follow, goTo, isAt, jump, movesAt, numbered, plyOf, startAnalysis, step, tryMove } from "../../www/js/analysis.js";
import { loadWasm } from "./wasm.mjs";

const GAME = ["d3", "c5", "f6", "f5", "e6"];

test("opening shows the position after the clicked move, within the game", () => {
  assert.deepEqual(movesAt(startAnalysis(GAME, 2)), ["d3", "c5"]);
  assert.deepEqual(movesAt(startAnalysis(GAME, 0)), []);
  assert.deepEqual(movesAt(startAnalysis(GAME, 99)), GAME);
  assert.deepEqual(movesAt(startAnalysis(GAME, -3)), []);
  assert.deepEqual(movesAt(startAnalysis(GAME, Number.NaN)), GAME);
});

test("the analysis keeps its own copy of the game's moves", () => {
  const moves = [...GAME];
  const analysis = startAnalysis(moves, 5);
  moves.push("f4");
  tryMove(analysis, "zz");
  assert.deepEqual(analysis.main, GAME);
});

test("stepping walks the main line and stops at its ends", () => {
  let a = startAnalysis(GAME, 1);
  a = step(a, 1);
  assert.equal(plyOf(a), 2);
  a = step(a, -5);
  assert.equal(plyOf(a), 0);
  a = jump(a, "end");
  assert.equal(plyOf(a), 5);
  a = step(a, 1);
  assert.equal(plyOf(a), 5);
  assert.equal(plyOf(jump(a, "start")), 0);
});

test("the game's own next move follows the main line without a branch", () => {
  const a = tryMove(startAnalysis(GAME, 2), "f6");
  assert.equal(a.branch, null);
  assert.deepEqual(a.cursor, { line: "main", n: 3 });
});

test("another move starts the tried line beside the main line", () => {
  const a = tryMove(startAnalysis(GAME, 2), "e3");
  assert.deepEqual(a.branch, { from: 2, moves: ["e3"] });
  assert.deepEqual(movesAt(a), ["d3", "c5", "e3"]);
  assert.deepEqual(a.main, GAME);
  const b = tryMove(tryMove(a, "f4"), "e6");
  assert.deepEqual(movesAt(b), ["d3", "c5", "e3", "f4", "e6"]);
  assert.deepEqual(b.cursor, { line: "branch", n: 3 });
});

test("back from the tried line's first move is its branch point; on again follows the tried line", () => {
  let a = tryMove(tryMove(startAnalysis(GAME, 2), "e3"), "f4");
  a = step(a, -1);
  assert.deepEqual(a.cursor, { line: "branch", n: 1 });
  a = step(a, -1);
  assert.deepEqual(a.cursor, { line: "main", n: 2 });
  assert.deepEqual(a.branch, { from: 2, moves: ["e3", "f4"] });
  // Trying the tried line's move again walks it rather than starting anew.
  a = tryMove(a, "e3");
  assert.deepEqual(a.cursor, { line: "branch", n: 1 });
  assert.deepEqual(jump(a, "end").cursor, { line: "branch", n: 2 });
});

test("a new move inside the tried line replaces what followed it", () => {
  let a = tryMove(tryMove(tryMove(startAnalysis(GAME, 2), "e3"), "f4"), "e6");
  a = step(a, -2);
  a = tryMove(a, "c4");
  assert.deepEqual(a.branch, { from: 2, moves: ["e3", "c4"] });
  assert.deepEqual(movesAt(a), ["d3", "c5", "e3", "c4"]);
});

test("goTo refuses a position the lines do not have", () => {
  const a = tryMove(startAnalysis(GAME, 2), "e3");
  assert.equal(goTo(a, { line: "branch", n: 2 }), a);
  assert.equal(goTo(a, { line: "branch", n: 0 }), a);
  assert.equal(goTo(a, { line: "main", n: 6 }), a);
  assert.equal(goTo(a, { line: "main", n: 1.5 }), a);
  assert.ok(isAt(goTo(a, { line: "main", n: 4 }), { line: "main", n: 4 }));
});

test("a move played in the game keeps the analysis where it was", () => {
  const a = tryMove(startAnalysis(GAME, 2), "e3");
  const b = follow(a, [...GAME, "f4"]);
  assert.deepEqual(b.main, [...GAME, "f4"]);
  assert.deepEqual(b.branch, a.branch);
  assert.deepEqual(movesAt(b), movesAt(a));
});

test("a move taken back in the game drops what stood on it", () => {
  const onMain = follow(startAnalysis(GAME, 5), GAME.slice(0, 3));
  assert.deepEqual(onMain.cursor, { line: "main", n: 3 });
  const tried = tryMove(startAnalysis(GAME, 4), "c4");
  const dropped = follow(tried, GAME.slice(0, 3));
  assert.equal(dropped.branch, null);
  assert.deepEqual(dropped.cursor, { line: "main", n: 3 });
  const kept = follow(tryMove(startAnalysis(GAME, 2), "e3"), GAME.slice(0, 3));
  assert.deepEqual(kept.branch, { from: 2, moves: ["e3"] });
  assert.deepEqual(movesAt(kept), ["d3", "c5", "e3"]);
});

test("the state line says where the board stands", () => {
  assert.equal(describe(startAnalysis(GAME, 0)), "Start of the game, before move 1 of 5");
  assert.equal(describe(startAnalysis(GAME, 3)), "Move 3 of 5 (f6)");
  assert.equal(describe(tryMove(startAnalysis(GAME, 2), "e3")), "Tried line, move 3 (e3), branching after move 2");
  assert.equal(describe(tryMove(startAnalysis(GAME, 0), "c4")), "Tried line, move 1 (c4), from the start");
  assert.equal(numbered(["d3", "c5", "e3", "f4"], 2, 2), "3. e3 4. f4");
  assert.equal(numbered(GAME, 2), "3. f6");
});

test("moves are numbered as the move list numbers them: by the discs played, a pass without a number", () => {
  // Black passes after White's second disc (move 4): the game's fifth and sixth plies are a pass and move 5.
  const game = ["d3", "c5", "f6", "f5", "pass", "e6"];
  assert.equal(describe(startAnalysis(game, 0)), "Start of the game, before move 1 of 5");
  assert.equal(describe(startAnalysis(game, 5)), "Pass after move 4 of 5");
  assert.equal(describe(startAnalysis(game, 6)), "Move 5 of 5 (e6)");
  assert.equal(numbered(game, 3, 3), "4. f5 pass 5. e6");
  assert.equal(describe(tryMove(startAnalysis(game, 5), "e3")), "Tried line, move 5 (e3), branching after move 4");
  const passed = { main: game, branch: { from: 4, moves: ["pass", "e3"] }, cursor: { line: "branch", n: 1 } };
  assert.equal(describe(passed), "Tried line, pass after move 4, branching after move 4");
  assert.equal(describe({ ...passed, cursor: { line: "branch", n: 2 } }), "Tried line, move 5 (e3), branching after move 4");
});

test("every position reached on a real game is one the rules replay, the game untouched", async () => {
  const { Game } = await loadWasm();
  const game = new Game({ variant: "othello", size: 8 });
  for (let k = 0; k < 8; k += 1) game.play(game.snapshot().legal[0]);
  const before = game.transcript();
  const names = game.snapshot().moves;
  let a = startAnalysis(names, 3);
  for (let k = 0; k < 4; k += 1) {
    const probe = new Game({ variant: "othello", size: 8, moves: movesAt(a).join(" ") });
    const { legal } = probe.snapshot();
    probe.free();
    a = tryMove(a, legal.at(-1));
  }
  const replayed = new Game({ variant: "othello", size: 8, moves: movesAt(a).join(" ") });
  assert.equal(replayed.snapshot().moves.length, 7);
  assert.equal(a.cursor.line, "branch");
  assert.equal(game.transcript(), before);
});
