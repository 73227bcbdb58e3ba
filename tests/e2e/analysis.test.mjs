// Analysis from the move list (issue 33 item 1): a move of the list shows
// its position on an analysis board, where other moves can be tried (the
// tried line shown beside the game's) and the computer asked for every
// move's value; "Back to game" gives the game back byte for byte, its saved
// record too. A computer's move made meanwhile lands in the game, not on
// the analysis board. Works on every game of the board and every size, from
// the keyboard, on a desktop and a phone, in light and dark; a reload keeps
// the game and drops the analysis.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import {
  BLUNDER_GAME,
  clickSquare,
  DEFAULT_MAP,
  DESKTOP,
  gameState,
  loadMoves,
  moveList,
  openSettings,
  PHONE,
  reviewBlunderGame,
  setMode,
  waitForMoves,
} from "./game.mjs";

const env = useSite();

// A whole hot-seat game on the first visit's map (tests/e2e/readable.test.mjs).
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

/** What must not change: the saved state, the move list, the status and the scores. */
function gameAsShown(page) {
  return page.evaluate(() => ({
    storage: JSON.stringify(Object.entries(localStorage).sort()),
    moves: [...document.querySelectorAll("#move-list li")].map((li) => li.textContent),
    status: document.querySelector("#status")?.textContent,
    scores: [...document.querySelectorAll(".player-score")].map((s) => s.textContent),
  }));
}

/** The analysis's state line. */
function stateLine(page) {
  return page.textContent("#analysis-state");
}

/** The player cards' scores, black's then white's. */
function cardScores(page) {
  return page.$$eval(".player-score", (scores) => scores.map((s) => s.textContent));
}

/** The cards count the position the analysis shows, as its state line does. */
async function cardsCountShown(page) {
  const [, black, white] = /Black (\d+), white (\d+)\./.exec(await stateLine(page)) ?? [];
  assert.deepEqual(await cardScores(page), [black, white], await stateLine(page));
}

/** Waits until the state line holds `text`. */
function waitForState(page, text) {
  return page.waitForFunction((t) => document.querySelector("#analysis-state")?.textContent.includes(t), text);
}

/** Clicks "Show values" and waits until every move to try carries its value. */
async function showValues(page) {
  await page.click("#analysis-values");
  await page.waitForFunction(
    () => {
      const moves = [...document.querySelectorAll("#analysis-moves button")];
      return moves.length > 0 && moves.every((b) => /\s[+\u2212]?\d+(\.\d+)?$/.test(b.textContent));
    },
    null,
    { timeout: 60_000 },
  );
}

