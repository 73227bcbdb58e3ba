// One game, one entry in the saved games (issue 33): the page's game
// carries an id in its saved record through every change that keeps it
// (put aside and brought back, opened from the saved games, a level
// changed, given up), and archiving a later state of it replaces its entry;
// a record without an id still loads, a damaged one is refused whole. And
// one function makes the wasm Game of a record, set-up start included, so
// that a game by link from a set-up position is known again by its links.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ARCHIVE_KEY, archiveProblem, entryProblem, readArchive, withEntry, writeArchive } from "../../www/js/archive.js";
import { ASIDE_KEY, withStore } from "../../www/js/archive-hooks.js";
import { entryOf } from "../../www/js/archive-store.js";
import { gameByLink, savedGameByLink } from "../../www/js/corresp.js";
import { openLink } from "../../www/js/links.js";
import { matchFor, newMatch, recordGame } from "../../www/js/match.js";
import { DEFAULT_SETTINGS, decodeSave, encodeSave, gameOf, isId, KEY, load } from "../../www/js/storage.js";
import { archived, MAP, memory } from "./fixtures.mjs";
import { loadWasm } from "./wasm.mjs";

const wasm = await loadWasm();
const { Game, linkMoves } = wasm;

/** A saved record of the rulebook map after `moves`, named `id` when given. */
function record(moves, { id, settings = DEFAULT_SETTINGS, start } = {}) {
  return { settings, game: { map: MAP, variant: "mapello", moves, ...(start && { start }) }, match: null, phase: "play", ...(id && { id }) };
}

/** A start set up on the rulebook map, from which black's first move is none of the usual start's. */
function setUpStart() {
  const draft = new wasm.PositionDraft({ map: MAP });
  draft.clear();
  for (const [square, disc] of [["c3", "X"], ["d3", "O"], ["e3", "O"], ["c4", "O"], ["d4", "X"], ["e4", "X"], ["f4", "O"]]) draft.put(square, disc);
  draft.setSide("X");
  const code = draft.startCode();
  draft.free();
  return code;
}

/** The first legal move `n` times from `start` after `moves`, as a transcript. */
function playOn(moves, n, start) {
  const game = new Game({ map: MAP, start, moves });
  for (let i = 0; i < n; i += 1) game.play(game.snapshot().legal[0]);
  const text = game.transcript();
  game.free();
  return text;
}

test("a saved record keeps the names an imported game gives its players; damaged ones refuse it", () => {
  const named = { names: ["Ann", "Bob"], said: ["", "won by 2, as the record says"], end: "f5,d6,c3" };
  assert.deepEqual(decodeSave(encodeSave({ ...record("c5c4", { id: "g1" }), named })).saved.named, named);
  assert.equal("named" in decodeSave(encodeSave(record("c5c4"))).saved, false);
  for (const bad of [null, "Ann", { ...named, names: ["Ann"] }, { ...named, said: [1, ""] }, { ...named, end: 5 }, { ...named, names: ["x".repeat(201), "Bob"] }]) {
    const text = JSON.stringify({ version: 1, ...record("c5c4"), named: bad });
    assert.deepEqual(decodeSave(text), { saved: null, error: "its players' names are damaged" }, JSON.stringify(bad));
  }
});

test("a saved record keeps its game's id; one without loads; a damaged one is refused whole, its text kept", () => {
  const named = record("c5c4", { id: "mq3-abc123" });
  assert.equal(decodeSave(encodeSave(named)).saved.id, "mq3-abc123");
  const old = decodeSave(encodeSave(record("c5c4")));
  assert.equal(old.error, undefined);
  assert.equal("id" in old.saved, false);
  // A text the page never writes: an id that is no name.
  for (const id of [42, "", "x".repeat(41), null, ["a"]]) {
    const text = JSON.stringify({ version: 1, ...record("c5c4"), id });
    assert.deepEqual(decodeSave(text), { saved: null, error: "its game's id is not a name" }, JSON.stringify(id));
    const storage = memory({ [KEY]: text });
    const loaded = load(storage);
    assert.equal(loaded.saved, null);
    assert.equal(loaded.notice, "Your saved game could not be read (its game's id is not a name), so it was discarded.");
    assert.equal(loaded.text, text, "the player can download it");
  }
  assert.ok(isId("a") && !isId("") && !isId(7));
});

