// @ts-check
// The Blocs page's panels, each drawn from the one snapshot the controller
// (blocs-controller.js) gives per change: the status line, the board, the
// result, the hints line, the move list and the settings.
import { moveRows, playerName, resultText, splitTranscript, statusLine } from "./blocs-model.js";
import { byId as $, inside } from "./dom.js";

/**
 * What the controller gives per change (blocs-controller.js).
 * @typedef {ReturnType<ReturnType<typeof import("./blocs-controller.js").createBlocsController>["snapshot"]>} BlocsState
 */

/**
 * Draws every panel of `page` and the `board` view from `state`, the controller's snapshot.
 * @param {HTMLElement} page
 * @param {import("./blocs-view.js").BlocsView} board
 * @param {BlocsState} state
 */
export function drawBlocs(page, board, state) {
  $("blocs-status").textContent = statusLine(state.snap, state.names, state.thinking);
  board.show(state.snap, { enabled: state.mine, hints: state.hints });
  drawResult(state);
  drawHints(state);
  drawMoves(state);
  drawSettings(page, state);
}

// The end of the game, told as the board's games tell theirs (the play
// page's result panel): who won, how, and a new game a button away.
/** @param {BlocsState} state */
function drawResult({ snap, names }) {
  const result = resultText(snap, names);
  $("blocs-result").hidden = !result;
  $("blocs-result-title").textContent = result?.title ?? "";
  $("blocs-result-detail").textContent = result?.detail ?? "";
}

/** @param {BlocsState} state */
function drawHints({ settings, mine, hints }) {
  const line = $("blocs-hints-line");
  line.hidden = !(settings.hints && mine);
  line.textContent = hints.length
    ? `Winning moves: ${hints.join(", ")} (a green dot marks a placement's square or a flip's lower-right disc).`
    : "No winning move here: against perfect play every move loses.";
}

/** @param {BlocsState} state */
function drawMoves({ transcript }) {
  const list = $("blocs-moves");
  const rows = moveRows(splitTranscript(transcript));
  list.replaceChildren(
    ...rows.map((r) => {
      const li = document.createElement("li");
      // By seat, not by "You": a game from a shared link was not played here.
      li.textContent = `${playerName(r.side)}: ${r.move}`;
      return li;
    }),
  );
  // The newest move in view, without scrolling the page itself.
  list.scrollTop = list.scrollHeight;
}

/**
 * @param {HTMLElement} page
 * @param {BlocsState} state
 */
function drawSettings(page, { snap, settings, thinking }) {
  $("blocs-undo", HTMLButtonElement).disabled = !snap.canUndo || thinking;
  $("blocs-redo", HTMLButtonElement).disabled = !snap.canRedo || thinking;
  $("blocs-opponent", HTMLSelectElement).value = settings.opponent;
  $("blocs-human", HTMLSelectElement).value = settings.human;
  $("blocs-level", HTMLSelectElement).value = String(settings.level);
  $("blocs-hints", HTMLInputElement).checked = settings.hints;
  const labels = /** @type {NodeListOf<HTMLElement>} */ (page.querySelectorAll("[data-blocs-for]"));
  for (const label of labels) label.hidden = !String(label.dataset.blocsFor).split(" ").includes(settings.opponent);
  $("variant", HTMLSelectElement).value = "blocs";
}

/**
 * Fills the level chooser with levels 1 to `max`; the strongest plays perfectly.
 * @param {number} max
 */
export function fillLevels(max) {
  const options = Array.from({ length: max }, (_, k) => {
    const level = k + 1;
    return new Option(level === max ? `${level} (perfect)` : String(level), String(level));
  });
  $("blocs-level").replaceChildren(...options);
}

/**
 * Shows or hides the Blocs page in place of the board's.
 * @param {HTMLElement} page
 * @param {boolean} on
 */
export function showPage(page, on) {
  page.hidden = !on;
  inside(document, "main.layout", HTMLElement).hidden = on;
  // The board's settings (size, mode, map) do not apply to Blocs.
  document.body.classList.toggle("blocs-active", on);
  if (on) {
    $("settings-game").textContent = "Blocs 4×4";
    $("settings-mode").textContent = "";
  }
}
