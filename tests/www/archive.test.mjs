// The archive of saved games: exactly the shape written, anything else
// dropped with a reason; newest first, bounded, a continued game replacing
// the one it continues; its export text read back.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ARCHIVE_KEY,
  ARCHIVE_LIMIT,
  addEntry,
  archiveProblem,
  continuesGame,
  decodeArchive,
  droppedNotice,
  encodeArchive,
  entryProblem,
  exportText,
  fromGgf,
  isGgf,
  parseExport,
  readArchive,
  removeEntry,
  saidSides,
  saidText,
  withBoard,
  withEntry,
} from "../../www/js/archive.js";
import { catalogue } from "../../www/js/catalogue.js";
import { archived, MAP, memory } from "./fixtures.mjs";
import { loadWasm } from "./wasm.mjs";

const wasm = await loadWasm();

let serial = 0;
function entry(moves, date = "2026-11-26T10:00:00.000Z", more = {}) {
  serial += 1;
  return archived(moves, { id: `id-${serial}`, date, ...more });
}

test("an archive reads back as it was written", () => {
  const games = [entry("c5c4", "2026-11-26T11:00:00.000Z"), entry("d6", "2026-11-25T09:00:00.000Z", { state: "finished", result: "You won 40 to 24." })];
  assert.deepEqual(decodeArchive(encodeArchive(games)), { value: games });
});

test("a damaged archive is refused with a sentence per rule", () => {
  const good = entry("c5");
  const cases = [
    ["not json", "it is not valid JSON"],
    [JSON.stringify([]), "its format is unknown"],
    [JSON.stringify({ version: 2, games: [] }), "its format is unknown"],
    [JSON.stringify({ version: 1, games: {} }), "its list of games is damaged"],
    [JSON.stringify({ version: 1, games: Array(ARCHIVE_LIMIT + 1).fill(good) }), `it holds more than ${ARCHIVE_LIMIT} games`],
    [encodeArchive([good, { ...good, id: "" }]), "game 2 is damaged: its id is not a name"],
    [encodeArchive([{ ...good, date: "yesterday" }]), "game 1 is damaged: its date is not a date"],
    [encodeArchive([{ ...good, game: null }]), "game 1 is damaged: its game is damaged"],
    [encodeArchive([{ ...good, game: { ...good.game, map: 7 } }]), "game 1 is damaged: its map is not a map code"],
    [encodeArchive([{ ...good, game: { ...good.game, moves: "x".repeat(catalogue().maxTextChars + 1) } }]), "game 1 is damaged: its moves are not a transcript"],
    [encodeArchive([{ ...good, players: ["one"] }]), "game 1 is damaged: its players are damaged"],
    [encodeArchive([{ ...good, seat: "robot" }]), "game 1 is damaged: who played it is unknown"],
    [encodeArchive([{ ...good, result: 3 }]), "game 1 is damaged: its result is not a sentence"],
    [encodeArchive([{ ...good, state: "lost" }]), "game 1 is damaged: its state is neither finished nor abandoned"],
    [encodeArchive([good, good]), "two of its games have the same id"],
  ];
  for (const [text, error] of cases) assert.deepEqual(decodeArchive(text), { error }, text.slice(0, 60));
  assert.equal(archiveProblem({ version: 1, games: [] }), null);
});

test("a damaged archive in storage is dropped with a notice, its text kept", () => {
  const storage = memory({ [ARCHIVE_KEY]: "{broken" });
  const read = readArchive(storage);
  assert.deepEqual(read.entries, []);
  assert.equal(read.notice, "Your archive of saved games could not be read (it is not valid JSON), so it was discarded.");
  assert.equal(read.text, "{broken");
  assert.equal(storage.items.has(ARCHIVE_KEY), false);
  // Adding a game says so too, and the game goes in.
  storage.items.set(ARCHIVE_KEY, "[]");
  const added = addEntry(storage, entry("c5"));
  assert.match(added.notice, /its format is unknown/);
  assert.equal(added.text, "[]");
  assert.equal(readArchive(storage).entries.length, 1);
});

