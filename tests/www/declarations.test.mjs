// www/mapello.d.ts, the hand-written types of the wasm API, against the
// release build's module: every export, class method and static method the
// module has is declared, and nothing is declared that it lacks. tsc checks
// the page against the declarations; this keeps them the module's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { loadWasm } from "./wasm.mjs";

const wasm = await loadWasm();
const text = readFileSync(new URL("../../www/mapello.d.ts", import.meta.url), "utf8");

// wasm-bindgen's own plumbing, which the page never calls.
const PLUMBING = new Set(["default", "initSync", "constructor", "length", "name", "prototype"]);
const isApi = (name) => !PLUMBING.has(name) && !name.startsWith("__");

/** The declared functions, and for each class its methods and static methods. */
function declared() {
  const functions = [...text.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  const classes = {};
  for (const [, name, body] of text.matchAll(/^export class (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const members = [...body.matchAll(/^ {2}(static )?(\w+)\(/gm)].filter((m) => m[2] !== "constructor");
    classes[name] = {
      methods: members.filter((m) => !m[1]).map((m) => m[2]).sort(),
      statics: members.filter((m) => m[1]).map((m) => m[2]).sort(),
    };
  }
  return { functions: functions.sort(), classes };
}

/** The module's functions, and for each class its methods and static methods. */
function exported() {
  const functions = [];
  const classes = {};
  for (const [name, value] of Object.entries(wasm)) {
    if (!isApi(name)) continue;
    if (/^class\b/.test(Function.prototype.toString.call(value))) {
      classes[name] = {
        methods: Object.getOwnPropertyNames(value.prototype).filter(isApi).sort(),
        statics: Object.getOwnPropertyNames(value).filter(isApi).sort(),
      };
    } else {
      functions.push(name);
    }
  }
  return { functions: functions.sort(), classes };
}

test("mapello.d.ts declares exactly the functions and classes of the wasm module", () => {
  const mine = declared();
  const theirs = exported();
  assert.deepEqual(mine.functions, theirs.functions);
  assert.deepEqual(Object.keys(mine.classes).sort(), Object.keys(theirs.classes).sort());
  for (const name of Object.keys(theirs.classes)) {
    assert.deepEqual(mine.classes[name], theirs.classes[name], name);
  }
});

test("a snapshot has the fields its declaration gives", () => {
  const snapshot = new wasm.Game({ variant: "troll" }).snapshot();
  const body = /^export interface Snapshot \{\n([\s\S]*?)^\}/m.exec(text)[1];
  const fields = [...body.matchAll(/^ {2}(\w+)(\?)?:/gm)];
  const required = fields.filter((m) => !m[2]).map((m) => m[1]);
  for (const name of required) assert.ok(name in snapshot, `${name} is missing`);
  const known = new Set(fields.map((m) => m[1]));
  for (const name of Object.keys(snapshot)) assert.ok(known.has(name), `${name} is not declared`);
});
