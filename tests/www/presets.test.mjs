import assert from "node:assert/strict";
import { test } from "node:test";
import { loadWasm } from "./wasm.mjs";

// The catalogue as the page reads it from the wasm API (src/presets.rs).
const { MapDraft, Game, presets } = await loadWasm();
const PRESETS = presets();
const presetById = (id) => PRESETS.find((p) => p.id === id);

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

test("each board size has at least five presets with distinct ids, names and codes", () => {
  for (const size of [6, 8, 10]) {
    const mine = PRESETS.filter((p) => p.size === size);
    assert.ok(mine.length >= 5, `${size} x ${size}`);
    for (const key of ["name", "code"]) assert.equal(new Set(mine.map((p) => p[key])).size, mine.length);
  }
  assert.equal(new Set(PRESETS.map((p) => p.id)).size, PRESETS.length);
});

test("every preset code decodes to a legal map of its size within the default limits", () => {
  for (const { id, code, size } of PRESETS) {
    const draft = MapDraft.fromCode(code);
    assert.equal(draft.size(), size, id);
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
