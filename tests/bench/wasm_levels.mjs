// The browser's search speed and the think time of the strongest levels, in
// headless Chromium on this machine: the figures the node budgets of
// src/ai/levels.rs are calibrated from. It serves dist/ (or $MAPELLO_DIST),
// builds positions (moves of level 2 from the start of the empty map and of
// random maps with 8 walls, 8 bonuses and 8 jokers, on boards of SIZE, PLIES
// of them or until EMPTIES free squares are left), then
//   1. times `bestMove` with a fixed node budget on the page's main thread
//      (wasm runs there as fast as in a worker), best of ROUNDS runs: the
//      wasm nodes per second of each position;
//   2. asks the page's own computer worker (js/ai-worker.js) for a move at
//      each of LEVELS with its node budget (a game asks for levels 9 and 10
//      by their time, `timed`; this asks without), and reports its time,
//      its nodes (the same on any machine) and its time reckoned at the
//      position's speed;
//   3. for each level with an aim (AIM, level=milliseconds), prints the
//      factor to scale its node budget by for its reckoned median to meet
//      it (the search stops between iterations, so time is not quite
//      linear in the budget: re-run after changing it).
//   node tests/bench/wasm_levels.mjs [--levels 8,9,10] [--positions 6]
//        [--plies 20 | --empties E] [--aim 9=1000,10=3000] [--rounds 3]
//        [--size 6|8|10]
// after `trunk build --release`; `--empties 20` checks the exact solve of
// the levels that start it there. Other work on the machine slows the
// measured times; the reckoned ones hold up better, but a quiet machine
// is best.
import { parseArgs } from "node:util";
import { launch, serveDist } from "../e2e/browser.mjs";
import { benchPositions, median, timedSearch } from "./positions.mjs";

const { values: args } = parseArgs({
  options: {
    levels: { type: "string", default: "8,9,10" },
    positions: { type: "string", default: "6" },
    plies: { type: "string", default: "20" },
    empties: { type: "string" },
    aim: { type: "string", default: "9=1000,10=3000" },
    rounds: { type: "string", default: "3" },
    size: { type: "string", default: "8" },
  },
});
const levels = args.levels.split(",").map(Number);
const rounds = Number(args.rounds);
const aims = new Map(args.aim.split(",").map((pair) => pair.split("=").map(Number)));
const count = Number(args.positions);
const size = Number(args.size);
const plies = args.empties === undefined ? Number(args.plies) : Number.MAX_SAFE_INTEGER;
const empties = args.empties === undefined ? 0 : Number(args.empties);
// Large enough that the per-move set-up does not count, small enough to be quick.
const SPEED_NODES = 2_000_000;

const site = await serveDist();
const browser = await launch();
try {
  const page = await browser.newPage();
  // A page of the site that starts no search of its own: the wasm module and
  // the worker script resolve against it as they do in a game.
  await page.goto(`${site.url}mapello_ai.js`);
  const positions = await benchPositions(page, { count, plies, empties, size });

  // A burst of load from elsewhere only ever slows a run down, so each
  // position's speed is the best of ROUNDS runs.
  const speeds = [];
  console.log(`wasm search speed (${SPEED_NODES} nodes a position, best of ${rounds} runs, main thread):`);
  for (const { name, game } of positions) {
    let best = null;
    for (let round = 0; round < rounds; round += 1) {
      const r = await timedSearch(page, game, { nodes: SPEED_NODES });
      if (!best || r.ms < best.ms) best = r;
    }
    const perSecond = best.nodes / (best.ms / 1000);
    speeds.push(perSecond);
    console.log(`  ${name}: ${(perSecond / 1e6).toFixed(2)} M nodes/s (${best.nodes} nodes in ${Math.round(best.ms)} ms, depth ${best.depth})`);
  }
  console.log(`  median: ${(median(speeds) / 1e6).toFixed(2)} M nodes/s`);

  // The nodes of a level's move are the same on every machine; its time in
  // the worker suffers the machine's load, so each move is also reckoned at
  // its position's best speed: what a quiet machine would take.
  console.log("think time of a move in the page's worker (measured; reckoned at the position's best speed):");
  const summary = [];
  for (const level of levels) {
    const measured = [];
    const reckoned = [];
    for (const [i, { name, game }] of positions.entries()) {
      const r = await page.evaluate(
        ({ game, level }) =>
          new Promise((resolve, reject) => {
            const worker = new Worker(new URL("js/ai-worker.js", location.href), { type: "module" });
            worker.onmessage = ({ data }) => {
              if (data.type === "progress") return;
              worker.terminate();
              if (data.type === "result") resolve(data);
              else reject(new Error(data.message));
            };
            worker.postMessage({ id: 1, kind: "move", game, level });
          }),
        { game, level },
      );
      measured.push(r.ms);
      reckoned.push((r.nodes / speeds[i]) * 1000);
      console.log(`  level ${level}, ${name}: ${Math.round(r.ms)} ms; ${Math.round(reckoned.at(-1))} ms; ${r.nodes} nodes, depth ${r.depth}${r.exact ? ", exact" : ""}`);
    }
    const typical = median(reckoned);
    console.log(`  level ${level}: measured median ${Math.round(median(measured))} ms, longest ${Math.round(Math.max(...measured))} ms; reckoned median ${Math.round(typical)} ms, longest ${Math.round(Math.max(...reckoned))} ms`);
    if (aims.has(level)) summary.push(`level ${level}: aim ${aims.get(level)} ms, reckoned median ${Math.round(typical)} ms: scale its node budget by ${(aims.get(level) / typical).toFixed(2)}`);
  }
  for (const line of summary) console.log(line);
} finally {
  await browser.close();
  await site.close();
}
