// @ts-check
// Board geometry: the outer grid (the inner board and the ring around it),
// square names, and the mapping to canvas pixels. Pure functions, no DOM.

/**
 * A grid drawn on a square canvas (see `layout`); `cellRect` and `cellAt`
 * need only its side and cell, with no margin, skip or ring.
 * @typedef {object} Layout
 * @property {number} side cells along one side of the whole grid
 * @property {number} cell a cell's width in pixels
 * @property {number} [pixels] the drawing's width in pixels
 * @property {number} [origin] pixels before the first row and column
 * @property {number} [skip] rows and columns left out at each edge
 * @property {number} [shown] rows and columns drawn
 * @property {number} [ring] width in cells of the first and last drawn
 */

/**
 * Squares along one side of the outer grid for an inner board of `size`.
 * @param {number} size
 */
export function outerSide(size) {
  return size + 2;
}

/**
 * Outer-grid index of the inner square at `row`, `col` (0-based, from the top left).
 * @param {number} size
 * @param {number} row
 * @param {number} col
 */
export function outerIndex(size, row, col) {
  return (row + 1) * outerSide(size) + (col + 1);
}

/**
 * Outer row and column (0-based) of an outer-grid index.
 * @param {number} size
 * @param {number} index
 */
export function outerCoords(size, index) {
  const side = outerSide(size);
  return { row: Math.floor(index / side), col: index % side };
}

/**
 * Whether an outer-grid index is on the ring around the inner board.
 * @param {number} size
 * @param {number} index
 */
export function isRing(size, index) {
  const { row, col } = outerCoords(size, index);
  const last = size + 1;
  return row === 0 || col === 0 || row === last || col === last;
}

/**
 * Letter of inner column `col` (0-based): a, b, …
 * @param {number} col
 */
export function columnName(col) {
  return String.fromCharCode(97 + col);
}

/**
 * Notation of an inner square (`e3`), or null for a ring index.
 * @param {number} size
 * @param {number} index
 */
export function squareName(size, index) {
  if (isRing(size, index)) return null;
  const { row, col } = outerCoords(size, index);
  return `${columnName(col - 1)}${row}`;
}

/**
 * Outer-grid index of a square in notation, or -1 when it is not on the board.
 * @param {number} size
 * @param {unknown} name
 */
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
 * @param {number} size
 * @param {number} index
 * @param {number} dRow
 * @param {number} dCol
 */
export function stepInner(size, index, dRow, dCol) {
  const { row, col } = outerCoords(size, index);
  const clamp = (/** @type {number} */ v) => Math.min(size, Math.max(1, v));
  return clamp(row + dRow) * outerSide(size) + clamp(col + dCol);
}

/**
 * How wide the ring is on a board in play, in cells: nobody plays there and
 * a joker's star reads at this size, so the squares played on get the room.
 */
export const RING_WIDTH = 0.6;

/**
 * A square grid of `side` x `side` cells drawn on `pixels` x `pixels`
 * pixels, leaving `margin` cells of room on every side for coordinates.
 * `skip` leaves out that many rows and columns at each edge of the grid
 * (the ring of a board played without one), the rest filling the drawing;
 * indices stay those of the whole grid. The first and last rows and
 * columns drawn are `ring` cells wide when nothing is left out.
 * @param {number} side
 * @param {number} pixels
 * @param {number} [margin]
 * @param {number} [skip]
 * @param {number} [ring]
 * @returns {Required<Layout>}
 */
export function layout(side, pixels, margin = 0, skip = 0, ring = 1) {
  const shown = side - 2 * skip;
  const edge = skip ? 1 : ring;
  const cell = pixels / (shown - 2 + 2 * edge + 2 * margin);
  return { side, pixels, cell, origin: margin * cell, skip, shown, ring: edge };
}

/**
 * The layout of the board of a game of `size` on `pixels`: its ring drawn, narrow, or not.
 * @param {number} size
 * @param {boolean} ring
 * @param {number} pixels
 * @param {number} [margin]
 */
export function boardLayout(size, ring, pixels, margin) {
  return layout(outerSide(size), pixels, margin, ring ? 0 : 1, RING_WIDTH);
}

// Where line `i` (0 to shown) between rows or columns lies, rounded to a
// whole pixel so that neighbouring cells share an edge exactly.
/**
 * @param {{ cell: number, origin?: number, shown: number, ring?: number }} grid
 * @param {number} i
 */
function edgeAt({ cell, origin = 0, shown, ring = 1 }, i) {
  const cells = i === 0 ? 0 : i === shown ? shown - 2 + 2 * ring : ring + i - 1;
  return Math.round(origin + cells * cell);
}

/**
 * Pixel rectangle of a cell. Edges are rounded to whole pixels so that
 * neighbouring cells share an edge exactly and lines stay sharp.
 * @param {Layout} board
 * @param {number} index
 */
export function cellRect(board, index) {
  const { side, skip = 0 } = board;
  const grid = { shown: side - 2 * skip, ...board };
  const row = Math.floor(index / side) - skip;
  const col = (index % side) - skip;
  const x = edgeAt(grid, col);
  const y = edgeAt(grid, row);
  return { x, y, width: edgeAt(grid, col + 1) - x, height: edgeAt(grid, row + 1) - y };
}

/**
 * Index of the cell under pixel (`x`, `y`), or -1 when outside the grid.
 * @param {Layout} board
 * @param {number} x
 * @param {number} y
 */
export function cellAt(board, x, y) {
  const { side, skip = 0 } = board;
  const grid = { shown: side - 2 * skip, ...board };
  const col = band(grid, x);
  const row = band(grid, y);
  return col < 0 || row < 0 ? -1 : (row + skip) * side + col + skip;
}

// The row or column containing `pos`, using the same rounded edges as
// cellRect; -1 outside the grid.
/**
 * @param {{ cell: number, origin?: number, shown: number, ring?: number }} grid
 * @param {number} pos
 */
function band(grid, pos) {
  for (let i = 0; i < grid.shown; i += 1) {
    if (pos >= edgeAt(grid, i) && pos < edgeAt(grid, i + 1)) return i;
  }
  return -1;
}