test("a game that continues another is one game; others are new games", () => {
  const a = { map: MAP, variant: "mapello", moves: "c5c4" };
  assert.ok(continuesGame({ ...a, moves: "c5 c4 b3" }, a));
  assert.ok(continuesGame(a, a));
  assert.ok(!continuesGame({ ...a, moves: "c5" }, a));
  assert.ok(!continuesGame({ ...a, moves: "c5b3" }, a));
  assert.ok(!continuesGame({ ...a, variant: "othello" }, a));
  assert.ok(!continuesGame({ ...a, map: "18E" }, a));
});

test("games go in newest first; a later game that opens alike is a game of its own", () => {
  let entries = [];
  const old = entry("c5", "2026-11-20T10:00:00.000Z");
  const other = entry("d6", "2026-11-22T10:00:00.000Z");
  entries = withEntry(entries, other).entries;
  entries = withEntry(entries, old).entries;
  assert.deepEqual(entries.map((e) => e.id), [other.id, old.id]);
  // A new game on the same map that starts with the same moves loses
  // nothing: a player opens the same way game after game.
  const later = entry("c5c4", "2026-11-23T10:00:00.000Z");
  const change = withEntry(entries, later);
  assert.equal(change.added, true);
  assert.equal(change.replaced, null);
  assert.deepEqual(change.entries.map((e) => e.id), [later.id, other.id, old.id]);
  // The same game, the same moves by the same players, is kept once.
  const again = withEntry(change.entries, entry("c5", "2026-11-24T10:00:00.000Z"));
  assert.equal(again.added, false);
  assert.equal(again.entries, change.entries);
  // By other players it is another game.
  const theirs = { ...entry("c5", "2026-11-24T10:00:00.000Z"), seat: "hotseat", players: ["Ann", "Bob"] };
  assert.equal(withEntry(change.entries, theirs).added, true);
});

test("a record's result is said on each side's card, and no other result", () => {
  assert.deepEqual(saidSides(saidText({ winner: "O", margin: 2 })), ["", "won by 2, as the record says"]);
  assert.deepEqual(saidSides(saidText({ winner: "X", margin: 12 })), ["won by 12, as the record says", ""]);
  assert.deepEqual(saidSides(saidText({ winner: null, margin: 0 })), ["draw, as the record says", "draw, as the record says"]);
  assert.deepEqual(saidSides("Black wins 40 to 24."), ["", ""]);
  assert.deepEqual(saidSides(""), ["", ""]);
});

test("the game on the board is listed as it stands there, marked, and the others as stored", () => {
  const imported = entry("c5", "2003-05-01", { seat: "hotseat", players: ["Ann", "Bob"], details: { place: "GGS/os", result: "B+12" } });
  const other = entry("d6", "2026-11-20T10:00:00.000Z");
  const entries = [other, imported];
  const board = { ...entry("c5c4b3", "2026-11-26T12:00:00.000Z"), id: imported.id, seat: "hotseat", players: ["Black", "White"] };
  const [same, shown] = withBoard(entries, board);
  assert.equal(same, other);
  assert.equal(shown.onBoard, true);
  assert.equal(shown.game.moves, "c5c4b3");
  assert.equal(shown.date, board.date, "played on, it is dated as the board's game");
  assert.deepEqual(shown.players, ["Ann", "Bob"], "two players at one board keep their names");
  assert.deepEqual(shown.details, { place: "GGS/os" }, "the record's result was of the shorter game");
  // Opened and not played on, it keeps its date.
  assert.equal(withBoard(entries, { ...board, game: imported.game }).at(1).date, imported.date);
  // Another game on the board, or none, changes nothing.
  assert.deepEqual(withBoard(entries, { ...board, id: "elsewhere" }), entries);
  assert.deepEqual(withBoard(entries, null), entries);
});

test("another tab's game, kept as it grows, is one game", () => {
  const tab = (moves, date) => ({ ...entry(moves, date), from: "tab-2" });
  const short = tab("c5", "2026-11-20T10:00:00.000Z");
  let change = withEntry([entry("c5", "2026-11-19T10:00:00.000Z")], short);
  assert.equal(change.added, true, "this tab's own game of the same moves is another game");
  const longer = tab("c5c4", "2026-11-21T10:00:00.000Z");
  change = withEntry(change.entries, longer);
  assert.equal(change.replaced, short);
  assert.equal(change.entries.length, 2);
  assert.equal(withEntry(change.entries, tab("c5", "2026-11-22T10:00:00.000Z")).added, false);
  assert.equal(entryProblem({ ...longer, from: "" }), "the tab it came from is not a name");
});

