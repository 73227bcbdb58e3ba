// Two players on one screen: moves by click and keyboard, passes, the end of
// the game, undo and redo, the move list, transcripts and the board's markers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { squareIndex } from "../../www/js/geometry.js";
import { cellColors, luma, openBoard, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, clickSquare, gameState, loadMoves, moveList, openSettings, setMode, waitForMoves } from "./game.mjs";

// On the default map black has no move after these, with white to play on.
const BLACK_PASSES = "c5c6c7b7e3c8a8a6";
// A whole game on the default map, ending in a pass by black: white wins 43 to 27.
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

const env = useSite();

async function hotSeat(options = DESKTOP) {
  const opened = await openBoard(env.browser, env.site.url, options);
  await setMode(opened.page, "hotseat");
  await opened.page.waitForFunction(() => document.querySelector("#status").textContent === "Black to move.");
  return opened;
}

test("clicking a legal square plays it; other squares do nothing", async () => {
  const { page, problems } = await hotSeat();
  const start = await gameState(page, DEFAULT_MAP, "");
  const illegal = ["a1", "d4", "h8"].find((sq) => !start.legal.includes(sq));
  await clickSquare(page, illegal);
  assert.deepEqual(await moveList(page), []);

  const move = start.legal[0];
  await clickSquare(page, move);
  await waitForMoves(page, 1);
  const after = await gameState(page, DEFAULT_MAP, move);
  assert.deepEqual(await moveList(page), [move]);
  assert.equal(await page.textContent("#status"), "White to move.");
  assert.equal(await page.textContent("#player-X .player-score"), String(after.score[0]));
  assert.equal(await page.textContent("#player-O .player-score"), String(after.score[1]));
  await page.waitForFunction((m) => document.querySelector("#announcer").textContent.includes(m), move);
  assert.match(await page.textContent("#announcer"), /^Black played \w\d+, flipping \d+ discs?/);
  assert.deepEqual(problems, []);
});

test("the keyboard moves a cursor over the board and plays with Enter and Space", async () => {
  const { page, problems } = await hotSeat();
  await page.keyboard.press("Tab");
  await page.focus("#board");
  const start = await gameState(page, DEFAULT_MAP, "");
  assert.match(await page.getAttribute("#board", "aria-label"), new RegExp(`cursor on ${start.legal[0]}: empty, legal move`));

  // Walk from the first legal move to the last one, then play it.
  const target = start.legal.at(-1);
  const [from, to] = [start.legal[0], target].map((sq) => ({ col: sq.charCodeAt(0), row: Number(sq.slice(1)) }));
  for (let k = 0; k < Math.abs(to.col - from.col); k += 1) await page.keyboard.press(to.col > from.col ? "ArrowRight" : "ArrowLeft");
  for (let k = 0; k < Math.abs(to.row - from.row); k += 1) await page.keyboard.press(to.row > from.row ? "ArrowDown" : "ArrowUp");
  assert.match(await page.getAttribute("#board", "aria-label"), new RegExp(`cursor on ${target}: empty, legal move`));
  await page.keyboard.press("Enter");
  await waitForMoves(page, 1);
  assert.deepEqual(await moveList(page), [target]);

  // White answers from wherever the cursor is: to its first legal move, Space.
  const reply = (await gameState(page, DEFAULT_MAP, target)).legal[0];
  await page.keyboard.press("Home");
  const a1 = { col: "a".charCodeAt(0), row: 1 };
  const r = { col: reply.charCodeAt(0), row: Number(reply.slice(1)) };
  for (let k = 0; k < r.col - a1.col; k += 1) await page.keyboard.press("ArrowRight");
  for (let k = 0; k < r.row - a1.row; k += 1) await page.keyboard.press("ArrowDown");
  await page.keyboard.press(" ");
  await waitForMoves(page, 2);
  assert.deepEqual(await moveList(page), [target, reply]);
  assert.deepEqual(problems, []);
});

test("a player without a move sees a notice and a Pass button; passing hands the turn over", async () => {
  const { page, problems } = await hotSeat();
  await loadMoves(page, BLACK_PASSES);
  await page.waitForSelector("#pass", { state: "visible" });
  assert.match(await page.textContent("#status"), /Black has no legal move and must pass/);
  await page.focus("#pass");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#pass", { state: "hidden" });
  assert.equal((await moveList(page)).at(-1), "pass");
  assert.match(await page.textContent("#status"), /^Black had no legal move and passed\. White to move\.$/);
  assert.deepEqual(problems, []);
});

test("the end of a game shows the result and each side's points", async () => {
  const { page, problems } = await hotSeat();
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result", { state: "visible" });
  assert.equal(await page.textContent("#result-title"), "White wins 43 to 27.");
  // Between two people the colours are the names: said once, not "Black (black)".
  assert.equal(await page.textContent("#result-detail"), "Black: 27 incl. 3 bonus points · White: 43 incl. 6 bonus points");
  assert.match(await page.textContent("#status"), /Game over/);
  await page.click("#next-game");
  await page.waitForSelector("#result", { state: "hidden" });
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(problems, []);
});

