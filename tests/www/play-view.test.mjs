// The play page's status line, as play-view.js words it from the flow and
// the game's snapshot.
import assert from "node:assert/strict";
import test from "node:test";
import { passText } from "../../www/js/announce.js";
import { newGame, resultLine } from "../../www/js/flow.js";
import { setupPlayer } from "../../www/js/match.js";
import { statusLine } from "../../www/js/play-view.js";
import { DEFAULT_SETTINGS } from "../../www/js/storage.js";

const twoPlayers = newGame({ ...DEFAULT_SETTINGS, mode: "hotseat" });
const turn = (changes) => ({ variant: "mapello", status: "toMove", toMove: "X", score: [2, 2], winner: undefined, ...changes });

test("the status names the side to move, after the pass that led to it", () => {
  assert.equal(statusLine({ flow: twoPlayers, snap: turn({}), passNotice: "" }), "Black to move.");
  assert.equal(statusLine({ flow: twoPlayers, snap: turn({}), passNotice: "", paused: true }), "Paused. Black to move.");
  const after = statusLine({ flow: twoPlayers, snap: turn({}), passNotice: passText("O") });
  assert.equal(after, "White had no legal move and passed. Black to move.");
});

test("against the computer, its reply is said before the person's turn", () => {
  const computer = newGame({ ...DEFAULT_SETTINGS, mode: "computer", humanColour: "X" });
  assert.equal(statusLine({ flow: computer, snap: turn({ lastMove: "f5" }), passNotice: "" }), "White played f5. You (black) to move.");
  // A pass is the pass notice's to say; at one board each sees the other's move.
  assert.equal(statusLine({ flow: computer, snap: turn({ lastMove: "pass" }), passNotice: "" }), "You (black) to move.");
  assert.equal(statusLine({ flow: twoPlayers, snap: turn({ lastMove: "f5" }), passNotice: "" }), "Black to move.");
  assert.equal(statusLine({ flow: computer, snap: turn({ toMove: "O", lastMove: "f5" }), passNotice: "" }).startsWith("White (computer"), true);
});

test("a forced pass and the end are said", () => {
  const stuck = statusLine({ flow: twoPlayers, snap: turn({ status: "mustPass", toMove: "O" }), passNotice: "" });
  assert.equal(stuck, "White has no legal move and must pass.");
  const over = turn({ status: "gameOver", toMove: undefined, score: [40, 24], winner: "X" });
  assert.equal(statusLine({ flow: twoPlayers, snap: over, passNotice: "" }), `Game over. ${resultLine(twoPlayers, over)}`);
});

test("free play says who makes the map, then who chooses a colour", () => {
  const setup = newGame({ ...DEFAULT_SETTINGS, mode: "freeplay" });
  const maker = setup.match.names[setupPlayer(setup.match)];
  const chooser = setup.match.names[1 - setupPlayer(setup.match)];
  assert.equal(statusLine({ flow: setup, snap: turn({}), passNotice: "" }), `${maker} is setting up the map.`);
  assert.equal(statusLine({ flow: { ...setup, phase: "choose" }, snap: turn({}), passNotice: "" }), `${chooser} chooses a colour.`);
});
