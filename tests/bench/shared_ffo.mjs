// The exact solver shared between workers on one memory in headless
// Chromium, as the page's expert levels share their solves where it is
// cross-origin isolated (www/js/ai-worker.js, "Shared solves"): FFO #40-#44
// solved by one worker on the threaded module (mt/), then by that worker
// with WORKERS - 1 helpers (the site's own js/solve-helper.js) on its memory
// (the wasm API's `solve` with `threads`), and by one worker on today's
// module (mapello_ai.js) for comparison; each answer checked against the
// suite. The modules load before the clock starts; the time is the wall
// time of each solve, the best of ROUNDS alternating runs, so a burst of
// load does not skew one side. The site is served with the isolation
// headers a host can send (the service worker sends them from a second
// visit on). Needs the cores free: another program on one of them turns
// the ratio to about 1.
//   node tests/bench/shared_ffo.mjs [--workers 2] [--rounds 3]
// after `trunk build --release`.
import { parseArgs } from "node:util";
import { serve } from "../../.ci/static-server.mjs";
import { dist, launch } from "../e2e/browser.mjs";
import { FFO, check } from "./ffo.mjs";

const { values: args } = parseArgs({
  options: {
    workers: { type: "string", default: "2" },
    rounds: { type: "string", default: "3" },
  },
});
const workers = Number(args.workers);
const rounds = Number(args.rounds);

// In the page: the threaded solver with `count - 1` helpers on its memory,
// and today's module in a worker of its own; `window.solveWith(obf, how)`
// solves with one of them ("alone", "shared" or "today").
async function startWorkers(count) {
  const worker = (module) => {
    const source = `
      import init, * as wasm from "${new URL(module, location.href).href}";
      const ready = init();
      self.onmessage = async ({ data }) => {
        await ready;
        try {
          self.postMessage(data.memory ? { memory: wasm.sharedMemory() } : wasm.solve(data.obf, data.options));
        } catch (err) {
          self.postMessage({ error: String(err?.message ?? err) });
        }
      };`;
    return new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  };
  const ask = (w, message) =>
    new Promise((resolve, reject) => {
      w.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(message);
    });
  const solver = worker("mt/mapello_ai.js");
  const today = worker("mapello_ai.js");
  const { memory } = await ask(solver, { memory: true });
  await Promise.all(
    Array.from({ length: count - 1 }, () => {
      const helper = new Worker(new URL("js/solve-helper.js", location.href), { type: "module" });
      return ask(helper, { memory }).then((said) => {
        if (said !== "ready") throw new Error(`a helper said ${said}`);
      });
    }),
  );
  // A small solve first, so that each module is compiled and started.
  const warm = "OOOOOOOO-OOXXO--XOOXXOOOXXOXOX--XOXXXXOOXXXXXXO--XXXO-X--XXXXO-- X";
  await Promise.all([solver, today].map((w) => ask(w, { obf: warm, options: { maxEmpties: 30 } })));
  window.solveWith = async (obf, how) => {
    const start = performance.now();
    const threads = how === "shared" ? count : 1;
    const found = await ask(how === "today" ? today : solver, { obf, options: { maxEmpties: 30, threads } });
    return { ...found, ms: performance.now() - start };
  };
}

const site = await serve(dist, { isolate: true });
const browser = await launch();
try {
  const page = await browser.newPage();
  page.on("console", (m) => m.type() === "error" && console.error(m.text()));
  await page.goto(site.url);
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error("the page is not cross-origin isolated");
  await page.evaluate(startWorkers, workers);
  const ways = ["alone", "shared", "today"];
  const label = { alone: "threaded module, 1 worker", shared: `threaded module, ${workers} workers`, today: "today's module, 1 worker" };
  console.log(`FFO #40-#44 in headless Chromium, wall time, best of ${rounds} alternating runs`);
  const totals = { alone: 0, shared: 0, today: 0 };
  for (const [number, obf, moves, want] of FFO) {
    const best = {};
    for (let round = 0; round < rounds; round += 1) {
      for (const how of round % 2 ? [...ways].reverse() : ways) {
        const found = await page.evaluate(([o, h]) => window.solveWith(o, h), [obf, how]);
        check(label[how], number, found.best, found.score, moves, want);
        if (!best[how] || found.ms < best[how].ms) best[how] = found;
      }
    }
    for (const how of ways) totals[how] += best[how].ms;
    const row = ways.map((how) => `${label[how]} ${(best[how].ms / 1000).toFixed(2)} s (${(best[how].nodes / 1e6).toFixed(1)} M nodes)`);
    console.log(`  #${number}: ${best.alone.best} ${want}: ${row.join(", ")}; ${workers} / 1: ${(best.shared.ms / best.alone.ms).toFixed(3)}`);
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `total: ${ways.map((how) => `${label[how]} ${s(totals[how])}`).join(", ")}; ` +
      `${workers} workers / 1: ${(totals.shared / totals.alone).toFixed(3)}, / today's module: ${(totals.shared / totals.today).toFixed(3)}`,
  );
} finally {
  await browser.close();
  await site.close();
}
