// Shared by the play-page end-to-end tests: clicking squares, waiting for
// moves, reading the page's game and its long tasks.
import assert from "node:assert/strict";
import { boardLayout, cellRect, squareIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { loadWasm } from "../www/wasm.mjs";
import { openBoard } from "./browser.mjs";

/** The ready-made maps, from the catalogue of the built wasm module (src/presets.rs). */
export const PRESETS = (await loadWasm()).presets();

/** The preset with this id. */
export function presetById(id) {
  return PRESETS.find((p) => p.id === id);
}

/** The map a first visit plays on. */
export const DEFAULT_MAP = presetById("rulebook").code;

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** Viewport point at the centre of square `name` (e.g. "e3") of a board of `size`, drawn with its ring or without. */
export function squarePoint(page, name, size = 8, ring = true) {
  return cellPoint(page, squareIndex(size, name), size, ring);
}

/** Viewport point at the centre of outer-grid cell `index` (a square or a ring cell) of the play board. */
async function cellPoint(page, index, size, ring) {
  const box = await page.$eval("#board", (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width };
  });
  const rect = cellRect(boardLayout(size, ring, box.width, MARGIN), index);
  return { x: box.x + rect.x + rect.width / 2, y: box.y + rect.y + rect.height / 2 };
}

/** Clicks square `name` on the play board (of `size`, with or without its ring). */
export function clickSquare(page, name, size = 8, ring = true) {
  return clickCell(page, squareIndex(size, name), size, ring);
}

/** Clicks outer-grid cell `index` (a square, or a cell of the ring) on the play board of `size`. */
export async function clickCell(page, index, size = 8, ring = true) {
  let { x, y } = await cellPoint(page, index, size, ring);
  // A square scrolled out of sight is scrolled back first, as a player
  // would (a dialog returning focus to its button below the board on a
  // phone leaves the board's top rows above the screen).
  if (y < 0 || y > (await page.evaluate(() => innerHeight))) {
    await page.$eval("#board", (c) => c.scrollIntoView({ block: "nearest" }));
    ({ x, y } = await cellPoint(page, index, size, ring));
  }
  await page.mouse.click(x, y);
}

/** The moves in the page's move list. */
export function moveList(page) {
  return page.$$eval("#move-list li", (items) => items.map((li) => li.textContent));
}

/** Waits until the move list holds at least `n` moves. */
export async function waitForMoves(page, n, timeout = 30_000) {
  await page.waitForFunction((k) => document.querySelectorAll("#move-list li").length >= k, n, { timeout });
}

/**
 * Plays the first legal move of the game on `page` (on `map`) by a click,
 * waits until it is in the move list, and gives it.
 */
export async function playFirstLegal(page, map = DEFAULT_MAP) {
  const before = await moveList(page);
  const [move] = (await gameState(page, map, before.join(""))).legal;
  await clickSquare(page, move);
  await waitForMoves(page, before.length + 1);
  return move;
}

/**
 * Presses "Send this link", by a click or from the keyboard, and gives the
 * link it sent (copied here: no share sheet headless; the page's context
 * needs the clipboard permissions).
 */
export async function sendLink(page, { keyboard = false } = {}) {
  if (keyboard) {
    await page.focus("#corresp-send");
    await page.keyboard.press("Enter");
  } else {
    await page.click("#corresp-send");
  }
  // Whatever the page says of the sending, so that a refusal is told apart
  // from silence; silence says where the focus was (an Enter that missed).
  await page.waitForFunction(() => document.querySelector("#corresp-sent").textContent !== "").catch(async () => {
    const state = await page.evaluate(() => ({ focused: document.activeElement?.id, pageFocused: document.hasFocus(), link: document.querySelector("#corresp-link").value }));
    assert.fail(`"Send this link" said nothing: ${JSON.stringify(state)}`);
  });
  assert.match(await page.textContent("#corresp-sent"), /copied|shared/);
  return page.inputValue("#corresp-link");
}

