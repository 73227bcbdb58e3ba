// The page's game flow (www/js/flow.js): who plays each side in each mode,
// what comes after a move, and the steps between games, checked on plain
// data and on a stand-in game, without a browser or the wasm module.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  afterMove,
  changesGame,
  controllerOf,
  controllers,
  firstSide,
  gameNumber,
  hasComputer,
  hasHuman,
  humanToMove,
  levelOf,
  mapEdited,
  mapMade,
  nameOf,
  cardOf,
  sideLabel,
  newGame,
  nextAction,
  nextGame,
  otherSide,
  PASS,
  passNoticeAfter,
  pausable,
  playerOf,
  resigner,
  resultLine,
  sideChosen,
  sideOfPlayer,
  SIDES,
  soleHuman,
  stepHistory,
  watched,
  whoPlays,
} from "../../www/js/flow.js";
import { recordGame } from "../../www/js/match.js";
import { DEFAULT_SETTINGS } from "../../www/js/storage.js";

const settings = (changes) => ({ ...DEFAULT_SETTINGS, ...changes });
const flowOf = (changes) => newGame(settings(changes));
const toMove = (side) => ({ status: "toMove", toMove: side, score: [2, 2], winner: null });
const mustPass = (side) => ({ status: "mustPass", toMove: side, score: [2, 2], winner: null });
const over = (score, winner) => ({ status: "gameOver", toMove: null, score, winner });
const idle = { paused: false, hints: false };

test("the sides are black then white, each the other's opponent", () => {
  assert.deepEqual(SIDES, ["X", "O"]);
  assert.equal(otherSide("X"), "O");
  assert.equal(otherSide("O"), "X");
});

test("against the computer the person plays the colour chosen, the computer the other", () => {
  const black = flowOf({ mode: "computer", humanColour: "X", level: 5 });
  assert.deepEqual(controllers(black), { X: "human", O: "computer" });
  assert.deepEqual(controllers(flowOf({ mode: "computer", humanColour: "O" })), { X: "computer", O: "human" });
  assert.equal(soleHuman(black), "X");
  assert.equal(nameOf(black, "X"), "You");
  assert.equal(nameOf(black, "O"), "Computer (level 5)");
  assert.equal(whoPlays(black, "X"), "You (black)");
  assert.equal(whoPlays(black, "O"), "White (computer, level 5)");
  // The card gives the level as the level menu words it.
  assert.deepEqual(cardOf(black, "O"), { name: "Computer", detail: "level 5" });
  assert.deepEqual(cardOf(flowOf({ mode: "computer", level: 10 }), "O"), { name: "Computer", detail: "level 10 · Master" });
  assert.equal(sideLabel(black, "X"), "Black (you)");
  assert.equal(sideLabel(flowOf({ mode: "computer", level: 10 }), "O"), "White (computer, level 10 · Master)");
  assert.equal(black.match, null);
  assert.equal(black.phase, "play");
});

test("two people at one screen control both colours, named by colour", () => {
  const hotseat = flowOf({ mode: "hotseat" });
  assert.deepEqual(controllers(hotseat), { X: "human", O: "human" });
  assert.ok(!hasComputer(hotseat) && hasHuman(hotseat));
  assert.equal(soleHuman(hotseat), null);
  assert.equal(whoPlays(hotseat, "O"), "White");
  // Never "Black (black)".
  assert.deepEqual(cardOf(hotseat, "X"), { name: "Black", detail: "" });
  assert.equal(sideLabel(hotseat, "X"), "Black");
});

