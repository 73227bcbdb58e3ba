// The board widget: holds one state, redraws it on change, and turns events
// into state changes.
import { bindEvents } from "./events.js";
import { cellAt, layout, outerSide } from "./geometry.js";
import { render } from "./render.js";
import { withHover } from "./state.js";

/** Draws `initial` on `canvas` and keeps it drawn as the page changes. */
export function createBoard(canvas, initial) {
  let state = initial;
  let frame = 0;
  const redraw = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      render(canvas, state);
    });
  };
  const update = (next) => {
    if (next !== state) {
      state = next;
      redraw();
    }
  };

  bindEvents(canvas, {
    resize: redraw,
    pointer: (point) => {
      const board = layout(outerSide(state.size), canvas.width);
      update(withHover(state, point ? cellAt(board, point.x, point.y) : -1));
    },
  });
  render(canvas, state);
}
