// Draws the board state on a canvas, sharp at the screen's pixel density.
import { cellRect, isRing, layout, outerSide } from "./geometry.js";

const colors = {
  square: "#2f7a4b",
  ringSquare: "#3d6a8c",
  wall: "#171b1f",
  line: "#163a26",
  frame: "#0c1f14",
  hover: "rgba(255, 255, 255, 0.16)",
  mark: "rgba(255, 255, 255, 0.85)",
  black: ["#4a4a4a", "#0d0d0d"],
  white: ["#ffffff", "#d4d4d4"],
  discEdge: "rgba(0, 0, 0, 0.45)",
};

/** Sizes the canvas's pixel buffer to its CSS box at devicePixelRatio and draws `state`. */
export function render(canvas, state) {
  const pixels = Math.max(1, Math.round(canvas.clientWidth * devicePixelRatio));
  if (canvas.width !== pixels || canvas.height !== pixels) {
    canvas.width = pixels;
    canvas.height = pixels;
  }
  const board = layout(outerSide(state.size), pixels);
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, pixels, pixels);

  const cells = [...state.cells];
  cells.forEach((c, i) => drawSquare(ctx, board, state, i, c));
  drawFrame(ctx, board, state.size);
  if (state.hover >= 0 && cells[state.hover] !== "#") {
    fill(ctx, cellRect(board, state.hover), colors.hover);
  }
  cells.forEach((c, i) => drawContent(ctx, cellRect(board, i), c));
}

// A playable square is inset in its cell, so the line colour shows between
// neighbours; walls fill their cell.
function drawSquare(ctx, board, state, index, c) {
  const rect = cellRect(board, index);
  if (c === "#") {
    fill(ctx, rect, colors.wall);
    return;
  }
  const inset = Math.max(1, Math.round(board.cell / 80));
  fill(ctx, rect, colors.line);
  fill(
    ctx,
    { x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset },
    state.ring && isRing(state.size, index) ? colors.ringSquare : colors.square,
  );
}

// A heavier line around the inner board, setting it apart from the ring.
function drawFrame(ctx, board, size) {
  const width = Math.max(2, Math.round(board.cell / 16));
  const start = Math.round(board.cell) - Math.floor(width / 2);
  const length = Math.round((size + 1) * board.cell) - Math.round(board.cell) + width;
  ctx.fillStyle = colors.frame;
  ctx.fillRect(start, start, length, width);
  ctx.fillRect(start, start + length - width, length, width);
  ctx.fillRect(start, start, width, length);
  ctx.fillRect(start + length - width, start, width, length);
}

function drawContent(ctx, rect, c) {
  if (c === "X") drawDisc(ctx, rect, colors.black);
  else if (c === "O") drawDisc(ctx, rect, colors.white);
  else if (c === "+" || c === "*") drawMark(ctx, rect, c);
}

function drawDisc(ctx, { x, y, width, height }, [light, dark]) {
  const cx = x + width / 2;
  const cy = y + height / 2;
  const r = Math.min(width, height) * 0.4;
  const shade = ctx.createRadialGradient(cx - r / 3, cy - r / 3, r / 8, cx, cy, r);
  shade.addColorStop(0, light);
  shade.addColorStop(1, dark);
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fillStyle = shade;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r / 20);
  ctx.strokeStyle = colors.discEdge;
  ctx.stroke();
}

// Special squares show their diagram character until they get their own art.
function drawMark(ctx, { x, y, width, height }, c) {
  ctx.fillStyle = colors.mark;
  ctx.font = `bold ${Math.round(height * 0.5)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(c, x + width / 2, y + height / 2);
}

function fill(ctx, { x, y, width, height }, color) {
  ctx.fillStyle = color;
  ctx.fillRect(x, y, width, height);
}
