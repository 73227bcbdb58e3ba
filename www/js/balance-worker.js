// @ts-check
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

/**
 * A request from the editor (editor-balance.js).
 * @typedef {{ id: number, kind: "balance", code: string }
 *   | { id: number, kind: "balanced", seed: import("../mapello.d.ts").Seed, counts: Parameters<typeof wasm.balancedRandomMap>[1] }} Request
 */

const ready = wasm.default();

/**
 * The answer to `request`, without its id.
 * @param {Request} request
 */
function answer(request) {
  switch (request.kind) {
    case "balance":
      return { value: ai("mapBalance")(request.code) };
    case "balanced":
      // The seed is a u64 from randomSeed(); the AI takes a number, exact below 2^53.
      return ai("balancedRandomMap")(Number(BigInt(request.seed) % 2n ** 53n), request.counts);
    default:
      throw new Error(`unknown request '${/** @type {{ kind: unknown }} */ (request).kind}'`);
  }
}

/**
 * The AI function `name`, which a build without the AI API lacks.
 * @template {"mapBalance" | "balancedRandomMap"} K
 * @param {K} name
 * @returns {(typeof wasm)[K]}
 */
function ai(name) {
  if (typeof wasm[name] !== "function") throw new Error("this build has no map balance AI");
  return wasm[name];
}

self.addEventListener("message", async (/** @type {MessageEvent<Request>} */ { data }) => {
  try {
    await ready;
    self.postMessage({ id: data.id, type: "result", ...answer(data) });
  } catch (err) {
    self.postMessage({ id: data.id, type: "error", message: err instanceof Error ? err.message : String(err) });
  }
});
