// The release page at a site's root: it loads cleanly and draws the board.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { isRing, outerIndex } from "../../www/js/geometry.js";
import { cellColors, launch, luma, openBoard, pageState, screenshots, serveDist } from "./browser.mjs";

let site;
let browser;

before(async () => {
  site = await serveDist();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test("the page loads without console errors and draws the board", async () => {
  const { page, problems } = await openBoard(browser, site.url, { viewport: { width: 900, height: 900 } });
  await page.screenshot({ path: `${screenshots}/board.png` });
  assert.deepEqual(problems, []);
  assert.equal(await page.textContent("#status"), "Black to move");

  const distinctColors = await page.$eval("#board", (canvas) => {
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]);
    return seen.size;
  });
  assert.ok(distinctColors > 10, `the canvas looks blank (${distinctColors} colours)`);
});

test("every square shows its cell: discs, and ring squares unlike inner ones", async () => {
  const { page, problems } = await openBoard(browser, site.url);
  assert.deepEqual(problems, []);
  const state = await pageState(page);
  const empty = { ring: new Set(), inner: new Set() };
  for (const [index, c] of [...state.cells].entries()) {
    const { center } = await cellColors(page, state.size, index);
    if (c === "X") assert.ok(luma(center) < 90, `black disc at ${index} is ${center}`);
    if (c === "O") assert.ok(luma(center) > 170, `white disc at ${index} is ${center}`);
    if (c === ".") empty[isRing(state.size, index) ? "ring" : "inner"].add(String(center));
  }
  assert.equal(empty.inner.size, 1, `inner squares differ: ${[...empty.inner]}`);
  assert.equal(empty.ring.size, 1, `ring squares differ: ${[...empty.ring]}`);
  assert.notEqual([...empty.ring][0], [...empty.inner][0]);
});

test("the canvas is drawn at the screen's pixel density", async () => {
  const { page, problems } = await openBoard(browser, site.url, {
    viewport: { width: 420, height: 800 },
    deviceScaleFactor: 2,
  });
  await page.screenshot({ path: `${screenshots}/board-phone.png` });
  assert.deepEqual(problems, []);
  const { width, cssWidth } = await page.$eval("#board", (c) => ({ width: c.width, cssWidth: c.clientWidth }));
  assert.ok(cssWidth <= 420, `board wider than the screen: ${cssWidth}px`);
  assert.equal(width, Math.round(cssWidth * 2));
});

test("the square under the pointer is highlighted", async () => {
  const { page } = await openBoard(browser, site.url);
  const a1 = outerIndex(8, 0, 0);
  const before = await cellColors(page, 8, a1);
  const box = await page.$eval("#board", (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width };
  });
  const cell = box.width / 10;
  await page.mouse.move(box.x + 1.5 * cell, box.y + 1.5 * cell);
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  const after = await cellColors(page, 8, a1);
  assert.ok(luma(after.corner) > luma(before.corner) + 5, `${before.corner} -> ${after.corner}`);
});