test("past the bound the oldest game is dropped, and the notice says so", () => {
  let entries = [];
  for (let i = 0; i < ARCHIVE_LIMIT; i += 1) {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    entries = withEntry(entries, { ...entry("c5"), game: { map: `map${i}`, variant: "othello", moves: "" }, date: day }).entries;
  }
  assert.equal(entries.length, ARCHIVE_LIMIT);
  const oldest = entries.at(-1);
  const change = withEntry(entries, entry("c5", "2026-12-01T00:00:00.000Z"));
  assert.equal(change.entries.length, ARCHIVE_LIMIT);
  assert.deepEqual(change.dropped, [oldest]);
  assert.equal(change.entries[0].game.moves, "c5");
  assert.equal(droppedNotice(change.dropped), `Your saved games keep at most ${ARCHIVE_LIMIT}: the oldest game, of 2026-01-01, was dropped from them.`);
});

test("games are added to and removed from storage", () => {
  const storage = memory();
  const a = entry("c5");
  assert.equal(addEntry(storage, a).stored, true);
  assert.deepEqual(readArchive(storage).entries, [a]);
  assert.equal(removeEntry(storage, "nobody"), null);
  assert.deepEqual(removeEntry(storage, a.id), a);
  assert.deepEqual(readArchive(storage).entries, []);
  // A browser that refuses storage is told back.
  const full = { ...memory(), setItem: () => { throw new Error("quota"); } };
  assert.equal(addEntry(full, entry("d6")).stored, false);
});

test("the export text reads back, and bad blocks are skipped with a sentence", () => {
  const games = [
    entry("c5c4", "2026-11-26T11:00:00.000Z", { state: "finished", result: "You won 40 to 24." }),
    entry("", "2026-11-25T11:00:00.000Z", { seat: "hotseat", players: ["Black", "White"] }),
  ];
  const text = exportText(games, (e) => (e.game.moves ? "(;GM[Othello];)" : null));
  assert.match(text, /^Mapello game\ndate: 2026-11-26T11:00:00.000Z\ngame: mapello\nmap: 18EwAAAAMAABIAABJRhCAAQAA\nmoves: c5c4\n/);
  assert.match(text, /\nresult: You won 40 to 24\.\nggf: \(;GM\[Othello\];\)\n\nMapello game\n/);
  const { games: read, problems } = parseExport(`${text}\nMapello game\ngame: othello\nmoves: f5\n\nMapello game\nmap: ${MAP}\nseat: robot\n`, 0);
  assert.deepEqual(
    read.map(({ date, game, players, seat }) => ({ date, game, players, seat })),
    [...games.map(({ date, game, players, seat }) => ({ date, game, players, seat })), { date: new Date(0).toISOString(), game: { map: MAP, variant: "mapello", moves: "" }, players: ["Black", "White"], seat: "hotseat" }],
  );
  assert.deepEqual(problems, ["Game 3 of the file was skipped: it has no map."]);
  assert.deepEqual(parseExport("hello").problems, ["The file holds no saved game: each starts with a line “Mapello game”."]);
});

