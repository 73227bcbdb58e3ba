// Saved games: exactly the shape written, anything else dropped with a reason.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_SETTINGS, KEY, decodeSave, encodeSave, load, loadRecord, save, storeRecord } from "../../www/js/storage.js";
import { memory } from "./fixtures.mjs";
import { loadWasm } from "./wasm.mjs";

// The rule facts the page reads from the wasm catalogue (catalogue.js).
const { catalogue } = await loadWasm();
const { maxTextChars, maxPoints } = catalogue();

const record = {
  settings: { ...DEFAULT_SETTINGS, mode: "series" },
  game: { map: "18EwAAAAMAABIAABJRhCAAQAA", variant: "mapello", moves: "c5c6" },
  match: { kind: "series", names: ["You", "Computer"], games: [{ first: "X", points: [40, 24] }], setup: 0, firstColour: "X" },
  phase: "play",
};

test("a saved record reads back as it was", () => {
  const { saved, error } = decodeSave(encodeSave(record));
  assert.equal(error, undefined);
  assert.deepEqual(saved.settings, record.settings);
  assert.deepEqual(saved.game, record.game);
  assert.deepEqual(saved.match.games, record.match.games);
  assert.equal(saved.phase, "play");
});

test("a game given up and its clocks read back with it", () => {
  const clock = { preset: "5", left: [290_000, 300_000], moves: 3, side: "O", since: 1_700_000_000_000 };
  const given = { ...record, game: { ...record.game, forfeit: { cause: "time", loser: "X" } }, clock };
  const { saved, error } = decodeSave(encodeSave(given));
  assert.equal(error, undefined);
  assert.deepEqual(saved.game.forfeit, { cause: "time", loser: "X" });
  assert.deepEqual(saved.clock, clock);
  assert.equal(decodeSave(encodeSave(record)).saved.clock, undefined, "no clock, none saved");
  // Whether the forfeit holds is the rules' to say (main.js, rulesProblem); the clocks, clock-view.js's.
});

