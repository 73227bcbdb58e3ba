// The two wasm modules of the site: the page's (mapello.js) has the rules
// the page imports and nothing of the computer player or of Blocs, which
// only the workers and the Blocs page load (mapello_ai.js); the workers'
// has the whole API.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { test } from "node:test";
import { loadPageWasm, loadWasm } from "./wasm.mjs";

const page = await loadPageWasm();
const full = await loadWasm();
const AI = ["bestMove", "hints", "reviewMove", "mapBalance", "gameBalance", "balancedRandomMap", "solve"];
const js = new URL("../../www/js/", import.meta.url);

// What a module of www/js imports by name from `glue` ("../mapello.js").
async function importedFrom(glue) {
  const names = new Map();
  for (const file of await readdir(js)) {
    const source = await readFile(new URL(file, js), "utf8");
    for (const [, list] of source.matchAll(new RegExp(`import (?:\\w+, )?\\{([^}]*)\\} from "${glue.replace(".", "\\.")}"`, "g"))) {
      for (const name of list.split(",").map((n) => n.trim()).filter(Boolean)) names.set(name, file);
    }
  }
  return names;
}

test("the page's module has every name the page imports, and Troll's race", async () => {
  const names = await importedFrom("../mapello.js");
  assert.ok(names.has("Game"), "the page imports the game");
  for (const [name, file] of names) assert.equal(typeof page[name], "function", `${file} imports ${name}`);
  const troll = new page.Game({ variant: "troll" });
  const race = troll.race();
  assert.ok(race.black > 0 && race.white > 0, JSON.stringify(race));
  troll.free();
  const othello = new page.Game({ variant: "othello" });
  assert.equal(othello.race(), null);
  othello.free();
});

test("the page's module leaves the computer player and perft to the workers' module", () => {
  for (const name of AI) {
    assert.equal(page[name], undefined, `the page's module exports ${name}`);
    assert.equal(typeof full[name], "function", `the workers' module lacks ${name}`);
  }
  assert.equal(page.Game.prototype.perft, undefined);
  assert.equal(typeof full.Game.prototype.perft, "function");
});

test("the workers import the workers' module, and so does the Blocs page", async () => {
  for (const worker of ["balance-worker.js", "blocs-worker.js"]) {
    assert.match(await readFile(new URL(worker, js), "utf8"), /from "\.\.\/mapello_ai\.js"/, worker);
  }
  // The computer player's worker imports it, or its threaded build as the
  // shared solver, whose helpers import that build.
  const ai = await readFile(new URL("ai-worker.js", js), "utf8");
  assert.match(ai, /threaded \? "\.\.\/mt\/mapello_ai\.js" : "\.\.\/mapello_ai\.js"/);
  assert.match(await readFile(new URL("solve-helper.js", js), "utf8"), /"\.\.\/mt\/mapello_ai\.js"/);
  assert.match(await readFile(new URL("main.js", js), "utf8"), /import\("\.\.\/mapello_ai\.js"\)/);
  assert.equal(page.BlocsGame, undefined, "the page's module exports BlocsGame");
  assert.equal(typeof full.BlocsGame.prototype.aiMove, "function");
});
