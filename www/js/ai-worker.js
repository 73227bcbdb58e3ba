// @ts-check
// The computer player, off the main thread. Each request rebuilds the game
// from its map code, variant and transcript, searches, and posts progress
// and then the result or an error, tagged with the request's id. A review
// asks for one move at a time, so the page can show progress and cancel.
// A `timed` move plays the expert levels by their time (src/ai/levels.rs);
// each progress report carries the time spent so far, so the page can show
// what is left of that time.
// The workers' own wasm module (.ci/build-ai.mjs): the page's has no AI.
// The worker named SOLVER, the one that searches an expert move whose
// solves share the cores (below, "Shared solves"), loads its threaded build
// instead: the same API, on a memory its helpers share.
const SOLVER = "shared-solver";
const threaded = self.name === SOLVER;
const glue = threaded ? "../mt/mapello_ai.js" : "../mapello_ai.js";
/** @type {typeof import("../mapello_ai.js") & Partial<import("../mapello_ai.d.ts").Threaded>} */
let wasm;
const ready = import(glue).then(async (module) => {
  await module.default();
  wasm = module;
});
// The Othello opening book (src/ai/book.rs), fetched once the module is
// ready; without it the levels search from the first move.
const book = ready
  .then(() => fetch(new URL("../book/othello8.bin", import.meta.url)))
  .then((response) => (response.ok ? response.arrayBuffer() : null))
  .then((bytes) => bytes && typeof wasm.installBook === "function" && wasm.installBook(new Uint8Array(bytes)))
  .catch(() => 0);

// The pattern tables of the open 8 x 8 board (src/ai/net/patterns.rs),
// fetched the first time a game asks for them (wantsPatterns): several
// times the size of the rest of the AI, so only Othello and Reversi on
// 8 x 8 fetch them. A move's search does not wait: until they come, it
// plays with the network alone (a review does wait, below). A fetch that
// fails (offline before the tables were ever cached) is tried again by a
// later request; a file the module refuses is not.
/** @type {Promise<unknown> | null} */
let tables = null;

/** @param {import("../mapello.d.ts").Game} game */
function fetchTablesFor(game) {
  if (tables || typeof wasm.wantsPatterns !== "function" || !wasm.wantsPatterns(game)) return;
  tables = fetch(new URL("../net/o8.bin", import.meta.url))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then(
      (bytes) => {
        try {
          wasm.installPatterns(new Uint8Array(bytes));
        } catch {
          // Refused: the network plays alone, as before the tables came.
        }
      },
      () => {
        tables = null;
      },
    );
}

// Requests are answered one at a time, in the order they came: a split
// move (below) waits for its helpers without blocking this worker.
/** @type {Promise<void>} */
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(() => answer(data));
};

/** @param {any} data */
async function answer(data) {
  const { id, kind, game: record, level, index, timed, clockMs, threads: sharedBy, options: given } = data;
  // The request's own Game, freed when it is answered: the worker lives on.
  /** @type {import("../mapello.d.ts").Game | null} */
  let game = null;
  try {
    await ready;
    if (kind === "memory" && threaded) {
      // The shared solver's memory, for its helpers.
      post(id, "result", { memory: wasm.sharedMemory?.() });
      return;
    }
    if (kind === "move" || kind === "part") await book;
    game = new wasm.Game({ variant: record.variant, map: record.map, start: record.start, moves: record.moves });
    fetchTablesFor(game);
    // A review compares moves by their values, so all of its moves are
    // valued with the same evaluation: it waits for the tables (a failed
    // fetch leaves it to the network alone, as it does a move).
    if (kind === "review" && tables) await tables;
    const start = performance.now();
    const ms = () => performance.now() - start;
    if (kind === "move") {
      if (typeof wasm.bestMove !== "function") throw new Error("this build has no computer player");
      // A fresh seed per move, so the weaker levels' noise varies between games.
      const seed = Math.floor(Math.random() * 2 ** 32);
      // The shared solver's solves share the threads its request names.
      const options = { level, seed, timed: timed === true, ...(clockMs > 0 && { clockMs }), ...(threaded && sharedBy > 1 && { threads: sharedBy }) };
      const onProgress = (/** @type {object} */ progress) => post(id, "progress", { ...plain(progress), ms: ms() });
      // A split move says on how many cores it searched, and so does a
      // move whose solves shared them.
      const count = splitsInto(game, options);
      const found = count > 1 ? await split(game, record, options, count, (p) => onProgress({ ...p, parts: count })) : null;
      const threads = count > 1 ? 1 : sharing(game, options);
      const shared = threads > 1 ? await solveShared({ kind, game: record, level, timed, clockMs, threads }, onProgress) : null;
      const result = found ?? shared ?? wasm.bestMove(game, options, onProgress);
      post(id, "result", { ...plain(result), ms: ms(), ...(found && { parts: count }), ...(shared && { threads }) });
    } else if (kind === "part") {
      // One share of a split move, for the worker that split it.
      const result = wasm.bestMove(game, given, (progress) => post(id, "progress", plain(progress)));
      post(id, "result", plain(result));
    } else if (kind === "hints") {
      if (typeof wasm.hints !== "function") throw new Error("this build has no hints");
      post(id, "result", { hints: wasm.hints(game, { level }).map(plain), ms: ms() });
    } else if (kind === "review") {
      if (typeof wasm.reviewMove !== "function") throw new Error("this build has no game review");
      post(id, "result", { review: plain(wasm.reviewMove(game, index, { level })), ms: ms() });
    } else {
      throw new Error(`unknown request '${kind}'`);
    }
  } catch (err) {
    post(id, "error", { message: err instanceof Error ? err.message : String(err) });
  } finally {
    game?.free();
  }
}

