// The game clocks' model (www/js/clock.js), on a time of the test's own:
// every function is handed `now`, so nothing here waits.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  advance,
  clockProblem,
  clockText,
  clockWords,
  flagged,
  moveTime,
  newClock,
  PRESETS,
  presetOf,
  remaining,
  settle,
  warningPassed,
} from "../../www/js/clock.js";

const FIVE = PRESETS["5"];
const BLITZ = PRESETS["3+2"];
const T0 = 1_700_000_000_000;

/** Black to move from T0 under `preset`, moves played `moves` (the game under way). */
function started(preset = FIVE, moves = 2) {
  return advance(newClock(preset), { moves, side: "X", running: true }, preset, T0);
}

test("the presets are the settings' time controls", () => {
  assert.deepEqual(Object.keys(PRESETS).sort(), ["1", "10+5", "3+2", "5"]);
  assert.deepEqual(BLITZ, { id: "3+2", baseMs: 180_000, incrementMs: 2000 });
  assert.equal(presetOf("none"), null);
  assert.equal(presetOf("toString"), null);
  assert.equal(presetOf(5), null);
  assert.equal(presetOf("10+5")?.baseMs, 600_000);
});

test("only the mover's clock ticks", () => {
  const c = started();
  assert.equal(remaining(c, "X", T0 + 7000), 293_000);
  assert.equal(remaining(c, "O", T0 + 7000), 300_000);
});

test("a move stops the mover's clock, adds the increment, and starts the other", () => {
  const c = advance(started(BLITZ), { moves: 3, side: "O", running: true }, BLITZ, T0 + 5000);
  assert.deepEqual(c.left, [177_000, 180_000]);
  assert.equal(c.side, "O");
  assert.equal(remaining(c, "O", T0 + 6000), 179_000);
  assert.equal(remaining(c, "X", T0 + 60_000), 177_000);
});

test("no clock runs before the first move; from it only the mover's, the first move earning no increment", () => {
  const waiting = advance(newClock(BLITZ), { moves: 0, side: "X", running: true }, BLITZ, T0);
  assert.equal(waiting.side, null);
  assert.equal(waiting.since, null);
  assert.equal(remaining(waiting, "X", T0 + 600_000), 180_000, "Black reads the board on no clock");
  assert.equal(flagged(waiting, T0 + 10 ** 9), null);
  const first = advance(waiting, { moves: 1, side: "O", running: true }, BLITZ, T0 + 600_000);
  assert.deepEqual(first.left, [180_000, 180_000]);
  assert.equal(first.side, "O");
  assert.equal(remaining(first, "O", T0 + 610_000), 170_000);
  assert.equal(remaining(first, "X", T0 + 610_000), 180_000);
  const back = advance(first, { moves: 0, side: "X", running: true }, BLITZ, T0 + 615_000);
  assert.equal(back.since, null, "taken back to the start, the clocks stop again");
  assert.deepEqual(back.left, [180_000, 165_000]);
});

test("a move taken back gives no time back and earns no increment", () => {
  const after = advance(started(BLITZ, 4), { moves: 5, side: "O", running: true }, BLITZ, T0 + 3000);
  const back = advance(after, { moves: 4, side: "X", running: true }, BLITZ, T0 + 4000);
  assert.deepEqual(back.left, [179_000, 179_000]);
  assert.equal(back.side, "X");
});

test("a stopped clock keeps its time until it runs again", () => {
  const stopped = advance(started(), { moves: 2, side: "X", running: false }, FIVE, T0 + 2000);
  assert.equal(stopped.since, null);
  assert.equal(remaining(stopped, "X", T0 + 600_000), 298_000);
  const again = advance(stopped, { moves: 2, side: "X", running: true }, FIVE, T0 + 600_000);
  assert.equal(remaining(again, "X", T0 + 601_000), 297_000);
});

test("the end stops both clocks", () => {
  const over = advance(started(), { moves: 2, side: null, running: true }, FIVE, T0 + 1000);
  assert.equal(over.since, null);
  assert.equal(flagged(over, T0 + 10 ** 9), null);
});

test("a reload reads the same clock: the time while the page was closed is the mover's", () => {
  const saved = JSON.parse(JSON.stringify(settle(started(), T0 + 10_000)));
  assert.equal(clockProblem(saved, FIVE), null);
  assert.equal(remaining(saved, "X", T0 + 70_000), 230_000);
});

test("a flag falls when the mover's time is gone, not before", () => {
  const c = started(PRESETS["1"]);
  assert.equal(flagged(c, T0 + 59_999), null);
  assert.equal(flagged(c, T0 + 60_000), "X");
  assert.equal(remaining(c, "X", T0 + 90_000), 0);
});

test("a system clock set back takes no time", () => {
  assert.equal(remaining(started(), "X", T0 - 50_000), 300_000);
});

test("a damaged saved clock is refused with its reason", () => {
  const good = started();
  assert.equal(clockProblem(null, FIVE), "it is not a clock");
  assert.equal(clockProblem(good, BLITZ), "it is of another time control");
  assert.equal(clockProblem({ ...good, left: [1, -1] }, FIVE), "its times are damaged");
  assert.equal(clockProblem({ ...good, left: [1, Infinity] }, FIVE), "its times are damaged");
  assert.equal(clockProblem({ ...good, moves: 1.5 }, FIVE), "its move count is damaged");
  assert.equal(clockProblem({ ...good, side: "Z" }, FIVE), "its side is damaged");
  assert.equal(clockProblem({ ...good, since: "soon" }, FIVE), "its start is damaged");
});

test("the computer's move time follows its clock", () => {
  assert.equal(moveTime(300_000, 0), 15_000);
  assert.equal(moveTime(180_000, 2000), 10_600);
  // Short of time, at most a quarter of what is left.
  assert.equal(moveTime(2000, 2000), 500);
  assert.equal(moveTime(0, 0), 20);
});

test("clocks read as minutes and seconds, tenths in the last ten seconds", () => {
  assert.equal(clockText(300_000), "5:00");
  assert.equal(clockText(61_999), "1:01");
  assert.equal(clockText(9_340), "0:09.3");
  assert.equal(clockText(-5), "0:00.0");
  assert.equal(clockWords(61_000), "1 minute 1 second");
  assert.equal(clockWords(120_000), "2 minutes");
  assert.equal(clockWords(9_900), "9 seconds");
});

test("the last minute and the last ten seconds are said once, as they pass", () => {
  assert.equal(warningPassed(60_100, 59_900), 60_000);
  assert.equal(warningPassed(59_900, 59_800), null);
  assert.equal(warningPassed(10_050, 9_950), 10_000);
  assert.equal(warningPassed(Infinity, 50_000), 60_000);
  assert.equal(warningPassed(100, 0), null);
});
