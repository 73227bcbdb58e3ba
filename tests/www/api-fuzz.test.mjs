// The JavaScript API under hostile calls, against the release build: every
// export and method gets random and mutated arguments (wrong types,
// negative, huge, NaN, long strings, BigInts, symbols, objects, arrays,
// Maps, proxies and getters that throw or call back into the API). Each
// call must return or throw a plain Error with a message; a refused call
// must leave its object exactly as it was, and every object (and the
// module) must stay usable. Seeded: MAPELLO_SEED replays a run.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadWasm } from "./wasm.mjs";

const wasm = await loadWasm();
const { BlocsGame, Game, MapDraft } = wasm;

const SEED = Number(process.env.MAPELLO_SEED ?? 20261123);
const CALLS = Number(process.env.MAPELLO_CALLS ?? 8000);

/** mulberry32: a small seeded generator, enough to pick test inputs. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(SEED);
const below = (n) => Math.floor(random() * n);
const pick = (items) => items[below(items.length)];
const chance = (p) => random() < p;

// The 16 placements of a board with row 1 and d4 black.
const BLOCS_FILL = "a1Xb1Xc1Xd1Xa2Ob2Oc2Od2Oa3Ob3Oc3Od3Oa4Ob4Oc4Od4X";
const CODES = ["18EwAAAAMAABIAABJRhCAAQAA", "16AFcAQAJRAIXMwQA", "18cg8AA6IGAAABqzQCMEnIAAA", "110AgAAUQAAAAAJAAAAEgAACQMABgBQMBAkiAI"];
// FFO #40 after ten moves (11 empties) and a finished board: solves stay instant.
const OBFS = ["O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOXOOXX---OOOXX---OOXXX--OOOOOO X", `${"X".repeat(32)}${"O".repeat(32)} O`];

/** `text` after one to three edits from a troublesome alphabet. */
function mutate(text) {
  const chars = [...text];
  const alphabet = [..."-XO.#+*x0189aefjp =,;\n\u0000\u001b\uD800é"];
  for (let i = 0, n = 1 + below(3); i < n; i++) {
    const at = below(chars.length + 1);
    const kind = below(3);
    if (kind === 0) chars.splice(at, 1, pick(alphabet));
    else if (kind === 1) chars.splice(at, 0, pick(alphabet));
    else chars.splice(at, 1);
  }
  return chars.join("");
}

// Hostile values any argument may get.
const throwing = new Proxy(
  {},
  {
    get() { throw new Error("get trap"); },
    ownKeys() { throw new Error("ownKeys trap"); },
    getPrototypeOf() { throw new Error("getPrototypeOf trap"); },
  },
);
/** A Proxy already revoked: `Array.isArray`, `instanceof` and every trap throw on it. */
function revoked(target) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}
const REVOKED = revoked({});
const REVOKED_FUNCTION = revoked(() => 1);
const HOSTILE = [
  undefined, null, true, false, 0, -0, -1, 1, 2.5, NaN, Infinity, -Infinity, 21, 101, 2 ** 31, 2 ** 32, 2 ** 53, 1e300, -1e9,
  "", "8", "e3", " f5 ", "pass", "x".repeat(100_000), "\u001b[2J", "\uD800", "wall",
  0n, -1n, 42n, 2n ** 64n, Symbol("s"), {}, [], [1, 2], new Map([["level", 1]]), Object.create(null), () => 1,
  throwing, { get level() { throw new Error("getter"); } }, new Date(0), new Error("e"), new Uint8Array(4),
  REVOKED, REVOKED_FUNCTION, [REVOKED], { level: REVOKED }, Number.MAX_VALUE, Number.MIN_VALUE, 1e21,
];

const hostile = () => pick(HOSTILE);
// In place of a Game, a revoked Proxy fails the glue's own class check
// (`instanceof` throws a TypeError) before the call reaches wasm, so the
// test below covers it apart.
const hostileGame = () => pick(HOSTILE.filter((v) => v !== REVOKED && v !== REVOKED_FUNCTION));

