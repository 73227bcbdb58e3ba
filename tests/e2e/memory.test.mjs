// Every wasm object has one owner that frees it (issue 31 point 4): after
// hundreds of computer moves, neither the page's wasm memory nor the
// computer's worker's has grown past what the first games took.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, useSite } from "./browser.mjs";
import { DESKTOP, setMode } from "./game.mjs";

const env = useSite();
// Moves before the first reading: the allocators have found their size.
const WARM_UP = 120;
const MOVES = 500;

// The wasm memory, in bytes, of a realm that has loaded its module (the
// page its own, the computer's worker the workers' mapello_ai.js): the glue
// hands back the same instance when asked again.
const wasmBytes = async () => {
  const name = self.location.pathname.endsWith("ai-worker.js") ? "mapello_ai.js" : "mapello.js";
  const glue = await import(new URL(name, self.location.href.replace(/js\/[^/]*$/, "")).href);
  return (await glue.default()).memory.buffer.byteLength;
};

/** Moves played by the computers so far, counting the finished games. */
function played(page) {
  return page.evaluate(() => Number(document.body.dataset.movesPlayed ?? 0) + document.querySelectorAll("#move-list li").length);
}

/** Plays on, game after game, until `target` moves have been made. */
async function playUntil(page, target) {
  while ((await played(page)) < target) {
    await page.waitForFunction(
      (t) => document.querySelector("#status").textContent.startsWith("Game over.") || Number(document.body.dataset.movesPlayed ?? 0) + document.querySelectorAll("#move-list li").length >= t,
      target,
      { timeout: 120_000 },
    );
    if ((await page.textContent("#status")).startsWith("Game over.")) {
      await page.evaluate(() => {
        document.body.dataset.movesPlayed = String(Number(document.body.dataset.movesPlayed ?? 0) + document.querySelectorAll("#move-list li").length);
      });
      await page.click("#next-game");
    }
  }
}

async function memory(page) {
  const [worker] = page.workers().filter((w) => w.url().endsWith("ai-worker.js"));
  assert.ok(worker, "the computer's worker is running");
  return { page: await page.evaluate(wasmBytes), worker: await worker.evaluate(wasmBytes) };
}

test(`after ${MOVES} computer moves the page's and the worker's wasm memory have stopped growing`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "watch", { level: "1", "level-white": "1", "watch-speed": "fast" });
  await playUntil(page, WARM_UP);
  const before = await memory(page);
  await playUntil(page, MOVES);
  const after = await memory(page);
  assert.deepEqual(after, before, `wasm memory after ${WARM_UP} and after ${MOVES} moves`);
  assert.deepEqual(problems, []);
  await page.context().close();
});
