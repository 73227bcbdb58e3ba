// The review model: answers are checked before use, the graph fits its box,
// the summary names each player's worst moves; and, with the wasm module,
// a real game's review marks its known blunder.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  addItem,
  classes,
  describe,
  discNumber,
  fits,
  graph,
  isComplete,
  itemProblem,
  lossText,
  nearestPoint,
  nextIndex,
  numbered,
  progress,
  reconcile,
  reviewable,
  reviewProblem,
  startReview,
  step,
  unitOf,
  summary,
  valueText,
} from "../../www/js/review.js";
import { loadWasm } from "./wasm.mjs";

// The review's levels, classes and units, as the page reads them from the wasm catalogue.
const { catalogue } = await loadWasm();
const { maxMoves, maxPoints, maxMoveChars } = catalogue();

const GAME = { map: "16AAAAAAAAAAAAAAAA", variant: "othello", moves: "d5c5b2e3" };
const NAMES = ["d5", "c5", "b2", "e3"];

// The classes of src/ai/review.rs's point thresholds, for made-up answers.
const classOf = (loss) => (loss >= 10 ? "blunder" : loss >= 5 ? "mistake" : loss >= 2 ? "inaccuracy" : null);

// An answer as the worker's reviewMove gives it.
function item(index, mover, played, playedValue, best, bestValue, extra = {}) {
  const sign = mover === "X" ? 1 : -1;
  const loss = bestValue - playedValue;
  return {
    index,
    mover,
    played,
    playedValue,
    best,
    bestValue,
    playedForBlack: sign * playedValue,
    bestForBlack: sign * bestValue,
    loss,
    class: classOf(loss),
    exact: false,
    depth: 6,
    ...extra,
  };
}

const ITEMS = [
  item(0, "X", "d5", 1, "d5", 1),
  item(1, "O", "c5", -4, "e3", -1),
  item(2, "X", "b2", -8, "c4", 4),
  item(3, "O", "e3", 6, "e3", 6),
];

function full() {
  return ITEMS.reduce(addItem, startReview(GAME, NAMES));
}

test("the class is Rust's: any known class is taken, an unknown one or one on no loss is not", () => {
  assert.deepEqual(classes(), ["inaccuracy", "mistake", "blunder"]);
  const good = ITEMS[2];
  assert.equal(itemProblem({ ...good, class: "mistake" }, 2, NAMES), null);
  assert.equal(itemProblem({ ...good, class: "howler" }, 2, NAMES), "its class is unknown");
  assert.equal(itemProblem({ ...ITEMS[0], class: "mistake" }, 0, NAMES), "its class does not match its loss");
});

// White's g7 walks into a proven loss, as the wasm review answers it.
const TROLL_ITEM = {
  index: 0, unit: "chain", mover: "O", played: "g7", best: "e5",
  playedValue: -100, bestValue: -1, playedForBlack: 100, bestForBlack: 1,
  playedResult: "lost", bestResult: null,
  loss: 99, class: "blunder", exact: false, depth: 6,
};

test("a Troll move that walks into a proven loss reads as lost, not as 99 steps", () => {
  assert.equal(itemProblem(TROLL_ITEM, 0, ["g7"]), null);
  assert.equal(itemProblem({ ...TROLL_ITEM, unit: "discs" }, 0, ["g7"]), "its unit is unknown");
  assert.equal(itemProblem({ ...TROLL_ITEM, playedResult: "drawn" }, 0, ["g7"]), "its proven result is unknown");
  assert.equal(valueText(TROLL_ITEM, "played"), "lost");
  assert.equal(valueText(TROLL_ITEM, "best"), "\u22121");
  assert.equal(lossText(TROLL_ITEM), "a proven loss walked into");
  assert.equal(
    describe(TROLL_ITEM, 1),
    "1. White g7: a proven loss for White (best e5: −1; a proven loss walked into — blunder; looked 6 moves ahead)",
  );
  const review = addItem(startReview({ ...GAME, variant: "troll" }, ["g7"]), TROLL_ITEM);
  const s = summary(review).O;
  assert.equal(s.lost, 0, "a proven result adds no steps");
  assert.equal(s.walked, 1);
  assert.equal(s.thrown, 0);
  // On the graph the proven result sits on the edge, not 100 steps out.
  const g = graph(review, { width: 100, height: 100, pad: 10 });
  assert.equal(g.scale, 10);
  assert.equal(g.points[0].y, g.top);
});

