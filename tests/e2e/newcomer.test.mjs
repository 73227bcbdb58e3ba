// The page as a newcomer meets it, driven only by its visible controls:
// every game and board size from the game chooser, the rules and the
// legend, a refused click explained, Ctrl+Z, numbered transcripts, results
// in the player's own words, settings changes that can be taken back, and
// a phone layout with the board large and the controls within reach.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BOARD_GAMES } from "../../www/js/games.js";
import { loadWasm } from "../www/wasm.mjs";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, PHONE, clickCell, clickSquare, gameState, loadMoves, moveList, noticeText, openSettings, setMode, waitForMoves } from "./game.mjs";

// The chooser's games, as the page reads them from the wasm catalogue.
await loadWasm();

const env = useSite();
const SCREENS = { desktop: DESKTOP, phone: PHONE };

/** The page's game as its own wasm module reads the saved record. */
function pageGame(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("mapello.play")).game);
}

/** Chooses a game and board size with the chooser's selects. */
async function chooseGame(page, variant, size) {
  const unfolded = await openSettings(page);
  await page.selectOption("#variant", variant);
  await page.selectOption("#board-size", String(size));
  if (unfolded) await page.click("#settings-toggle");
}

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`every game and board size is reached from the chooser and played, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    for (const { id, sizes } of BOARD_GAMES) {
      for (const size of sizes) {
        await chooseGame(page, id, size);
        const record = await pageGame(page);
        assert.equal(record.variant, id);
        const state = await gameState(page, record.map, "");
        assert.equal(state.size, size, `${id} ${size}`);
        // Reversi's first moves are the centre squares; Othello has no ring to draw.
        const [move] = (await page.evaluate(async ({ map, variant }) => {
          const { Game } = await import(new URL("mapello.js", document.baseURI).href);
          return new Game({ map, variant }).snapshot();
        }, record)).legal;
        await clickSquare(page, move, size, id === "mapello");
        await waitForMoves(page, 1);
        assert.deepEqual(await moveList(page), [move], `${id} ${size}: the click played ${move}`);
        if (size === 10) {
          await page.screenshot({ path: `${screenshots}/game-${id}-${size}-${screen}.png`, fullPage: screen === "phone" });
        }
      }
    }
    // The editor makes maps of the other sizes, and they play.
    await chooseGame(page, "mapello", 8);
    await openSettings(page);
    await page.click("#edit-map");
    await page.selectOption(".editor-size", "6");
    await page.waitForFunction(() => document.querySelector("#editor").dataset.code.startsWith("16"));
    // Each size has presets of its own.
    const offered = await page.$$eval(".editor-presets option", (options) => options.map((o) => o.value).filter(Boolean));
    assert.ok(offered.length >= 5 && offered.every((id) => id.endsWith("-6")), `6 x 6 presets: ${offered}`);
    await page.click("[data-action=random]");
    // Balanced maps come in the editor's size too.
    const random = await page.getAttribute("#editor", "data-code");
    await page.click("[data-action=balanced]");
    await page.waitForFunction(
      (before) => document.querySelector("#editor").dataset.code !== before && !document.querySelector("[aria-busy=true]"),
      random,
      { timeout: 20_000 },
    );
    assert.match(await page.getAttribute("#editor", "data-code"), /^16/);
    await page.click("[data-action=play]");
    await page.waitForSelector("#board", { state: "visible" });
    assert.equal((await gameState(page, (await pageGame(page)).map, "")).size, 6);
    assert.deepEqual(problems, []);
  });
}

for (const [screen, options] of Object.entries(SCREENS)) test(`a change of game mid-game can be taken back from its notice, on a ${screen}`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  await loadMoves(page, "c5c4b3");
  await waitForMoves(page, 3);
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  assert.match(await noticeText(page), /A new game started; the one you were playing was put aside\./);
  await page.click("#notices .notice button:not(.dismiss)");
  await waitForMoves(page, 3);
  assert.deepEqual(await moveList(page), ["c5", "c4", "b3"]);
  assert.equal(await page.inputValue("#variant"), "mapello");
  // The same for the mode and the colour against the computer.
  await page.selectOption("#mode", "computer");
  assert.match(await noticeText(page), /A new game started; the one you were playing was put aside\./);
  await page.click("#notices .notice button:not(.dismiss)");
  await waitForMoves(page, 3);
  assert.equal(await page.inputValue("#mode"), "hotseat");
  assert.deepEqual(await moveList(page), ["c5", "c4", "b3"]);
  // Free play makes maps: choosing Othello there says it becomes a series.
  await page.selectOption("#mode", "freeplay");
  // The editor opens, folding a phone's settings away; the player unfolds them again.
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  assert.equal(await page.inputValue("#mode"), "series");
  assert.match(await noticeText(page), /Free play takes turns at making maps, which Othello has none of: this is a series between two players instead\./);
  assert.deepEqual(problems, []);
});

test("the rules are a tap away for each game, and the legend explains the pieces until hidden", async () => {
  for (const [screen, options] of Object.entries(SCREENS)) {
    for (const scheme of ["light", "dark"]) {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: scheme });
      assert.ok(await page.isVisible("#legend"), "a first visit shows the legend");
      for (const piece of ["Wall", "Bonus", "Joker"]) assert.match(await page.textContent("#legend"), new RegExp(piece));
      await page.screenshot({ path: `${screenshots}/legend-${screen}-${scheme}.png`, fullPage: screen === "phone" });
      await page.click("#open-help");
      assert.ok(await page.isVisible("#help"));
      assert.match(await page.textContent("#help article:not([hidden])"), /A move must capture/);
      for (const [tab, words] of [["othello", /empty squares go to the winner/], ["reversi", /first four moves fill the four centre squares/], ["modes", /Series/]]) {
        await page.click(`#help [data-help=${tab}]`);
        assert.match(await page.textContent("#help article:not([hidden])"), words);
      }
      await page.screenshot({ path: `${screenshots}/help-${screen}-${scheme}.png` });
      await page.click("#close-help");
      assert.ok(await page.isHidden("#help"));
      await page.click("#close-legend");
      assert.ok(await page.isHidden("#legend"));
      await page.reload();
      await page.waitForSelector("body[data-ready]");
      assert.ok(await page.isHidden("#legend"), "a hidden legend stays hidden");
      // Othello's legend has no map pieces.
      assert.deepEqual(problems, []);
      await page.context().close();
    }
  }
});

