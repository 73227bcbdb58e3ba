// The page's main thread while the computer thinks, in headless Chromium on
// this machine: the long tasks (over 50 ms, the browser's own measure) from
// the request to the worker until its answer reached the page. It serves
// dist/ (or $MAPELLO_DIST), opens the board against the computer at each of
// LEVELS, loads 24 moves of a game on the default map (the middle game,
// where the search is hardest) and plays MOVES moves, the first legal move
// each time, waiting for every reply; then prints each move's long tasks,
// and per level how many there were and the longest.
//   node tests/bench/long_tasks.mjs [--levels 8,10] [--moves 3]
// after `trunk build --release`. The end-to-end test keeps only what must
// never happen (a task of 250 ms or more, a click left unanswered); the
// figure to watch here is the longest task, which should stay under 50 ms
// on a quiet machine. Other work on the machine lengthens tasks.
import { parseArgs } from "node:util";
import { launch, openBoard, serveDist } from "../e2e/browser.mjs";
import { DEFAULT_MAP, DESKTOP, clickSquare, gameState, loadMoves, moveList, setMode, waitForMoves, watchLongTasks } from "../e2e/game.mjs";

const { values: args } = parseArgs({
  options: {
    levels: { type: "string", default: "8,10" },
    moves: { type: "string", default: "3" },
  },
});
const levels = args.levels.split(",").map(Number);
const count = Number(args.moves);
// 24 moves into a game on the default map, black (the player) to move.
const MIDGAME = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8";

const site = await serveDist();
const browser = await launch();
try {
  for (const level of levels) {
    const { page } = await openBoard(browser, site.url, DESKTOP);
    await setMode(page, "computer", { level: String(level) });
    await loadMoves(page, MIDGAME);
    await watchLongTasks(page);
    let moves = await moveList(page);
    const all = [];
    for (let k = 0; k < count; k += 1) {
      const { legal, status } = await gameState(page, DEFAULT_MAP, moves.join(""));
      if (status !== "toMove") break;
      await clickSquare(page, legal[0]);
      await waitForMoves(page, moves.length + 2);
      await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human", null, { timeout: 30_000 });
      moves = await moveList(page);
      const { tasks, ms } = await page.evaluate(() => {
        const { started, finished, ms } = document.querySelector("#thinking").dataset;
        const tasks = window.longTasks.filter((l) => l.start + l.duration > Number(started) && l.start < Number(finished));
        return { tasks: tasks.map((l) => Math.round(l.duration)), ms: Number(ms) };
      });
      all.push(...tasks);
      console.log(`  level ${level}, move ${moves.length - 1}: thought ${ms} ms; long tasks: ${tasks.length ? tasks.map((d) => `${d} ms`).join(", ") : "none"}`);
    }
    console.log(`level ${level}: ${all.length} long task${all.length === 1 ? "" : "s"} in ${count} moves, the longest ${all.length ? `${Math.max(...all)} ms` : "none"}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await site.close();
}