test("one function makes the Game of a record: its game, map, set-up start, moves and forfeit", () => {
  const start = setUpStart();
  const moves = playOn("", 2, start);
  const game = gameOf(Game, { map: MAP, variant: "mapello", start, moves, forfeit: { cause: "resigned", loser: "X" } });
  assert.equal(game.startCode(), start);
  assert.equal(game.transcript(), moves);
  assert.deepEqual(game.snapshot().forfeit, { cause: "resigned", loser: "X" });
  game.free();
  const played = gameOf(Game, { map: MAP, variant: "mapello", start, moves, forfeit: { cause: "resigned", loser: "X" } }, { forfeit: false });
  assert.equal(played.snapshot().forfeit ?? null, null);
  played.free();
  // The set-up moves are no moves of the usual start: the record's start is what makes them legal.
  assert.throws(() => gameOf(Game, { map: MAP, variant: "mapello", moves }), /not a legal move/);
  assert.throws(() => gameOf(Game, { map: MAP, variant: "chess", moves: "" }));
});

/** An entry of `moves` under `id`, dated on day `day` of November. */
function entry(moves, id, day, more = {}) {
  return archived(moves, { id, date: `2026-11-${String(day).padStart(2, "0")}T10:00:00.000Z`, ...more });
}

test("a later state of a game replaces its entry and goes to the top: brought back, given up, a level changed", () => {
  const other = entry("d6", "other", 20);
  let entries = withEntry([other], entry("c5c4", "g", 19)).entries;
  // Put aside by a link, brought back, played on, put aside again.
  let change = withEntry(entries, entry("c5c4b3", "g", 21));
  assert.equal(change.added, true);
  assert.equal(change.replaced?.game.moves, "c5c4");
  assert.deepEqual(change.entries.map((e) => [e.id, e.game.moves]), [["g", "c5c4b3"], ["other", "d6"]]);
  entries = change.entries;
  // The level changed: its players read otherwise, and it is the same game.
  change = withEntry(entries, { ...entry("c5c4b3c3", "g", 22), players: ["Black (you)", "White (computer, level 7)"] });
  assert.deepEqual(change.entries.map((e) => e.id), ["g", "other"]);
  assert.equal(change.entries[0].players[1], "White (computer, level 7)");
  entries = change.entries;
  // Moves taken back and the game put aside changes nothing: the entry holds them.
  assert.equal(withEntry(entries, { ...entry("c5c4", "g", 23), players: ["Black (you)", "White (computer, level 8)"] }).added, false);
  // Given up: the finished game replaces the one put aside; put aside as it is, it stays as it was.
  const resigned = { ...entry("c5c4b3c3", "g", 24).game, forfeit: { cause: "resigned", loser: "X" } };
  change = withEntry(entries, { ...entry("", "g", 24), game: resigned, state: "finished", result: "White wins: black resigned." });
  assert.equal(change.replaced?.state, "abandoned");
  assert.deepEqual(change.entries.map((e) => [e.id, e.state]), [["g", "finished"], ["other", "abandoned"]]);
  entries = change.entries;
  change = withEntry(entries, { ...entry("", "g", 25), game: resigned, state: "finished", result: "White wins: black resigned." });
  assert.equal(change.added, false);
  assert.equal(change.entries, entries);
  assert.equal(archiveProblem({ version: 1, games: change.entries }), null);
});

test("the same id taken back keeps the longer entry; another line after it is kept beside, under a new id", () => {
  const entries = [entry("c5c4b3", "g", 20)];
  const back = withEntry(entries, entry("c5", "g", 21));
  assert.equal(back.added, false);
  assert.equal(back.entries, entries);
  const fork = withEntry(entries, entry("c5d6", "g", 22));
  assert.equal(fork.added, true);
  assert.equal(fork.replaced, null);
  assert.deepEqual(fork.entries.map((e) => e.game.moves), ["c5d6", "c5c4b3"]);
  assert.equal(fork.entries[0].id, "g", "the game on the board keeps its id");
  assert.notEqual(fork.entries[1].id, "g");
  assert.equal(archiveProblem({ version: 1, games: fork.entries }), null, "ids stay unique");
});