test("a game by link: the colour chosen is played here, the other by a friend elsewhere unless played here too", () => {
  const byLink = flowOf({ mode: "corresp", humanColour: "O", opponent: "computer" });
  assert.deepEqual(controllers(byLink), { X: "friend", O: "human" });
  assert.ok(!hasComputer(byLink) && hasHuman(byLink));
  assert.equal(byLink.match, null);
  assert.equal(soleHuman(byLink), "O");
  assert.ok(!humanToMove(byLink, toMove("X")), "the friend's moves are not played here");
  assert.ok(humanToMove(byLink, toMove("O")));
  assert.equal(nextAction(byLink, toMove("X"), { paused: false, hints: true }), null, "no hints, no computer on the friend's turn");
  assert.equal(nextAction(byLink, mustPass("X"), idle), null, "the friend passes at their own screen");
  assert.equal(whoPlays(byLink, "X"), "Your friend (black)");
  assert.equal(whoPlays(byLink, "O"), "You (white)");
  assert.equal(sideLabel(byLink, "X"), "Black (your friend)");
  const hotseat = flowOf({ mode: "corresp", humanColour: "O", opponent: "human" });
  assert.deepEqual(controllers(hotseat), { X: "human", O: "human" });
  assert.equal(whoPlays(hotseat, "X"), "Your friend (black)");
});

test("a watched game pauses, and so does people's game on a clock; the computer's clock and a link's game do not", () => {
  assert.ok(pausable(flowOf({ mode: "watch" })));
  for (const mode of ["hotseat", "freeplay"]) {
    assert.ok(pausable(flowOf({ mode, clock: "5" })), mode);
    assert.ok(!pausable(flowOf({ mode, clock: "none" })), mode);
  }
  assert.ok(pausable(flowOf({ mode: "series", opponent: "human", clock: "3+2" })));
  assert.ok(!pausable(flowOf({ mode: "series", opponent: "computer", clock: "3+2" })));
  assert.ok(!pausable(flowOf({ mode: "computer", clock: "5" })));
  assert.ok(!pausable(flowOf({ mode: "corresp", clock: "5" })));
  assert.ok(!pausable({ settings: { mode: "hotseat", level: 1 }, match: null, phase: "play" }), "Blocs has no clock");
});

test("a watched game is the computer against itself, each colour at its own level", () => {
  const watch = flowOf({ mode: "watch", level: 2, levelWhite: 7 });
  assert.deepEqual(controllers(watch), { X: "computer", O: "computer" });
  assert.ok(watched(watch) && !hasHuman(watch));
  assert.equal(levelOf(watch, "X"), 2);
  assert.equal(levelOf(watch, "O"), 7);
  assert.equal(nameOf(watch, "O"), "White computer (level 7)");
  // Never "Black computer (level 2) (black)".
  assert.equal(sideLabel(watch, "X"), "Black (computer, level 2)");
  assert.equal(levelOf(flowOf({ mode: "computer", level: 2, levelWhite: 7 }), "O"), 2, "levelWhite is for watching only");
});

test("rule 7: in a series against the computer the person is black first, then colours swap", () => {
  let flow = flowOf({ mode: "series", opponent: "computer" });
  assert.equal(flow.match.kind, "series");
  assert.deepEqual(controllers(flow), { X: "human", O: "computer" });
  assert.equal(whoPlays(flow, "O"), "Computer (white)");
  flow = afterMove(flow, over([40, 24], "X"));
  assert.equal(flow.phase, "over");
  // The game just over still shows who played what in it.
  assert.equal(firstSide(flow), "X");
  assert.deepEqual(controllers(flow), { X: "human", O: "computer" });
  assert.equal(nameOf(flow, "X"), "You");
  flow = nextGame(flow);
  assert.equal(flow.phase, "play");
  assert.equal(firstSide(flow), "O");
  assert.equal(playerOf(flow, "O"), 0);
  assert.equal(sideOfPlayer(flow, 0), "O");
  assert.equal(sideOfPlayer(flow, 1), "X");
  assert.deepEqual(controllers(flow), { X: "computer", O: "human" });
  assert.equal(nameOf(flow, "X"), "Computer");
});