test("an Othello game's GGF record, from the rules, reads back as an entry with its players and date", () => {
  const game = new wasm.Game({ variant: "othello", size: 6 });
  // The first legal move each turn, to the end: a pass when none is legal.
  for (let snap = game.snapshot(); snap.status !== "gameOver"; snap = game.snapshot()) game.play(snap.legal[0] ?? "pass");
  const moves = game.transcript();
  const map = game.mapCode();
  game.free();
  const text = wasm.ggfWrite({ variant: "othello", map, moves }, { black: "Black (you)", white: "White [x]", date: "2026-11-26T11:00:05.123Z" });
  assert.ok(text?.startsWith("(;GM[Othello]PC[Mapello]DT[2026.11.26_11:00:05.UTC]PB[Black (you)]PW[White x]RE["), text);
  assert.ok(text?.includes("TY[6]BO[6 ------ ------ --O*-- --*O-- ------ ------ *]"), text);
  assert.equal(wasm.ggfWrite({ variant: "mapello" }), undefined);

  const file = `${text}\n(;GM[Othello]B[a1];)\n(;GM[Othello]PB[${"n".repeat(40)}]W[f5];)\n`;
  assert.ok(isGgf(file));
  const { games, numbers, problems } = fromGgf(wasm.ggfRead(file), 0);
  assert.deepEqual(numbers, [1]);
  assert.deepEqual(
    games.map(({ date, game, players, seat, state }) => ({ date, game, players, seat, state })),
    [{ date: "2026-11-26T11:00:05Z", game: { map, variant: "othello", moves }, players: ["Black (you)", "White x"], seat: "hotseat", state: "abandoned" }],
  );
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^Game 2 of the file was skipped: move 1 at character \d+: B\[a1\]: .+\.$/);
  assert.match(problems[1], /^Game 3 of the file was skipped: .*black is to move, not white\.$/);
  // A record without names or date: the colours, and now.
  const bare = fromGgf(wasm.ggfRead("(;GM[Othello]B[f5];)"), 0).games[0];
  assert.deepEqual([bare.players, bare.date], [["Black", "White"], new Date(0).toISOString()]);
  // This page's export holds GGF lines, but is read as the export.
  assert.equal(isGgf(exportText(games, () => text ?? null)), false);
  assert.equal(isGgf("no record"), false);
});

// A record as a server's archive keeps it, its moves stopping before the
// end, with a result: the players agreed the score, or time ran out.
const SERVER = (re, dt = "2003.12.15_13:24:03.MST") =>
  `(;GM[Othello]PC[GGS/os]DT[${dt}]PB[Saio1200]PW[Saio3000]RB[2197.72]RW[2330.93]TI[15:00//02:00]TY[8r]RE[${re}]B[f5]W[d6]B[c3]W[d3]B[c4];)`;