test("an imported game opened and put aside replaces its entry, keeping its players' names and the record's details", () => {
  const details = { place: "GGS/os", time: "15:00//02:00", blackRating: "2197.72", whiteRating: "2330.93", result: "+12.00" };
  const imported = entry("c5", "imp", 20, { seat: "hotseat", players: ["Ann", "Bob"], details });
  const change = withEntry([imported], entry("c5c4", "imp", 21, { seat: "hotseat", players: ["Black", "White"] }));
  assert.deepEqual(change.entries.map((e) => [e.id, e.game.moves, e.players.join(" v ")]), [["imp", "c5c4", "Ann v Bob"]]);
  // Where and how it was played stay; the record's result is not this longer game's.
  const { result, ...kept } = details;
  assert.equal(result, "+12.00");
  assert.deepEqual(change.entries[0].details, kept);
  assert.equal(entryProblem(change.entries[0]), null);
});

test("an entry is filed under its game's id; a record without one, or with a damaged one, gets a new id", () => {
  assert.equal(entryOf(Game, record("c5c4", { id: "g1" })).id, "g1");
  const fresh = entryOf(Game, record("c5c4"));
  assert.ok(isId(fresh.id));
  // Another tab's record is read unchecked: an id that is no name is not filed.
  const odd = entryOf(Game, { ...record("c5c4"), id: { no: 1 } });
  assert.ok(isId(odd.id));
});

/** What openLink needs, with the notices it gave and what it brought back. */
function linkDeps() {
  const notices = [];
  const restored = [];
  const deps = {
    Game,
    linkMoves,
    notify: (text, options = {}) => notices.push({ text, ...options }),
    clearNotice: () => {},
    fresh: (settings, game) => ({ settings, game, match: matchFor(settings), phase: "play" }),
    defaultGame: () => ({ map: MAP, variant: "mapello", moves: "" }),
    restore: (r) => restored.push(r),
  };
  return { deps, notices, restored };
}

/** Waits until the archive's queued writes are done. */
const settled = () => withStore(() => {});

test("a link puts the game aside under its id; brought back, it has that id, so it keeps one entry", async () => {
  globalThis.localStorage = memory();
  try {
    const { deps, notices, restored } = linkDeps();
    const link = { map: MAP, moves: "d6" };
    const opened = await openLink(deps, link, record("c5c4", { id: "mine" }));
    assert.ok(isId(opened.id) && opened.id !== "mine", "the linked game is a game of its own");
    await settled();
    assert.deepEqual(readArchive(localStorage).entries.map((e) => e.id), ["mine"]);
    notices.find((n) => n.key === ASIDE_KEY).action.run();
    assert.equal(restored[0].id, "mine");
    // A record saved before ids had none: it is put aside and brought back under one.
    const again = linkDeps();
    const older = playOn("", 3);
    await openLink(again.deps, link, record(older, {}));
    await settled();
    again.notices.find((n) => n.key === ASIDE_KEY).action.run();
    const back = again.restored[0].id;
    assert.ok(isId(back));
    assert.ok(readArchive(localStorage).entries.some((e) => e.id === back && e.game.moves === older));
    // A link that holds the very game on the board opens it as the same game.
    const same = await openLink(linkDeps().deps, { map: MAP, moves: "c5c4" }, record("c5c4", { id: "mine" }));
    assert.equal(same.id, "mine");
  } finally {
    delete globalThis.localStorage;
  }
});

