// Board geometry: the outer grid (the inner board and the ring around it) and
// its mapping to canvas pixels. Pure functions, no DOM.

/** Squares along one side of the outer grid for an inner board of `size`. */
export function outerSide(size) {
  return size + 2;
}

/** Outer-grid index of the inner square at `row`, `col` (0-based, from the top left). */
export function outerIndex(size, row, col) {
  return (row + 1) * outerSide(size) + (col + 1);
}

/** Outer row and column (0-based) of an outer-grid index. */
export function outerCoords(size, index) {
  const side = outerSide(size);
  return { row: Math.floor(index / side), col: index % side };
}

/** Whether an outer-grid index is on the ring around the inner board. */
export function isRing(size, index) {
  const { row, col } = outerCoords(size, index);
  const last = size + 1;
  return row === 0 || col === 0 || row === last || col === last;
}

/** A square board of `side` x `side` cells drawn on `pixels` x `pixels` pixels. */
export function layout(side, pixels) {
  return { side, pixels, cell: pixels / side };
}

/**
 * Pixel rectangle of a cell. Edges are rounded to whole pixels so that
 * neighbouring cells share an edge exactly and lines stay sharp.
 */
export function cellRect({ side, cell }, index) {
  const row = Math.floor(index / side);
  const col = index % side;
  const x = Math.round(col * cell);
  const y = Math.round(row * cell);
  return {
    x,
    y,
    width: Math.round((col + 1) * cell) - x,
    height: Math.round((row + 1) * cell) - y,
  };
}

/** Index of the cell under pixel (`x`, `y`), or -1 when outside the board. */
export function cellAt({ side, pixels, cell }, x, y) {
  if (x < 0 || y < 0 || x >= pixels || y >= pixels) return -1;
  return band(y, cell, side) * side + band(x, cell, side);
}

// The row or column containing `pos`, using the same rounded edges as cellRect.
function band(pos, cell, side) {
  const i = Math.min(side - 1, Math.floor(pos / cell));
  if (Math.round(i * cell) > pos) return i - 1;
  if (i < side - 1 && Math.round((i + 1) * cell) <= pos) return i + 1;
  return i;
}