test("rule 7: a series between two people gives both colours to people", () => {
  const flow = flowOf({ mode: "series", opponent: "human" });
  assert.deepEqual(flow.match.names, ["Player 1", "Player 2"]);
  assert.deepEqual(controllers(flow), { X: "human", O: "human" });
  assert.equal(whoPlays(flow, "X"), "Player 1 (black)");
});

test("a finished game is recorded in the match once, scores for the players", () => {
  let flow = flowOf({ mode: "series", opponent: "human" });
  assert.equal(gameNumber(flow), 1);
  flow = afterMove(flow, toMove("O"));
  assert.equal(flow.match.games.length, 0, "a game under way is not recorded");
  flow = afterMove(flow, over([40, 24], "X"));
  assert.deepEqual(flow.match.games, [{ first: "X", points: [40, 24] }]);
  assert.equal(gameNumber(flow), 1, "the result shows the game just played");
  assert.equal(afterMove(flow, over([40, 24], "X")), flow, "the same result is not recorded twice");
  flow = nextGame(flow);
  assert.equal(gameNumber(flow), 2);
  flow = afterMove(flow, over([40, 24], "X"));
  assert.deepEqual(flow.match.games[1], { first: "O", points: [24, 40] });
  const single = flowOf({ mode: "hotseat" });
  assert.equal(afterMove(single, over([40, 24], "X")), single, "a single game keeps no record");
});

test("rule 8: free play takes turns at making the map, the other player picks a colour", () => {
  let flow = flowOf({ mode: "freeplay" });
  assert.equal(flow.phase, "setup");
  assert.equal(flow.match.kind, "freeplay");
  assert.equal(nextAction(flow, toMove("X"), idle), null, "nobody moves while the map is made");
  assert.ok(!humanToMove(flow, toMove("X")));
  // Nobody has a colour before Player 2 chooses: the cards say so.
  assert.deepEqual(cardOf(flow, "X"), { name: "Black", detail: "not chosen yet" });
  flow = mapMade(flow);
  assert.equal(flow.phase, "choose");
  assert.deepEqual(cardOf(flow, "O"), { name: "White", detail: "not chosen yet" });
  assert.equal(sideChosen({ ...flow, phase: "play" }, "X").phase, "play", "no choice is asked during a game");
  flow = sideChosen(flow, "X"); // Player 2 takes black
  assert.equal(flow.phase, "play");
  assert.equal(nameOf(flow, "X"), "Player 2");
  assert.deepEqual(cardOf(flow, "X"), { name: "Player 2", detail: "" });
  assert.equal(sideLabel(flow, "X"), "Black (Player 2)");
  assert.deepEqual(controllers(flow), { X: "human", O: "human" });
  flow = afterMove(flow, over([30, 34], "O"));
  assert.deepEqual(flow.match.games, [{ first: "O", points: [34, 30] }]);
  assert.equal(nameOf(flow, "O"), "Player 1");
  flow = nextGame(flow);
  assert.equal(flow.phase, "setup", "the next map is made first");
  assert.equal(sideChosen(mapMade(flow), "X").match.firstColour, "X", "Player 1 chooses this time");
});

test("a new game in each mode: a match for series and free play, none otherwise", () => {
  for (const mode of ["computer", "hotseat", "watch"]) {
    assert.deepEqual(newGame(settings({ mode })), { settings: settings({ mode }), match: null, phase: "play" });
  }
  assert.equal(newGame(settings({ mode: "series" })).phase, "play");
  const single = flowOf({ mode: "computer" });
  assert.deepEqual(nextGame(single), single, "without a match the next game is a new one");
  const series = { ...flowOf({ mode: "series" }), phase: "over" };
  const played = { ...series, match: recordGame(series.match, [40, 24]) };
  assert.deepEqual(nextGame(played).match, played.match, "the next game keeps the match");
});

