import assert from "node:assert/strict";
import { test } from "node:test";
import {
  balancePosition,
  balanceText,
  cellName,
  cellsCrossed,
  historyOf,
  readLimit,
  record,
  redo,
  stepCursor,
  strokePiece,
  undo,
} from "../../www/js/editor-model.js";
import { cellRect, layout, outerIndex } from "../../www/js/geometry.js";

test("undo and redo walk the history; a new edit drops what was undone", () => {
  let h = historyOf("a");
  h = record(h, "b");
  h = record(h, "c");
  h = undo(h);
  assert.equal(h.present, "b");
  h = undo(h);
  assert.equal(h.present, "a");
  assert.equal(undo(h), h, "nothing before the first entry");
  h = redo(h);
  assert.equal(h.present, "b");
  h = record(h, "d");
  assert.deepEqual(h, { past: ["a", "b"], present: "d", future: [] });
  assert.equal(redo(h), h, "nothing to redo after a new edit");
});

test("recording the present again changes nothing", () => {
  const h = historyOf({ code: "x" });
  assert.equal(record(h, { code: "x" }, (a, b) => a.code === b.code), h);
});

test("a drag paints every cell its segment crosses, in order, once each", () => {
  const board = layout(10, 500);
  const centre = (i) => {
    const r = cellRect(board, i);
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  // Along row 1: a1 to h1 in one pointer event.
  const row = [...Array(8).keys()].map((c) => outerIndex(8, 0, c));
  assert.deepEqual(cellsCrossed(board, centre(row[0]), centre(row[7])), row.slice(1));
  // Back and forth inside one cell crosses nothing.
  assert.deepEqual(cellsCrossed(board, centre(11), { x: centre(11).x + 10, y: centre(11).y }), []);
  // A diagonal crosses the diagonal cells.
  const diagonal = cellsCrossed(board, centre(0), centre(99));
  for (const i of [11, 22, 33, 44, 55, 66, 77, 88, 99]) assert.ok(diagonal.includes(i), `misses ${i}`);
  // Leaving the board paints nothing outside it.
  assert.deepEqual(cellsCrossed(board, centre(98), { x: 520, y: centre(98).y }), [99]);
});

test("margins round the board are no cells", () => {
  const board = layout(10, 600, 0.5);
  const first = cellRect(board, 0);
  assert.deepEqual(cellsCrossed(board, { x: 2, y: 2 }, { x: first.x + 3, y: first.y + 3 }), [0]);
});

test("the keyboard cursor moves over the whole grid, ring included, and stops at its edge", () => {
  const a1 = outerIndex(8, 0, 0);
  assert.equal(stepCursor(8, a1, "ArrowUp"), a1 - 10);
  assert.equal(stepCursor(8, a1 - 10, "ArrowUp"), a1 - 10);
  assert.equal(stepCursor(8, 0, "ArrowLeft"), 0);
  assert.equal(stepCursor(8, 99, "ArrowDown"), 99);
  assert.equal(stepCursor(8, a1, "ArrowRight"), a1 + 1);
  assert.equal(stepCursor(8, a1, "Enter"), a1);
});

test("cells are named by square inside and by side on the ring", () => {
  assert.equal(cellName(8, outerIndex(8, 2, 2)), "c3");
  assert.equal(cellName(8, 0), "ring corner top left");
  assert.equal(cellName(8, 99), "ring corner bottom right");
  assert.equal(cellName(8, 3), "ring above c");
  assert.equal(cellName(8, 95), "ring below e");
  assert.equal(cellName(8, 40), "ring left of 4");
  assert.equal(cellName(8, 49), "ring right of 4");
});

test("a stroke starting on the piece being painted erases instead", () => {
  assert.equal(strokePiece("wall", "empty"), "wall");
  assert.equal(strokePiece("wall", "bonus"), "wall");
  assert.equal(strokePiece("wall", "wall"), "empty");
  assert.equal(strokePiece("empty", "wall"), "empty");
});

test("the balance reads as who is ahead, and the meter clamps", () => {
  assert.equal(balanceText(2.64), "Black ahead by 2.6");
  assert.equal(balanceText(-3), "White ahead by 3.0");
  assert.equal(balanceText(0.3), "Even (black +0.3)");
  assert.equal(balanceText(-0.2), "Even (white +0.2)");
  assert.equal(balancePosition(0), 0.5);
  assert.equal(balancePosition(8, 16), 0.75);
  assert.equal(balancePosition(-40, 16), 0);
  assert.equal(balancePosition(40, 16), 1);
});

test("a limit box takes a whole number in range and nothing else", () => {
  assert.deepEqual(readLimit("0", 60), { value: 0 });
  assert.deepEqual(readLimit("7", 60), { value: 7 });
  assert.deepEqual(readLimit("060", 60), { value: 60 });
  const refused = [
    ["", "is empty"],
    ["   ", "is empty"],
    ["abc", "is “abc”"],
    [" 7 ", "is “ 7 ”"],
    ["0x10", "is “0x10”"],
    ["1e1", "is “1e1”"],
    ["-1", "is “-1”"],
    ["+3", "is “+3”"],
    ["2.0", "is “2.0”"],
    ["61", "is 61"],
    ["9".repeat(40), "is 999999999999…"],
  ];
  for (const [text, problem] of refused) {
    const read = readLimit(text, 60);
    assert.deepEqual(read, { problem }, text);
  }
});