/** Clicks square `name` of the set-up dialog's board (8 x 8 with its ring), scrolled into view as a player would. */
export async function putAt(page, name) {
  const box = await page.$eval("#position-board", (c) => {
    c.scrollIntoView({ block: "nearest" });
    const r = c.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width };
  });
  const rect = cellRect(boardLayout(8, true, box.width, MARGIN), squareIndex(8, name));
  await page.mouse.click(box.x + rect.x + rect.width / 2, box.y + rect.y + rect.height / 2);
}

/** The board with the computer playing black at `level`, once it has opened. */
export async function openAsWhite(env, level) {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { "human-colour": "O", level });
  await waitForMoves(page, 1);
  return { page, problems };
}

/** `Game.snapshot()` of map `map` after `moves`, from the page's own wasm module. */
export function gameState(page, map, moves) {
  return page.evaluate(
    async ({ map, moves }) => {
      const { Game } = await import(new URL("mapello.js", document.baseURI).href);
      return new Game({ map, moves }).snapshot();
    },
    { map, moves },
  );
}

/**
 * Unfolds the game settings where a phone folds them away, as a player taps
 * them open; true when it did.
 */
export async function openSettings(page) {
  if ((await page.isVisible("#settings-toggle")) && (await page.getAttribute("#settings-toggle", "aria-expanded")) !== "true") {
    await page.click("#settings-toggle");
    return true;
  }
  return false;
}

/** Chooses `mode` (and more settings, by select id), folding the settings away again on a phone. */
export async function setMode(page, mode, selects = {}) {
  const unfolded = await openSettings(page);
  await page.selectOption("#mode", mode);
  for (const [id, value] of Object.entries(selects)) await page.selectOption(`#${id}`, value);
  if (unfolded) await page.click("#settings-toggle");
}

/**
 * Clicks "Play a friend by link" and waits until the panel that says what
 * to do next is in view (on a phone the page scrolls to it).
 */
export async function playByLink(page) {
  await page.click("#play-friend");
  await page.waitForFunction(() => {
    const turn = document.querySelector("#corresp-turn")?.getBoundingClientRect();
    return turn && turn.height > 0 && turn.top >= 0 && turn.bottom <= innerHeight;
  });
}

/** Pastes `transcript` into the transcript box and loads it. */
export async function loadMoves(page, transcript) {
  await page.fill("#paste", transcript);
  await page.click("#load-moves");
}

/**
 * A main-thread task this long means the page froze. A long task the page
 * can live with is a benchmark's business (tests/bench/long_tasks.mjs); a
 * search on the main thread would be one task of the whole think (over
 * 1.2 s at level 10), while on a machine loaded to 12 on 2 cores the bench
 * measured a task of 448 ms: the line is drawn at a second. Each test that
 * uses it also checks that the page answers a click while the worker works.
 */
export const FROZEN_MS = 1000;

/** Starts recording the page's long tasks (over 50 ms) into `window.longTasks`. */
export function watchLongTasks(page) {
  return page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask" });
  });
}

/** Text of every notice on the page. */
export function noticeText(page) {
  return page.$$eval("#notices .notice p", (ps) => ps.map((p) => p.textContent).join(" "));
}

// On the rulebook map (the first visit's), black's f7 at move 3 gives away
// 13 points at the review's level 3: `mapello review --position
// 18EwAAAAMAABIAABJRhCAAQAA d6 e6 f7 e7` prints
// `3 X f7 -11 best f5 +2 loss 13 blunder depth 6`.
export const BLUNDER_GAME = ["d6", "e6", "f7", "e7"];

/** Plays BLUNDER_GAME by clicks, two players on one screen. */
export async function playBlunderGame(page) {
  await setMode(page, "hotseat");
  for (const [i, square] of BLUNDER_GAME.entries()) {
    await clickSquare(page, square);
    await waitForMoves(page, i + 1);
  }
}

/** Plays BLUNDER_GAME, opens its review and waits until every move is analysed. */
export async function reviewBlunderGame(page, timeout = 30_000) {
  await playBlunderGame(page);
  await page.click("#review-game");
  await page.waitForFunction(() => document.querySelector("#review")?.dataset.state === "done", null, { timeout });
}