test("a link holding the game on the board leaves it in its series, with its standing; a review it asks for opens over it", async () => {
  globalThis.localStorage = memory();
  try {
    const series = { ...DEFAULT_SETTINGS, mode: "series" };
    const match = recordGame(newMatch("series", ["You", "Computer"]), [40, 24]);
    const held = { ...record("c5c4", { id: "mine", settings: series }), match };
    const { deps, notices } = linkDeps();
    // The player's own link, opened as another tab does: seat black, another mode.
    const opened = await openLink(deps, { map: MAP, moves: "c5c4", players: "black" }, held);
    assert.equal(opened, held, "the game on the board stays as it is");
    assert.equal(notices.filter((n) => n.key === ASIDE_KEY).length, 0, "nothing is put aside");
    const reviewed = await openLink(linkDeps().deps, { map: MAP, moves: "c5c4", review: 4 }, held);
    assert.deepEqual({ ...reviewed, review: undefined }, { ...held, review: undefined });
    assert.equal(reviewed.review.level, 4);
    // One more move in the link is another state of the game: it opens, and the series is put aside with a way back.
    const { deps: more, notices: said } = linkDeps();
    const further = await openLink(more, { map: MAP, moves: "c5c4d3" }, held);
    assert.equal(further.game.moves, "c5c4d3");
    assert.ok(said.some((n) => n.key === ASIDE_KEY && n.action));
    await settled();
  } finally {
    delete globalThis.localStorage;
  }
});

const BY_LINK = { ...DEFAULT_SETTINGS, mode: "corresp" };

test("a link continuing a game by link from a set-up start updates it on the board, as the same game", () => {
  const start = setUpStart();
  const sent = playOn("", 1, start);
  const reply = playOn(sent, 1, start);
  const held = record(sent, { id: "held", settings: BY_LINK, start });
  const notices = [];
  const opened = gameByLink(
    { Game, notify: (text) => notices.push(text), putAside: () => assert.fail("nothing is put aside"), reopen: () => {} },
    held,
    record(reply, { id: "link", settings: BY_LINK, start }),
  );
  assert.equal(opened.game.moves, reply);
  assert.equal(opened.id, "held");
  assert.match(notices.join(" "), /The link brings a new move/);
  // A link from the usual start is another game, whatever its moves.
  assert.equal(gameByLink({ Game, notify: () => {}, putAside: () => {}, reopen: () => {} }, held, record("c5", { settings: BY_LINK })), null);
});

test("a link continuing a saved game by link from a set-up start updates that entry and opens it under its id", () => {
  const start = setUpStart();
  const sent = playOn("", 1, start);
  const reply = playOn(sent, 1, start);
  const storage = memory();
  const saved = { ...entry("", "by-link", 20, { seat: "corresp-black" }), game: { map: MAP, variant: "mapello", start, moves: sent } };
  writeArchive(storage, [saved]);
  const notices = [];
  const opened = savedGameByLink({ Game, notify: (text) => notices.push(text), storage }, record(reply, { id: "link", settings: BY_LINK, start }));
  assert.ok(opened, "the saved game is found");
  assert.equal(opened.id, "by-link");
  assert.equal(opened.settings.humanColour, "X");
  assert.match(notices.join(" "), /continues your game by link in Saved games/);
  const { entries } = readArchive(storage);
  assert.deepEqual(entries.map((e) => [e.id, e.game.moves, e.game.start]), [["by-link", reply, start]]);
  assert.ok(storage.items.has(ARCHIVE_KEY));
});

test("a reply to a game by link kept in Saved games opens it, though another game by link is on the board", async () => {
  globalThis.localStorage = memory();
  try {
    // Game 1, sent to one friend and put aside; game 2, sent to another, on the board.
    const first = playOn("", 1);
    const reply = playOn(first, 1);
    const blank = new Game({ map: MAP });
    const second = blank.snapshot().legal.find((m) => m !== first);
    blank.free();
    writeArchive(localStorage, [{ ...entry(first, "game-1", 20, { seat: "corresp-black" }) }]);
    const board = record(second, { id: "game-2", settings: { ...BY_LINK, humanColour: "X" } });
    // The first friend's reply: it forks from game 2 on the board, and continues game 1.
    const { deps, notices, restored } = linkDeps();
    const opened = await openLink(deps, { map: MAP, moves: reply, players: "corresp-black" }, board);
    await settled();
    assert.equal(opened.id, "game-1", "the reply opens game 1");
    assert.equal(opened.game.moves, reply);
    const entries = readArchive(localStorage).entries;
    assert.deepEqual(entries.map((e) => [e.id, e.game.moves]).sort(), [["game-1", reply], ["game-2", second]], "one entry a game, game 1 updated");
    assert.match(notices.map((n) => n.text).join(" "), /continues your game by link in Saved games/);
    assert.doesNotMatch(notices.map((n) => n.text).join(" "), /starts with other moves/);
    notices.find((n) => n.key === ASIDE_KEY).action.run();
    assert.equal(restored[0].id, "game-2", "game 2 comes back with Restore it");
  } finally {
    delete globalThis.localStorage;
  }
});

