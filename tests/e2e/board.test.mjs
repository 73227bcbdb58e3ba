// The release page at a site's root: it loads cleanly and draws the board,
// each kind of piece in its own shape, with coordinates, sharp at any pixel
// density, in light and dark colours.
import assert from "node:assert/strict";
import { test } from "node:test";
import { isRing, outerIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { cellColors, luma, openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, gameState, squarePoint } from "./game.mjs";

const env = useSite();

test("the page loads without console errors and draws the board", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, { viewport: { width: 900, height: 900 } });
  await page.screenshot({ path: `${screenshots}/board.png` });
  assert.deepEqual(problems, []);
  assert.equal(await page.textContent("#status"), "You (black) to move.");

  const distinctColors = await page.$eval("#board", (canvas) => {
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]);
    return seen.size;
  });
  assert.ok(distinctColors > 10, `the canvas looks blank (${distinctColors} colours)`);
});

test("every square shows its piece: discs, hatched walls, blue bonuses, red jokers, ring apart", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url);
  assert.deepEqual(problems, []);
  await page.click("#show-legal");
  const state = await gameState(page, DEFAULT_MAP, "");
  const empty = { ring: new Set(), inner: new Set() };
  const seen = new Set();
  for (const [index, c] of [...state.cells].entries()) {
    const { center, upper, corner } = await cellColors(page, state.size, index);
    const [r, g, b] = center;
    seen.add(c);
    if (c === "X") assert.ok(luma(center) < 90, `black disc at ${index} is ${center}`);
    if (c === "O") assert.ok(luma(center) > 170, `white disc at ${index} is ${center}`);
    // The disc's centre carries its "+3", outlined in dark blue.
    if (c === "+") assert.ok(upper[2] > 150 && upper[2] > upper[0] + 60, `bonus at ${index} is ${upper}`);
    if (c === "*") assert.ok(r > 150 && r > g + 60, `joker at ${index} is ${center}`);
    if (c === "#") assert.ok(luma(corner) < 120 && luma(corner) < luma(center) + 60, `wall at ${index} is ${corner}`);
    if (c === ".") empty[isRing(state.size, index) ? "ring" : "inner"].add(String(center));
  }
  assert.deepEqual([...seen].sort(), ["#", "*", "+", ".", "O", "X"]);
  assert.equal(empty.inner.size, 1, `inner squares differ: ${[...empty.inner]}`);
  assert.equal(empty.ring.size, 1, `ring squares differ: ${[...empty.ring]}`);
  assert.notEqual([...empty.ring][0], [...empty.inner][0]);
});

test("coordinates a-h and 1-8 are drawn around the board", async () => {
  const { page } = await openBoard(env.browser, env.site.url);
  // Ink in the margin beside each row and above each column, none in the corner.
  const ink = await page.$eval(
    "#board",
    (canvas, margin) => {
      const ctx = canvas.getContext("2d");
      const cell = canvas.width / (10 + 2 * margin);
      const m = margin * cell;
      const inked = (x, y, w, h) => {
        const data = ctx.getImageData(Math.round(x), Math.round(y), Math.round(w), Math.round(h)).data;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
        return false;
      };
      const rows = [];
      const cols = [];
      for (let k = 1; k <= 8; k += 1) {
        rows.push(inked(0, m + k * cell, m, cell));
        cols.push(inked(m + k * cell, 0, cell, m));
      }
      return { rows, cols, corner: inked(0, 0, m, m) };
    },
    MARGIN,
  );
  assert.deepEqual(ink.rows, Array(8).fill(true));
  assert.deepEqual(ink.cols, Array(8).fill(true));
  assert.equal(ink.corner, false);
});

test("the canvas is drawn at the screen's pixel density", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, {
    viewport: { width: 420, height: 800 },
    deviceScaleFactor: 2,
  });
  await page.screenshot({ path: `${screenshots}/board-phone.png` });
  assert.deepEqual(problems, []);
  const { width, cssWidth } = await page.$eval("#board", (c) => ({ width: c.width, cssWidth: c.clientWidth }));
  assert.ok(cssWidth <= 420, `board wider than the screen: ${cssWidth}px`);
  assert.equal(width, Math.round(cssWidth * 2));
});

test("a legal square under the pointer is highlighted", async () => {
  const { page } = await openBoard(env.browser, env.site.url);
  await page.click("#show-legal");
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  const { row, col } = { row: Number(move.slice(1)) - 1, col: move.charCodeAt(0) - 97 };
  const index = outerIndex(8, row, col);
  const before = await cellColors(page, 8, index);
  const { x, y } = await squarePoint(page, move);
  await page.mouse.move(x, y);
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  const after = await cellColors(page, 8, index);
  assert.ok(luma(after.corner) > luma(before.corner) + 5, `${before.corner} -> ${after.corner}`);
});

test("the page follows the light or dark colour scheme", async () => {
  const looks = {};
  for (const colorScheme of ["light", "dark"]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, { colorScheme, viewport: { width: 1280, height: 800 } });
    assert.deepEqual(problems, []);
    looks[colorScheme] = await page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      label: getComputedStyle(document.querySelector("#board")).color,
    }));
    await page.screenshot({ path: `${screenshots}/play-${colorScheme}.png` });
  }
  const rgb = (css) => css.match(/\d+/g).slice(0, 3).map(Number);
  assert.ok(luma(rgb(looks.light.page)) > 200, looks.light.page);
  assert.ok(luma(rgb(looks.dark.page)) < 60, looks.dark.page);
  assert.notEqual(looks.light.label, looks.dark.label);
});
