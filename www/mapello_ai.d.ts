// The workers' wasm module (mapello_ai.js, .ci/build-ai.mjs): the page's
// API with the computer player's functions present, so the same
// declarations (mapello.d.ts) type it.
export * from "./mapello.js";
export { default } from "./mapello.js";

/** What only the threaded build (mt/mapello_ai.js) adds to the workers' API. */
export interface Threaded {
  /** This instance's memory, shared: its helpers are instantiated on it. */
  sharedMemory(): WebAssembly.Memory;
  /** Waits to help each solve shared on this memory; never returns. */
  serveSolves(): never;
}
