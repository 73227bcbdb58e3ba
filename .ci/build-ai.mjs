// Builds the workers' wasm module, mapello_ai.js and mapello_ai_bg.wasm: the
// whole wasm API, the computer player included. The page itself loads
// trunk's smaller rules-only build (mapello.js, see index.html), so that the
// first screen waits for the rules alone. Then the same module built with
// wasm threads, into mt/: the workers that share an expert level's solve on
// one memory load it, where the page is cross-origin isolated (README, "The
// AI"); the service worker caches it when first fetched. Run from
// .ci/post-build.mjs (a trunk hook) into the staging directory, or by hand
// on a built site:
//
//   node .ci/build-ai.mjs [dir=$TRUNK_STAGING_DIR]
//   node .ci/build-ai.mjs --clippy-threads    (clippy on the threaded build)
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

/**
 * Gives cargo's `wasm` its wasm-bindgen glue (made in `work`) and puts both
 * into `site`, the module through wasm-opt with `opt` as well.
 * @param {string} wasm
 * @param {string} work
 * @param {string} site
 * @param {string[]} [opt]
 */
async function bindInto(wasm, work, site, opt = []) {
  await mkdir(work, { recursive: true });
  await mkdir(site, { recursive: true });
  run("wasm-bindgen", ["--target=web", `--out-dir=${work}`, `--out-name=${NAME}`, "--no-typescript", wasm]);
  // Speed over size, as the search wants (the page's build is sized instead).
  run("wasm-opt", ["-O3", ...opt, `--output=${join(site, `${NAME}_bg.wasm`)}`, join(work, `${NAME}_bg.wasm`)]);
  await copyFile(join(work, `${NAME}.js`), join(site, `${NAME}.js`));
}

/** Builds the module into `dir` (mapello_ai.js and mapello_ai_bg.wasm). */
export async function buildAi(dir) {
  // Offline, as trunk builds (Trunk.toml): .ci/setup has fetched every crate.
  run("cargo", ["build", "--lib", "--offline", `--target=${TARGET}`, `--profile=${PROFILE}`, "--no-default-features"]);
  await bindInto(join(root, "target", TARGET, PROFILE, "mapello.wasm"), join(root, "target", "wasm-bindgen", PROFILE), dir);
}

/** Where the threaded build goes, under the site's directory. */
export const THREADS_DIR = "mt";

// rustc does not pass these to the linker itself for wasm32-unknown-unknown:
// a memory shared, imported (each worker instantiates the module on the
// first one's), with a maximum (a shared memory must have one: 1 GiB), and
// the thread-local storage symbols wasm-bindgen sets up each instance with.
const SHARED_MEMORY_LINK = [
  "--shared-memory",
  "--import-memory",
  `--max-memory=${2 ** 30}`,
  "--export=__wasm_init_tls",
  "--export=__tls_size",
  "--export=__tls_align",
  "--export=__tls_base",
];

/**
 * Runs cargo's `command` (build, clippy) on the library for the threaded
 * module, `more` arguments after its own.
 * @param {string} command
 * @param {string[]} [more]
 */
export function threaded(command, more = []) {
  // RUSTFLAGS takes the place of .cargo/config.toml's, so +simd128 is said again.
  const flags = ["-C", "target-feature=+simd128,+atomics,+bulk-memory,+mutable-globals", ...SHARED_MEMORY_LINK.flatMap((arg) => ["-C", `link-arg=${arg}`])];
  const env = { ...process.env, RUSTFLAGS: flags.join(" "), RUSTC_BOOTSTRAP: "1" };
  const args = [command, "--lib", "--offline", `--target=${TARGET}`, `--profile=${PROFILE}`, "--no-default-features", "--target-dir=target/threads"];
  // The Debian route asks for std's build already (CARGO_UNSTABLE_BUILD_STD).
  if (!process.env.CARGO_UNSTABLE_BUILD_STD) args.push("-Zbuild-std=std,panic_abort");
  execFileSync("cargo", [...args, ...more], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
}

/**
 * Builds the threaded module into `dir`/mt/. Its standard library is built
 * again with atomics (`-Z build-std`, allowed on a stable toolchain by
 * RUSTC_BOOTSTRAP, as Debian's route builds std for every wasm32 build:
 * .ci/common.sh), in a target directory of its own.
 */
export async function buildAiThreads(dir) {
  threaded("build");
  const wasm = join(root, "target", "threads", TARGET, PROFILE, "mapello.wasm");
  await bindInto(wasm, join(root, "target", "wasm-bindgen", "threads"), join(dir, THREADS_DIR), ["--enable-threads"]);
}

const main = import.meta.url === pathToFileURL(process.argv[1]).href;
if (main && process.argv[2] === "--clippy-threads") {
  threaded("clippy", ["--", "-D", "warnings"]);
} else if (main) {
  const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error("usage: node .ci/build-ai.mjs DIR (or run from a trunk hook)");
  await buildAi(dir);
  await buildAiThreads(dir);
  console.log(`${NAME}: built into ${dir}, and with threads into ${join(dir, THREADS_DIR)}`);
}
