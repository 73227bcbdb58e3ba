// @ts-check
// Draws the board state on a canvas, sharp at the screen's pixel density.
// Every piece differs by shape as well as colour: walls are hatched blocks,
// bonuses small blue discs marked with their points, jokers red stars, white
// discs carry an inner ring that black discs lack.
import { flipLook, progress } from "./anim.js";
import { points, signed } from "./announce.js";
import { BONUS_POINTS } from "./games.js";
import { boardLayout, cellRect, columnName, isRing, outerCoords } from "./geometry.js";
import { edgeMarks, edgeSquares } from "./troll.js";

/** @typedef {import("./state.js").BoardState} BoardState */
/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** A board's layout on its canvas (geometry.js). @typedef {ReturnType<typeof boardLayout>} Board */
/** A cell's rectangle in pixels. @typedef {{ x: number, y: number, width: number, height: number }} Rect */
/** What the board and its pieces are drawn on: the page's canvas or an offscreen one. @typedef {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} Ctx */
/** A picture of each piece ("X", "O", "+", "*"), one cell wide. @typedef {Record<string, OffscreenCanvas>} Sprites */
/** How a disc looks mid-animation: growing as it is placed, or turning over. @typedef {{ scale: number } | { scaleX: number, old: boolean }} Look */

/** Room left around the grid for coordinates, in cells. */
export const MARGIN = 0.42;

// Below this many pixels a side the board is not drawn: every cell would be
// a pixel or less wide.
const MIN_PIXELS = 24;

/**
 * The board's colours. The labels drawn on it (hint and review values on
 * their backdrops, a bonus's "+3" on its outline) keep WCAG AA contrast
 * over every cell they can sit on: tests/www/render.test.mjs measures them.
 */
export const colors = {
  square: "#2f7a4b",
  ringSquare: "#3d6786",
  wall: "#2a2f35",
  hatch: "#6b747d",
  line: "#18402a",
  frame: "#0c1f14",
  hover: "rgba(255, 255, 255, 0.16)",
  black: ["#5a5a5a", "#0b0b0b"],
  blackRim: "#9aa3ab",
  white: ["#ffffff", "#cfd3d6"],
  whiteRim: "#2b2b2b",
  bonus: ["#7cc4ff", "#1f6fd1"],
  bonusText: "#ffffff",
  bonusEdge: "#0b3f80",
  joker: ["#ff6b6b", "#c01d2e"],
  jokerEdge: "#ffe3e3",
  last: "#ff8c1a",
  cursor: "#ffd400",
  // The best value is read first: its lime on a near-opaque dark green
  // outdoes the other values' white (12:1 against 11:1 on a square), and
  // its box stands out from the square more than theirs (2.6:1 to 2.1:1).
  hintBest: "#ccff99",
  hintBestBack: [0, 45, 10, 0.9],
  hint: "#ffffff",
  hintBack: [0, 0, 0, 0.45],
  chain: "#ffd400",
  // Troll's black band is edged in it: black alone merges with the frame
  // and a dark page around the board.
  bandRim: "#b8c0c6",
  closed: "rgba(120, 10, 10, 0.75)",
  // A legal move's dot in the mover's colour, [r, g, b, alpha], and its edge.
  legalDot: { X: [0, 0, 0, 0.7], O: [255, 255, 255, 0.65] },
  legalEdge: { X: "rgba(255, 255, 255, 0.45)", O: "rgba(0, 0, 0, 0.35)" },
};

/**
 * Sizes the canvas's pixel buffer to its CSS box at devicePixelRatio and
 * draws `state` at time `now` (ms) with the move animation `anim`, if any.
 * The coordinates around the board take the canvas's CSS `color`.
 * @param {HTMLCanvasElement} canvas
 * @param {import("./state.js").BoardState} state
 * @param {{ now?: number, anim?: import("./anim.js").MoveAnimation | null }} [options]
 */
