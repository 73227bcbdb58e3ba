import assert from "node:assert/strict";
import { test } from "node:test";
import { linkOutcome, newsOf } from "../../www/js/corresp.js";
import { linkFor, pastedLink, playersOf, readFragment, settingsFor } from "../../www/js/share.js";
import { loadWasm } from "./wasm.mjs";

// The rule facts the page reads from the wasm catalogue (catalogue.js).
await loadWasm();

const CODE = "18AQAAAAAAAAAAAAAAAQAAAAA";

test("a fragment without a share link reads as nothing", () => {
  for (const hash of ["", "#", undefined, "#editor", "#x=1"]) assert.deepEqual(readFragment(hash), {});
});

test("a link pasted where moves go is told from moves", () => {
  const url = `https://mapello.example/play/#m=${CODE}&g=f5d6`;
  assert.deepEqual(pastedLink(url), { hash: `#m=${CODE}&g=f5d6` });
  assert.deepEqual(pastedLink(`#m=${CODE}`), { hash: `#m=${CODE}` });
  assert.deepEqual(pastedLink("HTTP://127.0.0.1:8080/#blocs=c3X"), { hash: "#blocs=c3X" });
  // A damaged link is still a link: opening it says what is wrong.
  assert.deepEqual(pastedLink("#m=18AAAA"), { hash: "#m=18AAAA" });
  assert.deepEqual(pastedLink("#g=f5"), { hash: "#g=f5" });
  // The part after the "#" without it, as a hand may copy it.
  assert.deepEqual(pastedLink(`m=${CODE}&g=f5d6`), { hash: `#m=${CODE}&g=f5d6` });
  assert.deepEqual(pastedLink("blocs=c3X"), { hash: "#blocs=c3X" });
  // An address without a game in it.
  for (const text of ["https://mapello.example/", "https://mapello.example/#editor", "http://x/#", `https://x/?a=1&m=${CODE}`]) {
    assert.deepEqual(pastedLink(text), { hash: null }, text);
  }
  // Moves, and anything else, are left to the transcript's reader.
  for (const text of ["f5d6c3", "1. f5 d6 2. c3", "f5#m=1", `see https://mapello.example/#m=${CODE}`, "mapello.example/#m=x"]) {
    assert.equal(pastedLink(text), null, text);
  }
});

test("a map, and a map with moves, read back", () => {
  assert.deepEqual(readFragment(`#m=${CODE}`), { map: CODE });
  assert.deepEqual(readFragment(`m=${CODE}&g=f5d6c3`), { map: CODE, moves: "f5d6c3" });
  assert.deepEqual(readFragment(`#m=${CODE}&g=`), { map: CODE });
});

test("moves are read as any transcript reader would, then compacted", () => {
  assert.deepEqual(readFragment(`#m=${CODE}&g=F5%20D6,c3pa`), { map: CODE, moves: "f5d6c3pa" });
  assert.deepEqual(readFragment(`#m=110AAA&g=a10+j10+pass`), { map: "110AAA", moves: "a10j10pass" });
});

