// The levels the page offers and its line on the computer's search.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_LEVEL, foreseesConnection, formatNodes, isExpert, levelLabel, modeSummary, progressLine, timeLeft } from "../../www/js/levels.js";
import { readFileSync } from "node:fs";
import { loadWasm } from "./wasm.mjs";

const wasm = await loadWasm();

// A game played to its end: a timed level reports its time at once.
// A game one move from its end: any level answers it at once, whatever
// its budget (a finished game has no move to find, and is refused).
function lastMoveLeft() {
  const game = new wasm.Game();
  const moves = [];
  while (game.snapshot().status !== "gameOver") {
    const { move } = wasm.bestMove(game, { level: 1 });
    game.play(move);
    moves.push(move);
  }
  game.free();
  return new wasm.Game({ moves: moves.slice(0, -1).join(" ") });
}

test("the page offers exactly the AI's levels", () => {
  const game = new wasm.Game();
  // A node budget replaces the level's, so the strongest level answers at once.
  assert.match(wasm.bestMove(game, { level: MAX_LEVEL, nodes: 1 }).move, /^[a-h][1-8]$/);
  assert.throws(() => wasm.bestMove(game, { level: MAX_LEVEL + 1, nodes: 1 }), new RegExp(`from 1 to ${MAX_LEVEL},`));
});

test("the expert levels have names; the others are plain numbers", () => {
  assert.equal(levelLabel(1), "1");
  assert.equal(levelLabel(8), "8");
  assert.equal(levelLabel(9), "9 · Expert");
  assert.equal(levelLabel(10), "10 · Master");
});

test("the expert levels are the ones the AI plays by a time", () => {
  const ending = lastMoveLeft();
  for (let level = 1; level <= MAX_LEVEL; level += 1) {
    const { timeMs } = wasm.bestMove(ending, { level, timed: true });
    assert.equal(Number.isFinite(timeMs), isExpert(level), `level ${level}: ${timeMs}`);
  }
});

test("the help states the expert levels' times as the AI has them", () => {
  const help = readFileSync(new URL("../../www/index.html", import.meta.url), "utf8").replace(/\s+/g, " ");
  const [, nine, ten] = /9 “Expert” and 10 “Master” think for up to about (\d+) s and (\d+) s a move/.exec(help) ?? [];
  const ending = lastMoveLeft();
  assert.equal(Number(nine) * 1000, wasm.bestMove(ending, { level: 9, timed: true }).timeMs);
  assert.equal(Number(ten) * 1000, wasm.bestMove(ending, { level: 10, timed: true }).timeMs);
});

test("the time left of a timed search, in whole seconds", () => {
  assert.equal(timeLeft(0, 3000), "about 3 s left");
  assert.equal(timeLeft(1200, 3000), "about 2 s left");
  assert.equal(timeLeft(2100, 3000), "under 1 s left");
  assert.equal(timeLeft(5000, 3000), "under 1 s left");
  assert.equal(timeLeft(0, 1000), "about 1 s left");
});

test("counts of positions are rounded as people say them", () => {
  assert.equal(formatNodes(1), "1 position");
  assert.equal(formatNodes(950), "950 positions");
  assert.equal(formatNodes(12_400), "12 thousand positions");
  assert.equal(formatNodes(1_449_000), "1.4 million positions");
});