export function render(canvas, state, { now = 0, anim = null } = {}) {
  // A hidden canvas has no size: nothing to draw until a resize shows it
  // again (the board's ResizeObserver redraws then).
  const pixels = Math.round(canvas.clientWidth * devicePixelRatio);
  if (!(pixels >= MIN_PIXELS)) return;
  if (canvas.width !== pixels || canvas.height !== pixels) {
    canvas.width = pixels;
    canvas.height = pixels;
  }
  const board = boardLayout(state.size, state.ring, pixels, MARGIN);
  // A canvas gives no 2D context only once given another kind, as this one never is.
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  const { background, sprites } = cached(canvas, state, board);
  ctx.clearRect(0, 0, pixels, pixels);
  ctx.drawImage(background, 0, 0);

  if (state.interactive && state.hover >= 0 && state.legal.includes(state.hover)) {
    fill(ctx, cellRect(board, state.hover), colors.hover);
  }
  const p = progress(anim, now);
  [...state.cells].forEach((c, i) => drawPiece(ctx, sprites, cellRect(board, i), c, flipping(anim, i, p)));
  state.numbers.forEach((n, i) => {
    const c = state.cells[i];
    if (n > 0 && (c === "X" || c === "O") && !flipping(anim, i, p)) drawNumber(ctx, cellRect(board, i), c, n, i === state.lastMove);
  });
  if (state.lastMove >= 0 && !(state.numbers[state.lastMove] > 0)) drawLastMove(ctx, cellRect(board, state.lastMove), state.cells[state.lastMove]);
  const troll = state.variant === "troll";
  if (troll) for (const i of state.chain) drawChainLink(ctx, cellRect(board, i));
  if (state.interactive && state.showLegal && state.hints.length === 0) {
    if (troll) drawEdgeMarks(ctx, board, state);
    else for (const i of state.legal) drawLegal(ctx, cellRect(board, i), state.toMove, state.cells[i] === "+");
  }
  drawHints(ctx, board, state);
  if (state.cursor >= 0) drawCursor(ctx, cellRect(board, state.cursor));
}

// Per canvas: the board without its pieces and one picture of each piece,
// redrawn only when the size, the walls or the label colour change, so an
// animation frame is a few image copies.
/** @type {WeakMap<HTMLCanvasElement, { key: string, background: OffscreenCanvas, sprites: Sprites }>} */
const caches = new WeakMap();

/**
 * @param {HTMLCanvasElement} canvas
 * @param {BoardState} state
 * @param {Board} board
 */
