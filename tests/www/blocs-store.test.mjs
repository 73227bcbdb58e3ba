// The saved Blocs record: the schema and the rules' own replay decide what
// is kept, and a record refused says what is wrong with it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeBlocs } from "../../www/js/blocs-app.js";
import { loadWasm } from "./wasm.mjs";

const { BlocsGame, catalogue } = await loadWasm();
// The strongest level, as the page reads it (wasm_api/catalogue.rs holds it to aiMove).
const blocsMaxLevel = () => catalogue().blocsLevels.max;
const decode = (value) => decodeBlocs(typeof value === "string" ? value : JSON.stringify(value), BlocsGame);
const GOOD = { moves: "a1Xb1O", opponent: "human", human: "O", level: 2, hints: true, active: true };

test("a saved Blocs game reads back, and an older record takes the defaults it lacks", () => {
  assert.deepEqual(decode(GOOD), { value: GOOD });
  assert.deepEqual(decode({ ...GOOD, opponent: "friend" }), { value: { ...GOOD, opponent: "friend" } });
  assert.deepEqual(decode({ moves: "a1X" }).value, { moves: "a1X", opponent: "computer", human: "X", level: 3, hints: false, active: false });
});

test("an unreadable saved Blocs game is refused with the reason, never replaced in silence", () => {
  const cases = [
    ["not json", /not valid JSON/],
    ["[]", /format is unknown/],
    ["null", /format is unknown/],
    [{ ...GOOD, moves: "zz" }, /its moves do not replay: /],
    [{ ...GOOD, moves: "a1-d4" }, /its moves do not replay: /],
    [{ ...GOOD, moves: "b2Xb2X" }, /its moves do not replay: /],
    [{ ...GOOD, moves: "<img src=x onerror=alert(1)>" }, /its moves do not replay: /],
    [{ ...GOOD, moves: 17 }, /its moves are not a transcript/],
    [{ ...GOOD, moves: "a1X".repeat(4000) }, /its moves are not a transcript/],
    [{ ...GOOD, opponent: "robot" }, /its opponent is unknown/],
    [{ ...GOOD, level: blocsMaxLevel() + 1 }, new RegExp(`its level is not 1 to ${blocsMaxLevel()}`)],
    [{ ...GOOD, hints: "yes" }, /its hints setting/],
  ];
  for (const [value, problem] of cases) {
    const { error } = decode(value);
    assert.match(error ?? "", problem, JSON.stringify(value).slice(0, 60));
  }
});
