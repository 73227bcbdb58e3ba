// The exact solver in the wasm build, run in Node, on FFO #40-#44, next to
// the native command line on the same positions; both checked against the
// suite's scores and best moves.
//   node tests/bench/wasm_ffo.mjs   (after `trunk build --release` and `cargo build --release`)
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { FFO, check } from "./ffo.mjs";

const dist = pathToFileURL(`${process.env.MAPELLO_DIST ?? "dist"}/`);
const glue = await import(new URL("mapello_ai.js", dist));
glue.initSync({ module: await readFile(new URL("mapello_ai_bg.wasm", dist)) });

const signed = (v) => (v > 0 ? `+${v}` : String(v));

const wasmSeconds = [];
for (const [number, obf, moves, want] of FFO) {
  const start = performance.now();
  const { best, score, nodes } = glue.solve(obf);
  const seconds = (performance.now() - start) / 1000;
  check("wasm", number, best, score, moves, want);
  wasmSeconds.push(seconds);
  console.log(`wasm FFO #${number}: ${best} ${signed(score)} in ${seconds.toFixed(2)} s (${(nodes / seconds / 1e6).toFixed(1)} M nodes/s)`);
}

const nativeSeconds = [];
for (const [i, [number, obf, moves, want]] of FFO.entries()) {
  const start = performance.now();
  const out = execFileSync("target/release/mapello", ["solve", "--position", obf], { encoding: "utf8" });
  const seconds = (performance.now() - start) / 1000;
  const [, best, score] = out.match(/best: (\S+) score: (\S+)/);
  check("native", number, best, Number(score), moves, want);
  nativeSeconds.push(seconds);
  const ratio = (wasmSeconds[i] / seconds).toFixed(2);
  console.log(`native FFO #${number}: ${best} ${score} in ${seconds.toFixed(2)} s (wasm / native ${ratio})`);
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const [wasmTotal, nativeTotal] = [sum(wasmSeconds), sum(nativeSeconds)];
console.log(`wasm FFO #40-#44: ${wasmTotal.toFixed(2)} s`);
console.log(`native FFO #40-#44: ${nativeTotal.toFixed(2)} s`);
console.log(`wasm / native: ${(wasmTotal / nativeTotal).toFixed(2)}`);