function cached(canvas, state, board) {
  const labelColor = getComputedStyle(canvas).color;
  const walls = state.cells.replace(/[^#]/g, ".");
  const key = `${board.pixels} ${state.size} ${state.ring} ${state.variant} ${walls} ${labelColor}`;
  const hit = caches.get(canvas);
  if (hit?.key === key) return hit;

  const background = new OffscreenCanvas(board.pixels, board.pixels);
  const bg = /** @type {OffscreenCanvasRenderingContext2D} */ (background.getContext("2d"));
  [...walls].forEach((c, i) => drawSquare(bg, board, state, i, c));
  if (state.variant === "troll") drawEdges(bg, board, state.size);
  drawFrame(bg, board, state.size);
  drawLabels(bg, board, state.size, labelColor);

  const side = Math.max(1, Math.round(board.cell));
  /** @type {Sprites} */
  const sprites = {};
  for (const c of ["X", "O", "+", "*"]) {
    sprites[c] = new OffscreenCanvas(side, side);
    drawContent(/** @type {OffscreenCanvasRenderingContext2D} */ (sprites[c].getContext("2d")), { x: 0, y: 0, width: side, height: side }, c);
  }
  const entry = { key, background, sprites };
  caches.set(canvas, entry);
  return entry;
}

// A piece's picture centred in its cell, squeezed while it flips or grows.
/**
 * @param {Ctx} ctx
 * @param {Sprites} sprites
 * @param {Rect} rect
 * @param {string} c
 * @param {Look | null} anim
 */
function drawPiece(ctx, sprites, rect, c, anim) {
  const sprite = sprites[c];
  if (!sprite) return;
  const { cx, cy, size } = centre(rect);
  // A joker on the narrow ring is drawn to the ring's width.
  if (!anim && size < sprite.width) {
    ctx.drawImage(sprite, cx - size / 2, cy - size / 2, size, size);
    return;
  }
  if (!anim) {
    ctx.drawImage(sprite, Math.round(cx - sprite.width / 2), Math.round(cy - sprite.height / 2));
    return;
  }
  const turning = "old" in anim;
  const image = turning && anim.old ? sprites[opposite(c)] : sprite;
  const sx = turning ? anim.scaleX : anim.scale;
  const sy = turning ? 1 : anim.scale;
  const w = image.width * sx;
  const h = image.height * sy;
  ctx.drawImage(image, cx - w / 2, cy - h / 2, w, h);
}

// How a cell's disc is animated at progress p: null when it is not.
/**
 * @param {import("./anim.js").MoveAnimation | null} anim
 * @param {number} index
 * @param {number} p
 * @returns {Look | null}
 */
function flipping(anim, index, p) {
  if (!anim || p >= 1) return null;
  if (index === anim.placed) return { scale: 0.55 + 0.45 * Math.sin((Math.PI / 2) * Math.min(1, p * 2)) };
  if (anim.flipped.includes(index)) return flipLook(p);
  return null;
}

// A playable square is inset in its cell, so the line colour shows between
// neighbours; walls fill their cell.
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {BoardState} state
 * @param {number} index
 * @param {string} c
 */
function drawSquare(ctx, board, state, index, c) {
  const rect = cellRect(board, index);
  const ring = isRing(state.size, index);
  if (ring && !state.ring) return;
  if (c === "#") {
    drawWall(ctx, rect);
    return;
  }
  const inset = Math.max(1, Math.round(board.cell / 80));
  fill(ctx, rect, colors.line);
  fill(ctx, shrink(rect, inset), ring ? colors.ringSquare : colors.square);
}

// A wall: a dark block hatched with diagonal lines, clipped to its cell.
// The hatching's step is at least a pixel, so the loop ends on any cell.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawWall(ctx, rect) {
  if (!(rect.width > 0 && rect.height > 0)) return;
  fill(ctx, rect, colors.wall);
  ctx.save();
  ctx.beginPath();
  ctx.rect(rect.x, rect.y, rect.width, rect.height);
  ctx.clip();
  ctx.strokeStyle = colors.hatch;
  ctx.lineWidth = Math.max(1, rect.width / 18);
  const step = Math.max(1, rect.width / 4);
  ctx.beginPath();
  for (let d = -rect.height; d < rect.width; d += step) {
    ctx.moveTo(rect.x + d, rect.y + rect.height);
    ctx.lineTo(rect.x + d + rect.height, rect.y);
  }
  ctx.stroke();
  ctx.restore();
  ctx.strokeStyle = colors.frame;
  ctx.lineWidth = Math.max(1, rect.width / 30);
  ctx.strokeRect(rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1);
}

// A heavier line around the inner board, setting it apart from the ring.
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {number} size
 */
function drawFrame(ctx, board, size) {
  const width = Math.max(2, Math.round(board.cell / 16));
  const first = cellRect(board, board.side + 1);
  const last = cellRect(board, size * board.side + size);
  const x0 = first.x - Math.floor(width / 2);
  const x1 = last.x + last.width + Math.ceil(width / 2);
  const y0 = first.y - Math.floor(width / 2);
  const y1 = last.y + last.height + Math.ceil(width / 2);
  ctx.fillStyle = colors.frame;
  ctx.fillRect(x0, y0, x1 - x0, width);
  ctx.fillRect(x0, y1 - width, x1 - x0, width);
  ctx.fillRect(x0, y0, width, y1 - y0);
  ctx.fillRect(x1 - width, y0, width, y1 - y0);
}

// Column letters above and below, row numbers left and right, in the margin.
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {number} size
 * @param {string} color
 */
function drawLabels(ctx, board, size, color) {
  const m = board.origin;
  ctx.fillStyle = color;
  // On a phone the margin is narrow: the labels grow into it, up to 12 CSS px.
  const labelSize = Math.max(m * 0.62, Math.min(m * 0.85, 12 * devicePixelRatio));
  const font = (/** @type {number} */ px) => `600 ${Math.round(px)}px system-ui, sans-serif`;
  ctx.font = font(labelSize);
  // Letters and numbers alike, at the size the widest number fits.
  ctx.font = font(labelSizeToFit(labelSize, ctx.measureText(String(size)).width, m));
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const far = board.pixels - m / 2;
  for (let k = 1; k <= size; k += 1) {
    const col = cellRect(board, k);
    const row = cellRect(board, k * board.side);
    ctx.fillText(columnName(k - 1), col.x + col.width / 2, m / 2);
    ctx.fillText(columnName(k - 1), col.x + col.width / 2, far);
    ctx.fillText(String(k), m / 2, row.y + row.height / 2);
    ctx.fillText(String(k), far, row.y + row.height / 2);
  }
}

/**
 * The labels' font size: `labelSize`, or smaller where
 * the widest number (`widest` wide at that size, as the canvas measures
 * it) would not leave 15% of the `margin` clear on either side, so
 * "10" never touches the board or the screen's edge.
 * @param {number} labelSize
 * @param {number} widest
 * @param {number} margin
 */
export function labelSizeToFit(labelSize, widest, margin) {
  const room = margin * 0.7;
  return widest > room ? (labelSize * room) / widest : labelSize;
}

/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {string} c
 */
function drawContent(ctx, rect, c) {
  if (c === "X" || c === "O") drawDisc(ctx, rect, c);
  else if (c === "+") drawBonus(ctx, rect);
  else if (c === "*") drawJoker(ctx, rect);
}

/** @param {string} c */
function opposite(c) {
  return c === "X" ? "O" : "X";
}

/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {string} c
 */
function drawDisc(ctx, rect, c) {
  const { cx, cy, size } = centre(rect);
  const r = size * 0.4;
  const [light, dark] = c === "X" ? colors.black : colors.white;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.beginPath();
  ctx.arc(0, r * 0.06, r, 0, 2 * Math.PI);
  ctx.fillStyle = "rgba(0, 0, 0, 0.35)";
  ctx.fill();
  const shade = ctx.createRadialGradient(-r / 3, -r / 3, r / 8, 0, 0, r);
  shade.addColorStop(0, light);
  shade.addColorStop(1, dark);
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, 2 * Math.PI);
  ctx.fillStyle = shade;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r / 9);
  ctx.strokeStyle = c === "X" ? colors.blackRim : colors.whiteRim;
  ctx.stroke();
  if (c === "O") {
    ctx.beginPath();
    ctx.arc(0, 0, r * 0.55, 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(1, r / 14);
    ctx.strokeStyle = "rgba(0, 0, 0, 0.28)";
    ctx.stroke();
  }
  ctx.restore();
}