test("Troll's review counts chain steps, the others' points", () => {
  assert.deepEqual(unitOf(startReview({ ...GAME, variant: "troll" }, NAMES)), ["chain step", "chain steps"]);
  assert.deepEqual(unitOf(startReview(GAME, NAMES)), ["point", "points"]);
});

test("Mapello, Othello, Reversi and Troll are reviewed; Blocs is not", () => {
  assert.deepEqual(
    ["mapello", "othello", "reversi", "troll", "blocs"].map(reviewable),
    [true, true, true, true, false],
  );
});

test("a review of a game from a set-up position keeps its start, and fits only that game", () => {
  const setUp = { ...GAME, start: "X.27OX6XO27" };
  const review = startReview(setUp, NAMES);
  assert.equal(review.game.start, setUp.start);
  assert.ok(fits(review, setUp));
  assert.ok(!fits(review, GAME), "not the same moves from the usual start");
  assert.ok(!fits(startReview(GAME, NAMES), setUp));
  assert.equal("start" in startReview(GAME, NAMES).game, false, "a usual start is kept as absent");
});

test("a review walks the moves in order until every one is analysed", () => {
  let review = startReview(GAME, NAMES);
  assert.ok(fits(review, GAME));
  assert.ok(!fits(review, { ...GAME, moves: "d5c5" }));
  for (const [i, answer] of ITEMS.entries()) {
    assert.equal(nextIndex(review), i);
    assert.deepEqual(progress(review), { done: i, total: 4 });
    assert.equal(itemProblem(answer, i, NAMES), null);
    review = addItem(review, answer);
  }
  assert.equal(nextIndex(review), null);
  assert.ok(isComplete(review));
});

test("answers that cannot be the analysis asked for are refused", () => {
  const good = ITEMS[2];
  const cases = [
    [null, /not an analysis/],
    [{ ...good, index: 3 }, /another move/],
    [{ ...good, played: "c4" }, /another move/],
    [{ ...good, mover: "Z" }, /mover/],
    [{ ...good, best: "" }, /best move/],
    [{ ...good, playedValue: 1.5 }, /whole numbers/],
    [{ ...good, depth: "6" }, /whole numbers/],
    [{ ...good, depth: maxPoints + 1 }, /whole numbers/],
    [{ ...good, best: "c".repeat(maxMoveChars + 1) }, /best move/],
    [{ ...good, loss: 3 }, /loss/],
    [item(2, "X", "b2", 5, "c4", 4), /loss/],
    [{ ...good, playedForBlack: 8 }, /for black/],
    [{ ...good, class: "howler" }, /class/],
    [{ ...good, exact: "no" }, /deep/],
  ];
  for (const [answer, problem] of cases) assert.match(itemProblem(answer, 2, NAMES), problem, JSON.stringify(answer));
});

test("the graph fits its box, black up, with an even game in the middle", () => {
  const g = graph(full(), { width: 300, height: 100, pad: 10 });
  assert.equal(g.points.length, 4);
  assert.equal(g.zero, 50);
  assert.equal(g.scale, 10);
  assert.deepEqual(
    g.points.map((p) => Math.round(p.x * 100) / 100),
    [10, 103.33, 196.67, 290],
  );
  // Black +1, then +4 (white's -4), -8, -6.
  assert.deepEqual(
    g.points.map((p) => p.value),
    [1, 4, -8, -6],
  );
  for (const p of g.points) assert.ok(p.y >= g.top && p.y <= g.bottom);
  assert.ok(g.points[1].y < g.zero && g.points[2].y > g.zero);
  assert.equal(g.points[2].cls, "blunder");
  // A big swing widens the scale instead of leaving the box.
  const wide = graph(addItem(startReview(GAME, NAMES), item(0, "X", "d5", 40, "d5", 40)), { width: 300, height: 100 });
  assert.equal(wide.scale, 40);
  assert.equal(wide.points[0].y, wide.top);
  assert.equal(nearestPoint(g.points, 180), 2);
  assert.equal(nearestPoint([], 180), null);
});

