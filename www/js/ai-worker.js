// @ts-check
// The computer player, off the main thread. Each request rebuilds the game
// from its map code, variant and transcript, searches, and posts progress
// and then the result or an error, tagged with the request's id. A review
// asks for one move at a time, so the page can show progress and cancel.
// A `timed` move plays the expert levels by their time (src/ai/levels.rs);
// each progress report carries the time spent so far, so the page can show
// what is left of that time.
// The workers' own wasm module (.ci/build-ai.mjs): the page's has no AI.
import init, * as wasm from "../mapello_ai.js";

const ready = init();
// The Othello opening book (src/ai/book.rs), fetched once the module is
// ready; without it the levels search from the first move.
const book = ready
  .then(() => fetch(new URL("../book/othello8.bin", import.meta.url)))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .then((bytes) => bytes && typeof wasm.installBook === "function" && wasm.installBook(new Uint8Array(bytes)))
  .catch(() => 0);

// The pattern tables of the open 8 x 8 board (src/ai/net/patterns.rs),
// fetched the first time a game asks for them (wantsPatterns): several
// times the size of the rest of the AI, so only Othello and Reversi on
// 8 x 8 fetch them. The search does not wait: until they come, it plays
// with the network alone. A fetch that fails (offline before the tables
// were ever cached) is tried again by a later request; a file the module
// refuses is not.
/** @type {Promise<unknown> | null} */
let tables = null;

/** @param {import("../mapello.d.ts").Game} game */
function fetchTablesFor(game) {
  if (tables || typeof wasm.wantsPatterns !== "function" || !wasm.wantsPatterns(game)) return;
  tables = fetch(new URL("../net/o8.bin", import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then(
      (bytes) => {
        try {
          wasm.installPatterns(new Uint8Array(bytes));
        } catch {
          // Refused: the network plays alone, as before the tables came.
        }
      },
      () => {
        tables = null;
      },
    );
}

self.onmessage = async ({ data }) => {
  const { id, kind, game: record, level, index, timed, clockMs } = data;
  // The request's own Game, freed when it is answered: the worker lives on.
  /** @type {import("../mapello.d.ts").Game | null} */
  let game = null;
  try {
    await ready;
    if (kind === "move") await book;
    game = new wasm.Game({ variant: record.variant, map: record.map, start: record.start, moves: record.moves });
    fetchTablesFor(game);
    const start = performance.now();
    if (kind === "move") {
      if (typeof wasm.bestMove !== "function") throw new Error("this build has no computer player");
      // A fresh seed per move, so the weaker levels' noise varies between games.
      const seed = Math.floor(Math.random() * 2 ** 32);
      const options = { level, seed, timed: timed === true, ...(clockMs > 0 && { clockMs }) };
      const result = wasm.bestMove(game, options, (progress) => post(id, "progress", { ...plain(progress), ms: performance.now() - start }));
      post(id, "result", { ...plain(result), ms: performance.now() - start });
    } else if (kind === "hints") {
      if (typeof wasm.hints !== "function") throw new Error("this build has no hints");
      post(id, "result", { hints: wasm.hints(game, { level }).map(plain), ms: performance.now() - start });
    } else if (kind === "review") {
      if (typeof wasm.reviewMove !== "function") throw new Error("this build has no game review");
      post(id, "result", { review: plain(wasm.reviewMove(game, index, { level })), ms: performance.now() - start });
    } else {
      throw new Error(`unknown request '${kind}'`);
    }
  } catch (err) {
    post(id, "error", { message: err instanceof Error ? err.message : String(err) });
  } finally {
    game?.free();
  }
};

/**
 * @param {number} id
 * @param {"progress" | "result" | "error"} type
 * @param {object} body
 */
function post(id, type, body) {
  self.postMessage({ id, type, ...body });
}

/**
 * serde_wasm_bindgen may hand over Maps; the page wants plain objects.
 * @template T
 * @param {T | Map<string, unknown>} value
 * @returns {T | { [key: string]: unknown }}
 */
function plain(value) {
  return value instanceof Map ? Object.fromEntries(value) : value;
}
