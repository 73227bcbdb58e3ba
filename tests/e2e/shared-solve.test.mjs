// The expert levels' solves on every core (README, "The AI"). From the
// second visit on the service worker makes the page cross-origin isolated,
// and an Othello endgame at level 10 is then solved by workers sharing one
// memory: the reply says on how many cores, and it is a best move, as the
// module's own solve on one thread finds. A helper that fails, never starts
// or dies during a solve costs the pool, never the move: the reply still
// comes, solved by one worker, and the page reports nothing.
import assert from "node:assert/strict";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { serve } from "../../.ci/static-server.mjs";
import { loadWasm } from "../www/wasm.mjs";
import { dist, openBoard, reload, useSite } from "./browser.mjs";
import { DESKTOP, loadMoves, moveList, openSettings, waitForMoves } from "./game.mjs";

const env = useSite();
const wasm = await loadWasm();

// An Othello game from the start, random moves from `seed` on, stopped
// where `empties` squares are left with black to move and a choice to make:
// black's search at level 10 then solves (exactly from 20 empties, for the
// win from 22).
function endgame(empties, seed = 1) {
  for (let random = seed; ; random++) {
    const game = new wasm.Game({ variant: "othello" });
    let state = random;
    for (;;) {
      const { legal, toMove, cells } = game.snapshot();
      if (!toMove) break;
      const free = 64 - [...cells].filter((c) => c === "X" || c === "O").length;
      if (free === empties && toMove === "X" && legal.length > 1) return game.transcript();
      if (free <= empties) break;
      state = (state * 1103515245 + 12345) % 2 ** 31;
      game.play(legal.length ? legal[state % legal.length] : "pass");
    }
  }
}

/** The exact value of the game `moves` for the side to move, and its best move. */
function solved(moves) {
  const game = new wasm.Game({ variant: "othello", moves });
  const found = wasm.bestMove(game, { level: 10 });
  assert.ok(found.exact, `level 10 did not solve ${moves}`);
  return found;
}

/** Sets the page to Othello against the computer as black at level 10. */
async function againstLevel10(page) {
  const unfolded = await openSettings(page);
  await page.selectOption("#variant", "othello");
  await page.selectOption("#mode", "computer");
  await page.selectOption("#human-colour", "O");
  await page.selectOption("#level", "10");
  if (unfolded) await page.click("#settings-toggle");
  await waitForMoves(page, 1);
}

/** The computer's reply to the game `moves`, loaded as a player pastes it, and its details. */
async function reply(page, moves) {
  await loadMoves(page, moves);
  const played = moves.match(/[a-h][1-8]|pa/g).length;
  await waitForMoves(page, played + 1, 60_000);
  const list = await moveList(page);
  return { move: list[played], details: await page.textContent("#thinking-pv") };
}

test("an endgame at level 10 is solved on every core once the page is isolated, and its reply is a best move", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  assert.equal(await page.evaluate(() => crossOriginIsolated), false, "the first visit comes before the service worker");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await reload(page);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true, "the service worker makes the second visit isolated");
  const cores = Math.min(8, await page.evaluate(() => navigator.hardwareConcurrency));
  await againstLevel10(page);
  // The first solve starts the pool of workers that share the next ones (a
  // move waits for a starting pool 1.5 s at most, then solves alone).
  await reply(page, endgame(22, 2));
  const moves = endgame(20);
  const best = solved(moves);
  const { move, details } = await reply(page, moves);
  assert.match(details, /to the end of the game/, details);
  if (cores > 1) assert.match(details, new RegExp(` positions on ${cores} cores in `), details);
  // The reply keeps the exact value: the opponent's best after it is its negation.
  const after = solved(`${moves}${move}`);
  assert.equal(-after.score, best.score, `${move} loses points: ${details}`);
  assert.deepEqual(problems, []);
});

for (const [fault, body] of [
  ["fails", "throw new Error('broken on purpose');"],
  ["never starts", "self.onmessage = () => {};"],
  ["dies once the solve has started", "self.onmessage = () => { self.postMessage('ready'); setTimeout(() => { throw new Error('died on purpose'); }); };"],
]) {
  test(`a helper of the shared solve that ${fault} costs no move: one worker solves it`, async (t) => {
    // The site with that helper, isolated by the host's headers (a route
    // cannot reach a script that a worker's worker loads).
    const copy = await mkdtemp(join(tmpdir(), "mapello-"));
    t.after(() => rm(copy, { recursive: true }));
    await cp(dist, copy, { recursive: true });
    await writeFile(join(copy, "js", "solve-helper.js"), body);
    const site = await serve(copy, { isolate: true });
    t.after(site.close);
    const { page, problems } = await openBoard(env.browser, site.url, { ...DESKTOP, serviceWorkers: "block" });
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    const moves = endgame(18);
    const best = solved(moves);
    await againstLevel10(page);
    const { move, details } = await reply(page, moves);
    assert.match(details, /to the end of the game/, details);
    assert.doesNotMatch(details, / cores /, details);
    assert.equal(-solved(`${moves}${move}`).score, best.score, `${move} loses points: ${details}`);
    assert.deepEqual(problems, []);
  });
}