// A disc's move number, as Othello records print them: in the other
// colour's ink, as large as the disc holds (two digits up to 99, three on
// 10 x 10), never under 9 CSS pixels so that a phone's board still reads.
// The last move's number is underlined with the last move's orange.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {string} c
 * @param {number} n
 * @param {boolean} last
 */
function drawNumber(ctx, rect, c, n, last) {
  const { cx, cy, size } = centre(rect);
  const digits = String(n).length;
  const px = Math.max(9 * devicePixelRatio, size * (digits > 2 ? 0.3 : 0.4));
  ctx.font = `700 ${Math.round(px)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = c === "X" ? colors.white[0] : colors.black[1];
  ctx.fillText(String(n), cx, cy + size * 0.02);
  if (last) fill(ctx, { x: cx - size * 0.18, y: cy + size * 0.22, width: size * 0.36, height: Math.max(2, size * 0.06) }, colors.last);
}

// An untaken bonus: a small blue disc marked with the points it is worth.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawBonus(ctx, rect) {
  const { cx, cy, size } = centre(rect);
  const r = size * 0.3;
  const shade = ctx.createRadialGradient(cx - r / 3, cy - r / 3, r / 8, cx, cy, r);
  shade.addColorStop(0, colors.bonus[0]);
  shade.addColorStop(1, colors.bonus[1]);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fillStyle = shade;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r / 10);
  ctx.strokeStyle = colors.bonusEdge;
  ctx.stroke();
  ctx.font = `700 ${Math.round(r * 0.95)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  // Outlined in the disc's dark edge: white alone is faint on its light blue.
  ctx.lineJoin = "round";
  ctx.lineWidth = Math.max(2, r / 4);
  ctx.strokeText(`+${BONUS_POINTS}`, cx, cy + r * 0.05);
  ctx.fillStyle = colors.bonusText;
  ctx.fillText(`+${BONUS_POINTS}`, cx, cy + r * 0.05);
}

// A joker: a red five-pointed star.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawJoker(ctx, rect) {
  const { cx, cy, size } = centre(rect);
  const outer = size * 0.4;
  const inner = outer * 0.45;
  ctx.beginPath();
  for (let k = 0; k < 10; k += 1) {
    const r = k % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a) + outer * 0.08);
  }
  ctx.closePath();
  const shade = ctx.createLinearGradient(cx, cy - outer, cx, cy + outer);
  shade.addColorStop(0, colors.joker[0]);
  shade.addColorStop(1, colors.joker[1]);
  ctx.fillStyle = shade;
  ctx.fill();
  ctx.lineWidth = Math.max(1, outer / 12);
  ctx.strokeStyle = colors.jokerEdge;
  ctx.stroke();
}

// The last move: a small orange square at the disc's centre.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {string} c
 */
