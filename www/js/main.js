// Page entry: starts the wasm module and shows a new game's board.
// trunk writes the wasm-bindgen glue (mapello.js) next to index.html.
import init, { Game } from "../mapello.js";
import { createBoard } from "./board.js";
import { fromGame, turnText } from "./state.js";

const canvas = document.querySelector("#board");
const status = document.querySelector("#status");

try {
  await init();
  const state = fromGame(new Game(undefined).state());
  createBoard(canvas, state);
  status.textContent = turnText(state);
  document.body.dataset.ready = "true";
} catch (err) {
  status.textContent = `Mapello could not start: ${err.message}`;
  throw err;
}
