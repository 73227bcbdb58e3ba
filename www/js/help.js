// @ts-check
// How to play: the rules dialog with a page per game and one on the ways to
// play, and the legend beside the board, shown until a player hides it.
import { allInside, byId, inside } from "./dom.js";
import { drawPieceIcon } from "./render.js";

// The built page keeps the rules' pages in this file, beside it, off the
// first load (.ci/split-help.mjs); the source page holds them in the dialog.
const PAGES_URL = "help.html";
// localStorage key remembering that the legend was hidden.
const LEGEND_KEY = "mapello.legendHidden";
// Legend rows of the pieces a map may have; each shows when the board holds one.
// Rows marked `data-game` show only for that game, `data-not-game` for all others.
const MAP_PIECES = ["#", "+", "*"];

/**
 * Wires the dialog and the legend; returns `{ open(page), showGame(variant, cells) }`.
 * @param {Storage} storage
 */
export function setupHelp(storage) {
  const dialog = byId("help", HTMLDialogElement);
  const legend = byId("legend");

  const pages = loadPages(dialog);
  let shown = "mapello";
  function show() {
    for (const tab of allInside(dialog, "[data-help]")) tab.setAttribute("aria-pressed", String(tab.dataset.help === shown));
    for (const article of allInside(dialog, "[data-help-page]")) article.hidden = article.dataset.helpPage !== shown;
  }
  function open(page = "mapello") {
    shown = page;
    show();
    if (!dialog.open) dialog.showModal();
    pages.load().then(show);
  }

  // Blocs has its own page (blocs-app.js), marked on the body while it shows.
  const shownGame = () => (document.body.classList.contains("blocs-active") ? "blocs" : currentGame);
  byId("open-help").addEventListener("click", () => open(shownGame()));
  byId("close-help").addEventListener("click", () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (e) => {
    if (e.target === dialog) dialog.close();
  });
  for (const tab of allInside(dialog, "[data-help]")) tab.addEventListener("click", () => open(tab.dataset.help));
  inside(legend, "[data-help]").addEventListener("click", () => open(currentGame));

  legend.hidden = readHidden(storage);
  byId("close-legend").addEventListener("click", () => {
    legend.hidden = true;
    try {
      storage.setItem(LEGEND_KEY, "true");
    } catch {
      // Private browsing may refuse storage: the legend just comes back next visit.
    }
  });
  const drawIcons = () => {
    for (const row of allInside(legend, "li[data-piece]")) drawPieceIcon(inside(row, "canvas", HTMLCanvasElement), /** @type {string} */ (row.dataset.piece));
  };
  new ResizeObserver(drawIcons).observe(legend);

  let currentGame = "mapello";
  // Fetched once the first screen is drawn, so that the dialog opens with its text.
  (window.requestIdleCallback ?? setTimeout)(() => pages.load());
  return {
    open,
    /**
     * Shows the rules page of `variant` and the legend of the pieces on the board `cells`.
     * @param {string} variant
     * @param {string} cells
     */
    showGame(variant, cells) {
      currentGame = variant;
      for (const row of allInside(legend, "li[data-piece]")) {
        // Every row names its piece (the selector asks for it).
        const { piece = "", game, notGame } = row.dataset;
        const wrongGame = (game !== undefined && game !== variant) || notGame === variant;
        row.hidden = wrongGame || (MAP_PIECES.includes(piece) && !cells.includes(piece));
      }
    },
  };
}

/**
 * The rules' pages of `dialog`: `load()` puts them in if they are not (at
 * most one fetch at a time; a failed one says so in the dialog, and the
 * next `load()` tries again) and resolves when they are, or have failed.
 * @param {HTMLDialogElement} dialog
 */
function loadPages(dialog) {
  /** @type {Promise<void> | null} */
  let loading = null;
  const failed = document.createElement("p");
  failed.className = "error";
  failed.setAttribute("role", "alert");
  failed.textContent = "The rules could not be loaded: check the connection, then open How to play again.";
  async function fetchPages() {
    try {
      const response = await fetch(PAGES_URL);
      if (!response.ok) throw new Error(`${PAGES_URL}: HTTP ${response.status}`);
      const pages = document.createRange().createContextualFragment(await response.text());
      if (!pages.querySelector("[data-help-page]")) throw new Error(`${PAGES_URL} holds no help page`);
      if (dialog.querySelector("[data-help-page]")) return;
      failed.remove();
      dialog.append(pages);
    } catch {
      dialog.append(failed);
    }
  }
  return {
    load() {
      if (dialog.querySelector("[data-help-page]")) return Promise.resolve();
      loading ??= fetchPages().finally(() => {
        loading = null;
      });
      return loading;
    },
  };
}

/** @param {Storage} storage */
function readHidden(storage) {
  try {
    return storage.getItem(LEGEND_KEY) === "true";
  } catch {
    return false;
  }
}