test("a map edited outside free play's turns starts a series over, and goes on in free play", () => {
  let series = flowOf({ mode: "series", opponent: "human" });
  series = afterMove(series, over([40, 24], "X"));
  const edited = mapEdited(series);
  assert.equal(edited.phase, "play");
  assert.deepEqual(edited.match.games, []);
  assert.deepEqual(edited.match.names, ["Player 1", "Player 2"]);
  const free = sideChosen(mapMade(flowOf({ mode: "freeplay" })), "O");
  const played = afterMove(free, over([30, 34], "O"));
  assert.deepEqual(mapEdited(played), { ...played, phase: "play" });
  const single = flowOf({ mode: "hotseat" });
  assert.deepEqual(mapEdited(single), single);
});

test("after a move: the computer thinks, a pass is played for it, a person waits or gets hints", () => {
  const flow = flowOf({ mode: "computer", humanColour: "X" });
  assert.equal(nextAction(flow, toMove("O"), idle), "think");
  assert.equal(nextAction(flow, toMove("O"), { paused: true, hints: false }), null);
  assert.equal(nextAction(flow, toMove("X"), idle), null);
  assert.equal(nextAction(flow, toMove("X"), { paused: false, hints: true }), "hints");
  assert.equal(nextAction(flow, mustPass("X"), idle), "pass", "a pass forced on the person is played for them");
  assert.equal(nextAction(flow, over([40, 24], "X"), idle), null);
  const hotseat = flowOf({ mode: "hotseat" });
  assert.equal(nextAction(hotseat, mustPass("O"), idle), null, "between people the pass button says it");
  assert.equal(nextAction({ ...hotseat, phase: "over" }, toMove("X"), idle), null);
  assert.ok(humanToMove(flow, toMove("X")));
  assert.ok(!humanToMove(flow, toMove("O")));
  assert.ok(!humanToMove(flow, mustPass("X")));
});

test("a pass is said until a person next moves", () => {
  const flow = flowOf({ mode: "computer", humanColour: "X" });
  const notice = passNoticeAfter(flow, "", "X", PASS);
  assert.equal(notice, "You had no legal move, so you passed.", "the person is you, as in the status");
  const replied = passNoticeAfter(flow, notice, "O", "d3");
  assert.equal(replied, "You had no move, so White moved again.", "the computer's reply keeps it, said");
  assert.equal(passNoticeAfter(flow, replied, "O", "c4"), replied, "said once");
  assert.equal(passNoticeAfter(flow, notice, "X", "e6"), "");
  // At one board, the sides are named.
  const hotseat = flowOf({ mode: "hotseat" });
  assert.equal(passNoticeAfter(hotseat, "", "O", PASS), "White had no legal move and passed.");
  const watch = flowOf({ mode: "watch" });
  assert.equal(passNoticeAfter(watch, "White had no legal move and passed.", "X", "c4"), "", "with nobody to read it later");
});

test("the result is the person's when one plays alone, else the colours'", () => {
  assert.equal(resultLine(flowOf({ mode: "computer", humanColour: "O" }), over([40, 24], "X")), "You lost 24 to 40.");
  assert.equal(resultLine(flowOf({ mode: "hotseat" }), over([40, 24], "X")), "Black wins 40 to 24.");
  assert.equal(resultLine(flowOf({ mode: "watch" }), over([32, 32], "draw")), "Draw, 32 to 32.");
});

