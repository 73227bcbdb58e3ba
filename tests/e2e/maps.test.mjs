// Every map a player can make is playable: each preset, random and balanced
// maps, and a wall on every inner square, chosen in the editor and played
// with "Play this map", in a game against the computer and in free play.
// A wall on row 5 once froze the tab (a hidden board drawn at 1 px and a
// hatching loop that never advanced), so each map checks that the page still
// answers and draws the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cellRect, layout, outerIndex, outerSide } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { cellColors, openBoard, useSite } from "./browser.mjs";
import { clickSquare, DESKTOP, gameState, moveList, noticeText, PHONE, PRESETS, openSettings, setMode, waitForMoves } from "./game.mjs";

const env = useSite();

// How long a live page may take to answer a script and draw two frames.
const ANSWER_MS = 5_000;

/** Resolves when the page runs a script and two animation frames, or fails after ANSWER_MS. */
async function assertResponsive(page, what) {
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`the page stopped responding after ${what}`)), ANSWER_MS);
  });
  try {
    await Promise.race([
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page whose crashes are recorded in `problems`. */
async function open(contextOptions = DESKTOP) {
  const opened = await openBoard(env.browser, env.site.url, contextOptions);
  opened.page.on("crash", () => opened.problems.push("the tab crashed"));
  return opened;
}

async function openEditorFromGame(page) {
  await openSettings(page);
  await page.click("#edit-map");
  await page.waitForSelector(".editor-board", { state: "visible" });
}

function editorCode(page) {
  return page.getAttribute("#editor", "data-code");
}

/** The map's cells, decoded by the page's own wasm module. */
function cellsOf(page, code) {
  return page.evaluate(async (c) => {
    const { MapDraft } = await import(new URL("mapello.js", document.baseURI).href);
    return MapDraft.fromCode(c).cells();
  }, code);
}

/**
 * Presses "Play this map" and checks the game that follows: the page answers,
 * the board is drawn at its size, the game is on the editor's map, and every
 * wall of the map is drawn dark on the board.
 */
async function playAndCheck(page, what) {
  const code = await editorCode(page);
  const size = await page.evaluate(async (c) => {
    const { MapDraft } = await import(new URL("mapello.js", document.baseURI).href);
    return MapDraft.fromCode(c).size();
  }, code);
  await page.click("[data-action=play]");
  await assertResponsive(page, what);
  await page.waitForSelector("#board", { state: "visible" });
  const width = await page.$eval("#board", (c) => c.width);
  assert.ok(width > 200, `${what}: the board is ${width} px wide`);
  const state = await page.evaluate(async () => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    return new Game(undefined).snapshot();
  });
  assert.equal(state.size, 8);
  const cells = await cellsOf(page, code);
  const walls = [...cells].flatMap((c, i) => (c === "#" ? [i] : []));
  // A wall is grey, its block and hatching alike, where a square is green.
  const grey = ([r, g, b]) => Math.max(r, g, b) - Math.min(r, g, b) < 30;
  for (const index of walls) {
    const { center, corner } = await cellColors(page, size, index);
    assert.ok(grey(center) && grey(corner), `${what}: the wall at ${index} is drawn (${center}, ${corner})`);
  }
  return code;
}

test("every preset of every size plays from the editor without freezing the page", async () => {
  const { page, problems } = await open();
  for (const preset of PRESETS) {
    await openEditorFromGame(page);
    await page.selectOption(".editor-size", String(preset.size));
    await page.selectOption(".editor-presets", preset.id);
    await page.waitForFunction((c) => document.querySelector("#editor").dataset.code === c, preset.code);
    assert.equal(await playAndCheck(page, `the preset ${preset.name}`), preset.code);
    assert.deepEqual(problems, [], preset.name);
  }
});

for (const [screen, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`every preset of every size is chosen under Map in the settings and played, on a ${screen}`, async () => {
    const { page, problems } = await open(options);
    await setMode(page, "hotseat");
    const chosen = () => page.evaluate(() => JSON.parse(localStorage.getItem("mapello.play")).game.map);
    for (const size of [6, 8, 10]) {
      await openSettings(page);
      await page.selectOption("#board-size", String(size));
      const names = await page.$$eval("#map-choice option", (all) => all.map((o) => o.textContent));
      const presets = PRESETS.filter((p) => p.size === size);
      assert.deepEqual(names, presets.map((p) => p.name), `${size} x ${size}`);
      for (const preset of presets) {
        await openSettings(page);
        await page.selectOption("#map-choice", preset.code);
        await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
        assert.equal(await chosen(), preset.code, preset.name);
        assert.equal(await page.$eval("#map-choice", (s) => s.selectedOptions[0].textContent), preset.name);
        await assertResponsive(page, `the preset ${preset.name}`);
        const [move] = (await gameState(page, preset.code, "")).legal;
        await clickSquare(page, move, size);
        await waitForMoves(page, 1);
        assert.deepEqual(problems, [], preset.name);
      }
    }
    // A map of one's own is named as such, and choosing a preset over it keeps its game a click away.
    await openSettings(page);
    await page.click("#edit-map");
    await page.waitForSelector(".editor-board", { state: "visible" });
    await page.click("[data-action=random]");
    await page.click("[data-action=play]");
    await page.waitForSelector("#board", { state: "visible" });
    const own = await chosen();
    await openSettings(page);
    assert.equal(await page.$eval("#map-choice", (s) => s.selectedOptions[0].textContent), "Custom map");
    const [first] = (await gameState(page, own, "")).legal;
    await clickSquare(page, first, 10);
    await waitForMoves(page, 1);
    await openSettings(page);
    await page.selectOption("#map-choice", PRESETS.find((p) => p.size === 10).code);
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
    assert.match(await noticeText(page), /put aside/);
    await page.click("#notices .notice button:text('Back to that game')");
    await waitForMoves(page, 1);
    assert.equal(await chosen(), own);
    assert.deepEqual(await moveList(page), [first]);
    // Games without maps have no map to choose.
    await openSettings(page);
    await page.selectOption("#variant", "othello");
    assert.equal(await page.isVisible("#map-choice"), false);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("random and balanced maps play without freezing the page, on a phone too", async () => {
  for (const options of [DESKTOP, PHONE]) {
    const { page, problems } = await open(options);
    const rounds = options === DESKTOP ? { random: 24, balanced: 6 } : { random: 8, balanced: 2 };
    for (const [action, count] of Object.entries(rounds)) {
      for (let k = 0; k < count; k += 1) {
        await openEditorFromGame(page);
        const before = await editorCode(page);
        await page.click(`[data-action=${action}]`);
        await page.waitForFunction(
          (b) => document.querySelector("#editor").dataset.code !== b && !document.querySelector("[aria-busy=true]"),
          before,
          { timeout: 20_000 },
        );
        await playAndCheck(page, `${action} map ${k + 1}`);
      }
    }
    assert.deepEqual(problems, []);
  }
});

test("a single wall on any inner square plays without freezing the page", async () => {
  const { page, problems } = await open();
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      // The four centre squares hold the starting discs and refuse walls.
      if ((row === 3 || row === 4) && (col === 3 || col === 4)) continue;
      const name = `${"abcdefgh"[col]}${row + 1}`;
      await openEditorFromGame(page);
      await page.click("[data-action=clear]");
      await page.click(".editor-tool-wall");
      const code = await placeWall(page, row, col);
      assert.equal([...(await cellsOf(page, code))].filter((c) => c === "#").length, 1, name);
      await playAndCheck(page, `a wall on ${name}`);
    }
  }
  assert.deepEqual(problems, []);
});

test("free play with a walled map reaches the game, and a reload in its set-up comes back", async () => {
  const { page, problems } = await open();
  await page.selectOption("#mode", "freeplay");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.selectOption(".editor-presets", "crossroads");
  await page.click("[data-action=play]");
  await assertResponsive(page, "playing the Crossroads preset in free play");
  await page.click("#choose button[data-colour=X]");
  await assertResponsive(page, "choosing a colour");
  assert.equal(await page.isVisible("#board"), true);
  // A set-up phase saved with a walled map opens again after a reload.
  await page.selectOption("#mode", "computer");
  await page.selectOption("#mode", "freeplay");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.selectOption(".editor-presets", "crossroads");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await assertResponsive(page, "reloading during the set-up of a walled map");
  await page.click("[data-action=play]");
  await assertResponsive(page, "playing the map after the reload");
  assert.deepEqual(problems, []);
});

/** Paints one wall at inner `row`, `col` by clicking it; returns the new code. */
async function placeWall(page, row, col) {
  const before = await editorCode(page);
  const box = await page.$eval(".editor-board", (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width };
  });
  const rect = cellRect(layout(outerSide(8), box.width, MARGIN), outerIndex(8, row, col));
  await page.mouse.click(box.x + rect.x + rect.width / 2, box.y + rect.y + rect.height / 2);
  await page.waitForFunction((b) => document.querySelector("#editor").dataset.code !== b, before);
  return editorCode(page);
}