for (const [screen, options] of Object.entries(SCREENS)) test(`a click where no move can go says why and shows the legal moves; Ctrl+Z and Ctrl+Y undo and redo, on a ${screen}`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  await page.uncheck("#show-legal");
  await clickSquare(page, "d4");
  assert.match(await page.textContent("#refusal"), /^d4 is taken\. The dots show where you can play\./);
  await clickSquare(page, "a1");
  assert.match(await page.textContent("#refusal"), /^a1 is a wall: nobody plays there\./);
  await clickSquare(page, "h1");
  assert.match(await page.textContent("#refusal"), /^h1 would flip no disc: a move must close a line of your opponent's discs\./);
  // The ring around the board: the joker above b (outer cell 2), then the ring left of 1 (outer row 1).
  await clickCell(page, 2);
  assert.match(await page.textContent("#refusal"), /^The joker on the ring above b is not a square to play: it counts as the mover's colour when a line of discs ends on it\. The dots show where you can play\./);
  await clickCell(page, 10);
  assert.match(await page.textContent("#refusal"), /^The ring left of 1 is outside the board: nobody plays there\./);
  assert.deepEqual(await moveList(page), []);
  await page.waitForFunction(() => document.querySelector("#refusal").textContent === "", null, { timeout: 5000 });

  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await waitForMoves(page, 1);
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  await page.keyboard.press("Control+y");
  await waitForMoves(page, 1);
  // Reversi's first four moves fill the centre, and a refusal says so.
  const unfolded = await openSettings(page);
  await page.selectOption("#variant", "reversi");
  if (unfolded) await page.click("#settings-toggle");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  await clickSquare(page, "a1", 8, false);
  assert.match(await page.textContent("#refusal"), /^a1 is not a centre square: the first four moves fill the four centre squares\./);
  await page.click("#notices .notice button:not(.dismiss)");
  await waitForMoves(page, 1);
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  await page.keyboard.press("Control+y");
  await waitForMoves(page, 1);
  // Typing in the transcript box keeps Ctrl+Z for the text.
  await page.fill("#paste", "c5");
  await page.focus("#paste");
  await page.keyboard.press("Control+z");
  assert.equal((await moveList(page)).length, 1);
  assert.deepEqual(problems, []);
});

for (const [screen, options] of Object.entries(SCREENS)) test(`the transcript box shows moves that load here, and numbered game records load, on a ${screen}`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  const example = (await page.getAttribute("#paste", "placeholder")).replace("For example: ", "");
  await loadMoves(page, example);
  await waitForMoves(page, 3);
  assert.equal(await page.textContent("#paste-error"), "");
  await loadMoves(page, "1. c5 c4 2. b3 b4");
  await waitForMoves(page, 4);
  assert.deepEqual(await moveList(page), ["c5", "c4", "b3", "b4"]);
  // The move list numbers each disc played, as Othello records and the discs do.
  const numbers = await page.$$eval("#move-list li", (items) => items.map((li) => li.dataset.number ?? ""));
  assert.deepEqual(numbers, ["1.", "2.", "3.", "4."]);
  assert.deepEqual(problems, []);
});