test("a record saved before the clocks existed has none", () => {
  const old = JSON.parse(encodeSave(record));
  delete old.settings.clock;
  delete old.settings.clockPause;
  const { saved } = decodeSave(JSON.stringify(old));
  assert.equal(saved.settings.clock, "none");
  assert.equal(saved.settings.clockPause, false);
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

// Records whose fields each look right but do not fit together: the first
// four bricked the page (issue 22), every one of them would break a screen.
test("records whose fields disagree are refused with a reason", () => {
  const hotseat = { ...DEFAULT_SETTINGS, mode: "hotseat" };
  const freeplay = { ...DEFAULT_SETTINGS, mode: "freeplay" };
  const freeMatch = { ...record.match, kind: "freeplay", names: ["Player 1", "Player 2"], games: [] };
  const cases = [
    [{ ...record, match: null }, /match does not fit its mode/],
    [{ ...record, settings: hotseat, match: null, phase: "setup" }, /sets up a map outside free play/],
    [{ ...record, settings: hotseat, match: null, phase: "choose" }, /sets up a map outside free play/],
    [{ ...record, match: { ...record.match, games: [] }, phase: "over" }, /result the match never recorded/],
    [{ ...record, settings: hotseat }, /match does not fit its mode/],
    [{ ...record, settings: freeplay }, /match does not fit its mode/],
    [{ ...record, settings: freeplay, match: freeMatch, phase: "setup" }, /already has moves/],
    [{ ...record, match: { ...record.match, games: [{ first: "O", points: [1, 2] }] } }, /out of turn/],
    [{ ...record, match: { ...record.match, firstColour: "O" } }, /out of turn/],
    [{ ...record, match: { ...record.match, names: ["You"] } }, /names/],
    [{ ...record, match: { ...record.match, games: {} } }, /finished games/],
    [{ ...record, match: { ...record.match, games: [{ first: "X", points: [-1, 65] }] } }, /score/],
    [{ ...record, match: { ...record.match, kind: "league" } }, /match kind/],
    [{ ...record, match: [] }, /match is damaged/],
    [{ ...record, match: undefined }, /match is damaged/],
    [{ ...record, game: null }, /game is damaged/],
    // Longer than any transcript the rules read.
    [{ ...record, game: { ...record.game, moves: "c5".repeat(maxTextChars / 2 + 1) } }, /moves/],
    [{ ...record, game: { ...record.game, variant: "chess" } }, /variant is not a game of this page/],
    [{ ...record, game: { ...record.game, variant: "blocs" } }, /variant is not a game of this page/],
    [{ ...record, match: { ...record.match, games: [{ first: "X", points: [maxPoints + 1, 0] }] } }, /score/],
    [{ ...record, settings: { ...record.settings, showLegal: "yes" } }, /legal moves/],
    [{ ...record, settings: { ...record.settings, humanColour: "B" } }, /colour/],
    [{ ...record, settings: { ...record.settings, opponent: null } }, /opponent/],
    [{ ...record, settings: null }, /settings/],
  ];
  for (const [bad, reason] of cases) {
    const text = encodeSave(bad);
    const { saved, error } = decodeSave(text);
    assert.equal(saved, null, text);
    assert.match(error, reason, text);
  }
});

test("every phase and mode the page writes reads back", () => {
  const freeMatch = { kind: "freeplay", names: ["Player 1", "Player 2"], games: [], setup: 0, firstColour: "O" };
  const fresh = { ...record.game, moves: "" };
  const cases = [
    { settings: { ...DEFAULT_SETTINGS, mode: "hotseat" }, game: record.game, match: null, phase: "play" },
    { settings: DEFAULT_SETTINGS, game: record.game, match: null, phase: "play" },
    { settings: { ...DEFAULT_SETTINGS, mode: "watch" }, game: record.game, match: null, phase: "play" },
    { ...record, phase: "over" },
    { ...record, match: { ...record.match, games: [...record.match.games, { first: "O", points: [30, 34] }] } },
    { settings: { ...DEFAULT_SETTINGS, mode: "freeplay" }, game: fresh, match: freeMatch, phase: "setup" },
    { settings: { ...DEFAULT_SETTINGS, mode: "freeplay" }, game: fresh, match: freeMatch, phase: "choose" },
    { settings: { ...DEFAULT_SETTINGS, mode: "freeplay" }, game: record.game, match: freeMatch, phase: "play" },
  ];
  for (const good of cases) {
    const text = encodeSave(good);
    assert.deepEqual(decodeSave(text), { saved: good }, text);
  }
});

test("loading drops a damaged record, says so and hands back its text", () => {
  const storage = memory({ [KEY]: "garbage" });
  const { saved, notice, text } = load(storage);
  assert.equal(saved, null);
  assert.match(notice, /could not be read .* discarded/);
  assert.equal(text, "garbage");
  assert.equal(storage.items.has(KEY), false);
});

test("saving survives a storage that refuses, and says it failed", () => {
  const full = { setItem: () => { throw new Error("quota"); } };
  assert.equal(save(full, record), false);
  assert.equal(storeRecord(full, "other", "text"), false);
  const storage = memory();
  assert.equal(save(storage, record), true);
  assert.deepEqual(load(storage).saved.game, record.game);
});

test("a record saved before the watching settings existed takes their defaults; bad ones are refused", () => {
  const { levelWhite, watchSpeed, ...older } = record.settings;
  assert.equal(levelWhite, DEFAULT_SETTINGS.levelWhite);
  assert.equal(watchSpeed, DEFAULT_SETTINGS.watchSpeed);
  const { saved } = decodeSave(encodeSave({ ...record, settings: older }));
  assert.equal(saved.settings.levelWhite, 4);
  assert.equal(saved.settings.watchSpeed, "normal");
  const fast = decodeSave(encodeSave({ ...record, settings: { ...record.settings, levelWhite: 10, watchSpeed: "fast" } }));
  assert.deepEqual([fast.saved.settings.levelWhite, fast.saved.settings.watchSpeed], [10, "fast"]);
  assert.match(decodeSave(encodeSave({ ...record, settings: { ...record.settings, levelWhite: 11 } })).error, /white's level is not 1 to 10/);
  assert.match(decodeSave(encodeSave({ ...record, settings: { ...record.settings, watchSpeed: "warp" } })).error, /watching speed/);
});

// A review as review.js keeps it: one move analysed of the game's two.
const review = {
  game: record.game,
  names: ["c5", "c6"],
  level: 3,
  items: [
    {
      index: 0,
      mover: "X",
      played: "c5",
      playedValue: -4,
      best: "e3",
      bestValue: 2,
      playedForBlack: -4,
      bestForBlack: 2,
      loss: 6,
      class: "mistake",
      exact: false,
      depth: 6,
    },
  ],
};

test("a game's review is saved with it and reads back", () => {
  const { saved, error } = decodeSave(encodeSave({ ...record, review }));
  assert.equal(error, undefined);
  assert.deepEqual(saved.review, review);
  assert.equal("review" in decodeSave(encodeSave(record)).saved, false);
});

test("a review that does not hold is dropped alone, and the game kept", () => {
  const damaged = [
    { ...review, items: [{ ...review.items[0], loss: -6 }] },
    { ...review, game: { ...record.game, moves: "c5" } },
    { ...review, level: 0 },
    "a review",
  ];
  for (const bad of damaged) {
    const { saved, error } = decodeSave(encodeSave({ ...record, review: bad }));
    assert.equal(error, undefined, JSON.stringify(bad));
    assert.equal(saved.review, undefined, JSON.stringify(bad));
    assert.deepEqual(saved.game, record.game);
  }
});

test("every store goes through one guard: refused records are removed, said, and kept as text", () => {
  const decode = (text) => (text === "good" ? { value: 1 } : { error: "it is not good" });
  const storage = memory({ a: "good", b: "bad" });
  assert.deepEqual(loadRecord(storage, "a", decode, "saved thing"), { value: 1, notice: null, text: "good" });
  assert.deepEqual(loadRecord(storage, "b", decode, "saved thing"), {
    value: null,
    notice: "Your saved thing could not be read (it is not good), so it was discarded.",
    text: "bad",
  });
  assert.equal(storage.items.has("b"), false);
  assert.deepEqual(loadRecord(storage, "c", decode, "saved thing"), { value: null, notice: null, text: null });
  const locked = { getItem: () => { throw new Error("denied"); } };
  assert.match(loadRecord(locked, "a", decode, "saved thing").notice, /unavailable/);
});

test("a saved review left out of the record is said, with the record's text, and the game kept", () => {
  const text = encodeSave({ ...record, review: { ...review, level: 0 } });
  const storage = memory({ [KEY]: text });
  const { saved, notice, text: kept } = load(storage);
  assert.deepEqual(saved.game, record.game);
  assert.equal(saved.review, undefined);
  assert.equal(notice, "Your saved review could not be used (its level is unknown); reviewing the game makes it again.");
  assert.equal(kept, text);
});

test("a game by link keeps how many of its moves were sent, and a damaged count is refused", () => {
  const corresp = { ...record, settings: { ...DEFAULT_SETTINGS, mode: "corresp" }, match: null, shared: 2 };
  const { saved, error } = decodeSave(encodeSave(corresp));
  assert.equal(error, undefined);
  assert.equal(saved.shared, 2);
  assert.equal(decodeSave(encodeSave({ ...corresp, shared: 0 })).saved.shared, undefined, "nothing sent, nothing saved");
  const stored = JSON.parse(encodeSave(corresp));
  // Whether the game has that many moves is the rules' (main.js, rulesProblem): here, the shape.
  for (const bad of [-1, 0, 1.5, "2", null, true, [], {}, 5, 1e9, Number.MAX_SAFE_INTEGER + 2]) {
    const text = JSON.stringify({ ...stored, shared: bad });
    const read = decodeSave(text);
    assert.equal(read.saved, null, text);
    assert.match(read.error, /count of moves sent by link is damaged/, text);
  }
  const hotseat = JSON.stringify({ ...stored, settings: { ...stored.settings, mode: "hotseat" } });
  assert.match(decodeSave(hotseat).error, /count of moves sent by link/, "only a game by link sends moves");
});
