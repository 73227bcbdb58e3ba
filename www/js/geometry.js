// Board geometry: the outer grid (the inner board and the ring around it),
// square names, and the mapping to canvas pixels. Pure functions, no DOM.

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

/** Letter of inner column `col` (0-based): a, b, … */
export function columnName(col) {
  return String.fromCharCode(97 + col);
}

/** Notation of an inner square (`e3`), or null for a ring index. */
export function squareName(size, index) {
  if (isRing(size, index)) return null;
  const { row, col } = outerCoords(size, index);
  return `${columnName(col - 1)}${row}`;
}

/** Outer-grid index of a square in notation, or -1 when it is not on the board. */
export function squareIndex(size, name) {
  const match = /^([a-z])(\d{1,2})$/.exec(String(name).toLowerCase());
  if (!match) return -1;
  const col = match[1].charCodeAt(0) - 97;
  const row = Number(match[2]) - 1;
  if (col >= size || row < 0 || row >= size) return -1;
  return outerIndex(size, row, col);
}

/**
 * The inner square reached from `index` by moving `dRow`, `dCol`, clamped to
 * the inner board (the keyboard cursor never enters the ring).
 */
export function stepInner(size, index, dRow, dCol) {
  const { row, col } = outerCoords(size, index);
  const clamp = (v) => Math.min(size, Math.max(1, v));
  return clamp(row + dRow) * outerSide(size) + clamp(col + dCol);
}

/**
 * A square grid of `side` x `side` cells drawn on `pixels` x `pixels`
 * pixels, leaving `margin` cells of room on every side for coordinates.
 * `skip` leaves out that many rows and columns at each edge of the grid
 * (the ring of a board played without one), the rest filling the drawing;
 * indices stay those of the whole grid.
 */
export function layout(side, pixels, margin = 0, skip = 0) {
  const shown = side - 2 * skip;
  const cell = pixels / (shown + 2 * margin);
  return { side, pixels, cell, origin: margin * cell, skip, shown };
}

/** The layout of the board of a game of `size` on `pixels`: its ring drawn or not. */
export function boardLayout(size, ring, pixels, margin) {
  return layout(outerSide(size), pixels, margin, ring ? 0 : 1);
}

/**
 * Pixel rectangle of a cell. Edges are rounded to whole pixels so that
 * neighbouring cells share an edge exactly and lines stay sharp.
 */
export function cellRect({ side, cell, origin = 0, skip = 0 }, index) {
  const row = Math.floor(index / side) - skip;
  const col = (index % side) - skip;
  const x = Math.round(origin + col * cell);
  const y = Math.round(origin + row * cell);
  return {
    x,
    y,
    width: Math.round(origin + (col + 1) * cell) - x,
    height: Math.round(origin + (row + 1) * cell) - y,
  };
}

/** Index of the cell under pixel (`x`, `y`), or -1 when outside the grid. */
export function cellAt({ side, cell, origin = 0, skip = 0, shown = side }, x, y) {
  const col = band(x, origin, cell, shown);
  const row = band(y, origin, cell, shown);
  return col < 0 || row < 0 ? -1 : (row + skip) * side + col + skip;
}

// The row or column containing `pos`, using the same rounded edges as
// cellRect; -1 outside the grid.
function band(pos, origin, cell, side) {
  const edge = (i) => Math.round(origin + i * cell);
  if (pos < edge(0) || pos >= edge(side)) return -1;
  let i = Math.min(side - 1, Math.max(0, Math.floor((pos - origin) / cell)));
  if (edge(i) > pos) i -= 1;
  else if (edge(i + 1) <= pos) i += 1;
  return i;
}
