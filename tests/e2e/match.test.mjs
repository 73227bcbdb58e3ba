// Several games on one map: a series with colours swapping each game and its
// scoreboard (docs/rules.md, Mapello rule 7), and free play, where the
// players take turns setting up the map in the editor and the other picks a
// colour (rule 8).
import assert from "node:assert/strict";
import { test } from "node:test";
import { squareIndex } from "../../www/js/geometry.js";
import { cellColors, luma, openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, loadMoves, noticeText, setMode, waitForMoves } from "./game.mjs";

// A whole game on the default map: white wins 43 to 27.
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

const OPEN_BOARD_GAME =
  "c5c6f4f3e3d3c4c3c2e6f5g4c7b2g3g2d6b6h2d2a6e2e1b7a7b4a2h3b3f1g6h1b5a1f7e7h4d1d7a5c1f6a4h6b1a8g1g8g5b8c8f8d8e8f2a3g7h7h8h5";

const env = useSite();

/** Loads `moves`, a whole game, and waits for its result. */
async function playToTheEnd(page, moves) {
  await loadMoves(page, moves);
  await page.waitForSelector("#result", { state: "visible" });
}

function scoreboard(page) {
  return page.$$eval("#match-rows tr", (rows) => rows.map((tr) => [...tr.cells].map((td) => td.textContent)));
}

test("a series swaps colours each game and keeps the score by games, then points", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "series", { opponent: "human" });
  await page.waitForSelector("#match", { state: "visible" });
  assert.equal(await page.textContent("#match-title"), "Series: game 1");
  assert.equal(await page.textContent("#player-X .player-name"), "Player 1");

  await playToTheEnd(page, WHOLE_GAME);
  assert.deepEqual(await scoreboard(page), [
    ["Player 1 (black)", "0", "\u221216"],
    ["Player 2 (white)", "1", "+16"],
  ]);
  assert.equal(await page.textContent("#match-leader"), "Player 2 leads 1–0 in games.");
  assert.ok(await page.isDisabled("#undo"), "a recorded game is not taken back");
  assert.match(await page.getAttribute("#undo", "title"), /counts in the match's score/);
  assert.ok(await page.isEnabled("#review-game"), "a recorded game can be reviewed");
  await page.screenshot({ path: `${screenshots}/play-series-result.png` });

  await page.click("#next-game");
  await page.waitForSelector("#result", { state: "hidden" });
  assert.equal(await page.textContent("#match-title"), "Series: game 2");
  // The game just finished is in the score, not put aside: the next one is announced with it.
  assert.equal(await noticeText(page), "");
  await page.waitForFunction(() => document.querySelector("#announcer").textContent.startsWith("Series: game 2. Player 2 leads 1–0 in games."));
  assert.equal(await page.getAttribute("#undo", "title"), "");
  assert.equal(await page.textContent("#player-X .player-name"), "Player 2");
  assert.equal(await page.textContent("#player-O .player-name"), "Player 1");
  await playToTheEnd(page, WHOLE_GAME);
  assert.deepEqual(await scoreboard(page), [
    ["Player 1 (white)", "1", "0"],
    ["Player 2 (black)", "1", "0"],
  ]);
  assert.equal(await page.textContent("#match-leader"), "The match is even.");
  assert.deepEqual(problems, []);
});

test("in a series against the computer, it plays black and opens in the second game", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "series", { opponent: "computer", level: "1" });
  assert.equal(await page.textContent("#player-X .player-name"), "You");
  await playToTheEnd(page, WHOLE_GAME);
  assert.equal(await page.textContent("#match-leader"), "Computer leads 1–0 in games.");
  await page.click("#next-game");
  assert.equal(await page.textContent("#player-X .player-name"), "Computer");
  await waitForMoves(page, 1);
  await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human");
  assert.match(await page.textContent("#status"), /^Black played [a-h]\d\. You \(white\) to move\.$/);
  await page.screenshot({ path: `${screenshots}/play-series.png` });
  assert.deepEqual(problems, []);
});

test("free play: one player sets up the map, the other picks a colour, then they swap", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "freeplay");
  await page.waitForSelector(".editor-board", { state: "visible" });
  assert.match(await page.textContent("#editor-title"), /^Player 1: set up the map/);
  assert.ok(await page.isHidden("#close-editor"), "setting up is not optional");
  await page.click("[data-action=clear]");
  await page.screenshot({ path: `${screenshots}/play-freeplay-setup.png` });
  await page.click(".editor-play");

  await page.waitForSelector("#choose", { state: "visible" });
  assert.equal(await page.textContent("#choose-text"), "Player 2, which colour do you play on this map?");
  const a1 = await cellColors(page, 8, squareIndex(8, "a1"));
  assert.ok(luma(a1.corner) > 70, `the cleared map shows, without the default map's wall on a1: ${a1.corner}`);
  await page.screenshot({ path: `${screenshots}/play-freeplay-choose.png` });
  await page.click("#choose button[data-colour=O]");
  await page.waitForSelector("#choose", { state: "hidden" });
  assert.equal(await page.textContent("#player-X .player-name"), "Player 1");
  assert.equal(await page.textContent("#player-O .player-name"), "Player 2");
  assert.match(await page.textContent("#status"), /^Player 1 \(black\) to move\.$/);

  // A whole game on the open board: white, Player 2, wins 39 to 25.
  await playToTheEnd(page, OPEN_BOARD_GAME);
  assert.equal(await page.textContent("#result-title"), "White wins 39 to 25.");
  assert.deepEqual(await scoreboard(page), [
    ["Player 1 (black)", "0", "\u221214"],
    ["Player 2 (white)", "1", "+14"],
  ]);

  await page.click("#next-game");
  await page.waitForSelector(".editor-board", { state: "visible" });
  assert.match(await page.textContent("#editor-title"), /^Player 2: set up the map/);
  await page.click(".editor-play");
  await page.waitForSelector("#choose", { state: "visible" });
  assert.equal(await page.textContent("#choose-text"), "Player 1, which colour do you play on this map?");
  await page.click("#choose button[data-colour=X]");
  assert.equal(await page.textContent("#player-X .player-name"), "Player 1");
  assert.deepEqual(problems, []);
});

test("leaving free play while the map is being set up closes the editor", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "freeplay");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.selectOption("#mode", "hotseat");
  await page.waitForSelector("#board", { state: "visible" });
  assert.ok(await page.isHidden("#editor"));
  assert.equal(await page.textContent("#status"), "Black to move.");
  assert.deepEqual(problems, []);
});

test("at 1280 px each mode's settings keep to one row, How to play beside them", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const modes = await page.$$eval("#mode option", (os) => os.map((o) => o.value));
  for (const mode of modes) {
    // Free play starts in the map editor; the header is the same.
    await setMode(page, mode);
    const { bottoms, help, first } = await page.evaluate(() => {
      const shown = [...document.querySelectorAll("#setup > *")].filter((e) => e.getClientRects().length > 0);
      return {
        bottoms: shown.map((e) => Math.round(e.getBoundingClientRect().bottom)),
        help: document.querySelector("#open-help").getBoundingClientRect().top,
        first: shown[0].getBoundingClientRect().bottom,
      };
    });
    assert.ok(Math.max(...bottoms) - Math.min(...bottoms) <= 2, `${mode}: the settings wrap (${bottoms})`);
    assert.ok(help < first, `${mode}: "How to play" is below the settings`);
  }
  assert.deepEqual(problems, []);
});
