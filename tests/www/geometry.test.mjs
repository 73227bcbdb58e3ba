import assert from "node:assert/strict";
import { test } from "node:test";
import { boardLayout, cellAt, cellRect, columnName, isRing, layout, outerCoords, outerIndex, outerSide, RING_WIDTH, squareIndex, squareName, stepInner } from "../../www/js/geometry.js";

test("the outer grid adds a ring on every side", () => {
  assert.equal(outerSide(8), 10);
  assert.equal(outerSide(6), 8);
});

test("inner squares map to the outer grid row-major, a1 top left", () => {
  assert.equal(outerIndex(8, 0, 0), 11);
  assert.equal(outerIndex(8, 0, 7), 18);
  assert.equal(outerIndex(8, 3, 3), 44);
  assert.equal(outerIndex(8, 7, 7), 88);
  assert.deepEqual(outerCoords(8, 44), { row: 4, col: 4 });
});

test("the ring is exactly the outer border of the grid", () => {
  const ring = [...Array(100).keys()].filter((i) => isRing(8, i));
  assert.equal(ring.length, 36);
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) assert.equal(isRing(8, outerIndex(8, row, col)), false);
  }
  for (const i of [0, 9, 90, 99, 5, 50, 59, 95]) assert.equal(isRing(8, i), true);
});

test("cells tile the board with whole-pixel edges, no gaps or overlaps", () => {
  for (const pixels of [100, 333, 641, 1440]) {
    const board = layout(10, pixels);
    let area = 0;
    for (let i = 0; i < 100; i += 1) {
      const { x, y, width, height } = cellRect(board, i);
      for (const v of [x, y, width, height]) assert.ok(Number.isInteger(v));
      area += width * height;
      if (i % 10 < 9) assert.equal(cellRect(board, i + 1).x, x + width);
      if (i < 90) assert.equal(cellRect(board, i + 10).y, y + height);
    }
    assert.equal(area, pixels * pixels);
  }
});

test("every pixel of a cell maps back to that cell", () => {
  for (const pixels of [100, 333, 641]) {
    const board = layout(10, pixels);
    for (let i = 0; i < 100; i += 1) {
      const { x, y, width, height } = cellRect(board, i);
      for (const [px, py] of [
        [x, y],
        [x + width - 0.01, y + height - 0.01],
        [x + width / 2, y + height / 2],
      ]) {
        assert.equal(cellAt(board, px, py), i, `pixel ${px},${py} of ${pixels}`);
      }
    }
  }
});

test("pixels outside the board are no cell", () => {
  const board = layout(10, 500);
  for (const [x, y] of [[-1, 10], [10, -0.5], [500, 10], [10, 500]]) assert.equal(cellAt(board, x, y), -1);
});

test("square names are Othello notation: columns a.. left to right, rows 1.. top down", () => {
  assert.equal(squareName(8, outerIndex(8, 0, 0)), "a1");
  assert.equal(squareName(8, outerIndex(8, 2, 4)), "e3");
  assert.equal(squareName(10, outerIndex(10, 9, 9)), "j10");
  assert.equal(squareName(8, 0), null, "the ring has no name");
  for (const size of [6, 8, 10]) {
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        const index = outerIndex(size, row, col);
        assert.equal(squareIndex(size, squareName(size, index)), index);
      }
    }
  }
  assert.equal(squareIndex(8, "E3"), outerIndex(8, 2, 4));
  for (const bad of ["i1", "a9", "a0", "pass", "", "e"]) assert.equal(squareIndex(8, bad), -1, bad);
  assert.equal(columnName(9), "j");
});

test("the keyboard cursor steps stay on the inner board", () => {
  const a1 = outerIndex(8, 0, 0);
  assert.equal(stepInner(8, a1, -1, 0), a1);
  assert.equal(stepInner(8, a1, 0, -1), a1);
  assert.equal(stepInner(8, a1, 1, 1), outerIndex(8, 1, 1));
  const h8 = outerIndex(8, 7, 7);
  assert.equal(stepInner(8, h8, 1, 1), h8);
});

test("a margin leaves room around the grid, and cells still tile it", () => {
  for (const pixels of [333, 640]) {
    const board = layout(10, pixels, 0.42);
    const first = cellRect(board, 0);
    const last = cellRect(board, 99);
    assert.ok(first.x > 0 && first.y > 0);
    assert.ok(last.x + last.width < pixels);
    for (let i = 0; i < 100; i += 1) {
      const { x, y, width, height } = cellRect(board, i);
      assert.equal(cellAt(board, x + width / 2, y + height / 2), i);
      assert.equal(cellAt(board, x, y), i);
    }
    assert.equal(cellAt(board, first.x - 1, first.y + 2), -1, "the margin is no cell");
  }
});

test("a board without its ring fills the drawing with the inner squares alone", () => {
  for (const pixels of [333, 640]) {
    const board = boardLayout(8, false, pixels, 0.42);
    const a1 = outerIndex(8, 0, 0);
    const h8 = outerIndex(8, 7, 7);
    const first = cellRect(board, a1);
    const last = cellRect(board, h8);
    // Eight cells and the margins span the drawing: a cell is an 8.84th of it.
    assert.ok(Math.abs(first.width - pixels / 8.84) <= 1);
    assert.ok(Math.abs(first.x - (0.42 * pixels) / 8.84) <= 1);
    assert.ok(Math.abs(last.x + last.width - (pixels - (0.42 * pixels) / 8.84)) <= 1);
    for (let row = 0; row < 8; row += 1) {
      for (let col = 0; col < 8; col += 1) {
        const index = outerIndex(8, row, col);
        const { x, y, width, height } = cellRect(board, index);
        assert.equal(cellAt(board, x + width / 2, y + height / 2), index);
      }
    }
    assert.equal(cellAt(board, first.x - 1, first.y + 2), -1, "the margin is no cell");
    assert.deepEqual(boardLayout(8, true, pixels, 0.42), layout(10, pixels, 0.42, 0, RING_WIDTH));
  }
});

test("a board in play draws its ring narrow, giving the squares played on the room", () => {
  for (const [size, pixels] of [[8, 360], [10, 360], [6, 1080]]) {
    const board = boardLayout(size, true, pixels, 0.42);
    const inner = size + 2 * RING_WIDTH + 2 * 0.42;
    const a1 = cellRect(board, outerIndex(size, 0, 0));
    assert.ok(Math.abs(a1.width - pixels / inner) <= 1, `${size}: a1 is ${a1.width} px`);
    const corner = cellRect(board, 0);
    assert.ok(Math.abs(corner.width - (RING_WIDTH * pixels) / inner) <= 1, `${size}: the ring is ${corner.width} px`);
    assert.equal(corner.x + corner.width, a1.x, "the ring meets the board");
    // Every cell, ring and board, is found again from its centre.
    const side = size + 2;
    for (let index = 0; index < side * side; index += 1) {
      const { x, y, width, height } = cellRect(board, index);
      assert.equal(cellAt(board, x + width / 2, y + height / 2), index);
    }
    const far = cellRect(board, side * side - 1);
    assert.ok(Math.abs(far.x + far.width - (pixels - (0.42 * pixels) / inner)) <= 1, `${size}: the grid ends at the margin`);
  }
});