// The expert levels split a move's root moves between helper workers
// (this script again, answering "part" requests), one search a core, as
// many as the module says (searchParts: only where splitting pays). The
// helpers live on between moves, with their module compiled and their
// tables fetched; ending this worker ends them too.
/** @type {Worker[]} */
const helpers = [];
const cores = Math.max(1, Math.floor(Number(self.navigator?.hardwareConcurrency) || 1));

/**
 * How many searches a move with `options` splits into here: 1 without
 * nested workers or the module's say-so.
 * @param {import("../mapello.d.ts").Game} game
 * @param {object} options
 */
function splitsInto(game, options) {
  if (typeof Worker !== "function" || typeof wasm.searchParts !== "function") return 1;
  return wasm.searchParts(game, options, cores);
}

/**
 * The move of `count` helpers each searching its share of the root moves
 * of `game` (given as `record`) with `options`, combined by the module
 * (combineMoves) after each report, which `onProgress` hears; null when
 * a helper fails (the caller then searches alone), and the failed helper
 * is replaced next time.
 * @param {import("../mapello.d.ts").Game} game
 * @param {object} record
 * @param {object} options
 * @param {number} count
 * @param {(progress: object) => void} onProgress
 * @returns {Promise<object | null>}
 */
function split(game, record, options, count, onProgress) {
  /** @type {import("../mapello.d.ts").Analysis[][]} */
  const reports = Array.from({ length: count }, () => []);
  return new Promise((resolve) => {
    let finished = 0;
    let failed = false;
    const fail = (/** @type {number} */ i) => {
      helpers[i]?.terminate();
      delete helpers[i];
      if (!failed) resolve(null);
      failed = true;
    };
    for (let i = 0; i < count; i++) {
      helpers[i] ??= new Worker(new URL(import.meta.url), { type: "module" });
      const helper = helpers[i];
      helper.onerror = (e) => {
        e.preventDefault();
        fail(i);
      };
      helper.onmessage = ({ data }) => {
        if (failed) return;
        if (data.type === "error") return fail(i);
        // Only the reports of whole iterations and solves count; a part's
        // final answer stands alone only when it reported nothing else.
        if (data.type === "progress" || reports[i].length === 0) reports[i].push(data);
        let combined;
        try {
          combined = wasm.combineMoves(game, reports);
        } catch {
          return fail(i);
        }
        if (data.type === "progress") {
          if (combined) onProgress(combined);
          return;
        }
        finished += 1;
        if (finished === count) resolve(combined ?? null);
      };
      helper.postMessage({ id: 0, kind: "part", game: record, options: { ...options, part: { index: i, count } } });
    }
  });
}

// Shared solves. Where the page is cross-origin isolated (the service
// worker makes it so from the second visit on: sw.js), the solves of an
// expert move (exact, and for the win) share the cores through one memory,
// as many as the module says (solveThreads): the move is searched by a
// worker named SOLVER (this script, on the threaded module), and helpers on
// its memory (solve-helper.js) wait to help its solves. The first such move
// makes the pool; while it is starting (its module still loading) a move
// waits for it POOL_WAIT_MS at most, then is searched here alone. A pool
// one of whose workers fails, that does not start within START_MS or whose
// search outlasts SHARED_MS is ended: that move and the next ones are
// searched here alone.
/** @typedef {{ ready: Promise<void>, started: () => boolean, move: (request: object, onProgress: (p: object) => void) => Promise<object>, end: () => void }} Pool */
/** @type {Pool | null} */
let pool = null;
let poolFailed = false;
// How long a move waits for a starting pool before it searches alone, and
// how long the pool may take to start before it counts as failed.
const POOL_WAIT_MS = 1_500;
const START_MS = 60_000;
// Far beyond an expert move's time: a shared search that takes longer is
// taken for hung.
const SHARED_MS = 20_000;

