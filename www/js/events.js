// @ts-check
// DOM events on the board canvas, handed to the board as plain calls.

/**
 * Calls `resize()` when the canvas needs redrawing at a new size or pixel
 * density, `pointer(point)` with the pointer position in canvas pixels (null
 * when it leaves), `tap(point)` on a click or tap, `key(key)` on a key press
 * (returning true when the board used it) and `focus(hasFocus)`.
 */
/**
 * @typedef {{ x: number, y: number }} CanvasPoint
 * @param {HTMLCanvasElement} canvas
 * @param {{
 *   resize: () => void,
 *   pointer: (point: CanvasPoint | null) => void,
 *   tap: (point: CanvasPoint) => void,
 *   key: (key: string) => boolean,
 *   focus: (hasFocus: boolean) => void,
 * }} handlers
 */
export function bindEvents(canvas, { resize, pointer, tap, key, focus }) {
  new ResizeObserver(resize).observe(canvas);
  watchPixelRatio(resize);
  canvas.addEventListener("pointermove", (e) => pointer(canvasPoint(canvas, e)));
  canvas.addEventListener("pointerleave", () => pointer(null));
  canvas.addEventListener("click", (e) => tap(canvasPoint(canvas, e)));
  canvas.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (key(e.key)) e.preventDefault();
  });
  canvas.addEventListener("focus", () => focus(true));
  canvas.addEventListener("blur", () => focus(false));
}

/**
 * @param {HTMLCanvasElement} canvas
 * @param {MouseEvent} event
 * @returns {CanvasPoint}
 */
function canvasPoint(canvas, { clientX, clientY }) {
  const box = canvas.getBoundingClientRect();
  return {
    x: ((clientX - box.left) * canvas.width) / box.width,
    y: ((clientY - box.top) * canvas.height) / box.height,
  };
}

// Moving the window to a screen of another density changes devicePixelRatio
// without resizing the canvas in CSS pixels, so ResizeObserver stays silent.
/** @param {() => void} onChange */
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
