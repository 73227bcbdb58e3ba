// Map balance off the main thread: the AI's balance estimate and balanced
// random maps take from a fraction of a second to a few seconds.
//
// Requests `{ id, kind: "balance", code }` and `{ id, kind: "balanced",
// seed, counts }`; replies `{ id, type: "result", value }`, `{ id, type:
// "result", code, balance }` or `{ id, type: "error", message }`
// (worker-client.js).
// The workers' own wasm module (.ci/build-ai.mjs): the page's has no AI. A
// namespace import, so that a build without the AI API still loads and
// answers with an error instead of failing to link.
import * as wasm from "../mapello_ai.js";

const ready = wasm.default();

const handlers = {
  balance: ({ code }) => ({ value: call("mapBalance", code) }),
  // The seed is a u64 from randomSeed(); the AI takes a number, exact below 2^53.
  balanced: ({ seed, counts }) => call("balancedRandomMap", Number(BigInt(seed) % 2n ** 53n), counts),
};

function call(name, ...args) {
  if (typeof wasm[name] !== "function") throw new Error("this build has no map balance AI");
  return wasm[name](...args);
}

self.addEventListener("message", async ({ data }) => {
  try {
    await ready;
    const handler = handlers[data.kind];
    if (!handler) throw new Error(`unknown request '${data.kind}'`);
    self.postMessage({ id: data.id, type: "result", ...handler(data) });
  } catch (err) {
    self.postMessage({ id: data.id, type: "error", message: err.message ?? String(err) });
  }
});