test("an Othello game that ends early says why its score is more than the discs", async () => {
  const { page, problems } = await hotSeat();
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  // A wipe-out in nine moves: 13 black discs, 51 squares left empty.
  await loadMoves(page, "d3c3b3d2e1d6d7e3f4");
  await page.waitForSelector("#result", { state: "visible" });
  assert.equal(await page.textContent("#result-title"), "Black wins 64 to 0.");
  assert.equal(await page.textContent("#result-detail"), "Black: 64 · White: 0. The 51 empty squares count for the winner.");
  assert.deepEqual(problems, []);
});

test("undo and redo step one move at a time", async () => {
  const { page, problems } = await hotSeat();
  await loadMoves(page, "c5c6c7");
  await waitForMoves(page, 3);
  assert.ok(await page.isDisabled("#redo"));
  await page.click("#undo");
  assert.deepEqual(await moveList(page), ["c5", "c6"]);
  await page.focus("#undo");
  await page.keyboard.press("Enter");
  assert.deepEqual(await moveList(page), ["c5"]);
  await page.click("#redo");
  assert.deepEqual(await moveList(page), ["c5", "c6"]);
  assert.equal(await page.textContent("#status"), "Black to move.");
  await clickSquare(page, (await gameState(page, DEFAULT_MAP, "c5c6")).legal[0]);
  assert.ok(await page.isDisabled("#redo"), "a new move drops the undone ones");
  assert.deepEqual(problems, []);
});

test("a pasted transcript that is not legal is explained and changes nothing", async () => {
  const { page, problems } = await hotSeat();
  await loadMoves(page, "c5c6");
  await waitForMoves(page, 2);
  for (const bad of ["c5c6z9", "c5a1", "<b>c5</b>"]) {
    await loadMoves(page, bad);
    await page.waitForFunction(() => document.querySelector("#paste-error").textContent !== "");
    assert.match(await page.textContent("#paste-error"), /could not be loaded: .+The game is unchanged\./, bad);
    assert.deepEqual(await moveList(page), ["c5", "c6"], bad);
  }
  assert.equal(await page.$$eval("#paste-error *", (els) => els.length), 0, "the error is text, not markup");
  await loadMoves(page, "C5 c6, c7");
  await waitForMoves(page, 3);
  assert.equal(await page.textContent("#paste-error"), "");
  await page.click("#copy-moves");
  await page.waitForFunction(() => document.querySelector("#copied").dataset.value === "c5c6c7");
  assert.deepEqual(problems, []);
});

test("Copy moves gives the squares as Othello programs print a game, passes left out, and they load back whole", async () => {
  const { page, problems } = await hotSeat();
  // A whole game on the default map, with a pass by black near its end.
  const whole = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
  await loadMoves(page, whole);
  await page.waitForSelector("#result:not([hidden])");
  const played = await moveList(page);
  await page.click("#copy-moves");
  const squares = whole.replace("pa", "");
  await page.waitForFunction((text) => document.querySelector("#copied").dataset.value === text, squares);
  await page.click("#next-game");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  await loadMoves(page, squares);
  await page.waitForSelector("#result:not([hidden])");
  assert.deepEqual(await moveList(page), played);
  assert.deepEqual(problems, []);
});

test("legal-move markers can be hidden, and the last move is marked", async () => {
  const { page, problems } = await hotSeat();
  const { legal } = await gameState(page, DEFAULT_MAP, "");
  const index = squareIndex(8, legal[0]);
  const shown = await cellColors(page, 8, index);
  await page.click("#show-legal");
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  const hidden = await cellColors(page, 8, index);
  assert.notDeepEqual(shown.center, hidden.center, "the marker shows at the centre of a legal square");
  assert.deepEqual(shown.corner, hidden.corner);

  await clickSquare(page, legal[0]);
  await waitForMoves(page, 1);
  await page.waitForFunction(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(true)), 400)));
  const last = await cellColors(page, 8, index);
  assert.ok(last.center[0] > 200 && last.center[2] < 120, `the last move's centre is orange: ${last.center}`);
  assert.deepEqual(problems, []);
});

test("with reduced motion, flipped discs show their new colour at once", async () => {
  const { page, problems } = await hotSeat({ ...DESKTOP, reducedMotion: "reduce" });
  const move = (await gameState(page, DEFAULT_MAP, "")).legal[0];
  await clickSquare(page, move);
  await waitForMoves(page, 1);
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  const { flipped } = await gameState(page, DEFAULT_MAP, move);
  for (const sq of flipped) {
    const { center } = await cellColors(page, 8, squareIndex(8, sq));
    assert.ok(luma(center) < 90, `${sq} is black at once: ${center}`);
  }
  assert.deepEqual(problems, []);
});
