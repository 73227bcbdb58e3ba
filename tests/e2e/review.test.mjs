// The game review, as a player uses it: a short two-player game with a
// known blunder is reviewed from the "Review game" button, the blunder is
// marked in the list and on the graph, the arrow keys step through the
// game, a click shows a position, a reload keeps the analysis, and a link
// opens a game in review mode. Screenshots at both widths, light and dark.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { BLUNDER_GAME, DESKTOP, PHONE, clickSquare, loadMoves, playBlunderGame, setMode, waitForMoves } from "./game.mjs";

const env = useSite();

// The first 60 moves of a random game on a 10 x 10 map with 8 walls, 8
// bonuses and 8 jokers: the review's timing case.
const WALLED_10 = "110URyoAAYSAAACUQYAowYDAAADUQBUIAgAgAo";
const SIXTY_MOVES =
  "g5g4f4g6f7e3d6d7h4e4h6g8f3e2d4g7h7i7h5i4h8h9d2c4c3c6f2b2b4g3j4j3h3d3j2b3e8c5b5h2i8c2a1d8g2a4g9g1i5j5j6d1i9j8j7h10c1h1g10i3";

async function reviewDone(page, timeout = 30_000) {
  await page.waitForFunction(() => document.querySelector("#review")?.dataset.state === "done", null, { timeout });
}

function selectedText(page) {
  return page.textContent("#review-move");
}

test("a game's blunder is marked, the arrows step, and a reload keeps the review", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await playBlunderGame(page);
  await page.click("#review-game");
  await reviewDone(page);

  // Every move analysed, the blunder marked as one in the list and on the graph.
  const rows = await page.$$eval("#review-list li", (items) => items.map((li) => [li.textContent, li.dataset.class ?? ""]));
  assert.equal(rows.length, 4);
  assert.deepEqual(rows[2], ["3. f7 −11 (best f5 +2) blunder", "blunder"]);
  assert.equal(await page.$$eval(".graph-dot.blunder", (dots) => dots.map((d) => d.dataset.index).join()), "2");
  // Only the classes that occurred are counted.
  assert.match(await page.textContent("#review-summary"), /Black: 14 points lost \(1 blunder\)/);
  // The summary's worst moves say what they cost; the list gives values, and the best move by name.
  assert.equal(await page.textContent(".review-player-X .review-worst li"), "3. f7: 13 points lost, blunder");
  // The review's depth is its own, never read as the level the game was played at.
  assert.match(await page.textContent("#review-note"), /^The review's analysis, at the review's own level \d+ \(not the computer's\): each move looked \d+ moves ahead, and to the end from \d+ empty squares\./);
  // The review starts on the worst move: the position before it, f5 drawn as best.
  // Its values are the mover's, and the line says so; the graph's are black's.
  assert.match(await selectedText(page), /^3\. Black f7: \u221211 for Black \(best f5: \+2; 13 points lost — blunder; looked 6 moves ahead\)$/);
  assert.match(await page.textContent("#review-reading"), /^The graph is the final margin for black .* A move's value and the points it lost are for the player who made it\.$/);
  assert.doesNotMatch(await page.textContent("#review-note"), /margin/);

  // The arrow keys step through the game, from anywhere on the page.
  await page.keyboard.press("ArrowLeft");
  assert.match(await selectedText(page), /^2\. White e6/);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.match(await selectedText(page), /^1\. Black d6/);
  await page.keyboard.press("ArrowLeft");
  assert.match(await selectedText(page), /^1\. Black d6/);
  for (let k = 0; k < 4; k += 1) await page.keyboard.press("ArrowRight");
  assert.match(await selectedText(page), /^4\. White e7/);
  // Home and End go to the first and the last move.
  await page.keyboard.press("Home");
  assert.match(await selectedText(page), /^1\. Black d6/);
  await page.keyboard.press("End");
  assert.match(await selectedText(page), /^4\. White e7/);

  // A click on a move, or on the graph, shows its position.
  await page.click("#review-list li:nth-child(2) button");
  assert.match(await selectedText(page), /^2\. White e6/);
  // The list is below the graph: a player scrolls back up to the dot.
  await page.locator(".graph-dot.blunder").click();
  assert.match(await selectedText(page), /^3\. Black f7/);

  // A reload brings the review back as it was, without analysing again.
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.isVisible("#review"), true);
  assert.equal(await page.getAttribute("#review", "data-state"), "done");
  assert.equal(await page.$$eval("#review-list li[data-class=blunder]", (items) => items.length), 1);

  // Back to the game, which is as it was; "Play from here" tries a better move.
  await page.click("#close-review");
  assert.equal(await page.isVisible("#review"), false);
  assert.deepEqual(await page.$$eval("#move-list li", (items) => items.map((li) => li.textContent)), BLUNDER_GAME);
  await page.click("#review-game");
  await reviewDone(page);
  await page.click("#review-list li:nth-child(3) button");
  await page.click("#review-play-friend");
  assert.deepEqual(await page.$$eval("#move-list li", (items) => items.map((li) => li.textContent)), ["d6", "e6"]);
  await clickSquare(page, "f5");
  await waitForMoves(page, 3);
  assert.deepEqual(problems, []);
});

test("Cancel stops a review at once, and Resume goes on where it stopped", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await page.goto(`${env.site.url}#m=${WALLED_10}&g=${SIXTY_MOVES}&p=hotseat`);
  await page.waitForSelector("body[data-ready]");
  await page.click("#review-game");
  await page.waitForFunction(() => document.querySelectorAll("#review-list li").length >= 2);
  await page.click("#review-cancel");
  assert.equal(await page.getAttribute("#review", "data-state"), "stopped");
  const done = await page.$$eval("#review-list li", (items) => items.length);
  assert.match(await page.textContent("#review-count"), new RegExp(`^Stopped after ${done} of 60 moves\\.$`));
  await page.click("#review-resume");
  await reviewDone(page);
  assert.equal(await page.$$eval("#review-list li", (items) => items.length), 60);
  assert.deepEqual(problems, []);
});