test("against the computer the result is the player's own, and the series says 'You lead'", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  // A whole game on the default map: white wins 43 to 27.
  const whole =
    "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
  await setMode(page, "computer", { "human-colour": "X", level: "1" });
  await loadMoves(page, whole);
  await page.waitForSelector("#result", { state: "visible" });
  assert.equal(await page.textContent("#result-title"), "You lost 27 to 43.");
  await setMode(page, "series", { opponent: "computer", level: "1" });
  await loadMoves(page, whole.replace(/paf2$/, ""));
  await page.waitForSelector("#result", { state: "visible" });
  assert.match(await page.textContent("#match-leader"), /^(You lead|Computer leads|The match is even)/);
  assert.doesNotMatch(await page.textContent("#match-leader"), /You leads/);
  assert.deepEqual(problems, []);
});

test("on a phone the board fills the width and the controls of every move are within reach", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  assert.ok(await page.isHidden("#setup"), "the settings are folded away");
  const header = await page.$eval(".masthead", (h) => h.getBoundingClientRect().height);
  assert.ok(header <= 70, `the header is ${header}px tall`);
  const board = await page.$eval("#board", (c) => c.getBoundingClientRect());
  assert.ok(board.width >= 340, `the board is ${board.width}px wide`);
  const fold = await page.evaluate(() => innerHeight);
  for (const id of ["undo", "redo", "hints", "show-legal", "status"]) {
    const box = await page.$eval(`#${id}`, (e) => (e.closest("label") ?? e).getBoundingClientRect().toJSON());
    assert.ok(box.bottom <= fold, `#${id} is below the fold (${box.bottom} > ${fold})`);
    if (id !== "status") assert.ok(box.height >= 44, `#${id} is ${box.height}px tall`);
  }
  await openSettings(page);
  for (const id of ["variant", "board-size", "mode", "level", "new-game", "edit-map"]) {
    const height = await page.$eval(`#${id}`, (e) => e.getBoundingClientRect().height);
    assert.ok(height >= 44, `#${id} is ${height}px tall`);
  }
  await page.screenshot({ path: `${screenshots}/phone-settings-open.png` });
  assert.deepEqual(problems, []);
});

test("watching two computers: a level for each side, a speed, and no toggles that do nothing", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "watch", { level: "1", "level-white": "2", "watch-speed": "fast" });
  assert.equal(await page.textContent("#level-name"), "Black's level");
  // Each card names the computer and gives its level as the level menu does.
  assert.equal(await page.textContent("#player-X .player-name"), "Computer");
  assert.match(await page.textContent("#player-X .player-bonus"), /^level 1\b/);
  assert.match(await page.textContent("#player-O .player-bonus"), /^level 2\b/);
  assert.ok(await page.isHidden("#hints"), "hints are for a player at the screen");
  assert.ok(await page.isHidden("#show-legal"));
  assert.ok(await page.isHidden("#human-colour"), "no side is the player's when two computers play");
  // Fast does not wait between moves: level 1 and 2 play 20 moves in well under the normal pace's 12 s.
  const start = Date.now();
  await waitForMoves(page, 20, 10_000);
  assert.ok(Date.now() - start < 10_000);
  // At this pace the game may end before a click lands (the button then
  // hides), so check and press in one step inside the page.
  await page.evaluate(() => {
    const pause = document.getElementById("pause");
    if (!pause.hidden) pause.click();
  });
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.inputValue("#level-white"), "2");
  assert.equal(await page.inputValue("#watch-speed"), "fast");
  assert.deepEqual(problems, []);
});

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`while the game loads, its board's place shows an empty board and the controls wait, on a ${screen}`, async () => {
    const context = await env.browser.newContext(options);
    const page = await context.newPage();
    // Hold the wasm module back, as a slow connection would.
    let release;
    const held = new Promise((done) => (release = done));
    await page.route("**/mapello_bg.wasm", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(env.site.url);
    await page.waitForSelector("#board");
    assert.equal(await page.evaluate(() => document.body.dataset.ready), undefined);
    assert.ok(await page.$eval("#setup", (form) => form.inert), "the settings wait for the game");
    assert.ok(await page.$eval("aside.side", (side) => side.inert), "the game's controls wait for the game");
    assert.match(await page.$eval("#board", (c) => getComputedStyle(c).backgroundImage), /conic-gradient/);
    assert.equal(await page.textContent("#status"), "Loading…");
    release();
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.$eval("#setup", (form) => form.inert), false);
    assert.equal(await page.$eval("aside.side", (side) => side.inert), false);
    assert.equal(await page.$eval("#board", (c) => getComputedStyle(c).backgroundImage), "none");
    await context.close();
  });
}
