// The map editor in Chromium: painting with clicks, drags and the keyboard,
// limits and refusals, undo and redo, presets, random and balanced maps, the
// balance meter, on a desktop screen and a phone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cellRect, layout, outerIndex, outerSide } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { FROZEN_MS, openSettings, PRESETS } from "./game.mjs";

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

const env = useSite();

/** The page with the editor open on an empty map, and its problem list. */
async function openEditor(contextOptions = DESKTOP) {
  const { page, problems } = await openBoard(env.browser, env.site.url, contextOptions);
  await openSettings(page);
  await page.click("#edit-map");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.click("[data-action=clear]");
  await waitForCode(page, PRESETS.find((p) => p.id === "open").code);
  return { page, problems };
}

function code(page) {
  return page.getAttribute("#editor", "data-code");
}

async function waitForCode(page, expected) {
  await page.waitForFunction((c) => document.querySelector("#editor").dataset.code === c, expected);
}

/** The map's cells, decoded by the page's own wasm module. */
async function cells(page) {
  return page.evaluate(async (c) => {
    const { MapDraft } = await import(new URL("mapello.js", document.baseURI).href);
    return MapDraft.fromCode(c).cells();
  }, await code(page));
}

async function counts(page) {
  const [walls, bonuses, jokers] = await page.$$eval(".editor-count output", (outs) => outs.map((o) => Number(o.textContent)));
  return { walls, bonuses, jokers };
}

/** Viewport position of the centre of outer-grid cell `index`. */
async function cellPoint(page, index) {
  const box = await page.$eval(".editor-board", (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width };
  });
  const rect = cellRect(layout(outerSide(8), box.width, MARGIN), index);
  return { x: box.x + rect.x + rect.width / 2, y: box.y + rect.y + rect.height / 2 };
}

/** A mouse drag from point `from` to point `to`, in `steps` moves. */
async function drag(page, from, to, steps) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** Waits until the editor counts `count` (a string) pieces of `kind`. */
async function waitForCount(page, kind, count) {
  await page.waitForFunction(
    ([k, n]) => document.querySelector(`.editor-count-${k} output`).textContent === n,
    [kind, count],
  );
}

async function clickCell(page, index) {
  const { x, y } = await cellPoint(page, index);
  await page.mouse.click(x, y);
}

function status(page) {
  return page.textContent(".editor-status");
}

const at = (row, col) => outerIndex(8, row, col);

test("clicks put walls and bonuses inside and jokers on the ring; counters follow", async () => {
  const { page, problems } = await openEditor();
  await clickCell(page, at(1, 1));
  await page.click(".editor-tool-bonus");
  await clickCell(page, at(6, 2));
  await page.click(".editor-tool-joker");
  await clickCell(page, 0);
  await clickCell(page, 45 - 5);
  await waitForCount(page, "jokers", "2");
  const map = await cells(page);
  assert.equal(map[at(1, 1)], "#");
  assert.equal(map[at(6, 2)], "+");
  assert.equal(map[0], "*");
  assert.equal(map[40], "*");
  assert.deepEqual(await counts(page), { walls: 1, bonuses: 1, jokers: 2 });
  assert.equal(await page.getAttribute(".editor-tool-joker", "aria-pressed"), "true");
  assert.equal(await page.getAttribute(".editor-tool-wall", "aria-pressed"), "false");
  // Clicking a piece with its own tool takes it away again.
  await clickCell(page, 0);
  await waitForCount(page, "jokers", "1");
  assert.deepEqual(problems, []);
});

test("a drag paints every cell it crosses, even in one fast move", async () => {
  const { page, problems } = await openEditor();
  const from = await cellPoint(page, at(0, 0));
  const to = await cellPoint(page, at(0, 7));
  await drag(page, from, to, 1);
  await waitForCount(page, "walls", "8");
  const map = await cells(page);
  for (let col = 0; col < 8; col += 1) assert.equal(map[at(0, col)], "#", `column ${col}`);
  // The whole stroke is one step of history.
  await page.click("[data-action=undo]");
  await waitForCount(page, "walls", "0");
  // Starting a drag on a wall erases walls along the way.
  await page.click("[data-action=redo]");
  await waitForCount(page, "walls", "8");
  const mid = await cellPoint(page, at(0, 3));
  await drag(page, from, mid, 3);
  await waitForCount(page, "walls", "4");
  assert.deepEqual(problems, []);
});