// The cheap good values of each kind of argument, mixed with hostile ones.
const GOOD = {
  move: () => pick(["e3", "f4", "c5", "d6", "pass", "a1", "j10", "--", "F5", mutate("e3")]),
  depth: () => below(5),
  text: () => pick(["e3f4", "e3 f3 c3", "", "e3,pass", mutate("e3f4c3")]),
  code: () => (chance(0.7) ? pick(CODES) : mutate(pick(CODES))),
  size: () => pick([6, 8, 10, 7, 12]),
  coord: () => below(12),
  piece: () => pick(["wall", "bonus", "joker", "empty", "erase", "dragon"]),
  count: () => pick([0, 1, 2, 4, 8, 10, 100, 101]),
  seed: () => pick([0, 1, 42, 2 ** 53 - 1, 5n, 2n ** 64n - 1n]),
  position: () => (chance(0.7) ? pick(OBFS) : mutate(pick(OBFS))),
  callback: () => pick([undefined, null, () => {}, () => { throw new Error("callback"); }, 5]),
  gameOptions: () => options({
    variant: () => pick(["mapello", "othello", "reversi", "chess"]),
    size: GOOD.size,
    map: GOOD.code,
    moves: GOOD.text,
  }),
  // Levels stay low and budgets small, so that accepted searches are quick.
  searchOptions: () => options({
    level: () => pick([1, 2, 3, 0, 11, "1"]),
    timeMs: () => pick([1, 5, 0, -1, NaN, Infinity, 1e9]),
    nodes: () => pick([1, 100, 2000, 0, 1.5, 1e12]),
    seed: GOOD.seed,
  }, ["level", "nodes", "timeMs"]),
  counts: () => options({ walls: GOOD.count, bonuses: GOOD.count, jokers: GOOD.count }),
  solveOptions: () => options({ maxEmpties: () => pick([0, 5, 11, 36, 101, -1]) }),
  blocsMove: () => pick(["a1X", "b2O", "d4x", "a1-c3", "c3", "d4", "c3-a1", "e5X", "a1-", mutate("b2X")]),
  blocsText: () => pick([BLOCS_FILL, `${BLOCS_FILL}a1-d4`, "a1Xb1O", "", "a1Xa1X", mutate(BLOCS_FILL)]),
  blocsOptions: () => options({
    position: () => pick(["....\n....\n....\n....\n", "XXXX\nOOOO\nOOOO\nOOOX\n", mutate("XOXO\nOOOO\nOOOO\nOOOX\n")]),
    moves: GOOD.blocsText,
  }),
  blocsLevel: () => pick([1, 3, 5, 0, 6, 2.5, "5"]),
  blocsDepth: () => pick([0, 1, 2, 7, -1]),
};

/**
 * A plain object with a random choice of `keys`, an unknown key now and
 * then, and hostile values now and then; one of `oneOf` is always there.
 */
function options(keys, oneOf = []) {
  const out = {};
  if (oneOf.length > 0) {
    const key = pick(oneOf);
    out[key] = keys[key]();
  }
  for (const [key, make] of Object.entries(keys)) {
    if (chance(0.4)) out[key] = chance(0.85) ? make() : hostile();
  }
  if (chance(0.05)) out[pick(["depth", "colour", "__proto__x"])] = 1;
  return out;
}

/** An argument of `kind`: mostly good, sometimes hostile. */
function arg(kind) {
  return chance(0.7) ? GOOD[kind]() : hostile();
}

// The objects under test, replaced now and then by new ones.
const games = [new Game(), new Game({ variant: "othello", size: 6 }), new Game({ map: CODES[3] })];
games[2].play(games[2].snapshot().legal[0]);
const drafts = [new MapDraft(8), new MapDraft(6), MapDraft.fromCode(CODES[2])];
const blocs = [new BlocsGame(), new BlocsGame({ moves: BLOCS_FILL }), new BlocsGame({ moves: "b2X" })];

