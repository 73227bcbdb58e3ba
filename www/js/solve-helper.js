// @ts-check
// A helper of the expert levels' shared solves (ai-worker.js, "Shared
// solves"): the threaded workers' module instantiated on the solving
// worker's memory, sent as this worker's one message. It says "ready", then
// waits in the module to help each solve that worker shares, and never
// returns: the worker that started it ends it. What went wrong is said
// instead of "ready".

/** @type {typeof import("../mapello_ai.js") & import("../mapello_ai.d.ts").Threaded} */
let wasm;
self.onmessage = async ({ data }) => {
  try {
    const glue = "../mt/mapello_ai.js";
    wasm = await import(glue);
    await wasm.default({ memory: data.memory });
    if (!wasm.solveShares()) throw new Error("this module does not share solves");
  } catch (err) {
    self.postMessage(err instanceof Error ? err.message : String(err));
    return;
  }
  self.postMessage("ready");
  wasm.serveSolves();
};