test("a game given up says in one sentence who gave it up and the result the rules scored", () => {
  const gaveUp = (score, winner, cause, loser, variant) => ({ ...over(score, winner), variant, forfeit: { cause, loser } });
  const alone = flowOf({ mode: "computer", humanColour: "X" });
  assert.equal(resultLine(alone, gaveUp([2, 62], "O", "resigned", "X")), "You resigned and lost 2 to 62.");
  assert.equal(resultLine(alone, gaveUp([60, 3], "X", "time", "O")), "The computer lost on time: you won 60 to 3.");
  assert.equal(resultLine(flowOf({ mode: "hotseat" }), gaveUp([4, 60], "O", "time", "X")), "Black lost on time: White wins 60 to 4.");
  assert.equal(resultLine(flowOf({ mode: "hotseat" }), gaveUp([9, 3], "O", "resigned", "X", "troll")), "Black resigned: White wins.");
  assert.equal(resultLine(alone, gaveUp([9, 3], "O", "resigned", "X", "troll")), "You resigned and lost.");
  // The newcomer's "You lost on time. You lost 5 to 56.", said once.
  assert.equal(resultLine(alone, gaveUp([5, 56], "O", "time", "X")), "You lost on time, 5 to 56.");
  assert.equal(resultLine(alone, gaveUp([5, 1], "O", "time", "X", "troll")), "You lost on time.");
  // In a game by link the other side is a friend, not the computer.
  const byLink = flowOf({ mode: "corresp", humanColour: "X", opponent: "computer" });
  assert.equal(resultLine(byLink, gaveUp([60, 3], "X", "resigned", "O")), "Your friend resigned: you won 60 to 3.");
  assert.equal(resultLine(byLink, gaveUp([9, 3], "X", "time", "O", "troll")), "Your friend lost on time: you won.");
  assert.equal(resultLine(byLink, gaveUp([2, 62], "O", "resigned", "X")), "You resigned and lost 2 to 62.");
});

test("a game given up counts as lost in a series", () => {
  let flow = flowOf({ mode: "series", opponent: "human" });
  flow = afterMove(flow, { ...over([2, 62], "O"), forfeit: { cause: "resigned", loser: "X" } });
  assert.deepEqual(flow.match.games, [{ first: "X", points: [2, 62] }]);
});

test("the person resigns against the computer, the side to move between people, nobody in a watched game", () => {
  const played = (turn, moves = ["d3"]) => ({ ...turn, moves });
  assert.equal(resigner(flowOf({ mode: "computer", humanColour: "O" }), played(toMove("X"))), "O");
  assert.equal(resigner(flowOf({ mode: "hotseat" }), played(toMove("O"))), "O");
  assert.equal(resigner(flowOf({ mode: "hotseat" }), played(mustPass("X"), ["d3", "c5"])), "X");
  assert.equal(resigner(flowOf({ mode: "series", opponent: "human" }), played(toMove("O"))), "O");
  assert.equal(resigner(flowOf({ mode: "watch" }), played(toMove("X"))), null);
  assert.equal(resigner(flowOf({ mode: "hotseat" }), played(over([40, 24], "X"))), null);
  assert.equal(resigner(flowOf({ mode: "freeplay" }), played(toMove("X"))), null, "not while free play's map is made");
});

test("nobody resigns a game before it is under way: a move or a pass played", () => {
  for (const mode of ["computer", "hotseat", "series", "corresp"]) {
    assert.equal(resigner(flowOf({ mode }), { ...toMove("X"), moves: [] }), null, mode);
    assert.equal(resigner(flowOf({ mode }), toMove("X")), null, `${mode}, a turn without its moves`);
  }
  assert.equal(resigner(flowOf({ mode: "hotseat" }), { ...toMove("X"), moves: ["pass"] }), "X", "a pass puts the game under way");
});

test("levels, the watching pace, what the page shows and pausing hidden clocks keep the game; other settings start a new one", () => {
  for (const name of ["level", "levelWhite", "watchSpeed", "showLegal", "moveNumbers", "showEval", "clockPause"]) assert.ok(!changesGame(name), name);
  for (const name of ["mode", "humanColour", "opponent", "clock"]) assert.ok(changesGame(name), name);
});

// A stand-in game: a line of turns with a place in it, stepped through as
// the wasm Game's undo() and redo() do.
function fakeGame(turns, at) {
  return {
    at,
    undo() {
      if (this.at === 0) return false;
      this.at -= 1;
      return true;
    },
    redo() {
      if (this.at === turns.length - 1) return false;
      this.at += 1;
      return true;
    },
    snapshot() {
      return turns[this.at];
    },
  };
}