function drawLastMove(ctx, rect, c) {
  const { cx, cy, size } = centre(rect);
  const h = size * 0.09;
  ctx.fillStyle = colors.last;
  ctx.fillRect(cx - h, cy - h, 2 * h, 2 * h);
  ctx.lineWidth = Math.max(1, h / 3);
  ctx.strokeStyle = c === "O" ? "#5a2a00" : "#ffe0c0";
  ctx.strokeRect(cx - h, cy - h, 2 * h, 2 * h);
}

// A legal move: a small dot in the mover's colour, or on a bonus a ring
// around it, so the +3 stays readable.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {Colour | null} toMove
 * @param {boolean} onBonus
 */
function drawLegal(ctx, rect, toMove, onBonus) {
  const { cx, cy, size } = centre(rect);
  const side = toMove === "X" ? "X" : "O";
  const [r, g, b, a] = colors.legalDot[side];
  const fillColor = `rgba(${r}, ${g}, ${b}, ${a})`;
  const edge = colors.legalEdge[side];
  ctx.beginPath();
  if (onBonus) {
    ctx.arc(cx, cy, size * 0.4, 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(2, size / 14);
    ctx.strokeStyle = fillColor;
    ctx.stroke();
    return;
  }
  ctx.arc(cx, cy, size * 0.13, 0, 2 * Math.PI);
  ctx.fillStyle = fillColor;
  ctx.fill();
  ctx.lineWidth = Math.max(1, size / 40);
  ctx.strokeStyle = edge;
  ctx.stroke();
}

// Troll: each player's edges as a band of their colour along the board's
// border, inside the edge squares, a strip of green away from the frame
// (on the green, where both colours show, even against a dark page):
// black along the top and bottom rows, white along the side columns (the
// corners carry both). A fifth of a cell wide, each edged in a rim of the
// other's tone (white's in black, black's in light grey).
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {number} size
 */
function drawEdges(ctx, board, size) {
  const [band, gap] = edgeBand(board.cell);
  for (const side of /** @type {Colour[]} */ (["X", "O"])) {
    for (const i of edgeSquares(size, side)) {
      const r = cellRect(board, i);
      const { row, col } = outerCoords(size, i);
      if (side === "X") fillBand(ctx, side, r.x, row === 1 ? r.y + gap : r.y + r.height - gap - band, r.width, band);
      else fillBand(ctx, side, col === 1 ? r.x + gap : r.x + r.width - gap - band, r.y, band, r.height);
    }
  }
}

// A band's width and its distance from the frame, for a cell's width.
const edgeBand = (/** @type {number} */ cell) => [Math.max(3, Math.round(cell / 5)), Math.max(2, Math.round(cell / 10))];

/**
 * @param {Ctx} ctx
 * @param {Colour} side
 * @param {number} x
 * @param {number} y
 * @param {number} width
 * @param {number} height
 */
function fillBand(ctx, side, x, y, width, height) {
  ctx.fillStyle = side === "X" ? colors.black[1] : colors.white[0];
  ctx.fillRect(x, y, width, height);
  ctx.lineWidth = Math.max(1, Math.min(width, height) / 6);
  ctx.strokeStyle = side === "X" ? colors.bandRim : colors.whiteRim;
  ctx.strokeRect(x, y, width, height);
}

// Troll: the opponent's edge squares the mover may take only with a
// capture get a ring in the mover's colour; those closed to it a red bar.
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {BoardState} state
 */
function drawEdgeMarks(ctx, board, state) {
  const { capture, closed } = edgeMarks(state);
  for (const i of capture) drawLegal(ctx, cellRect(board, i), state.toMove, true);
  for (const i of closed) drawClosed(ctx, cellRect(board, i));
}

/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawClosed(ctx, rect) {
  const { cx, cy, size } = centre(rect);
  ctx.fillStyle = colors.closed;
  ctx.fillRect(cx - size * 0.22, cy - size * 0.05, size * 0.44, size * 0.1);
}

// The legend's picture of the edges: the top-left corner square, where
// Black's band (top) and White's (left) meet, as on the board.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {number} cell
 */
function drawEdgeBands(ctx, rect, cell) {
  const [band, gap] = edgeBand(cell);
  fillBand(ctx, "X", rect.x, rect.y + gap, rect.width, band);
  fillBand(ctx, "O", rect.x + gap, rect.y, band, rect.height);
}

// Troll: a disc of the winning chain, ringed in gold.
/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawChainLink(ctx, rect) {
  const { cx, cy, size } = centre(rect);
  ctx.beginPath();
  ctx.arc(cx, cy, size * 0.44, 0, 2 * Math.PI);
  ctx.lineWidth = Math.max(2, size / 9);
  ctx.strokeStyle = colors.chain;
  ctx.stroke();
}

// The AI's value of each legal move, the best ones highlighted: in a band
// along the square's foot, under the move's dot, or under a bonus's "+3" or
// a joker's star, so that a value never reads as a bonus's points.
/**
 * @param {Ctx} ctx
 * @param {Board} board
 * @param {BoardState} state
 */
function drawHints(ctx, board, { hints, cells, toMove }) {
  if (hints.length === 0) return;
  const best = Math.max(...hints.map((h) => h.score));
  for (const { index, score, text } of hints) {
    const rect = cellRect(board, index);
    const { cx, size } = centre(rect);
    if (!"+*".includes(cells[index])) drawLegal(ctx, { ...rect, height: rect.height * 0.76 }, toMove, false);
    const [middle, height] = [rect.y + size * 0.78, size * 0.34];
    const top = score === best;
    ctx.fillStyle = rgba(top ? colors.hintBestBack : colors.hintBack);
    ctx.fillRect(rect.x + size * 0.08, middle - height / 2, rect.width - size * 0.16, height);
    ctx.fillStyle = top ? colors.hintBest : colors.hint;
    ctx.font = `700 ${Math.round(size * 0.28)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text ?? hintText(score), cx, middle + size * 0.02);
  }
}

/**
 * Draws one piece as the board shows it, on a small canvas of its own (the
 * legend): "X", "O", "#", "+", "*", "legal" (a dot), "last" (the mark of
 * the last move, on a black disc), or Troll's marks: "edges" (a corner
 * square with both players' bands), "capture" (the ring of a move that
 * must flip), "closed" (the red bar) and "chain" (a disc of the winning
 * chain).
 * @param {HTMLCanvasElement} canvas
 * @param {string} piece
 */
export function drawPieceIcon(canvas, piece) {
  const pixels = Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio) || 1);
  canvas.width = pixels;
  canvas.height = pixels;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  const rect = { x: 0, y: 0, width: pixels, height: pixels };
  if (piece === "#") {
    drawWall(ctx, rect);
    return;
  }
  const inset = Math.max(1, Math.round(pixels / 20));
  fill(ctx, rect, colors.line);
  fill(ctx, shrink(rect, inset), piece === "*" ? colors.ringSquare : colors.square);
  if (piece === "legal") drawLegal(ctx, rect, "X", false);
  else if (piece === "edges") drawEdgeBands(ctx, rect, pixels);
  else if (piece === "capture") drawLegal(ctx, rect, "X", true);
  else if (piece === "closed") drawClosed(ctx, rect);
  else if (piece === "chain") {
    drawDisc(ctx, rect, "X");
    drawChainLink(ctx, rect);
  } else if (piece === "last") {
    drawDisc(ctx, rect, "X");
    drawLastMove(ctx, rect, "X");
  } else drawContent(ctx, rect, piece);
}

/**
 * A move's value as shown on the board: signed, rounded to a whole point.
 * @param {number} score
 */
export function hintText(score) {
  return signed(points(score));
}

const rgba = (/** @type {number[]} */ [r, g, b, a]) => `rgba(${r}, ${g}, ${b}, ${a})`;

/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 */
function drawCursor(ctx, rect) {
  const w = Math.max(2, Math.round(rect.width / 14));
  ctx.lineWidth = w;
  ctx.strokeStyle = colors.cursor;
  ctx.strokeRect(rect.x + w / 2, rect.y + w / 2, rect.width - w, rect.height - w);
  ctx.lineWidth = Math.max(1, w / 3);
  ctx.strokeStyle = "#000000";
  ctx.strokeRect(rect.x + w * 1.2, rect.y + w * 1.2, rect.width - 2.4 * w, rect.height - 2.4 * w);
}

/** @param {Rect} rect */
function centre({ x, y, width, height }) {
  return { cx: x + width / 2, cy: y + height / 2, size: Math.min(width, height) };
}

/**
 * @param {Rect} rect
 * @param {number} by
 */
function shrink({ x, y, width, height }, by) {
  return { x: x + by, y: y + by, width: width - 2 * by, height: height - 2 * by };
}

/**
 * @param {Ctx} ctx
 * @param {Rect} rect
 * @param {string} color
 */
function fill(ctx, { x, y, width, height }, color) {
  ctx.fillStyle = color;
  ctx.fillRect(x, y, width, height);
}
