// Troll on the page: chosen with the visible game chooser, played by clicks
// between two people to a connection win, at desktop and phone width; the
// end message says who connected and the winning chain is ringed in gold.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardLayout, cellRect, squareIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, PHONE, clickSquare, moveList, openSettings, setMode, waitForMoves } from "./game.mjs";

// Black builds column d (each white disc between is flipped), White plays
// a2 on its own edge, and d8 joins Black's top and bottom rows.
const MOVES = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "a2", "d8"];

const env = useSite();

/** The RGBA colour at the top of the ring drawn around square `name` of the 8 x 8 board. */
async function ringTop(page, name) {
  const pixels = await page.$eval("#board", (c) => c.width);
  const rect = cellRect(boardLayout(8, false, pixels, MARGIN), squareIndex(8, name));
  const size = Math.min(rect.width, rect.height);
  const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 - size * 0.44 };
  return page.$eval("#board", (canvas, { x, y }) => [...canvas.getContext("2d").getImageData(Math.floor(x), Math.floor(y), 1, 1).data], point);
}

for (const [width, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`a Troll game chosen in the game chooser is played to a connection by clicks (${width})`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const unfolded = await openSettings(page);
    const names = await page.$$eval("#variant option", (all) => all.map((o) => o.textContent));
    assert.ok(names.includes("Troll"), `the chooser lists ${names}`);
    await page.selectOption("#variant", "troll");
    if (unfolded) await page.click("#settings-toggle");
    await page.waitForFunction(() => document.querySelector("#status").textContent === "Black to move.");
    await page.screenshot({ path: `${screenshots}/troll-start-${width}.png` });

    // a3 is on White's edge and flips nothing: refused, with the reason.
    await clickSquare(page, "a3", 8, false);
    assert.match(await page.textContent("#refusal"), /a3 is on White's edge: a move there must flip a disc/);
    assert.deepEqual(await moveList(page), []);

    for (const [k, move] of MOVES.entries()) {
      await clickSquare(page, move, 8, false);
      await waitForMoves(page, k + 1);
    }
    assert.deepEqual(await moveList(page), MOVES);
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Game over."));
    assert.equal(await page.textContent("#status"), "Game over. Black wins, joining top to bottom.");
    const [r, g, b] = await ringTop(page, "d5");
    assert.ok(r > 200 && g > 150 && b < 100, `d5 is ringed in gold, not rgb(${r}, ${g}, ${b})`);
    const [r2, g2, b2] = await ringTop(page, "a2");
    assert.ok(!(r2 > 200 && g2 > 150 && b2 < 100), "a2, not on the chain, has no gold ring");
    await page.screenshot({ path: `${screenshots}/troll-won-${width}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