const gameState = (g) => JSON.stringify([g.snapshot(), g.transcript(), g.mapCode()]);
const blocsState = (b) => JSON.stringify([b.snapshot(), b.transcript(), b.startDiagram()]);
const draftState = (d) => JSON.stringify([d.code(), d.cells(), d.limits(), d.counts(), d.size()]);

// Every export and method, with the kinds of its arguments. `expensive`
// calls are made less often.
const CALLS_BY_NAME = {
  "new Game": { target: null, run: (a) => new Game(a[0]), args: ["gameOptions"] },
  "Game.snapshot": { target: "game", run: (g) => g.snapshot(), args: [] },
  "Game.play": { target: "game", run: (g, a) => g.play(...a), args: ["move"] },
  "Game.undo": { target: "game", run: (g) => g.undo(), args: [] },
  "Game.redo": { target: "game", run: (g) => g.redo(), args: [] },
  "Game.transcript": { target: "game", run: (g) => g.transcript(), args: [] },
  "Game.transcriptWithoutPasses": { target: "game", run: (g) => g.transcriptWithoutPasses(), args: [] },
  "Game.loadMoves": { target: "game", run: (g, a) => g.loadMoves(...a), args: ["text"] },
  "Game.perft": { target: "game", run: (g, a) => g.perft(...a), args: ["depth"] },
  "Game.mapCode": { target: "game", run: (g) => g.mapCode(), args: [] },
  "Game.refusal": { target: "game", run: (g, a) => g.refusal(...a), args: ["move"] },
  "Game.ringRefusal": { target: "game", run: (g, a) => g.ringRefusal(...a), args: ["coord", "coord"] },
  "Game.lineage": { target: "game", run: (g) => g.lineage(chance(0.9) ? pick(games) : hostileGame()), args: [] },
  "new MapDraft": { target: null, run: (a) => new MapDraft(...a), args: ["size"] },
  "MapDraft.fromCode": { target: null, run: (a) => MapDraft.fromCode(...a), args: ["code"] },
  "MapDraft.random": { target: null, run: (a) => MapDraft.random(...a), args: ["size", "count", "count", "count", "seed"] },
  "MapDraft.code": { target: "draft", run: (d) => d.code(), args: [] },
  "MapDraft.size": { target: "draft", run: (d) => d.size(), args: [] },
  "MapDraft.cells": { target: "draft", run: (d) => d.cells(), args: [] },
  "MapDraft.get": { target: "draft", run: (d, a) => d.get(...a), args: ["coord", "coord"] },
  "MapDraft.set": { target: "draft", run: (d, a) => d.set(...a), args: ["coord", "coord", "piece"] },
  "MapDraft.refusal": { target: "draft", run: (d, a) => d.refusal(...a), args: ["coord", "coord", "piece"] },
  "MapDraft.clear": { target: "draft", run: (d) => d.clear(), args: [] },
  "MapDraft.counts": { target: "draft", run: (d) => d.counts(), args: [] },
  "MapDraft.limits": { target: "draft", run: (d) => d.limits(), args: [] },
  "MapDraft.setLimits": { target: "draft", run: (d, a) => d.setLimits(...a), args: ["count", "count", "count"] },
  bestMove: { target: "game", run: (g, a) => wasm.bestMove(chance(0.9) ? g : hostileGame(), ...a), args: ["searchOptions", "callback"] },
  hints: { target: "game", run: (g, a) => wasm.hints(chance(0.9) ? g : hostileGame(), ...a), args: ["searchOptions"] },
  gameBalance: { target: "game", run: (g) => wasm.gameBalance(chance(0.9) ? g : hostileGame()), args: [], expensive: true },
  mapBalance: { target: null, run: (a) => wasm.mapBalance(...a), args: ["code"], expensive: true },
  balancedRandomMap: { target: null, run: (a) => wasm.balancedRandomMap(...a), args: ["seed", "counts"], expensive: true },
  solve: { target: null, run: (a) => wasm.solve(...a), args: ["position", "solveOptions"] },
  randomSeed: { target: null, run: () => wasm.randomSeed(), args: [] },
  catalogue: { target: null, run: () => wasm.catalogue(), args: [] },
  presets: { target: null, run: () => wasm.presets(), args: [] },
  "new BlocsGame": { target: null, run: (a) => new BlocsGame(a[0]), args: ["blocsOptions"] },
  "BlocsGame.snapshot": { target: "blocs", run: (b) => b.snapshot(), args: [] },
  "BlocsGame.play": { target: "blocs", run: (b, a) => b.play(...a), args: ["blocsMove"] },
  "BlocsGame.refusal": { target: "blocs", run: (b, a) => b.refusal(...a), args: ["blocsMove"] },
  "BlocsGame.undo": { target: "blocs", run: (b) => b.undo(), args: [] },
  "BlocsGame.redo": { target: "blocs", run: (b) => b.redo(), args: [] },
  "BlocsGame.transcript": { target: "blocs", run: (b) => b.transcript(), args: [] },
  "BlocsGame.diagram": { target: "blocs", run: (b) => b.diagram(), args: [] },
  "BlocsGame.loadMoves": { target: "blocs", run: (b, a) => b.loadMoves(...a), args: ["blocsText"] },
  "BlocsGame.wins": { target: "blocs", run: (b) => b.wins(), args: [] },
  "BlocsGame.hints": { target: "blocs", run: (b) => b.hints(), args: [] },
  "BlocsGame.aiMove": { target: "blocs", run: (b, a) => b.aiMove(...a), args: ["blocsLevel", "seed"] },
  "BlocsGame.perft": { target: "blocs", run: (b, a) => b.perft(...a), args: ["blocsDepth"] },
  "BlocsGame.lineage": { target: "blocs", run: (b) => b.lineage(chance(0.9) ? pick(blocs) : hostileGame()), args: [] },
};

