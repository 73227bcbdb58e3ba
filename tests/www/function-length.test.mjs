// No function in www/js runs over 120 lines (issue #31): a longer one is
// a controller waiting to be split into state, actions and views.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import test from "node:test";
import { functionLengths } from "./function-length.mjs";

const LIMIT = 120;
const WWW = new URL("../../www/js/", import.meta.url);

test("the scanner finds declarations, methods and arrows, past strings, templates and regexes", () => {
  const source = [
    "function outer(a) {", //  1
    '  const s = "}{";', //  2
    "  const t = `${a ? { b: 1 }.b : 2} }`;", //  3
    "  const r = /[}{]/.test(s);", //  4
    "  // } a brace in a comment", //  5
    "  const f = (x) => {", //  6
    "    return x;", //  7
    "  };", //  8
    "  if (a) { return f; }", //  9
    "  return { r, t };", // 10
    "}", // 11
    "class C {", // 12
    "  method(y) {", // 13
    "    return y / 2 / 1;", // 14
    "  }", // 15
    "}", // 16
  ].join("\n");
  assert.deepEqual(functionLengths(source), [
    { name: "f", line: 6, lines: 3 },
    { name: "outer", line: 1, lines: 11 },
    { name: "method", line: 13, lines: 3 },
  ]);
});

test(`no function in www/js is over ${LIMIT} lines`, () => {
  const long = [];
  for (const file of readdirSync(WWW).filter((f) => f.endsWith(".js"))) {
    for (const { name, line, lines } of functionLengths(readFileSync(new URL(file, WWW), "utf8"))) {
      if (lines > LIMIT) long.push(`${file}:${line} ${name} has ${lines} lines`);
    }
  }
  assert.deepEqual(long, []);
});
