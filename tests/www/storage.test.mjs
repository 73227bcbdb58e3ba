// Saved games: exactly the shape written, anything else dropped with a reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_SETTINGS, KEY, decodeSave, encodeSave, load, save } from "../../www/js/storage.js";

const record = {
  settings: DEFAULT_SETTINGS,
  game: { map: "18EwAAAAMAABIAABJRhCAAQAA", variant: "mapello", moves: "c5c6" },
  match: { kind: "series", names: ["You", "Computer"], games: [{ first: "X", points: [40, 24] }], setup: 0, firstColour: "X" },
  phase: "play",
};

function memory(initial = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
    items,
  };
}

test("a saved record reads back as it was", () => {
  const { saved, error } = decodeSave(encodeSave(record));
  assert.equal(error, undefined);
  assert.deepEqual(saved.settings, record.settings);
  assert.deepEqual(saved.game, record.game);
  assert.deepEqual(saved.match.games, record.match.games);
  assert.equal(saved.phase, "play");
});

test("nothing saved is no error", () => {
  assert.deepEqual(decodeSave(null), { saved: null });
});

test("damaged records are refused with a reason", () => {
  const cases = [
    ["{", /not valid JSON/],
    ["[]", /format is unknown/],
    [JSON.stringify({ ...JSON.parse(encodeSave(record)), version: 99 }), /format is unknown/],
    [encodeSave({ ...record, settings: { ...DEFAULT_SETTINGS, level: 99 } }), /settings/],
    [encodeSave({ ...record, settings: { ...DEFAULT_SETTINGS, mode: "chess" } }), /settings/],
    [encodeSave({ ...record, game: { map: 7, variant: "mapello", moves: "" } }), /game/],
    [encodeSave({ ...record, match: { ...record.match, games: [{ first: "X", points: ["a", 1] }] } }), /match/],
    [encodeSave({ ...record, phase: "dancing" }), /phase/],
  ];
  for (const [text, reason] of cases) {
    const { saved, error } = decodeSave(text);
    assert.equal(saved, null, text);
    assert.match(error, reason, text);
  }
});

test("loading drops a damaged record and says so", () => {
  const storage = memory({ [KEY]: "garbage" });
  const { saved, notice } = load(storage);
  assert.equal(saved, null);
  assert.match(notice, /could not be read .* discarded/);
  assert.equal(storage.items.has(KEY), false);
});

test("saving survives a storage that refuses", () => {
  const full = { setItem: () => { throw new Error("quota"); } };
  assert.doesNotThrow(() => save(full, record));
  const storage = memory();
  save(storage, record);
  assert.deepEqual(load(storage).saved.game, record.game);
});
