// The exact solver split between workers in headless Chromium: FFO #40-#44
// solved by one worker, then by WORKERS workers each solving its share of
// the root moves (the wasm API's `solve` with `part`), the position's
// score the best of theirs, both checked against the suite. Each worker
// loads the workers' module once, before the clock starts; the time is the
// wall time from the first request to the last answer, the best of ROUNDS
// alternating runs, so a burst of load does not skew one side.
//   node tests/bench/split_ffo.mjs [--workers 2] [--rounds 2]
// after `trunk build --release`.
import { parseArgs } from "node:util";
import { launch, serveDist } from "../e2e/browser.mjs";
import { FFO, check } from "./ffo.mjs";

const { values: args } = parseArgs({
  options: {
    workers: { type: "string", default: "2" },
    rounds: { type: "string", default: "2" },
  },
});
const workers = Number(args.workers);
const rounds = Number(args.rounds);

// In the page: `count` workers, each with the module loaded, and a
// function that solves an OBF with all of them, one share each.
async function startWorkers(count) {
  const source = `
    import init, { solve } from "${new URL("mapello_ai.js", location.href).href}";
    const ready = init();
    self.onmessage = async ({ data }) => {
      await ready;
      try {
        self.postMessage(solve(data.obf, data.options));
      } catch (err) {
        self.postMessage({ error: String(err?.message ?? err) });
      }
    };`;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const pool = Array.from({ length: count }, () => new Worker(url, { type: "module" }));
  const ask = (w, message) =>
    new Promise((resolve, reject) => {
      w.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      w.postMessage(message);
    });
  // A small solve first, so that each module is compiled and started.
  const warm = "OOOOOOOO-OOXXO--XOOXXOOOXXOXOX--XOXXXXOOXXXXXXO--XXXO-X--XXXXO-- X";
  await Promise.all(pool.map((w) => ask(w, { obf: warm, options: { maxEmpties: 30 } })));
  window.solveWith = async (obf) => {
    const start = performance.now();
    const answers = await Promise.all(
      pool.map((w, index) => ask(w, { obf, options: { maxEmpties: 30, ...(count > 1 && { part: { index, count } }) } })),
    );
    const ms = performance.now() - start;
    const best = answers.reduce((a, b) => (b.score > a.score ? b : a));
    return { ...best, nodes: answers.reduce((n, a) => n + a.nodes, 0), ms };
  };
}

const site = await serveDist();
const browser = await launch();
try {
  const pages = {};
  for (const count of [1, workers]) {
    const page = await browser.newPage();
    await page.goto(`${site.url}mapello_ai.js`);
    await page.evaluate(startWorkers, count);
    pages[count] = page;
  }
  console.log(`FFO #40-#44 in headless Chromium: 1 worker, then ${workers} workers sharing the root moves (best of ${rounds})`);
  const totals = { 1: 0, [workers]: 0 };
  for (const [number, obf, moves, want] of FFO) {
    const times = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const count of [1, workers]) {
        const found = await pages[count].evaluate((o) => window.solveWith(o), obf);
        check(`${count} workers`, number, found.best, found.score, moves, want);
        if (!times[count] || found.ms < times[count].ms) times[count] = found;
      }
    }
    totals[1] += times[1].ms;
    totals[workers] += times[workers].ms;
    const one = times[1];
    const many = times[workers];
    console.log(
      `  #${number}: ${one.best} ${want}: 1 worker ${(one.ms / 1000).toFixed(2)} s (${(one.nodes / 1e6).toFixed(1)} M nodes), ` +
        `${workers} workers ${(many.ms / 1000).toFixed(2)} s (${(many.nodes / 1e6).toFixed(1)} M nodes): ${(many.ms / one.ms).toFixed(2)}`,
    );
  }
  console.log(
    `total: 1 worker ${(totals[1] / 1000).toFixed(2)} s, ${workers} workers ${(totals[workers] / 1000).toFixed(2)} s, ` +
      `ratio ${(totals[workers] / totals[1]).toFixed(2)}`,
  );
} finally {
  await browser.close();
  await site.close();
}