test("on a phone, a finger drag paints and the page does not scroll", async () => {
  const { page, problems } = await openEditor(PHONE);
  await page.click(".editor-tool-bonus");
  const from = await cellPoint(page, at(7, 0));
  const to = await cellPoint(page, at(7, 5));
  const touch = await page.context().newCDPSession(page);
  const scrollBefore = await page.evaluate(() => scrollY);
  await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [to] });
  await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await waitForCount(page, "bonuses", "6");
  const map = await cells(page);
  for (let col = 0; col < 6; col += 1) assert.equal(map[at(7, col)], "+", `column ${col}`);
  assert.equal(await page.evaluate(() => scrollY), scrollBefore);
  assert.deepEqual(problems, []);
});

test("at 360 px a refusal moves none of the tools under the board", async () => {
  const { page, problems } = await openEditor(PHONE);
  // Where the tools are on the page, whatever its scroll.
  const tools = () => page.$eval(".editor-palette", (p) => p.getBoundingClientRect().top + scrollY);
  const before = await tools();
  // A one-line message, then two lines' worth: the tools stay put.
  await page.click(".editor-tool-wall");
  assert.equal(await tools(), before);
  await page.$eval(".editor-board", (b) => b.scrollIntoView());
  await clickCell(page, 5);
  assert.match(await status(page), /wall must go on the inner board, not on the ring above e/);
  assert.equal(await tools(), before);
  await clickCell(page, at(3, 3));
  assert.match(await status(page), /d4 is a centre square/);
  assert.equal(await tools(), before);
  assert.deepEqual(problems, []);
});

test("refusals say why: centre squares, jokers inside, walls on the ring, limits", async () => {
  const { page, problems } = await openEditor();
  await clickCell(page, at(3, 3));
  assert.match(await status(page), /d4 is a centre square/);
  assert.equal(await page.getAttribute(".editor-status", "role"), "status");
  assert.ok(await page.$(".editor-status.editor-refused"));
  // Ring cells are named as the board labels them.
  await clickCell(page, 5);
  assert.match(await status(page), /wall must go on the inner board, not on the ring above e/);
  await page.click(".editor-tool-joker");
  await clickCell(page, at(2, 2));
  assert.match(await status(page), /joker must go on the ring, not on c3/);

  await page.fill(".editor-count-jokers input", "2");
  await page.press(".editor-count-jokers input", "Enter");
  for (const index of [0, 1]) await clickCell(page, index);
  await clickCell(page, 2);
  assert.match(await status(page), /too many jokers: at most 2/);
  assert.equal((await counts(page)).jokers, 2);
  // A limit below what the map holds is refused and the input restored.
  await page.fill(".editor-count-jokers input", "1");
  await page.press(".editor-count-jokers input", "Enter");
  assert.match(await status(page), /has 2 jokers/);
  assert.equal(await page.inputValue(".editor-count-jokers input"), "2");
  // A paint that works clears the refusal.
  await page.click(".editor-tool-wall");
  await clickCell(page, at(0, 0));
  assert.equal(await status(page), "");
  assert.deepEqual(problems, []);
});

