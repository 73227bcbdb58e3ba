// Perft in the wasm build, run in Node, next to the native command line on the
// same position: the "wasm within 2.5x of native" figure. Each side's time is
// the best of `rounds` alternating runs, so a burst of load on the machine
// does not skew one side against the other.
//   node tests/bench/wasm_perft.mjs [depth] [rounds]   (after `trunk build --release`)
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const depth = Number(process.argv[2] ?? 11);
const rounds = Number(process.argv[3] ?? 3);
const dist = pathToFileURL(`${process.env.MAPELLO_DIST ?? "dist"}/`);
const glue = await import(new URL("mapello_ai.js", dist));
glue.initSync({ module: await readFile(new URL("mapello_ai_bg.wasm", dist)) });

const game = new glue.Game({ variant: "othello" });
let wasmSeconds = Infinity;
let nativeSeconds = Infinity;
for (let round = 0; round < rounds; round++) {
  let start = performance.now();
  const wasmLeaves = game.perft(depth);
  wasmSeconds = Math.min(wasmSeconds, (performance.now() - start) / 1000);

  start = performance.now();
  const out = execFileSync("target/release/mapello", ["perft", String(depth), "--variant", "othello"], {
    encoding: "utf8",
  });
  nativeSeconds = Math.min(nativeSeconds, (performance.now() - start) / 1000);
  const nativeLeaves = Number(out.trim().split("\n").at(-1).split(" ")[1]);
  if (nativeLeaves !== wasmLeaves) {
    throw new Error(`perft ${depth}: wasm ${wasmLeaves}, native ${nativeLeaves}`);
  }
}
// Both sides walk the tree once (the native command prints depths 1..D from
// that one walk); the native time also holds the process's start, a few
// milliseconds, so the ratio errs slightly towards wasm.
console.log(`wasm perft ${depth}: ${wasmSeconds.toFixed(2)} s (best of ${rounds})`);
console.log(`native perft 1..${depth}: ${nativeSeconds.toFixed(2)} s (best of ${rounds})`);
console.log(`wasm / native: ${(wasmSeconds / nativeSeconds).toFixed(2)}`);
