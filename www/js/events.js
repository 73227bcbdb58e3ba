// DOM events on the board canvas, handed to the board as plain calls.

/**
 * Calls `resize()` when the canvas needs redrawing at a new size or pixel
 * density, and `pointer(point)` with the pointer position in canvas pixels
 * (null when it leaves).
 */
export function bindEvents(canvas, { resize, pointer }) {
  new ResizeObserver(resize).observe(canvas);
  watchPixelRatio(resize);
  canvas.addEventListener("pointermove", (e) => pointer(canvasPoint(canvas, e)));
  canvas.addEventListener("pointerleave", () => pointer(null));
}

function canvasPoint(canvas, { clientX, clientY }) {
  const box = canvas.getBoundingClientRect();
  return {
    x: ((clientX - box.left) * canvas.width) / box.width,
    y: ((clientY - box.top) * canvas.height) / box.height,
  };
}

// Moving the window to a screen of another density changes devicePixelRatio
// without resizing the canvas in CSS pixels, so ResizeObserver stays silent.
function watchPixelRatio(onChange) {
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener(
    "change",
    () => {
      onChange();
      watchPixelRatio(onChange);
    },
    { once: true },
  );
}