/**
 * How many threads the solves of a move with `options` share here: 1
 * unless the page is isolated, the module says so and no pool has failed.
 * @param {import("../mapello.d.ts").Game} game
 * @param {object} options
 */
function sharing(game, options) {
  if (threaded || poolFailed || !self.crossOriginIsolated || typeof Worker !== "function") return 1;
  return wasm.solveThreads(game, options, cores);
}

/**
 * The result of `request` (a move whose solves share `request.threads`)
 * searched by the pool, which `onProgress` hears; null when the pool is
 * not ready in time or fails (it is then ended for good).
 * @param {{ threads: number, [field: string]: unknown }} request
 * @param {(progress: object) => void} onProgress
 */
async function solveShared(request, onProgress) {
  const current = (pool ??= createPool(request.threads));
  try {
    if (!current.started()) {
      // A move waits for a pool still starting, but not for long.
      const late = new Promise((resolve) => setTimeout(resolve, POOL_WAIT_MS, "late"));
      if ((await Promise.race([current.ready, late])) === "late") return null;
    }
    return await current.move(request, onProgress);
  } catch {
    current.end();
    pool = null;
    poolFailed = true;
    return null;
  }
}

/**
 * A pool of `count` workers on one memory: the solver and `count - 1`
 * helpers. It fails, and its workers are ended, when any of them fails, it
 * has not started within START_MS or a request outlasts SHARED_MS; `ready`
 * and the request in hand then reject.
 * @param {number} count
 * @returns {Pool}
 */
function createPool(count) {
  const solver = new Worker(new URL(import.meta.url), { type: "module", name: SOLVER });
  /** @type {Worker[]} */
  const helping = [];
  /** @type {(error: Error) => void} */
  let failed = () => {};
  /** @type {Promise<never>} */
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  failure.catch(() => {});
  const end = () => {
    solver.terminate();
    for (const worker of helping) worker.terminate();
  };
  const fail = (/** @type {string} */ why) => {
    failed(new Error(why));
    end();
  };
  /** @type {((p: object) => void) | undefined} */
  let hear;
  /** @type {(data: any) => void} */
  let answered = () => {};
  /**
   * @param {object} message
   * @param {(p: object) => void} [onProgress]
   * @returns {Promise<any>}
   */
  const ask = (message, onProgress) => {
    hear = onProgress;
    const answer = new Promise((resolve) => {
      answered = resolve;
    });
    const timer = setTimeout(() => fail("the shared search took too long"), SHARED_MS);
    solver.postMessage({ id: 0, ...message });
    return Promise.race([answer, failure]).finally(() => clearTimeout(timer));
  };
  solver.onmessage = ({ data }) => {
    const { id: _, type, ...body } = data;
    if (type === "progress") hear?.(body);
    else if (type === "error") fail(String(body.message));
    else answered(body);
  };
  solver.onerror = (e) => {
    e.preventDefault();
    fail("the shared solver failed");
  };
  /** @param {WebAssembly.Memory} memory */
  const helper = (memory) =>
    new Promise((resolve) => {
      const worker = new Worker(new URL("./solve-helper.js", import.meta.url), { type: "module" });
      helping.push(worker);
      worker.onmessage = ({ data }) => (data === "ready" ? resolve(undefined) : fail(String(data)));
      worker.onerror = (e) => {
        e.preventDefault();
        fail("a helper of the shared solver failed");
      };
      worker.postMessage({ memory });
    });
  let started = false;
  const timer = setTimeout(() => fail("the shared solver did not start"), START_MS);
  const ready = (async () => {
    const { memory } = await ask({ kind: "memory" });
    if (!(memory instanceof WebAssembly.Memory)) throw new Error("the solver's module shares no memory");
    await Promise.race([Promise.all(Array.from({ length: count - 1 }, () => helper(memory))), failure]);
    clearTimeout(timer);
    started = true;
  })();
  // However it failed, the pool is ended (a move that found it not yet
  // started does not hear of it).
  ready.catch((e) => fail(String(e?.message ?? e)));
  return { ready, started: () => started, move: ask, end };
}

/**
 * @param {number} id
 * @param {"progress" | "result" | "error"} type
 * @param {object} body
 */
function post(id, type, body) {
  self.postMessage({ id, type, ...body });
}

/**
 * serde_wasm_bindgen may hand over Maps; the page wants plain objects.
 * @template T
 * @param {T | Map<string, unknown>} value
 * @returns {T | { [key: string]: unknown }}
 */
function plain(value) {
  return value instanceof Map ? Object.fromEntries(value) : value;
}