for (const [screen, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`a move of the list is analysed and the game comes back as it was, on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await setMode(page, "hotseat");
      for (const [i, square] of BLUNDER_GAME.entries()) {
        await clickSquare(page, square);
        await waitForMoves(page, i + 1);
      }
      const before = await gameAsShown(page);

      // The second move, clicked in the list, shows the position after it.
      await page.click("#move-list button[data-ply='2']");
      await page.waitForSelector("#analysis:not([hidden])");
      assert.match(await stateLine(page), /^Move 2 of 4 \(e6\)\. Black to move\./);
      assert.equal(await page.getAttribute("#move-list button[data-ply='2']", "aria-current"), "true");
      assert.ok(await page.isVisible("#analysis-back"), "Back to game is in view");
      await cardsCountShown(page);
      assert.notDeepEqual(await cardScores(page), before.scores);

      // A move other than the game's f7 starts the tried line.
      const { legal } = await gameState(page, DEFAULT_MAP, BLUNDER_GAME.slice(0, 2).join(""));
      const tried = legal.find((m) => m !== BLUNDER_GAME[2]);
      await clickSquare(page, tried);
      await waitForState(page, `Tried line, move 3 (${tried})`);
      assert.deepEqual(await page.$$eval("#analysis-line button", (bs) => bs.map((b) => b.textContent)), [`3. ${tried}`]);
      assert.equal(await page.getAttribute("#move-list li:nth-child(3)", "data-branch"), tried);
      assert.equal(await page.textContent("#analysis-branch-title"), "Tried line after move 2 (instead of 3. f7):");

      // A reply tried from the keyboard, by the list of moves to try.
      await page.focus("#analysis-moves button");
      await page.keyboard.press("Enter");
      await waitForState(page, "Tried line, move 4");
      assert.equal(await page.locator("#analysis-line button").count(), 2);

      // The computer's value of every move, on the board and in the list.
      await showValues(page);
      assert.match(await page.textContent("#analysis-values-said"), /final margin/);
      await page.screenshot({ path: `${screenshots}/analysis-${screen}-${colorScheme}.png`, fullPage: true });

      // Arrow keys, Home and End step through, from the board and the list.
      await page.focus("#board");
      await page.keyboard.press("ArrowLeft");
      await waitForState(page, "Tried line, move 3");
      await cardsCountShown(page);
      await page.keyboard.press("Home");
      await waitForState(page, "Start of the game");
      await cardsCountShown(page);
      await page.keyboard.press("ArrowRight");
      await waitForState(page, "Move 1 of 4");
      await page.focus("#move-list button[data-ply='1']");
      await page.keyboard.press("End");
      await waitForState(page, "Move 4 of 4");
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("data-ply")), "4");

      await page.click("#analysis-back");
      await page.waitForSelector("#analysis", { state: "hidden" });
      assert.deepEqual(await gameAsShown(page), before);
      // The game goes on from where it was.
      const next = (await gameState(page, DEFAULT_MAP, BLUNDER_GAME.join(""))).legal[0];
      await clickSquare(page, next);
      await waitForMoves(page, 5);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

test("the computer's move lands in the game while its earlier moves are analysed", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { "human-colour": "X", level: "1" });
  await clickSquare(page, BLUNDER_GAME[0]);
  await waitForMoves(page, 2);
  const { legal } = await gameState(page, DEFAULT_MAP, (await moveList(page)).join(""));
  await clickSquare(page, legal[0]);
  // At once, while the computer's reply is on its way.
  await page.click("#move-list button[data-ply='1']");
  await page.waitForSelector("#analysis:not([hidden])");
  await waitForMoves(page, 4);
  await waitForState(page, "Move 1 of 4");
  const game = await moveList(page);
  // The analysis board still shows the position after move 1, not the game.
  assert.match(await stateLine(page), /White to move/);
  await page.click("#analysis-back");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("mapello.play")).game.moves);
  assert.equal(saved, game.join(""));
  assert.equal(await page.getAttribute("#status", "data-turn"), "human");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("every game of the board and every size is analysed, and a reload keeps the game", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  for (const [variant, size] of [
    ["othello", "6"],
    ["othello", "10"],
    ["reversi", "8"],
    ["troll", "8"],
    ["mapello", "10"],
  ]) {
    await openSettings(page);
    await page.selectOption("#variant", variant);
    if (variant !== "troll") await page.selectOption("#board-size", size);
    await setMode(page, "hotseat");
    // Five moves on the game's own map (Mapello's is its size's first preset), each the last legal one.
    const start = await page.evaluate(async (variant) => {
      const { Game } = await import(new URL("mapello.js", document.baseURI).href);
      const game = new Game({ variant, map: JSON.parse(localStorage.getItem("mapello.play")).game.map });
      for (let k = 0; k < 5; k += 1) game.play(game.snapshot().legal.at(-1));
      return game.transcript();
    }, variant);
    await loadMoves(page, start);
    await waitForMoves(page, 5);
    const before = await gameAsShown(page);
    await page.click("#move-list button[data-ply='2']");
    await waitForState(page, "Move 2 of");
    const choices = await page.$$eval("#analysis-moves button", (bs) => bs.map((b) => b.textContent));
    assert.ok(choices.length > 0, `${variant} ${size}: moves to try`);
    await page.click("#analysis-moves li:last-child button");
    await page.waitForFunction(() => document.querySelector("#analysis-state")?.textContent.startsWith("Move 3") || document.querySelector("#analysis-state")?.textContent.startsWith("Tried line"));
    await page.keyboard.press("Escape");
    await page.waitForSelector("#analysis", { state: "hidden" });
    assert.deepEqual(await gameAsShown(page), before, `${variant} ${size}: the game is as it was`);
  }
  // Analysing, then a reload: the game is kept, the analysis is not.
  const before = await gameAsShown(page);
  await page.click("#move-list button[data-ply='1']");
  await page.waitForSelector("#analysis:not([hidden])");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.$("#analysis"), null);
  assert.deepEqual((await gameAsShown(page)).moves, before.moves);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a finished game's result gives way to the analysis of one of its positions, and comes back with the game", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result", { state: "visible" });
  await page.click("#move-list button[data-ply='20']");
  await waitForState(page, "Move 20 of");
  assert.equal(await page.isVisible("#result"), false, "no game-over box beside a position of move 20");
  await cardsCountShown(page);
  await page.click("#analysis-back");
  await page.waitForSelector("#result", { state: "visible" });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a review's selected position opens on the analysis board, and a new game closes it", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await reviewBlunderGame(page);
  const before = await gameAsShown(page);
  // The review starts on the worst move, black's f7 (move 3): the position
  // before it, which the cards count, as the analysis's do.
  const atMove2 = (await gameState(page, DEFAULT_MAP, BLUNDER_GAME.slice(0, 2).join(""))).score.map(String);
  assert.deepEqual(before.scores, atMove2);
  await page.click("#review-analyse");
  await page.waitForSelector("#analysis:not([hidden])");
  assert.ok(await page.isHidden("#review"));
  assert.match(await stateLine(page), /^Move 2 of 4 \(e6\)/);
  await cardsCountShown(page);
  await page.click("#analysis-back");
  const after = await gameAsShown(page);
  assert.deepEqual({ ...after, storage: undefined, scores: undefined }, { ...before, storage: undefined, scores: undefined });
  // The board is the game's again, and so are the cards.
  assert.deepEqual(after.scores, (await gameState(page, DEFAULT_MAP, BLUNDER_GAME.join(""))).score.map(String));
  await page.click("#move-list button[data-ply='3']");
  await waitForState(page, "Move 3 of 4");
  await openSettings(page);
  await page.click("#new-game");
  await page.waitForSelector("#analysis", { state: "hidden" });
  assert.deepEqual(await moveList(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`while the analysis is open, nothing under the board acts on the game behind it, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    // The whole game but its pass: black has no move and must pass.
    await loadMoves(page, WHOLE_GAME.replace(/paf2$/, ""));
    await page.waitForSelector("#pass", { state: "visible" });
    assert.ok(await page.isVisible("#resign"), "Resign is offered to the side to move");
    // A question to resign, left open, is dropped once a position is analysed.
    await page.click("#resign");
    await page.waitForSelector("#resign-confirm", { state: "visible" });
    const moves = (await moveList(page)).length;

    await page.click("#move-list button[data-ply='20']");
    await waitForState(page, "Move 20 of");
    for (const id of ["resign", "resign-confirm", "pass"]) assert.equal(await page.isVisible(`#${id}`), false, `#${id} beside the analysis board`);
    for (const id of ["undo", "redo"]) {
      assert.ok(await page.isDisabled(`#${id}`), `#${id} is inert while analysing`);
      assert.match(await page.getAttribute(`#${id}`, "title"), /Back to game/);
    }
    await page.screenshot({ path: `${screenshots}/analysis-game-controls-${screen}.png`, fullPage: screen === "phone" });
    // Ctrl+Z neither takes a move back nor leaves the analysis: it says why.
    await page.focus("#analysis-title");
    await page.keyboard.press("Control+z");
    await page.waitForFunction(() => /Back to game/.test(document.querySelector("#refusal").textContent));
    assert.equal((await moveList(page)).length, moves);
    assert.match(await stateLine(page), /^Move 20 of/);

    await page.click("#analysis-back");
    await page.waitForSelector("#analysis", { state: "hidden" });
    assert.ok(await page.isVisible("#resign"), "Resign is back with the game");
    assert.ok(await page.isVisible("#pass"), "so is Pass");
    assert.equal(await page.isVisible("#resign-confirm"), false, "the question dropped stays dropped");
    assert.equal(await page.isDisabled("#undo"), false);
    assert.equal(await page.getAttribute("#undo", "title"), "");
    await page.click("#undo");
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, moves - 1);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