test("each player's summary adds the points lost and names the worst moves", () => {
  const s = summary(full());
  assert.equal(s.X.lost, 12);
  assert.deepEqual(s.X.counts, { inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.deepEqual(
    s.X.worst.map((r) => r.played),
    ["b2"],
  );
  assert.equal(s.O.lost, 3);
  assert.deepEqual(s.O.counts, { inaccuracy: 1, mistake: 0, blunder: 0 });
  assert.deepEqual(
    s.O.worst.map((r) => r.index),
    [1],
  );
});

test("stepping stays within the analysed moves", () => {
  const review = full();
  assert.equal(step(review, null, 1), 0);
  assert.equal(step(review, null, -1), 3);
  assert.equal(step(review, 0, -1), 0);
  assert.equal(step(review, 2, 1), 3);
  assert.equal(step(review, 3, 1), 3);
  assert.equal(step(startReview(GAME, NAMES), null, 1), null);
});

test("a move reads as a sentence, its values the mover's", () => {
  assert.equal(describe(ITEMS[2], 3), "3. Black b2: −8 for Black (best c4: +4; 12 points lost — blunder; looked 6 moves ahead)");
  assert.equal(describe(ITEMS[1], 2), "2. White c5: −4 for White (best e3: −1; 3 points lost — inaccuracy; looked 6 moves ahead)");
  assert.equal(describe({ ...ITEMS[0], exact: true, depth: 9 }, 1), "1. Black d5: +1 for Black (the best move; worked out to the end, 9 empty squares)");
  // Another move as good is no better: it is named, nothing is lost.
  assert.equal(describe(item(0, "X", "f4", -12, "c5", -12), 1), "1. Black f4: −12 for Black (as good as c5; looked 6 moves ahead)");
  // A pass has no number.
  assert.match(describe(item(1, "O", "pass", -3, "pass", -3), null), /^White pass: /);
});

test("moves are numbered as the move list numbers them: passes not counted, none for a pass", () => {
  const names = ["f5", "d6", "pass", "c3", "pass", "pass"];
  assert.deepEqual(
    names.map((_, i) => discNumber(names, i)),
    [1, 2, null, 3, null, null],
  );
  const review = startReview(GAME, ["d6", "pass", "f7"]);
  assert.equal(numbered(review, item(2, "X", "f7", -11, "f5", 2)), "2. f7");
  assert.equal(numbered(review, item(1, "O", "pass", 0, "pass", 0)), "pass");
});

test("a stored review is used only for its own game and when every item holds", () => {
  const review = full();
  const stored = JSON.parse(JSON.stringify(review));
  assert.equal(reviewProblem(stored, GAME), null);
  assert.equal(reviewProblem({ ...stored, items: [] }, GAME), null);
  const cases = [
    [null, /not a review/],
    [{ ...stored, game: { ...GAME, moves: "d5" } }, /another game/],
    [{ ...stored, level: 9 }, /level/],
    [{ ...stored, names: "d5" }, /moves/],
    [{ ...stored, names: Array(maxMoves + 1).fill("d5") }, /moves/],
    [{ ...stored, names: ["d5", "c".repeat(maxMoveChars + 1)] }, /moves/],
    [{ ...stored, items: [...stored.items, stored.items[0]] }, /analysis/],
    [{ ...stored, items: [stored.items[1]] }, /move 1/],
  ];
  for (const [data, problem] of cases) assert.match(reviewProblem(data, GAME), problem, JSON.stringify(data)?.slice(0, 80));
});

// A random 6 x 6 Othello game whose 25th move, black's e6 with 8 empty
// squares left, turns +2 into -10 (tests/wasm_ai.rs has the same game).
// Black made worse moves earlier (a solve finds e5 losing 25 and d2 20),
// so the summary's three worst need not include it, but none is milder.
const SIX_GAME = "d5c5b2e3c6b4f3f2a5a4e5b3a3c2d1a2a1f4d2b5a6d6f5f6e6e4b6e1f1c1b1e2";

test("the wasm module's review of a real game passes every check and marks its blunder", async () => {
  const wasm = await loadWasm();
  const game = new wasm.Game({ variant: "othello", size: 6, moves: SIX_GAME });
  const record = { map: game.mapCode(), variant: "othello", moves: game.transcript() };
  let review = startReview(record, game.snapshot().moves, 1);
  for (let i = nextIndex(review); i !== null; i = nextIndex(review)) {
    const answer = wasm.reviewMove(game, i, { level: review.level });
    assert.equal(itemProblem(answer, i, review.names), null, JSON.stringify(answer));
    review = addItem(review, answer);
  }
  assert.equal(review.items.length, 32);
  const blunder = review.items[24];
  assert.equal(blunder.class, "blunder");
  assert.equal(blunder.exact, true);
  assert.deepEqual([blunder.played, blunder.best, blunder.loss], ["e6", "b6", 12]);
  const { worst, counts } = summary(review).X;
  assert.ok(counts.blunder >= 1);
  assert.equal(worst.length, 3);
  assert.ok(worst.every((r) => r.mover === "X" && r.loss >= blunder.loss), JSON.stringify(worst));
  assert.equal(reviewProblem(JSON.parse(JSON.stringify(review)), record), null);
});

test("a stored review is cut to what fits the game as played, the rest to analyse again", () => {
  const stored = full();
  assert.deepEqual(reconcile(stored, NAMES), stored);
  // Fewer names than the game: every move is named, the analysis kept.
  assert.deepEqual(reconcile({ ...stored, names: NAMES.slice(0, 1), items: stored.items.slice(0, 1) }, NAMES).names, NAMES);
  // More names or items than the game has: cut to the game.
  const longer = reconcile({ ...stored, names: [...NAMES, "f6"] }, NAMES.slice(0, 3));
  assert.deepEqual([longer.names, longer.items.length], [NAMES.slice(0, 3), 3]);
  // An item of another move than the one played: kept up to it.
  const other = { ...stored.items[1], played: "b2" };
  const cut = reconcile({ ...stored, items: [stored.items[0], other, ...stored.items.slice(2)] }, NAMES);
  assert.deepEqual(cut.items, stored.items.slice(0, 1));
  assert.equal(nextIndex(cut), 1);
});

test("the wasm module names Troll's proven results, and the summary adds no 100s", async () => {
  const wasm = await loadWasm();
  // White's g7 lets Black's column d reach row 8 (tests/cli.rs has the same game).
  const moves = "d1c5d2g2d3g3d4g4d5g5d6g6d7g7d8";
  const game = new wasm.Game({ variant: "troll", moves });
  const record = { map: game.mapCode(), variant: "troll", moves: game.transcript() };
  let review = startReview(record, game.snapshot().moves, 1);
  for (let i = nextIndex(review); i !== null; i = nextIndex(review)) {
    const answer = wasm.reviewMove(game, i, { level: review.level });
    assert.equal(itemProblem(answer, i, review.names), null, JSON.stringify(answer));
    review = addItem(review, answer);
  }
  const g7 = review.items[13];
  assert.deepEqual([g7.played, g7.playedResult, g7.bestResult, g7.class], ["g7", "lost", null, "blunder"]);
  assert.deepEqual([review.items[14].playedResult, review.items[14].bestResult], ["won", "won"]);
  assert.equal(review.items[0].playedResult, null);
  const white = summary(review).O;
  assert.equal(white.walked, 1);
  assert.ok(white.lost < 100, `White lost ${white.lost} chain steps`);
  // The other games name no results.
  const othello = new wasm.Game({ variant: "othello", moves: "f5" });
  assert.equal(wasm.reviewMove(othello, 0).playedResult, null);
});