/** The arguments of a call: its kinds, then maybe a dropped or an extra one. */
function argumentsFor(kinds) {
  const args = kinds.map(arg);
  if (args.length > 0 && chance(0.05)) args.pop();
  if (chance(0.05)) args.push(hostile());
  return args;
}

test("every export answers hostile arguments with a result or a plain Error, and stays usable", () => {
  const names = Object.keys(CALLS_BY_NAME);
  const seen = Object.fromEntries(names.map((n) => [n, { ok: 0, refused: 0 }]));
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const name = pick(names);
    const call = CALLS_BY_NAME[name];
    if (call.expensive && !chance(0.1)) continue;
    const args = argumentsFor(call.args);
    const k = below(3);
    const pools = { game: [games, gameState], draft: [drafts, draftState], blocs: [blocs, blocsState] };
    const [pool, state] = pools[call.target] ?? [null, null];
    const target = pool ? pool[k] : null;
    const before = state ? state(target) : null;
    // A getter that calls back into the API while the call holds its object.
    if ((name === "bestMove" || name === "hints") && chance(0.1)) {
      args[0] = { get level() { target.play("e3"); return 1; } };
    }
    let result;
    let error;
    try {
      result = target ? call.run(target, args) : call.run(args);
    } catch (e) {
      error = e;
    }
    const shown = `${name}(${args.map(describe).join(", ")}) [seed ${SEED}, call ${i}]`;
    if (error !== undefined) {
      seen[name].refused++;
      assert.ok(error instanceof Error, `${shown} threw a non-Error: ${String(error)}`);
      assert.equal(error.constructor, Error, `${shown} threw a ${error.constructor.name}: ${error.message}`);
      assert.ok(typeof error.message === "string" && error.message.length > 0, `${shown}: empty message`);
      assert.ok(error.message.length < 400, `${shown}: a ${error.message.length}-character message`);
      assert.doesNotMatch(error.message, /unreachable|out of bounds|recursive use/, shown);
      if (before !== null) assert.equal(state(target), before, `${shown} was refused but changed its object`);
    } else {
      seen[name].ok++;
      // A new object joins the pool.
      if (result instanceof Game) games[below(3)] = result;
      if (result instanceof MapDraft && result.size() > 0) drafts[below(3)] = result;
      if (result instanceof BlocsGame) blocs[below(3)] = result;
    }
    // Every object still answers, and the module still works.
    for (const g of games) gameState(g);
    for (const d of drafts) draftState(d);
    for (const b of blocs) blocsState(b);
    if (i % 100 === 0) assert.equal(new Game({ variant: "othello" }).perft(3), 56);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seed ${SEED}: ${CALLS} calls in ${seconds} s`);
  for (const n of names) {
    // Each export was both accepted and refused at least once.
    assert.ok(seen[n].ok > 0 || n === "Game.snapshot", `${n} never accepted: ${JSON.stringify(seen[n])}`);
    if (CALLS_BY_NAME[n].args.length > 0 && !CALLS_BY_NAME[n].expensive) {
      assert.ok(seen[n].refused > 0, `${n} never refused: ${JSON.stringify(seen[n])}`);
    }
  }
});

/** Checks that `call` throws a plain Error with a short, sound message. */
function assertRefused(call, shown) {
  let error;
  try {
    call();
  } catch (e) {
    error = e;
  }
  assert.ok(error !== undefined, `${shown} was accepted`);
  assert.equal(error.constructor, Error, `${shown} threw a ${error.constructor.name}: ${error.message}`);
  assert.ok(error.message.length < 200, `${shown}: a ${error.message.length}-character message`);
  assert.doesNotMatch(error.message, /unreachable|out of bounds|recursive use|\d{25}/, shown);
  return error.message;
}

test("a revoked Proxy anywhere is refused and leaves every object as it was", () => {
  const g = new Game({ moves: "e3" });
  const b = new BlocsGame({ moves: "b2X" });
  const d = new MapDraft(8);
  const states = () => [gameState(g), blocsState(b), draftState(d)];
  const before = states();
  const calls = {
    "Game.play": () => g.play(REVOKED),
    "Game.loadMoves": () => g.loadMoves(REVOKED),
    "Game.perft": () => g.perft(REVOKED),
    "new Game": () => new Game(REVOKED),
    "new Game variant": () => new Game({ variant: REVOKED }),
    "bestMove options": () => wasm.bestMove(g, REVOKED),
    "bestMove level": () => wasm.bestMove(g, { level: REVOKED }),
    "bestMove onProgress": () => wasm.bestMove(g, { level: 1 }, REVOKED),
    "hints options": () => wasm.hints(g, REVOKED),
    "reviewMove index": () => wasm.reviewMove(g, REVOKED),
    "reviewMove options": () => wasm.reviewMove(g, 0, REVOKED),
    "new MapDraft": () => new MapDraft(REVOKED),
    "MapDraft.fromCode": () => MapDraft.fromCode(REVOKED),
    "MapDraft.random": () => MapDraft.random(8, REVOKED, 1, 1, 1),
    "Game.ringRefusal": () => g.ringRefusal(REVOKED, 0),
    "MapDraft.get": () => d.get(REVOKED, 1),
    "MapDraft.set": () => d.set(1, 1, REVOKED),
    "MapDraft.refusal": () => d.refusal(1, REVOKED, "wall"),
    "MapDraft.setLimits": () => d.setLimits(1, 1, REVOKED),
    solve: () => wasm.solve(REVOKED),
    mapBalance: () => wasm.mapBalance(REVOKED),
    balancedRandomMap: () => wasm.balancedRandomMap(REVOKED),
    "balancedRandomMap counts": () => wasm.balancedRandomMap(1, REVOKED),
    "new BlocsGame": () => new BlocsGame(REVOKED),
    "BlocsGame.play": () => b.play(REVOKED),
    "BlocsGame.loadMoves": () => b.loadMoves(REVOKED),
    "BlocsGame.refusal": () => b.refusal(REVOKED),
    "BlocsGame.aiMove": () => b.aiMove(1, REVOKED),
    "BlocsGame.perft": () => b.perft(REVOKED),
  };
  for (const [name, call] of Object.entries(calls)) {
    const message = assertRefused(call, name);
    assert.match(message, /revoked Proxy/, `${name}: ${message}`);
    assert.deepEqual(states(), before, `${name} changed an object`);
  }
  // In place of a Game the glue's class check throws before wasm runs.
  for (const call of [() => wasm.bestMove(REVOKED), () => wasm.hints(REVOKED), () => wasm.gameBalance(REVOKED)]) {
    assert.throws(call);
    assert.deepEqual(states(), before);
  }
  // A revoked function is a function: calling it throws, which a progress
  // callback's failure may do without stopping the search.
  assert.ok(g.snapshot().legal.includes(wasm.bestMove(g, { level: 1 }, REVOKED_FUNCTION).move));
  assert.deepEqual(states(), before);
  g.play("f3");
  b.play("c3O");
  assert.equal(g.transcript(), "e3f3");
  assert.equal(b.transcript(), "b2Xc3O");
  assert.equal(new Game({ variant: "othello" }).perft(3), 56);
});

test("calls back into the API while a call holds its object leave it usable", () => {
  const g = new Game({ moves: "e3" });
  const before = gameState(g);
  // The getter runs while reviewMove holds the game: playing is refused
  // inside it, and the review refuses its unreadable option.
  const message = assertRefused(() => wasm.reviewMove(g, 0, { get level() { g.play("f3"); return 1; } }), "reviewMove");
  assert.equal(message, "options.level cannot be read");
  assert.equal(gameState(g), before);
  // A progress callback that reads, tries to play and searches again; it
  // records what happened, as a callback's own exception is swallowed.
  const seen = [];
  const found = wasm.bestMove(g, { nodes: 3000 }, () => {
    seen.push(g.transcript());
    try {
      g.play("f3");
      seen.push("played");
    } catch (e) {
      seen.push(e instanceof Error ? "refused" : "threw a non-Error");
    }
    seen.push(wasm.bestMove(g, { nodes: 50 }).move);
  });
  assert.ok(seen.length >= 3, JSON.stringify(seen));
  assert.deepEqual(seen.slice(0, 2), ["e3", "refused"]);
  assert.ok(!seen.includes("played") && !seen.includes("threw a non-Error"), JSON.stringify(seen));
  assert.ok(g.snapshot().legal.includes(found.move));
  assert.equal(gameState(g), before);
  g.play(found.move);
  assert.equal(g.transcript(), `e3${found.move}`);
});

test("numbers in errors are written as JavaScript writes them", () => {
  const g = new Game();
  const cases = [
    [() => new Game(Number.MAX_VALUE), "not 1.7976931348623157e+308"],
    [() => new Game({ size: 1e21 }), "options.size must be 6, 8 or 10, not 1e+21"],
    [() => wasm.bestMove(g, { seed: 5e-324 }), "not 5e-324"],
    [() => g.perft(-1e-7), "depth must be a whole number from 0 to 20, not -1e-7"],
    [() => new BlocsGame().perft(1e21), "not 1e+21: perft 1e+21 from the start would take over a million years natively"],
  ];
  for (const [call, want] of cases) {
    const message = assertRefused(call, want);
    assert.ok(message.endsWith(want), `${message} / ${want}`);
  }
});

/** A short description of a value for a failure message. */
function describe(value) {
  if (typeof value === "string") return value.length > 30 ? `<string of ${value.length}>` : JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return "Symbol()";
  if (typeof value === "function") return "function";
  if (value === throwing) return "Proxy(throwing)";
  if (value === REVOKED || value === REVOKED_FUNCTION) return "Proxy(revoked)";
  if (value instanceof Map) return "Map";
  if (typeof value === "object" && value !== null) {
    // Keys only: reading values would run the getters under test.
    const kind = Array.isArray(value) ? "array" : Object.prototype.toString.call(value).slice(8, -1);
    return `${kind} {${Object.keys(value).join(", ")}}`;
  }
  return String(value);
}