test("a server's record keeps its place, time control, ratings, type, date and result, and writes them back", () => {
  const { games, problems } = fromGgf(wasm.ggfRead(`${SERVER("+12.00")}\n${SERVER("-4.000:t", "2003.12.16")}`), 0);
  assert.deepEqual(problems, []);
  const [agreed, timed] = games;
  const details = { place: "GGS/os", time: "15:00//02:00", blackRating: "2197.72", whiteRating: "2330.93", type: "8r" };
  assert.deepEqual(agreed.details, { ...details, result: "+12.00" });
  assert.equal(agreed.date, "2003-12-15T13:24:03Z");
  assert.equal(agreed.result, "Black won by 12, as the record says; its moves stop before the end.");
  assert.equal(agreed.game.forfeit, undefined);
  // On time: the rules' forfeit, and the day the record gives.
  assert.deepEqual(timed.game.forfeit, { cause: "time", loser: "X" });
  assert.equal(timed.date, "2003-12-16");
  assert.equal(timed.result, "");
  assert.equal(entryProblem(timed), null);
  // Written back with all it said.
  for (const g of games) {
    const text = wasm.ggfWrite({ variant: "othello", map: g.game.map, moves: g.game.moves }, { black: g.players[0], white: g.players[1], date: g.date, forfeit: g.game.forfeit, details: g.details });
    const again = fromGgf(wasm.ggfRead(text), 0).games[0];
    assert.deepEqual({ ...again, id: g.id }, g, text);
  }
  assert.match(wasm.ggfWrite({ variant: "othello", moves: timed.game.moves }, { date: timed.date, forfeit: timed.game.forfeit, details: timed.details }), /^\(;GM\[Othello\]PC\[GGS\/os\]DT\[2003\.12\.16\]PB\[\]PW\[\]RB\[2197\.72\]RW\[2330\.93\]TI\[15:00\/\/02:00\]RE\[-4\.000:t\]TY\[8r\]BO/);
  assert.throws(() => wasm.ggfWrite({ variant: "othello" }, { details: { rating: "1" } }), /unknown key/);
  // The export keeps the details and the record's result.
  const { games: read } = parseExport(exportText(games), 0);
  assert.deepEqual(read.map((g) => [g.details, g.result, g.date]), games.map((g) => [g.details, g.result, g.date]));
  assert.equal(saidText({ margin: "0" }), "Draw, as the record says; its moves stop before the end.");
  assert.equal(saidText({ winner: "O", margin: "0.5" }), "White won by 0.5, as the record says; its moves stop before the end.");
});

test("an entry's details and a day without a time are checked as the rest", () => {
  const e = entry("c5", "2003-12-15", { details: { place: "GGS/os" } });
  assert.equal(entryProblem(e), null);
  assert.equal(entryProblem({ ...e, date: "2003-12-15T" }), "its date is not a date");
  assert.equal(entryProblem({ ...e, date: "2003-13-15" }), "its date is not a date");
  for (const details of [{ rating: "1" }, { place: "" }, { place: "x".repeat(81) }, { time: 3 }, []]) {
    assert.equal(entryProblem({ ...e, details }), "its details are damaged", JSON.stringify(details));
  }
  // A day sorts by its day, among games played with their time.
  const later = entry("c5c4", "2003-12-15T09:00:00.000Z");
  const earlier = entry("d6", "2003-12-14T23:00:00.000Z");
  assert.deepEqual(withEntry([later, earlier], e).entries, [later, e, earlier]);
  // A damaged details line of an export is left out.
  const { games } = parseExport(`Mapello game\nmap: ${MAP}\ndetails: {"place":\nresult: Black won.\n`, 0);
  assert.deepEqual([games[0].details, games[0].result], [undefined, ""]);
});

test("a saved record is another tab's unless this tab wrote it or started from it", async () => {
  const { foreignRecord } = await import("../../www/js/archive-hooks.js");
  const { encodeSave, DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const record = { settings: DEFAULT_SETTINGS, game: { map: MAP, variant: "mapello", moves: "c5" }, match: null, phase: "play" };
  const ours = encodeSave({ ...record, tab: "a" });
  const theirs = encodeSave({ ...record, tab: "b" });
  const untagged = encodeSave(record);
  assert.equal(foreignRecord(ours, "a", null), null);
  assert.deepEqual(foreignRecord(theirs, "a", null).game, record.game);
  assert.deepEqual(foreignRecord(untagged, "a", null).game, record.game);
  assert.equal(foreignRecord(theirs, "a", theirs), null);
  assert.equal(foreignRecord(null, "a", null), null);
  assert.equal(foreignRecord("{oops", "a", null), null);
});

test("an entry is what the rules say of the game: its state, result and players", async () => {
  const { entryOf } = await import("../../www/js/archive-store.js");
  const { DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const record = (moves, settings = DEFAULT_SETTINGS) => ({ settings, game: { map: MAP, variant: "mapello", moves }, match: null, phase: "play" });
  assert.equal(entryOf(wasm.Game, record("")), null);
  assert.equal(entryOf(wasm.Game, record("a1a1")), null, "moves the rules refuse");
  const started = entryOf(wasm.Game, record("c5c4"), Date.UTC(2026, 10, 26));
  assert.equal(started.date, "2026-11-26T00:00:00.000Z");
  assert.deepEqual(started.game, { map: MAP, variant: "mapello", moves: "c5c4" });
  // The archive keeps a game's moves as the rules write them, so a pass
  // has one spelling and a game that continues another is found as such.
  const spelled = entryOf(wasm.Game, record("c5 C4"));
  assert.equal(spelled.game.moves, "c5c4");
  assert.ok(continuesGame({ ...spelled.game, moves: "c5c4b3" }, spelled.game));
  assert.equal(started.state, "abandoned");
  assert.equal(started.result, "");
  assert.equal(started.seat, "black");
  assert.equal(started.players[0], "Black (you)");
  assert.match(started.players[1], /^White \(computer, level 4/);
  const whole = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
  const game = new wasm.Game({ map: MAP, moves: whole });
  const { score } = game.snapshot();
  game.free();
  const finished = entryOf(wasm.Game, record(whole, { ...DEFAULT_SETTINGS, mode: "hotseat" }));
  assert.equal(finished.state, "finished");
  assert.deepEqual(finished.players, ["Black", "White"]);
  assert.equal(finished.seat, "hotseat");
  const [black, white] = score;
  assert.equal(finished.result, black > white ? `Black wins ${black} to ${white}.` : `White wins ${white} to ${black}.`);
});

test("an unfinished game of a match with games played keeps the match and its settings; a damaged one is refused", async () => {
  const { entryOf } = await import("../../www/js/archive-store.js");
  const { DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const { newMatch, recordGame } = await import("../../www/js/match.js");
  const series = { ...DEFAULT_SETTINGS, mode: "series" };
  const standing = recordGame(newMatch("series", ["You", "Computer"]), [40, 24]);
  const record = (match) => ({ settings: series, game: { map: MAP, variant: "mapello", moves: "c5c4" }, match, phase: "play" });
  const kept = entryOf(wasm.Game, record(standing));
  assert.deepEqual(kept.inMatch, { settings: series, match: standing });
  assert.equal(entryProblem(kept), null);
  // A series not yet under way has no standing to keep.
  assert.equal(entryOf(wasm.Game, record(newMatch("series", ["You", "Computer"]))).inMatch, undefined);
  // Settings added since the entry was kept read as their defaults.
  const { showEval: _, ...older } = series;
  assert.equal(entryProblem({ ...kept, inMatch: { settings: older, match: standing } }), null);
  for (const inMatch of [null, { settings: series }, { settings: series, match: { ...standing, kind: "league" } }, { settings: { ...series, mode: "computer" }, match: standing }]) {
    assert.match(entryProblem({ ...kept, inMatch }) ?? "", /^the match it was part of is damaged/, JSON.stringify(inMatch));
  }
});

test("an entry keeps the time control its game was played with, and none when it had none", async () => {
  const { entryOf } = await import("../../www/js/archive-store.js");
  const { DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const record = (settings) => ({ settings: { ...DEFAULT_SETTINGS, ...settings }, game: { map: MAP, variant: "mapello", moves: "c5c4" }, match: null, phase: "play" });
  assert.equal(entryOf(wasm.Game, record({ mode: "hotseat", clock: "3+2" })).clock, "3+2");
  assert.equal("clock" in entryOf(wasm.Game, record({ mode: "hotseat", clock: "none" })), false);
  // No clock runs in a watched game or a game by link, whatever the setting says.
  assert.equal("clock" in entryOf(wasm.Game, record({ mode: "watch", clock: "5" })), false);
  assert.equal("clock" in entryOf(wasm.Game, record({ mode: "corresp", clock: "5" })), false);
  const timed = entryOf(wasm.Game, record({ mode: "hotseat", clock: "1" }));
  assert.equal(entryProblem(timed), null);
  assert.equal(entryProblem({ ...timed, clock: 5 }), "its time control is not a name");
});

test("a game is dated by its last move as this browser saw it played, its start without moves, and as before when unseen", async () => {
  const { datedByPlay, entryOf, PLAYED_KEY, saw } = await import("../../www/js/archive-store.js");
  const { DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const storage = memory();
  const record = (moves, id = "g1") => ({ settings: DEFAULT_SETTINGS, game: { map: MAP, variant: "mapello", moves }, match: null, phase: "play", id });
  const day = (d) => Date.UTC(2026, 10, d);
  saw(storage, record(""), day(1));
  saw(storage, record("c5"), day(2));
  saw(storage, record("c5c4"), day(3));
  // Saved again unchanged (a reload, a dialog), it keeps the time of its last move.
  saw(storage, record("c5c4"), day(9));
  const put = entryOf(wasm.Game, record("c5c4"), day(10));
  assert.equal(put.date, new Date(day(10)).toISOString());
  const dated = datedByPlay(storage, record("c5c4"), put);
  assert.equal(dated.date, new Date(day(3)).toISOString());
  assert.equal(dated.dated, "move");
  assert.equal(entryProblem(dated), null);
  // A game first seen with its moves (played before the page kept times) is dated as before.
  saw(storage, record("d6", "g2"), day(4));
  const unseen = entryOf(wasm.Game, record("d6", "g2"), day(10));
  assert.equal(datedByPlay(storage, record("d6", "g2"), unseen), unseen);
  // Moves the page did not see, or a game of another id, are dated as before too.
  assert.equal(datedByPlay(storage, record("c5c4b3"), put), put);
  assert.equal(datedByPlay(storage, record("c5c4", "g3"), put), put);
  // A game without moves (given up at once) is dated by its start.
  saw(storage, record("", "g4"), day(5));
  const given = { ...put, game: { ...put.game, moves: "" } };
  assert.deepEqual(datedByPlay(storage, record("", "g4"), given), { ...given, date: new Date(day(5)).toISOString(), dated: "start" });
  // A damaged record of times dates nothing, and is written afresh.
  storage.setItem(PLAYED_KEY, "[");
  assert.equal(datedByPlay(storage, record("c5c4"), put), put);
  saw(storage, record("c5c4"), day(6));
  assert.deepEqual(Object.keys(JSON.parse(storage.getItem(PLAYED_KEY))), ["g1"]);
  assert.equal(entryProblem({ ...put, dated: "put aside" }), "what its date is is unknown");
  // A note that is damaged on its own is dropped: the game is dated as
  // without one, and its entry stays one the archive takes.
  for (const seen of [5, null, "c5c4", { moves: "c5c4", at: 7, started: "x" }, { moves: "c5c4", at: "2026-11-03", started: "yesterday" }, { moves: "c5c4", at: null, started: "2026-11-01", levels: "3" }, { moves: "c5c4", at: null, started: "2026-11-01", levels: [[3], ["x"]] }]) {
    storage.setItem(PLAYED_KEY, JSON.stringify({ g1: seen }));
    assert.equal(datedByPlay(storage, record("c5c4"), put), put, JSON.stringify(seen));
    saw(storage, record("c5c4"), day(7));
    const noted = JSON.parse(storage.getItem(PLAYED_KEY)).g1;
    assert.equal(noted.started, new Date(day(7)).toISOString(), JSON.stringify(seen));
    assert.equal(entryProblem(datedByPlay(storage, record("c5c4"), put)), null);
  }
});

test("what a link's game kept beside another is to it is checked as the rest", () => {
  const kept = archived("c5", { branch: { kind: "earlier", at: 1, of: "board-game" } });
  assert.equal(entryProblem(kept), null);
  assert.equal(entryProblem({ ...kept, branch: { kind: "branch", at: 0 } }), null);
  for (const branch of [{ kind: "later", at: 1 }, { kind: "earlier", at: -1 }, { kind: "earlier", at: 1.5 }, { kind: "earlier", at: 1, of: "" }, "earlier"]) {
    assert.equal(entryProblem({ ...kept, branch }), "what it is to another game is unknown", JSON.stringify(branch));
  }
});

test("a level changed during the game names every level the computer played at", async () => {
  const { entryOf, saw, withLevels } = await import("../../www/js/archive-store.js");
  const { DEFAULT_SETTINGS } = await import("../../www/js/storage.js");
  const storage = memory();
  const record = (moves, level) => ({ settings: { ...DEFAULT_SETTINGS, level }, game: { map: MAP, variant: "mapello", moves }, match: null, phase: "play", id: "g1" });
  saw(storage, record("", 3));
  saw(storage, record("c5", 3));
  const kept = entryOf(wasm.Game, record("c5", 3));
  assert.equal(withLevels(storage, record("c5", 3), kept), kept, "one level: named as before");
  // Changed with no move played in between, it is noted all the same; a
  // level left before a move was played at it is not.
  saw(storage, record("c5", 7));
  saw(storage, record("c5", 5));
  saw(storage, record("c5c4", 5));
  const changed = withLevels(storage, record("c5c4", 5), entryOf(wasm.Game, record("c5c4", 5)));
  assert.deepEqual(changed.players, ["Black (you)", "White (computer, level 3, then 5)"]);
  // Two players at one board have no level to name.
  const hotseat = { ...record("c5c4", 5), id: "g2", settings: { ...DEFAULT_SETTINGS, mode: "hotseat" } };
  saw(storage, hotseat);
  assert.deepEqual(withLevels(storage, hotseat, entryOf(wasm.Game, hotseat)).players, ["Black", "White"]);
});