test("a link opens its game in review mode; 60 walled 10 x 10 moves take seconds", async () => {
  const { page, problems } = await openBoard(env.browser, `${env.site.url}#m=${WALLED_10}&g=${SIXTY_MOVES}&p=hotseat&r=3`, DESKTOP);
  await page.waitForSelector("#review", { state: "visible" });
  await reviewDone(page, 60_000);
  const ms = Number(await page.getAttribute("#review", "data-ms"));
  console.log(`review of 60 moves on a walled 10 x 10 map at level 3: ${(ms / 1000).toFixed(1)} s`);
  // About 2 s on the machine this was written on: far from the 10 s asked for.
  assert.ok(ms < 20_000, `${ms} ms`);
  assert.equal(await page.$$eval("#review-list li", (items) => items.length), 60);
  assert.deepEqual(problems, []);
});

// A Troll hot-seat game on the empty 8 x 8 board: White's g7 lets Black's
// column d connect at d8 where a block (e3, e5, e7) was there. `mapello
// review --variant troll d1 c5 … g7 d8` prints
// `14 O g7 lost best e3 -1 loss result blunder depth 6`.
const TROLL_LINK = "#m=18AAAAAAAAAAAAAAAAAAAAAAA&v=troll&g=d1c5d2g2d3g3d4g4d5g5d6g6d7g7d8&p=hotseat&r=3";