test("another tab's game with another id is kept and never shown over this one, though its moves begin this game's", async () => {
  const { keepForeign, openEntry } = await import("../../www/js/archive-store.js");
  const { otherTabSaved } = await import("../../www/js/tabs.js");
  const friend = { ...record(playOn("", 1), { id: "friend", settings: BY_LINK }), tab: "tab-2" };
  const mine = record(playOn("", 3), { id: "computer" });
  // This tab is about to save its game over the friend's: the friend's is kept.
  const storage = memory();
  const notices = [];
  keepForeign({ Game, storage, notify: (text) => notices.push(text) }, friend, mine, () => {});
  await settled();
  assert.deepEqual(
    readArchive(storage).entries.map((e) => [e.id, e.game.moves]),
    [["friend", friend.game.moves]],
  );
  // Its own earlier state is no other game.
  const earlier = memory();
  keepForeign({ Game, storage: earlier, notify: () => {} }, { ...friend, id: "computer", settings: DEFAULT_SETTINGS }, mine, () => {});
  await settled();
  assert.deepEqual(readArchive(earlier).entries, []);
  // The tab holding the friend's game hears of the other tab's game, and keeps its own.
  const said = [];
  const ctrl = {
    Game,
    current: () => ({ ...friend, phase: "play" }),
    open: () => assert.fail("another game is not opened over this tab's"),
    deps: { notify: (text) => said.push(text) },
    restore: () => {},
  };
  otherTabSaved(ctrl, { ...mine, phase: "play" });
  assert.match(said.join(" "), /Another tab is playing another game/);
  // A finished entry opened from Saved games is played on as a new game; an unfinished one keeps its id.
  globalThis.document = { getElementById: () => null };
  try {
    const opened = [];
    const board = { flow: { settings: DEFAULT_SETTINGS }, toBringBack: () => ({}), open: (r) => opened.push(r), offerReturn: () => {}, dropStaleOffer: () => {}, announce: () => {} };
    openEntry(board, entry(playOn("", 2), "done", 20, { state: "finished", result: "Black won by 12, as the record says; its moves stop before the end." }));
    openEntry(board, entry(playOn("", 2), "open", 20));
    assert.ok(isId(opened[0].id) && opened[0].id !== "done");
    assert.equal(opened[1].id, "open");
  } finally {
    delete globalThis.document;
  }
});

test("a game ended by a forfeit takes no more moves by link: on the board or in Saved games, the link's game goes beside", () => {
  const moves = playOn("", 2);
  const resigned = { ...record(moves, { id: "held", settings: BY_LINK }), game: { map: MAP, variant: "mapello", moves, forfeit: { cause: "resigned", loser: "O" } } };
  const later = record(playOn(moves, 1), { id: "link", settings: BY_LINK });
  const notices = [];
  const aside = [];
  const storage = memory();
  const opened = gameByLink({ Game, storage, notify: (text) => notices.push(text), putAside: (r) => aside.push(r), reopen: () => {} }, resigned, later);
  assert.equal(opened, resigned, "the ended game stays as it ended");
  // Kept beside it as played on after it ended, from the player's side.
  assert.deepEqual(aside, [{ ...later, settings: { ...later.settings, humanColour: resigned.settings.humanColour }, branch: { kind: "played on", at: 2, of: "held" } }]);
  assert.match(notices.join(" "), /plays on after your game ended here/);
  writeArchive(storage, [{ ...entry(moves, "ended", 20, { seat: "corresp-black", state: "finished" }), game: resigned.game }]);
  assert.equal(savedGameByLink({ Game, notify: () => {}, storage }, later), null);
});
