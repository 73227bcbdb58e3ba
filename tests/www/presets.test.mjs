import assert from "node:assert/strict";
import { test } from "node:test";
import { PRESETS, presetById } from "../../www/js/presets.js";
import { loadWasm } from "./wasm.mjs";

const { MapDraft, Game } = await loadWasm();

// The example map of docs/formats.md, its starting discs left out.
const RULEBOOK = `
. . * . . . . * . .
. # . + . . . . . .
. . . . . . . . . *
. . . . . . # . . .
. . . . . . . . . .
. . . . . . . . . .
. . + . . . . . . .
. . . . . . . . . .
. + . . . . . . # .
. . . . * . . . . .`.replace(/\s/g, "");

test("there are at least five presets with distinct ids, names and codes", () => {
  assert.ok(PRESETS.length >= 5);
  for (const key of ["id", "name", "code"]) assert.equal(new Set(PRESETS.map((p) => p[key])).size, PRESETS.length);
});

test("every preset code decodes to a legal 8 x 8 map within the default limits", () => {
  for (const { id, code } of PRESETS) {
    const draft = MapDraft.fromCode(code);
    assert.equal(draft.size(), 8, id);
    assert.equal(draft.code(), code, `${id} round-trips`);
    const counts = draft.counts();
    for (const kind of ["walls", "bonuses", "jokers"]) assert.ok(counts[kind] <= 8, `${id}: ${counts[kind]} ${kind}`);
    assert.doesNotThrow(() => draft.setLimits(8, 8, 8), id);
    assert.equal(new Game({ map: code }).snapshot().toMove, "X", `${id} starts with black to move`);
  }
});

test("the rulebook example is the example map of docs/formats.md", () => {
  const preset = presetById("rulebook");
  assert.match(preset.name, /rulebook/i);
  assert.equal(MapDraft.fromCode(preset.code).cells(), RULEBOOK);
});

test("an unknown preset id finds nothing", () => {
  assert.equal(presetById("nope"), undefined);
});