test("the keyboard moves a cursor over board and ring and paints with Enter", async () => {
  const { page, problems } = await openEditor();
  await page.focus(".editor-board");
  await page.keyboard.press("ArrowRight");
  assert.match(await page.getAttribute(".editor-board", "aria-label"), /a1: empty/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  assert.match(await status(page), /Wall on b1/);
  await page.keyboard.press("b");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press(" ");
  assert.match(await status(page), /Bonus on b2/);
  await page.keyboard.press("j");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  assert.match(await status(page), /Joker on ring above b/);
  await page.keyboard.press("Delete");
  assert.match(await status(page), /Erased ring above b/);
  assert.deepEqual(await counts(page), { walls: 1, bonuses: 1, jokers: 0 });
  await page.keyboard.press("Control+z");
  assert.equal((await counts(page)).jokers, 1);
  await page.keyboard.press("Control+y");
  assert.equal((await counts(page)).jokers, 0);
  // The palette is reachable and labelled.
  for (const name of ["Wall", "Bonus", "Joker", "Erase"]) {
    assert.ok(await page.getByRole("button", { name, exact: true }).isVisible(), name);
  }
  assert.deepEqual(problems, []);
});

test("presets load their maps, random fills the limits, clear empties", async () => {
  const { page, problems } = await openEditor();
  for (const preset of PRESETS) {
    await page.selectOption(".editor-size", String(preset.size));
    await page.selectOption(".editor-presets", preset.id);
    await waitForCode(page, preset.code);
  }
  await page.selectOption(".editor-size", "8");
  assert.match(await page.textContent(".editor-presets"), /Rulebook/);
  await page.click("[data-action=random]");
  await waitForCount(page, "bonuses", "8");
  assert.deepEqual(await counts(page), { walls: 8, bonuses: 8, jokers: 8 });
  await page.click("[data-action=clear]");
  assert.deepEqual(await counts(page), { walls: 0, bonuses: 0, jokers: 0 });
  await page.click("[data-action=undo]");
  assert.deepEqual(await counts(page), { walls: 8, bonuses: 8, jokers: 8 });
  assert.deepEqual(problems, []);
});

test("the balance meter follows edits; a balanced map comes from the worker without blocking the page", async () => {
  const { page, problems } = await openEditor();
  await page.waitForFunction(() => document.querySelector(".editor-meter").hasAttribute("aria-valuenow"));
  // Every text the balance line shows, as it changes (the estimate may come
  // before the test could read the line itself).
  await page.evaluate(() => {
    const line = document.querySelector(".editor-balance-text");
    window.balanceTexts = [];
    new MutationObserver(() => window.balanceTexts.push(line.textContent)).observe(line, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await page.selectOption(".editor-presets", "crowded");
  await page.waitForFunction(() => /ahead|Even/.test(document.querySelector(".editor-balance-text").textContent));
  const texts = await page.evaluate(() => window.balanceTexts);
  assert.match(texts[0], /estimating/, texts.join(" | "));

  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
    // The button's aria-busy as it changes: a quick search can end before
    // the test could read the attribute itself.
    window.busyWas = [];
    new MutationObserver((records) => window.busyWas.push(...records.map((r) => r.oldValue))).observe(
      document.querySelector("[data-action=balanced]"),
      { attributeFilter: ["aria-busy"], attributeOldValue: true },
    );
  });
  const start = Date.now();
  await page.click("[data-action=balanced]");
  // The page answers while the worker searches.
  await page.click(".editor-tool-bonus");
  assert.equal(await page.getAttribute(".editor-tool-bonus", "aria-pressed"), "true");
  await page.waitForFunction(() => !document.querySelector("#editor").dataset.busy, null, { timeout: 30_000 });
  const ms = Date.now() - start;
  // Busy from the click until the map came, then not.
  assert.deepEqual(await page.evaluate(() => window.busyWas), [null, "true"]);
  assert.equal(await page.getAttribute("[data-action=balanced]", "aria-busy"), null);
  assert.match(await status(page), /balanced random map/i);
  await page.waitForFunction(() => /ahead|Even/.test(document.querySelector(".editor-balance-text").textContent));
  const value = Number(await page.getAttribute(".editor-meter", "aria-valuenow"));
  assert.ok(Math.abs(value) <= 2.05, `balance ${value}`);
  assert.deepEqual(await counts(page), { walls: 8, bonuses: 8, jokers: 8 });
  const frozen = (await page.evaluate(() => window.longTasks)).filter((ms) => ms >= FROZEN_MS);
  assert.deepEqual(frozen, [], `no main-thread task of ${FROZEN_MS} ms or more`);
  console.log(`balanced map in ${ms} ms, balance ${value}`);
  assert.deepEqual(problems, []);
});

test("screenshots: desktop and phone, sharp at the phone's density", async () => {
  for (const [name, options] of [
    ["editor-desktop", DESKTOP],
    ["editor-phone", PHONE],
  ]) {
    const { page, problems } = await openEditor(options);
    await page.selectOption(".editor-presets", "rulebook");
    await page.waitForFunction(() => /ahead|Even/.test(document.querySelector(".editor-balance-text").textContent));
    await page.click(".editor-tool-joker");
    await clickCell(page, at(3, 3));
    const { width, cssWidth, pageWidth } = await page.$eval(".editor-board", (c) => ({
      width: c.width,
      cssWidth: c.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
    }));
    assert.equal(width, Math.round(cssWidth * (options.deviceScaleFactor ?? 1)));
    assert.ok(pageWidth <= options.viewport.width, `${name}: the page scrolls sideways (${pageWidth}px)`);
    if (name === "editor-desktop") {
      const bottom = await page.$eval(".editor-status", (p) => p.getBoundingClientRect().bottom);
      assert.ok(bottom <= options.viewport.height, `the status line is below the fold (${bottom}px)`);
    }
    await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
    assert.deepEqual(problems, []);
  }
});