test("the search so far in one line: how far, how much and what it expects for the side to move, named", () => {
  const p = { depth: 12, nodes: 1_400_000, score: 6.3, exact: false, pv: ["e3"] };
  assert.equal(progressLine(p, "White"), "Thinking… 12 moves ahead · 1.4 million positions · White winning by 6");
  assert.equal(progressLine({ ...p, depth: 1, nodes: 40, score: -2.6 }, "Black"), "Thinking… 1 move ahead · 40 positions · Black losing by 3");
  assert.equal(progressLine({ ...p, score: 0.4 }, "White"), "Thinking… 12 moves ahead · 1.4 million positions · heading for a draw");
  assert.equal(progressLine({ ...p, depth: 20, score: 4, exact: true }, "White"), "Thinking… solved to the end · 1.4 million positions · White wins by 4");
  // Half a point rounds away from zero, as the outlook's words do.
  assert.equal(progressLine({ ...p, score: -5.5 }, "White"), "Thinking… 12 moves ahead · 1.4 million positions · White losing by 6");
  assert.equal(progressLine({ ...p, score: 5.5 }, "White"), "Thinking… 12 moves ahead · 1.4 million positions · White winning by 6");
  // The opening book's move has no search to tell of.
  assert.equal(progressLine({ ...p, depth: 0, nodes: 0, score: 0, book: true }, "White"), "Thinking… playing from the opening book");
  assert.equal(progressLine({ ...p, depth: 20, score: -2, exact: true }, "Black"), "Thinking… solved to the end · 1.4 million positions · Black loses by 2");
  assert.equal(progressLine({ ...p, score: 0, exact: true }), "Thinking… solved to the end · 1.4 million positions · a draw");
});

test("in Troll the line counts discs in the race, and a proven result has no margin", () => {
  const p = { depth: 6, nodes: 30_000, score: 3, exact: false, pv: [] };
  assert.equal(progressLine(p, "Black", { troll: true }), "Thinking… 6 moves ahead · 30 thousand positions · Black 3 ahead in the race");
  assert.equal(progressLine({ ...p, score: -2 }, "Black", { troll: true }), "Thinking… 6 moves ahead · 30 thousand positions · Black 2 behind in the race");
  assert.equal(progressLine({ ...p, score: 0 }, "Black", { troll: true }), "Thinking… 6 moves ahead · 30 thousand positions · even in the race");
  assert.equal(progressLine({ ...p, score: 100 }, "Black", { troll: true }), "Thinking… 6 moves ahead · 30 thousand positions · Black sees a win coming");
  assert.equal(progressLine({ ...p, score: -100 }, "White", { troll: true }), "Thinking… 6 moves ahead · 30 thousand positions · White sees a loss coming");
  assert.equal(progressLine({ ...p, score: -100, exact: true }, "White", { troll: true }), "Thinking… solved to the end · 30 thousand positions · White loses");
});

test("with the evaluation hidden the line tells only how far and how much it searched", () => {
  const p = { depth: 12, nodes: 1_400_000, score: 6.3, exact: false, pv: ["e3"] };
  const hidden = { evaluation: false };
  assert.equal(progressLine(p, "White", hidden), "Thinking… 12 moves ahead · 1.4 million positions");
  assert.equal(progressLine({ ...p, depth: 20, score: 4, exact: true }, "White", hidden), "Thinking… solved to the end · 1.4 million positions");
  assert.equal(progressLine({ ...p, score: 100 }, "Black", { troll: true, evaluation: false }), "Thinking… 12 moves ahead · 1.4 million positions");
});

test("the folded settings name the mode and the computer's levels", () => {
  const base = { opponent: "computer", level: 8, levelWhite: 3 };
  assert.equal(modeSummary({ ...base, mode: "computer" }), "vs computer, level 8");
  assert.equal(modeSummary({ ...base, mode: "computer", level: 10 }), "vs computer, level 10 · Master");
  assert.equal(modeSummary({ ...base, mode: "series" }), "series, level 8");
  assert.equal(modeSummary({ ...base, mode: "series", opponent: "human" }), "series");
  assert.equal(modeSummary({ ...base, mode: "watch" }), "watching 8 v 3");
  assert.equal(modeSummary({ ...base, mode: "hotseat" }), "two players");
  assert.equal(modeSummary({ ...base, mode: "freeplay" }), "free play");
});

test("a Troll value from the evaluation's chain cap on is a connection foreseen, below it a count of discs", () => {
  const cap = wasm.catalogue().trollChainCap;
  assert.equal(foreseesConnection(cap), true);
  assert.equal(foreseesConnection(-cap), true);
  assert.equal(foreseesConnection(cap - 1), false);
  const p = { depth: 6, nodes: 30_000, score: cap - 1, exact: false };
  assert.match(progressLine(p, "Black", { troll: true }), new RegExp(`${cap - 1} ahead in the race$`));
  assert.match(progressLine({ ...p, score: cap }, "Black", { troll: true }), /sees a win coming$/);
});
