// Builds the workers' wasm module, mapello_ai.js and mapello_ai_bg.wasm: the
// whole wasm API, the computer player included. The page itself loads
// trunk's smaller rules-only build (mapello.js, see index.html), so that the
// first screen waits for the rules alone. Run from .ci/post-build.mjs (a
// trunk hook) into the staging directory, or by hand on a built site:
//
//   node .ci/build-ai.mjs [dir=$TRUNK_STAGING_DIR]
//
// Cargo's `wasm-ai` profile (the release one in its own directory) keeps
// this build from overwriting the page's mapello.wasm, which trunk builds
// with other features; wasm-bindgen and wasm-opt are the ones .ci/setup
// installs, found on PATH as trunk finds them.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The module's name: the workers import `../${NAME}.js`. */
export const NAME = "mapello_ai";

const root = fileURLToPath(new URL("../", import.meta.url));
const TARGET = "wasm32-unknown-unknown";
const PROFILE = "wasm-ai";

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

/** Builds the module into `dir` (mapello_ai.js and mapello_ai_bg.wasm). */
export async function buildAi(dir) {
  // Offline, as trunk builds (Trunk.toml): .ci/setup has fetched every crate.
  run("cargo", ["build", "--lib", "--offline", `--target=${TARGET}`, `--profile=${PROFILE}`, "--no-default-features"]);
  const out = join(root, "target", "wasm-bindgen", PROFILE);
  await mkdir(out, { recursive: true });
  const wasm = join(root, "target", TARGET, PROFILE, "mapello.wasm");
  run("wasm-bindgen", ["--target=web", `--out-dir=${out}`, `--out-name=${NAME}`, "--no-typescript", wasm]);
  // Speed over size, as the search wants (the page's build is sized instead).
  run("wasm-opt", ["-O3", `--output=${join(dir, `${NAME}_bg.wasm`)}`, join(out, `${NAME}_bg.wasm`)]);
  await copyFile(join(out, `${NAME}.js`), join(dir, `${NAME}.js`));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/build-ai.mjs DIR (or run from a trunk hook)");
  await buildAi(dir);
  console.log(`${NAME}: built into ${dir}`);
}
