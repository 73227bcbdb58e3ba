import assert from "node:assert/strict";
import { test } from "node:test";
import { cellAt, cellRect, isRing, layout, outerCoords, outerIndex, outerSide } from "../../www/js/geometry.js";

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
