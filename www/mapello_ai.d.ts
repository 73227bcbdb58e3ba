// The workers' wasm module (mapello_ai.js, .ci/build-ai.mjs): the page's
// API with the computer player's functions present, so the same
// declarations (mapello.d.ts) type it.
export * from "./mapello.js";
export { default } from "./mapello.js";
