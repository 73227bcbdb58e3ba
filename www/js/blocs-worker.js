// @ts-check
// The Blocs computer player, off the main thread like the other games':
// each request rebuilds the game from its transcript and answers the move
// of the level asked (the solver's tables are built once per worker).
// Requests `{ id, moves, level }`; replies `{ id, type: "result", move }`
// or `{ id, type: "error", message }` (worker-client.js).
import init, * as wasm from "../mapello_ai.js";

const ready = init();

self.onmessage = async ({ data }) => {
  const { id, moves, level } = data;
  try {
    await ready;
    const game = new wasm.BlocsGame({ moves });
    const move = game.aiMove(level, wasm.randomSeed());
    game.free();
    self.postMessage({ id, type: "result", move });
  } catch (err) {
    self.postMessage({ id, type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
