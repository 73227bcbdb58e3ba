// Move numbers on the discs (issue 33 item 7): the "Move numbers" switch
// beside the board draws on each disc the number of the move that put it
// there, as Othello records are printed, and the choice survives a reload;
// the analysis board numbers its line too, the game's moves and then the
// tried ones. On a desktop and a phone, light and dark, with screenshots
// to look at.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cellColors, openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, loadMoves, PHONE, waitForMoves } from "./game.mjs";
import { SCREENS } from "./looks.mjs";
import { squareIndex } from "../../www/js/geometry.js";

const env = useSite();
const MOVES = "c5c4b3b4c3e6a3c6f4b2d2b5";
// The outer-grid index of move 1's square, c5, on the 8 x 8 board with its ring.
const FIRST = squareIndex(8, "c5");

for (const [screen, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`move numbers show on the discs and survive a reload on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await loadMoves(page, MOVES);
      await waitForMoves(page, 12);
      assert.equal(await page.isChecked("#move-numbers"), false);
      const plain = await cellColors(page, 8, FIRST);
      await page.check("#move-numbers");
      await page.waitForTimeout(100);
      const numbered = await cellColors(page, 8, FIRST);
      assert.notDeepEqual(numbered.center, plain.center, "the number is drawn at the disc's centre");
      await page.$eval("#board", (board) => board.scrollIntoView());
      await page.screenshot({ path: `${screenshots}/move-numbers-${screen}-${colorScheme}.png` });
      await page.reload();
      await page.waitForSelector("body[data-ready]");
      await waitForMoves(page, 12);
      assert.equal(await page.isChecked("#move-numbers"), true);
      await page.uncheck("#move-numbers");
      await page.waitForTimeout(100);
      assert.deepEqual((await cellColors(page, 8, FIRST)).center, plain.center);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

for (const [screen, options] of SCREENS) {
  test(`the analysis board numbers the game's moves and the tried ones on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await loadMoves(page, MOVES);
    await waitForMoves(page, 12);
    const plain = await cellColors(page, 8, FIRST);
    await page.check("#move-numbers");
    await page.waitForTimeout(100);
    const numbered = await cellColors(page, 8, FIRST);

    await page.click("#move-list button[data-ply='12']");
    await page.waitForSelector("#analysis", { state: "visible" });
    await page.waitForTimeout(100);
    assert.deepEqual((await cellColors(page, 8, FIRST)).center, numbered.center, "the game's first move keeps its number on the analysis board");

    // A move tried there carries the next number (13), where the board would otherwise mark the last move.
    const tried = await page.textContent("#analysis-moves li:first-child button");
    await page.click("#analysis-moves li:first-child button");
    await page.waitForSelector("#analysis-branch", { state: "visible" });
    await page.waitForTimeout(100);
    const triedNumbered = await cellColors(page, 8, squareIndex(8, tried));
    await page.$eval("#board", (board) => board.scrollIntoView());
    await page.screenshot({ path: `${screenshots}/move-numbers-analysis-${screen}.png` });

    await page.uncheck("#move-numbers");
    await page.waitForTimeout(100);
    assert.equal(await page.isVisible("#analysis"), true, "the switch leaves the analysis open");
    assert.deepEqual((await cellColors(page, 8, FIRST)).center, plain.center, "switched off, the analysis board drops its numbers at once");
    assert.notDeepEqual((await cellColors(page, 8, squareIndex(8, tried))).center, triedNumbered.center, "the tried move had its number");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
