// Matches follow docs/rules.md, Mapello rules 7 (series) and 8 (free play).
import assert from "node:assert/strict";
import { test } from "node:test";
import { signed } from "../../www/js/announce.js";
import { colourOfFirst, leaderText, matchFor, newMatch, recordGame, setupPlayer, standings, withChoice } from "../../www/js/match.js";

test("rule 7: in a series players swap colours every game, the first player black first", () => {
  let m = newMatch("series", ["Ann", "Bob"]);
  assert.equal(colourOfFirst(m), "X");
  m = recordGame(m, [40, 24]);
  assert.equal(colourOfFirst(m), "O");
  m = recordGame(m, [30, 34]);
  assert.equal(colourOfFirst(m), "X");
});

test("rule 7: scores are recorded for the players, not the colours", () => {
  let m = newMatch("series", ["Ann", "Bob"]);
  m = recordGame(m, [40, 24]); // Ann black wins by 16
  m = recordGame(m, [30, 34]); // Ann white wins by 4
  assert.deepEqual(standings(m), { played: 2, wins: [2, 0], draws: 0, diff: [20, -20], leader: 0 });
  assert.equal(leaderText(m), "Ann leads 2–0 in games.");
  const yours = recordGame(newMatch("series", ["You", "Computer"]), [40, 24]);
  assert.equal(leaderText(yours), "You lead 1–0 in games.");
});

test("rule 7: most games won wins, before the point difference", () => {
  let m = newMatch("series", ["Ann", "Bob"]);
  m = recordGame(m, [60, 4]); // Ann by 56
  m = recordGame(m, [33, 31]); // Bob black by 2
  m = recordGame(m, [31, 33]); // Bob white by 2
  assert.deepEqual(standings(m).wins, [1, 2]);
  assert.equal(standings(m).leader, 1);
});

test("rule 7: equal games won are broken by the point difference, else the series is drawn", () => {
  let m = newMatch("series", ["Ann", "Bob"]);
  m = recordGame(m, [40, 24]); // Ann by 16
  m = recordGame(m, [44, 20]); // Bob black by 24
  assert.equal(standings(m).leader, 1);
  assert.equal(leaderText(m), "Even on games won; Bob leads on points (+8).");
  let level = newMatch("series", ["Ann", "Bob"]);
  level = recordGame(level, [40, 24]);
  level = recordGame(level, [40, 24]);
  assert.equal(standings(level).leader, null);
  assert.equal(leaderText(level), "The match is even.");
  let drawn = recordGame(newMatch("series", ["Ann", "Bob"]), [32, 32]);
  assert.deepEqual(standings(drawn), { played: 1, wins: [0, 0], draws: 1, diff: [0, 0], leader: null });
  drawn = recordGame(drawn, [33, 31]);
  assert.equal(standings(drawn).leader, 1);
});

test("rule 8: in free play the setup player alternates and the other picks a colour", () => {
  let m = newMatch("freeplay", ["Ann", "Bob"]);
  assert.equal(setupPlayer(m), 0);
  m = withChoice(m, "X"); // Bob chooses black
  assert.equal(colourOfFirst(m), "O");
  m = recordGame(m, [30, 20]); // Bob wins
  assert.deepEqual(standings(m).wins, [0, 1]);
  assert.equal(setupPlayer(m), 1);
  m = withChoice(m, "X"); // Ann chooses black
  assert.equal(colourOfFirst(m), "X");
});

test("signed numbers", () => {
  assert.equal(signed(3), "+3");
  assert.equal(signed(0), "0");
  assert.equal(signed(-2), "\u22122");
});

test("each mode starts its own match: a series against the computer or a person, free play, or none", () => {
  assert.deepEqual(matchFor({ mode: "series", opponent: "computer" }).names, ["You", "Computer"]);
  assert.deepEqual(matchFor({ mode: "series", opponent: "human" }).names, ["Player 1", "Player 2"]);
  assert.equal(matchFor({ mode: "freeplay", opponent: "computer" }).kind, "freeplay");
  assert.deepEqual(matchFor({ mode: "freeplay", opponent: "computer" }).names, ["Player 1", "Player 2"]);
  for (const mode of ["computer", "hotseat", "watch"]) assert.equal(matchFor({ mode, opponent: "computer" }), null);
});
