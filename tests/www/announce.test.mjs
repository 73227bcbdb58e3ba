// Sentences for the status line and the screen reader.
import assert from "node:assert/strict";
import { test } from "node:test";
import { flipDuration, flipLook, moveAnimation, progress } from "../../www/js/anim.js";
import { lineText, moveText, passText, points, resultForPlayer, resultText, signed, withVerb } from "../../www/js/announce.js";

test("moves, passes and results read as sentences", () => {
  assert.equal(moveText("X", "e3", 1, false), "Black played e3, flipping 1 disc.");
  assert.equal(moveText("O", "c4", 3, true), "White played c4, flipping 3 discs and taking a bonus.");
  assert.equal(passText("O"), "White had no legal move and passed.");
  assert.equal(resultText([36, 28], "X"), "Black wins 36 to 28.");
  assert.equal(resultText([27, 43], "O"), "White wins 43 to 27.");
  assert.equal(resultText([32, 32], "draw"), "Draw, 32 to 32.");
});

test("a player against the computer reads the result as theirs", () => {
  assert.equal(resultForPlayer([45, 25], "O"), "You lost 25 to 45.");
  assert.equal(resultForPlayer([45, 25], "X"), "You won 45 to 25.");
  assert.equal(resultForPlayer([32, 32], "O"), "Draw, 32 to 32.");
  assert.equal(withVerb("You", "leads", "lead"), "You lead");
  assert.equal(withVerb("Player 2", "leads", "lead"), "Player 2 leads");
});

test("flips animate unless the user prefers reduced motion", () => {
  assert.equal(flipDuration(true), 0);
  assert.ok(flipDuration(false) > 0);
  assert.equal(moveAnimation(44, [45], 0, 0), null);
  assert.equal(moveAnimation(-1, [], 0, 300), null, "a pass has nothing to animate");
  const anim = moveAnimation(44, [45], 1000, 300);
  assert.equal(progress(anim, 1000), 0);
  assert.equal(progress(anim, 1150), 0.5);
  assert.equal(progress(anim, 5000), 1);
  assert.equal(progress(null, 0), 1);
});

test("a flipping disc narrows, turns at half way, and widens in its new colour", () => {
  assert.deepEqual(flipLook(0), { scaleX: 1, old: true });
  assert.ok(flipLook(0.45).scaleX < 0.2 && flipLook(0.45).old);
  assert.ok(!flipLook(0.55).old);
  assert.ok(Math.abs(flipLook(1).scaleX - 1) < 1e-9);
});

test("an expected line says who plays first, in the short form, passes included", () => {
  assert.equal(lineText(["d3", "c5", "pass", "e6"], "X"), "(Black first): d3 c5 pass e6");
  assert.equal(lineText(["f4"], "O"), "(White first): f4");
});

test("values round half a point away from zero, in words and figures alike", () => {
  assert.deepEqual([5.5, -5.5, 5.4, -5.4, 0.4, -0.4].map(points), [6, -6, 5, -5, 0, -0]);
  assert.deepEqual([-5.5, -0.4, 0].map((v) => signed(points(v))), ["\u22126", "0", "0"]);
});