test("a fragment whose map is damaged gives a sentence, never a throw", () => {
  const cases = [
    ["#m=", /map code/],
    ["#m=<img src=x onerror=alert(1)>", /map code/],
    ["#m=18AQ%3Cb%3E", /map code/],
    [`#m=1${"A".repeat(80)}`, /map code/],
    ["#m=%E0%A4%A", /map code/],
    [`#m=<b>&g=f5&p=hotseat`, /map code/],
    ["#g=f5", /not its board: the m= part/],
    ["#p=hotseat", /not its board: the m= part/],
    // Othello has no map, but its link still needs the board's size.
    ["#v=othello&g=f5d6&p=hotseat", /not its board: the m= part, which gives the board's size/],
  ];
  for (const [hash, message] of cases) {
    const { error, field, ...rest } = readFragment(hash);
    assert.deepEqual(rest, {}, hash);
    // Which field was damaged, for the page's sentence (links.js); none when the map is missing.
    assert.equal(field, hash.includes("m=") ? "map" : undefined, hash);
    assert.match(error, message, hash);
    assert.ok(!error.includes("<"), "the error never echoes the fragment");
  }
});

test("a fragment for a game the page does not have says which field it was", () => {
  const { error, field } = readFragment(`#m=${CODE}&v=chess&g=f5`);
  assert.equal(field, "variant");
  assert.match(error, /a game this page does not have/);
});

test("damaged moves keep the map and the moves before the damage", () => {
  const cases = [
    [`#m=${CODE}&g=<script>`, undefined, /damaged from the first move/],
    [`#m=${CODE}&g=f5z9`, "f5", /damaged after move 1/],
    [`#m=${CODE}&g=f5d6f0c3`, "f5d6", /damaged after move 2/],
    [`#m=${CODE}&g=${"f5".repeat(300)}`, "f5".repeat(200), /longer than any game after move 200/],
    [`#m=${CODE}&g=${"j10".repeat(199)}j1`, `${"j10".repeat(199)}j1`, undefined],
  ];
  for (const [hash, moves, message] of cases) {
    const read = readFragment(hash);
    assert.equal(read.map, CODE, hash);
    assert.equal(read.moves, moves, hash);
    if (!message) {
      assert.equal(read.problem, undefined, hash);
      continue;
    }
    assert.match(read.problem, message, hash);
    assert.ok(!read.problem.includes("<"), "the problem never echoes the fragment");
  }
});

test("the players field reads back, and an unknown one is left out with a word", () => {
  for (const players of ["hotseat", "black", "white", "watch"]) {
    assert.deepEqual(readFragment(`#m=${CODE}&g=f5&p=${players}`), { map: CODE, moves: "f5", players });
  }
  const read = readFragment(`#m=${CODE}&p=<chess>`);
  assert.deepEqual(Object.keys(read), ["map", "problem"]);
  assert.match(read.problem, /players/);
  assert.ok(!read.problem.includes("<"));
});

test("the moves keep every pass token a transcript reader takes, and stop at a square of no board", () => {
  assert.deepEqual(readFragment(`#m=${CODE}&g=f5d6pac3`), { map: CODE, moves: "f5d6pac3" });
  assert.deepEqual(readFragment(`#m=110AAA&g=a10j10pass--ps`), { map: "110AAA", moves: "a10j10pass--ps" });
  const read = readFragment(`#m=${CODE}&g=f5k1d6`);
  assert.equal(read.moves, "f5");
  assert.match(read.problem, /damaged after move 1/);
});

test("a link replaces the fragment and keeps the page's address", () => {
  assert.equal(linkFor("https://example.org/games/mapello/#old", { map: CODE }), `https://example.org/games/mapello/#m=${CODE}`);
  assert.equal(
    linkFor("http://127.0.0.1:8080/?x=1", { map: CODE, moves: "f5 d6 C3" }),
    `http://127.0.0.1:8080/?x=1#m=${CODE}&g=f5d6c3`,
  );
  assert.equal(linkFor("http://h/", { map: CODE, moves: "" }), `http://h/#m=${CODE}`);
  assert.equal(linkFor("http://h/", { map: CODE, moves: "f5", players: "watch" }), `http://h/#m=${CODE}&g=f5&p=watch`);
});

test("a link reads back as what it was made from", () => {
  const values = [
    { map: CODE },
    { map: CODE, moves: "f5d6c3d3c4pa" },
    { map: "110AAAA", moves: "a10b2" },
    { map: CODE, players: "hotseat" },
    { map: CODE, moves: "f5", players: "white" },
  ];
  for (const value of values) {
    const href = linkFor("http://h/p/", value);
    assert.deepEqual(readFragment(new URL(href).hash), value);
  }
});

test("a link refuses what is not a share code or a transcript", () => {
  assert.throws(() => linkFor("http://h/", {}), /share code/);
  assert.throws(() => linkFor("http://h/", { map: "<b>" }), /share code/);
  assert.throws(() => linkFor("http://h/", { map: CODE, moves: "f5<b>" }), /transcript/);
  assert.throws(() => linkFor("http://h/", { map: CODE, players: "<b>" }), /players/);
});

test("the players field says who plays, and opens the game in that mode", () => {
  const settings = { mode: "series", humanColour: "X", level: 3, opponent: "human", showLegal: false };
  const cases = [
    [{ X: "human", O: "human" }, "hotseat", { mode: "hotseat" }],
    [{ X: "computer", O: "computer" }, "watch", { mode: "watch" }],
    [{ X: "human", O: "computer" }, "black", { mode: "computer", humanColour: "X" }],
    [{ X: "computer", O: "human" }, "white", { mode: "computer", humanColour: "O" }],
  ];
  for (const [controllers, players, changed] of cases) {
    assert.equal(playersOf(controllers), players);
    assert.deepEqual(settingsFor(players, settings), { ...settings, ...changed });
  }
  assert.equal(settingsFor(undefined, settings), settings, "an old link keeps the mode");
});

test("the game travels in the link; Mapello links stay as they were, and an unknown game spoils the link", () => {
  const othello = linkFor("http://h/p/", { map: CODE, variant: "othello", moves: "f5" });
  assert.equal(new URL(othello).hash, `#m=${CODE}&v=othello&g=f5`);
  assert.deepEqual(readFragment(new URL(othello).hash), { map: CODE, variant: "othello", moves: "f5" });
  assert.equal(linkFor("http://h/p/", { map: CODE, variant: "mapello" }), `http://h/p/#m=${CODE}`);
  assert.deepEqual(readFragment(`#m=${CODE}&v=reversi`), { map: CODE, variant: "reversi" });
  assert.match(readFragment(`#m=${CODE}&v=chess&g=f5`).error, /a game this page does not have/);
  // Blocs is a game of the page, played without a map: the link says how its links read.
  assert.equal(readFragment(`#m=${CODE}&v=blocs`).error, "The link is for Blocs, which is played without a map: a Blocs link holds its moves as #blocs=… instead.");
  assert.throws(() => linkFor("http://h/", { map: CODE, variant: "<b>" }), /not a game/);
});

test("a link can open its game in review mode at a review level", () => {
  const value = { map: CODE, moves: "f5d6", players: "hotseat", review: 3 };
  const href = linkFor("http://h/p/", value);
  assert.ok(href.endsWith("&r=3"), href);
  assert.deepEqual(readFragment(new URL(href).hash), value);
  for (const bad of ["0", "6", "3.0", "x", "<b>"]) {
    const read = readFragment(`#m=${CODE}&g=f5&r=${bad}`);
    assert.deepEqual(Object.keys(read), ["map", "moves", "problem"], bad);
    assert.match(read.problem, /review/);
  }
  assert.throws(() => linkFor("http://h/", { map: CODE, review: 9 }), /review level/);
});

test("a game by link names the colour played at each screen, and opens in that mode", () => {
  const settings = { mode: "computer", humanColour: "X", level: 3, opponent: "human", showLegal: false };
  assert.equal(playersOf({ X: "human", O: "friend" }), "corresp-black");
  assert.equal(playersOf({ X: "friend", O: "human" }), "corresp-white");
  assert.deepEqual(settingsFor("corresp-white", settings), { ...settings, mode: "corresp", humanColour: "O", opponent: "computer" });
  assert.deepEqual(settingsFor("corresp-black", settings), { ...settings, mode: "corresp", humanColour: "X", opponent: "computer" });
  const link = linkFor("https://example.org/", { map: CODE, moves: "f5", players: "corresp-white" });
  assert.deepEqual(readFragment(new URL(link).hash), { map: CODE, moves: "f5", players: "corresp-white" });
});

test("a link that continues a game by link updates it; one that goes back or forks goes beside it", () => {
  assert.equal(linkOutcome("ahead"), "update");
  assert.equal(linkOutcome("same"), "same");
  assert.equal(linkOutcome("behind"), "beside");
  assert.equal(linkOutcome("forked"), "beside");
  assert.equal(linkOutcome("unrelated"), "replace", "another game or map is opened as any link is");
});

test("the rules say what a linked game is to a held one", async () => {
  const { Game } = await loadWasm();
  const game = (moves) => new Game({ variant: "othello", size: 8, moves });
  const held = game("f5d6");
  assert.deepEqual(held.lineage(game("f5d6c3")), { relation: "ahead", from: 2, to: 3 });
  assert.deepEqual(held.lineage(game("F5 D6")), { relation: "same", moves: 2 });
  assert.deepEqual(held.lineage(game("f5")), { relation: "behind", to: 1, from: 2 });
  assert.deepEqual(held.lineage(game("f5f6")), { relation: "forked", shared: 1 });
  assert.deepEqual(held.lineage(new Game({ variant: "reversi", size: 8 })), { relation: "unrelated" });
  assert.deepEqual(held.lineage(new Game({ variant: "othello", size: 6 })), { relation: "unrelated" });
});

test("the rules say what a linked Blocs game is to a held one", async () => {
  const { BlocsGame } = await loadWasm();
  const game = (moves, position) => new BlocsGame(position === undefined ? { moves } : { moves, position });
  const held = game("a1Xb1O");
  assert.deepEqual(held.lineage(game("a1Xb1Oc1X")), { relation: "ahead", from: 2, to: 3 });
  assert.deepEqual(held.lineage(game("a1X b1O")), { relation: "same", moves: 2 });
  assert.deepEqual(held.lineage(game("a1X")), { relation: "behind", to: 1, from: 2 });
  assert.deepEqual(held.lineage(game("a1Xc1O")), { relation: "forked", shared: 1 });
  assert.deepEqual(game("").lineage(game("b2O")), { relation: "ahead", from: 0, to: 1 });
  // Another start position: no move of one game can be read in the other.
  const other = game("", held.diagram());
  assert.deepEqual(held.lineage(other), { relation: "unrelated" });
  assert.throws(() => held.lineage(/** @type {any} */ ("a1X")), Error);
});

test("a given-up game's forfeit travels in the link, its shape read here and its sense left to the rules", () => {
  const href = linkFor("http://h/p/", { map: CODE, moves: "f5d6", forfeit: { cause: "resigned", loser: "X" }, players: "hotseat" });
  assert.equal(new URL(href).hash, `#m=${CODE}&g=f5d6&f=resigned-X&p=hotseat`);
  assert.deepEqual(readFragment(new URL(href).hash), { map: CODE, moves: "f5d6", forfeit: "resigned-X", players: "hotseat" });
  assert.equal(new URL(linkFor("http://h/", { map: CODE, forfeit: { cause: "time", loser: "O" } })).hash, `#m=${CODE}&f=time-O`);
  // A shape the rules may still refuse (no such cause, no such side) reaches them: they have the word.
  assert.deepEqual(readFragment(`#m=${CODE}&f=quit-Z`), { map: CODE, forfeit: "quit-Z" });
  for (const hostile of ["", "resigned", "resigned-", "-X", "resigned-XX", "RESIGNED-X", "<b>-X", "resigned-X&", "a".repeat(40) + "-X", "resigned-%00", "time_X"]) {
    const read = readFragment(`#m=${CODE}&g=f5&f=${encodeURIComponent(hostile)}`);
    assert.equal(read.map, CODE, hostile);
    assert.equal(read.moves, "f5", hostile);
    assert.equal(read.forfeit, undefined, hostile);
    assert.match(read.problem, /given up, but not in a form this page reads: the game opens as not given up/, hostile);
    assert.ok(!read.problem.includes("<"));
  }
  for (const bad of [{ cause: "<b>", loser: "X" }, { cause: "resigned" }, "resigned", 5, { cause: "resigned", loser: "x" }]) {
    assert.throws(() => linkFor("http://h/", { map: CODE, forfeit: bad }), /forfeit/, JSON.stringify(bad));
  }
});

test("what a link brings to a game by link: its new moves, and the game given up", () => {
  const ahead = { relation: "ahead", from: 1, to: 3 };
  assert.equal(newsOf(ahead, ["f5", "d6", "c3"]), "The link brings 2 new moves: d6, c3.");
  assert.equal(newsOf({ relation: "ahead", from: 2, to: 3 }, ["f5", "d6", "c3"]), "The link brings a new move: c3.");
  assert.equal(newsOf(ahead, ["f5", "d6", "c3"], { cause: "resigned", loser: "X" }), "The link brings 2 new moves: d6, c3. Then Black resigned.");
  assert.equal(newsOf({ relation: "same", moves: 2 }, ["f5", "d6"], { cause: "time", loser: "O" }), "The link brings the end of the game: White lost on time.");
  assert.equal(newsOf({ relation: "same", moves: 2 }, ["f5", "d6"]), null, "nothing new");
});
