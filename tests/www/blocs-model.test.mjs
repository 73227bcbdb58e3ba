// Blocs on the page: square names, choosing a rectangle by taps or a drag,
// the face of a placement, and the words shown and announced.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  cancel,
  cellLabel,
  drag,
  hover,
  moveRows,
  moveText,
  newChoice,
  preview,
  rectName,
  rectSquares,
  refusalText,
  resultText,
  seatNames,
  splitTranscript,
  squareIndex,
  squareName,
  statusLine,
  statusText,
  tap,
  withFace,
} from "../../www/js/blocs-model.js";

test("squares are named a1 to d4 in reading order and read back", () => {
  const names = Array.from({ length: 16 }, (_, i) => squareName(i));
  assert.deepEqual(names.slice(0, 5), ["a1", "b1", "c1", "d1", "a2"]);
  assert.equal(names[15], "d4");
  names.forEach((n, i) => assert.equal(squareIndex(n), i));
  for (const bad of ["e1", "a5", "a", "", "a1X", null]) assert.equal(squareIndex(bad), -1);
});

test("a rectangle is named from its top-left to its lower-right whichever corners are given", () => {
  const [a1, c3, c1, a3] = ["a1", "c3", "c1", "a3"].map(squareIndex);
  for (const [x, y] of [[a1, c3], [c3, a1], [c1, a3], [a3, c1]]) assert.equal(rectName(x, y), "a1-c3");
  assert.equal(rectName(c3, c3), "c3");
  assert.deepEqual(rectSquares("a1-b2").map(squareName), ["a1", "b1", "a2", "b2"]);
  assert.deepEqual(rectSquares("d4").map(squareName), ["d4"]);
  assert.deepEqual(rectSquares("b2X"), []);
});

test("a placement is one tap with the chosen face", () => {
  let choice = newChoice();
  assert.deepEqual(tap(choice, squareIndex("b2"), "placement").move, "b2X");
  choice = withFace(choice, "O");
  assert.deepEqual(tap(choice, squareIndex("c4"), "placement").move, "c4O");
  assert.equal(withFace(choice, "bogus").face, "X");
});

test("a flip is two taps or a drag, previewed between them, and can be cancelled", () => {
  const [b2, d3] = ["b2", "d3"].map(squareIndex);
  let { choice, move } = tap(newChoice(), b2, "flipping");
  assert.equal(move, null);
  assert.equal(preview(choice), "b2");
  choice = hover(choice, d3);
  assert.equal(preview(choice), "b2-d3");
  assert.equal(preview(cancel(choice)), null);
  ({ choice, move } = tap(choice, d3, "flipping"));
  assert.equal(move, "b2-d3");
  assert.equal(preview(choice), null);
  assert.equal(tap(tap(newChoice(), b2, "flipping").choice, b2, "flipping").move, "b2");
  assert.equal(drag(newChoice(), d3, b2, "flipping").move, "b2-d3");
  // A drag that ends where it began is a tap: the first corner of a flip.
  const still = drag(newChoice(), b2, b2, "flipping");
  assert.equal(still.move, null);
  assert.equal(still.choice.anchor, b2);
});

test("the status names the phase and whose turn it is, and the winner at the end", () => {
  const names = { X: "You", O: "Computer" };
  assert.equal(
    statusText({ status: "toMove", phase: "placement", toMove: "X" }, names),
    "Placing discs. Your turn: put a disc on an empty square, either face up.",
  );
  assert.match(statusText({ status: "toMove", phase: "flipping", toMove: "O" }, names), /^Flipping\. Computer's turn: flip/);
  assert.equal(statusText({ status: "gameOver", phase: "flipping", winner: "O" }), "Second player made the last move and wins.");
  assert.equal(statusText({ status: "gameOver", phase: "flipping", winner: "X" }, names), "You made the last move and win.");
});

test("the result names the winner and the last move that won, only once the game is over", () => {
  const names = { X: "You", O: "The computer" };
  assert.equal(resultText({ status: "toMove", phase: "flipping", toMove: "X", ply: 18 }, names), null);
  assert.deepEqual(resultText({ status: "gameOver", phase: "flipping", winner: "X", lastMove: "d2-d3", ply: 19 }, names), {
    title: "You win.",
    detail: "You made the last move (d2-d3, move 19).",
  });
  // Filled all white, the game ends on a placement.
  assert.deepEqual(resultText({ status: "gameOver", phase: "flipping", winner: "O", lastMove: "d4O", ply: 16 }), {
    title: "Second player wins.",
    detail: "Second player made the last move (d4O, move 16).",
  });
});

test("moves and squares are described in words for screen readers", () => {
  assert.equal(moveText("b2X", "X"), "First player put a disc on b2, black face up.");
  assert.equal(moveText("a1-c3", "O"), "Second player flipped a1 to c3.");
  assert.equal(moveText("c3", "O", { O: "Computer" }), "Computer flipped c3.");
  assert.equal(cellLabel(5, "O"), "b2, white");
  assert.equal(cellLabel(0, "."), "a1, empty");
});

test("a transcript splits into its moves and numbers them by player", () => {
  const moves = splitTranscript("b2Xc3Oa1-c3d4");
  assert.deepEqual(moves, ["b2X", "c3O", "a1-c3", "d4"]);
  assert.deepEqual(moveRows(moves).map((r) => `${r.n}${r.side}`), ["1X", "2O", "3X", "4O"]);
  assert.deepEqual(splitTranscript(""), []);
});

test("refusals are said once, plainly, without repeating the move", () => {
  assert.equal(refusalText("d4 is not empty"), "d4 already has a disc.");
  assert.equal(
    refusalText("a1: its lower-right disc a1 shows white"),
    "A rectangle's lower-right disc must show black; a1 shows white.",
  );
  assert.equal(
    refusalText("a1-c3: its lower-right disc c3 shows white"),
    "A rectangle's lower-right disc must show black; c3 shows white.",
  );
  assert.equal(
    refusalText("a1X is a placement, but the board is full: flip a rectangle"),
    "a1X is a placement, but the board is full: flip a rectangle.",
  );
});

test("the seats are named for who plays them, and the status says while the computer thinks", () => {
  assert.deepEqual(seatNames({ opponent: "human", human: "X" }), { X: "First player", O: "Second player" });
  assert.deepEqual(seatNames({ opponent: "computer", human: "O" }), { O: "You", X: "The computer" });
  assert.deepEqual(seatNames({ opponent: "friend", human: "O" }), { O: "You", X: "Your friend" });
  // A friend's move comes by link: the status says to send it, not how to play it.
  const friend = seatNames({ opponent: "friend", human: "O" });
  assert.equal(
    statusText({ status: "toMove", phase: "flipping", toMove: "X" }, friend),
    "Flipping. Your friend's turn: send them the link, then open the one they send back.",
  );
  assert.equal(statusText({ status: "gameOver", phase: "flipping", winner: "X" }, friend), "Your friend made the last move and wins.");
  const snap = { status: "toMove", toMove: "X", phase: "placement" };
  const names = seatNames({ opponent: "computer", human: "O" });
  assert.equal(statusLine(snap, names, false), statusText(snap, names));
  assert.equal(statusLine(snap, names, true), `${statusText(snap, names)} The computer is thinking…`);
});