test("a Troll game is reviewed in chain steps, the missed block a blunder", async () => {
  const { page, problems } = await openBoard(env.browser, `${env.site.url}${TROLL_LINK}`, DESKTOP);
  await page.waitForSelector("#review", { state: "visible" });
  await reviewDone(page);
  const rows = await page.$$eval("#review-list li", (items) => items.map((li) => [li.textContent, li.dataset.class ?? ""]));
  assert.equal(rows.length, 15);
  // A proven result reads as won or lost, never as 100 steps to add.
  assert.deepEqual(rows[13], ["14. g7 lost (best e3 −1) blunder", "blunder"]);
  assert.equal(rows[14][0], "15. d8 won");
  assert.equal(await page.$$eval(".graph-dot.blunder", (dots) => dots.map((d) => d.dataset.index).join()), "13");
  const summaryText = await page.textContent("#review-summary");
  assert.match(summaryText, /White: a proven loss walked into(, \d+ chain steps? lost)? \((.*, )?1 blunder\)/);
  assert.doesNotMatch(summaryText, /100|\b0 /);
  assert.match(await selectedText(page), /^14\. White g7: a proven loss for White \(best e3: \u22121; a proven loss walked into — blunder; looked 6 moves ahead\)$/);
  assert.match(await page.textContent("#review-reading"), /^The graph is the race for black after each move, in chain steps/);
  assert.match(await page.textContent("#review-graph"), /Black ahead.*White ahead/);
  await page.screenshot({ path: `${screenshots}/review-troll-1280.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

// In Othello, with the pattern tables, at the review's level 3 f5 (a first
// move like the other three), e3 and f6 are the best, and white's f4, the
// parallel opening, loses 3 points to d6:
// `mapello review --variant othello --level 3 f5 f4 e3 f6` prints
// `1 X f5 +1 best f5 +1 loss 0 - depth 6`,
// `2 O f4 -4 best d6 -1 loss 3 inaccuracy depth 6`,
// `3 X e3 +2 best e3 +2 loss 0 - depth 6` and
// `4 O f6 -4 best f6 -4 loss 0 - depth 6`. The page's review waits for the
// tables, so every move is valued as the command line values it.
const OTHELLO_LINK = "#m=18AAAAAAAAAAAAAAAAAAAAAAA&v=othello&g=f5f4e3f6&p=hotseat&r=3";

test("on a phone, a move as good as the best names no alternative, and each value says whose it is", async () => {
  const { page, problems } = await openBoard(env.browser, `${env.site.url}${OTHELLO_LINK}`, PHONE);
  await page.waitForSelector("#review", { state: "visible" });
  await reviewDone(page);
  const rows = await page.$$eval("#review-list li", (items) => items.map((li) => li.textContent));
  // f5 is one of four first moves alike, each the best (not -1 against e6's +1, as before symmetry counted).
  assert.deepEqual(rows, ["1. f5 +1", "2. f4 −4 (best d6 −1) inaccuracy", "3. e3 +2", "4. f6 −4"]);
  assert.match(await page.textContent(".review-list-title"), /valued for the player who made it/);
  await page.click("#review-list li:nth-child(4) button");
  assert.equal(await selectedText(page), "4. White f6: −4 for White (the best move; looked 6 moves ahead)");
  await page.click("#review-list li:nth-child(3) button");
  assert.equal(await selectedText(page), "3. Black e3: +2 for Black (the best move; looked 6 moves ahead)");
  // The graph is black's, and its note says so: white's -4 is black's +4.
  assert.match(await page.textContent("#review-reading"), /^The graph is the final margin for black/);
  assert.deepEqual(await page.$$eval(".review-player > p", (ps) => ps.map((p) => p.textContent)), [
    "Black: no points lost",
    "White: 3 points lost (1 inaccuracy)",
  ]);
  await page.screenshot({ path: `${screenshots}/review-phone-values.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  for (const scheme of ["light", "dark"]) {
    test(`the review fits and reads at ${width} px, ${scheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: scheme });
      await playBlunderGame(page);
      await page.click("#review-game");
      await reviewDone(page);
      // Nothing sticks out sideways, the graph included.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
      const graph = await page.$eval("#review-graph", (g) => g.getBoundingClientRect().width);
      assert.ok(graph > 200 && graph <= Number(width), `graph ${graph} px wide`);
      await page.screenshot({ path: `${screenshots}/review-${width}-${scheme}.png`, fullPage: true });
      assert.deepEqual(problems, []);
    });
  }
}

test("on a desktop the board stays in view beside a long review's list of moves", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  // A whole game on the first visit's map (play.test.mjs).
  await loadMoves(page, "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2");
  await page.click("#review-result");
  await page.waitForFunction(() => document.querySelectorAll("#review-list li").length >= 40, null, { timeout: 60_000 });
  await page.click("#review-list li:last-child button");
  const inView = await page.$eval("#board", (board) => {
    const r = board.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  assert.ok(inView, "the board is in view beside the move chosen");
  await page.screenshot({ path: `${screenshots}/review-long-1280.png` });
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`undo and redo wait while a review is open, and say so, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await playBlunderGame(page);
    // A move taken back, to have one to redo.
    await page.click("#undo");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 3);
    await page.click("#review-game");
    await reviewDone(page);
    for (const id of ["undo", "redo"]) {
      assert.ok(await page.isDisabled(`#${id}`), `#${id} is inert while the review is open`);
      assert.match(await page.getAttribute(`#${id}`, "title"), /Back to the game/);
    }
    await page.screenshot({ path: `${screenshots}/review-undo-${screen}.png`, fullPage: screen === "phone" });
    // The keys neither: the review stays, the game keeps its moves, and a
    // screen reader hears why (the refusal under the board, the game's, is
    // hidden beside the reviewed board).
    await page.focus("#review-title");
    for (const key of ["Control+z", "Control+y"]) {
      await page.evaluate(() => (document.querySelector("#announcer").textContent = ""));
      await page.keyboard.press(key);
      await page.waitForFunction(() => /Back to the game/.test(document.querySelector("#announcer").textContent));
      assert.ok(await page.isVisible("#review"), `${key} left the review open`);
      assert.equal(await page.$$eval("#move-list li", (items) => items.length), 3, `${key} changed the game`);
    }

    await page.click("#close-review");
    await page.waitForSelector("#review", { state: "hidden" });
    for (const id of ["undo", "redo"]) {
      assert.equal(await page.isDisabled(`#${id}`), false, `#${id} works again with the game`);
      assert.equal(await page.getAttribute(`#${id}`, "title"), "");
    }
    await page.click("#redo");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 4);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
