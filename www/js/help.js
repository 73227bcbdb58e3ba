// How to play: the rules dialog with a page per game and one on the ways to
// play, and the legend beside the board, shown until a player hides it.
import { drawPieceIcon } from "./render.js";

// localStorage key remembering that the legend was hidden.
const LEGEND_KEY = "mapello.legendHidden";
// Legend rows of the pieces a map may have; each shows when the board holds one.
// Rows marked `data-game` show only for that game, `data-not-game` for all others.
const MAP_PIECES = ["#", "+", "*"];

/** Wires the dialog and the legend; returns `{ open(page), showGame(variant) }`. */
export function setupHelp(storage) {
  const $ = (id) => document.getElementById(id);
  const dialog = $("help");
  const legend = $("legend");

  function open(page = "mapello") {
    for (const tab of dialog.querySelectorAll("[data-help]")) tab.setAttribute("aria-pressed", String(tab.dataset.help === page));
    for (const article of dialog.querySelectorAll("[data-help-page]")) article.hidden = article.dataset.helpPage !== page;
    if (!dialog.open) dialog.showModal();
  }

  // Blocs has its own page (blocs-app.js), marked on the body while it shows.
  const shownGame = () => (document.body.classList.contains("blocs-active") ? "blocs" : currentGame);
  $("open-help").addEventListener("click", () => open(shownGame()));
  $("close-help").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
  for (const tab of dialog.querySelectorAll("[data-help]")) tab.addEventListener("click", () => open(tab.dataset.help));
  legend.querySelector("[data-help]").addEventListener("click", () => open(currentGame));

  legend.hidden = readHidden(storage);
  $("close-legend").addEventListener("click", () => {
    legend.hidden = true;
    try {
      storage.setItem(LEGEND_KEY, "true");
    } catch {
      // Private browsing may refuse storage: the legend just comes back next visit.
    }
  });
  const drawIcons = () => {
    for (const row of legend.querySelectorAll("li[data-piece]")) drawPieceIcon(row.querySelector("canvas"), row.dataset.piece);
  };
  new ResizeObserver(drawIcons).observe(legend);

  let currentGame = "mapello";
  return {
    open,
    /** Shows the rules page of `variant` and the legend of the pieces on the board `cells`. */
    showGame(variant, cells) {
      currentGame = variant;
      for (const row of legend.querySelectorAll("li[data-piece]")) {
        const { piece, game, notGame } = row.dataset;
        const wrongGame = (game !== undefined && game !== variant) || notGame === variant;
        row.hidden = wrongGame || (MAP_PIECES.includes(piece) && !cells.includes(piece));
      }
    },
  };
}

function readHidden(storage) {
  try {
    return storage.getItem(LEGEND_KEY) === "true";
  } catch {
    return false;
  }
}