// Black (the person) moves, white (the computer) replies, black is forced to
// pass, white again, then the game ends.
const LINE = [toMove("X"), toMove("O"), toMove("X"), mustPass("X"), toMove("O"), over([40, 24], "X")];

function stepped(flow, at, step) {
  const game = fakeGame(LINE, at);
  return { moved: stepHistory(flow, game, step), at: game.at };
}

test("undo and redo against the computer step over its moves and forced passes to the person's turn", () => {
  const flow = flowOf({ mode: "computer", humanColour: "X" });
  assert.deepEqual(stepped(flow, 5, "undo"), { moved: true, at: 3 }, "a forced pass is the person's to take back too");
  assert.deepEqual(stepped(flow, 2, "undo"), { moved: true, at: 0 });
  assert.deepEqual(stepped(flow, 0, "undo"), { moved: false, at: 0 });
  assert.deepEqual(stepped(flow, 0, "redo"), { moved: true, at: 2 });
  assert.deepEqual(stepped(flow, 3, "redo"), { moved: true, at: 5 }, "on to the end when the person has no turn left");
  assert.deepEqual(stepped(flow, 5, "redo"), { moved: false, at: 5 });
});

test("undo and redo between people, or in a watched game, step one move", () => {
  for (const mode of ["hotseat", "watch"]) {
    const flow = flowOf({ mode });
    assert.deepEqual(stepped(flow, 5, "undo"), { moved: true, at: 4 }, mode);
    assert.deepEqual(stepped(flow, 1, "redo"), { moved: true, at: 2 }, mode);
  }
});

test("a whole series against the computer runs on the flow alone", () => {
  // Plays out two short games: whoever is to move, the flow says who acts.
  let flow = flowOf({ mode: "series", opponent: "computer" });
  const acted = [];
  for (let round = 0; round < 2; round += 1) {
    const turns = [toMove("X"), toMove("O"), mustPass("X"), toMove("O"), over(round === 0 ? [40, 24] : [20, 44], "X")];
    for (const turn of turns) {
      flow = afterMove(flow, turn);
      const action = nextAction(flow, turn, idle) ?? (humanToMove(flow, turn) ? "click" : null);
      acted.push(action);
    }
    assert.equal(flow.phase, "over");
    flow = nextGame(flow);
  }
  assert.deepEqual(acted, ["click", "think", "pass", "think", null, "think", "click", "pass", "click", null]);
  assert.deepEqual(
    flow.match.games.map((g) => g.points),
    [
      [40, 24],
      [44, 20],
    ],
  );
  assert.equal(controllerOf(flow, "X"), "human", "the third game gives the person black again");
});

test("an expert level is named as the level menu names it, wherever the page names the computer", () => {
  const flow = flowOf({ mode: "computer", humanColour: "X", level: 10 });
  assert.equal(nameOf(flow, "O"), "Computer (level 10 · Master)");
  assert.equal(whoPlays(flow, "O"), "White (computer, level 10 · Master)");
  const watching = { ...flow, settings: { ...flow.settings, mode: "watch", level: 9, levelWhite: 4 } };
  assert.match(nameOf(watching, "X"), /^Black computer \(level 9 · \w+\)$/);
  assert.equal(nameOf(watching, "O"), "White computer (level 4)");
});

test("in a series against the computer its card names its level, as outside one", () => {
  const series = flowOf({ mode: "series", opponent: "computer", level: 9 });
  const computer = ["X", "O"].find((side) => cardOf(series, side).name === "Computer");
  assert.equal(cardOf(series, computer).detail, "level 9 · Expert");
  const you = computer === "X" ? "O" : "X";
  assert.equal(cardOf(series, you).detail, "");
});
