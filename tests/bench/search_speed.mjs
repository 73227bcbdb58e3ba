// The browser's search against the native command line's, on the same
// positions at the same level: the "browser nodes/s at least 2/3 of native"
// figure, the pattern tables installed in both (they apply to the empty
// map's positions). It serves dist/ (or $MAPELLO_DIST), builds positions in headless
// Chromium (moves of level 2 from the start of the empty map and of random
// maps with 8 walls, 8 bonuses and 8 jokers, PLIES of them), writes each
// as a diagram through `mapello show`, then, ROUNDS times in turn, asks
// the page's main thread for `bestMove` at LEVEL and the native
// `mapello bestmove --level LEVEL` for the same position. Each side's time
// is its best run, so a burst of load does not skew one side against the
// other; the native time holds the process's start, a few milliseconds.
//   node tests/bench/search_speed.mjs [--level 8] [--positions 6] [--plies 20] [--rounds 3]
// after `trunk build --release` and `cargo build --release`.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { launch, serveDist } from "../e2e/browser.mjs";
import { benchPositions, median, timedSearch } from "./positions.mjs";

const { values: args } = parseArgs({
  options: {
    level: { type: "string", default: "8" },
    positions: { type: "string", default: "6" },
    plies: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
  },
});
const level = Number(args.level);
const rounds = Number(args.rounds);
const MAPELLO = new URL("../../target/release/mapello", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "search-speed-"));

// `show` prints the diagram, then `to move: X`, `legal: …` and `score: …`;
// a diagram file says `X to move` instead, and needs no more.
function diagramFile(name, map, moves) {
  const shown = execFileSync(MAPELLO, ["show", "--position", map, ...moves], { encoding: "utf8" }).split("\n");
  const side = shown.find((line) => line.startsWith("to move: "))?.slice("to move: ".length);
  if (side !== "X" && side !== "O") throw new Error(`${name}: the game is over after its moves`);
  const board = shown.filter((line) => /^[.#+*XO ]+$/.test(line) && line.trim() !== "");
  const file = join(dir, `${name.replace(/\W+/g, "-")}.txt`);
  writeFileSync(file, `${board.join("\n")}\n${side} to move\n`);
  return file;
}

function native(file) {
  const start = performance.now();
  const out = execFileSync(MAPELLO, ["bestmove", "--position", file, "--level", String(level)], { encoding: "utf8" });
  const ms = performance.now() - start;
  const nodes = Number(/nodes: (\d+)/.exec(out)?.[1]);
  return { ms, nodes };
}

const site = await serveDist();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(`${site.url}mapello_ai.js`);
  const positions = await benchPositions(page, { count: Number(args.positions), plies: Number(args.plies) });
  // The empty map's searches add the pattern tables natively; the page's
  // worker fetches them for such a game, and so does this page.
  await page.evaluate(async () => {
    const wasm = await import(new URL("mapello_ai.js", location.href).href);
    wasm.installPatterns(new Uint8Array(await (await fetch(new URL("net/o8.bin", location.href))).arrayBuffer()));
  });

  console.log(`level ${level}, best of ${rounds} alternating runs: browser (main thread) and native nodes/s`);
  const ratios = [];
  const browserSpeeds = [];
  const nativeSpeeds = [];
  for (const { name, game } of positions) {
    const file = diagramFile(name, game.map, game.moves.split(/\s+/).filter(Boolean));
    let inBrowser = null;
    let onNative = null;
    for (let round = 0; round < rounds; round += 1) {
      const r = await timedSearch(page, game, { level });
      if (!inBrowser || r.ms < inBrowser.ms) inBrowser = r;
      const n = native(file);
      if (!onNative || n.ms < onNative.ms) onNative = n;
    }
    const b = inBrowser.nodes / (inBrowser.ms / 1000);
    const n = onNative.nodes / (onNative.ms / 1000);
    browserSpeeds.push(b);
    nativeSpeeds.push(n);
    ratios.push(b / n);
    console.log(
      `  ${name}: browser ${(b / 1e6).toFixed(2)} M nodes/s (${inBrowser.nodes} in ${Math.round(inBrowser.ms)} ms), ` +
        `native ${(n / 1e6).toFixed(2)} M nodes/s (${onNative.nodes} in ${Math.round(onNative.ms)} ms): ${(b / n).toFixed(2)}`,
    );
  }
  console.log(
    `median: browser ${(median(browserSpeeds) / 1e6).toFixed(2)} M nodes/s, native ${(median(nativeSpeeds) / 1e6).toFixed(2)} M nodes/s, ` +
      `browser / native ${median(ratios).toFixed(2)}`,
  );
} finally {
  await browser.close();
  await site.close();
}
