// The play screen's loose ends from a newcomer's playtest (issue 33): a
// game put aside is offered back by one notice, the newest, which says
// where every older one is (Saved games, which gets each back); a link with
// an illegal move opened over a game by link it rewinds says once what
// happens; the two ways to play a friend are named apart; a finished
// game's position is set up from its last playable position; a saved game
// opens with its own clock setting, not the one chosen since; a second tab
// shows the game as played on in the first, and says when the first tab
// holds another game, neither tab's game lost; a hint drawn on a bonus
// leaves its "+3" to read, every negative value shows one minus sign (U+2212),
// and a phone's review keeps the graph in view under the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardLayout, cellRect, squareIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { cellColors, openBoard, screenshots, useSite } from "./browser.mjs";
import {
  clickSquare,
  DEFAULT_MAP,
  DESKTOP,
  gameState,
  loadMoves,
  moveList,
  noticeText,
  openSettings,
  PHONE,
  presetById,
  reviewBlunderGame,
  setMode,
  waitForMoves,
} from "./game.mjs";

const FORTRESS = presetById("fortress").code;
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
const env = useSite();

/** The first `n` moves of a game on `map` taking the `pick`th legal move at the last. */
async function someMoves(page, map, n, pick = 0) {
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const legal = (await gameState(page, map, list.join(""))).legal;
    list.push(legal[i === n - 1 ? Math.min(pick, legal.length - 1) : 0]);
  }
  return list;
}

/** Opens `fragment` as a link pasted into the open tab, and waits until it is read. */
async function paste(page, fragment) {
  await page.evaluate((hash) => (location.hash = hash), fragment);
  await page.waitForFunction(() => location.hash === "");
}

/** Clicks square `name` of the board in `page`'s tab, brought to the front, the board scrolled into view as a player would. */
async function play(page, name) {
  await page.bringToFront();
  await page.$eval("#board", (board) => board.scrollIntoView({ block: "center" }));
  await clickSquare(page, name);
}

/** The notices shown, one text each. */
function notices(page) {
  return page.$$eval("#notices .notice p", (ps) => ps.map((p) => p.textContent));
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`at ${width} px one notice offers back the newest game put aside, and Saved games every other`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const own = await someMoves(page, DEFAULT_MAP, 3);
    await loadMoves(page, own.join(""));
    await waitForMoves(page, 3);

    // A link replaces the game, then a new game replaces the link's.
    const linked = await someMoves(page, FORTRESS, 2);
    await paste(page, `#m=${FORTRESS}&g=${linked.join("")}&p=hotseat`);
    await waitForMoves(page, 2);
    await openSettings(page);
    await page.click("#new-game");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);

    const shown = await notices(page);
    const aside = shown.filter((text) => /put aside|replaced/.test(text));
    assert.equal(aside.length, 1, `one notice for the games put aside: ${JSON.stringify(shown)}`);
    assert.match(aside[0], /^A new game started; the one you were playing was put aside\. It is in Saved games too\.$/);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/notices-aside-${width}-light.png` });

    // Each game put aside comes back from Saved games.
    await page.click("#open-archive");
    await page.waitForSelector("#archive[open]");
    const states = await page.$$eval("#archive-list li .archive-state", (els) => els.map((el) => el.textContent));
    assert.deepEqual(states, ["Put aside after 2 moves.", "Put aside after 3 moves."]);
    await page.click(`#archive-list li:nth-child(2) .archive-actions button:text("Open")`);
    await waitForMoves(page, 3);
    assert.deepEqual(await moveList(page), own);
    await page.click("#open-archive");
    await page.waitForSelector("#archive[open]");
    await page.click(`#archive-list li:nth-child(1) .archive-actions button:text("Open")`);
    await waitForMoves(page, 2);
    assert.deepEqual(await moveList(page), linked);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`at ${width} px a link with an illegal move that goes back in the game by link held says once that the game stays`, async () => {
    const probe = await openBoard(env.browser, env.site.url, options);
    const three = await someMoves(probe.page, DEFAULT_MAP, 3);
    await probe.page.context().close();
    const { page, problems } = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${three.join("")}&p=corresp-white`, options);
    await waitForMoves(page, 3);

    // The link's third move is one the rules refuse: its game is the first two moves of the one held.
    await paste(page, `#m=${DEFAULT_MAP}&g=${three.slice(0, 2).join("")}a1&p=corresp-black`);
    await page.waitForFunction(() => /goes back to move 2/.test(document.querySelector("#notices").textContent));
    assert.deepEqual(await moveList(page), three, "the game held stays on the board");
    const shown = await notices(page);
    assert.equal(shown.length, 1, `one notice: ${JSON.stringify(shown)}`);
    assert.match(shown[0], /^This link's moves go wrong at move 3, perhaps changed when copied\. This link goes back to move 2 of your game, .* your game stays on the board and the link's game is in Saved games\.DetailsMove 3 in the link, a1, cannot be played: .+$/);
    assert.doesNotMatch(shown[0], /goes on from the position before it/);
    assert.ok(await page.isVisible("#notices button:has-text('Open the link')"));
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/notices-illegal-link-${width}-light.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`at ${width} px the game for two at one screen and the game by link are named apart`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openSettings(page);
    const modes = await page.$$eval("#mode option", (os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
    assert.equal(modes.hotseat, "Two players here");
    assert.equal(modes.corresp, "A friend by link");
    assert.equal(await page.textContent("#play-friend"), "Play a friend by link");
    await page.click("#set-up");
    await page.waitForSelector("#position[open]");
    assert.equal(await page.textContent("#position-friend"), "Two players, one screen");
    assert.doesNotMatch(await page.textContent("body"), /with a friend/i);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`at ${width} px a finished game's position opens on the last one it could go on from, with no error`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    await loadMoves(page, WHOLE_GAME);
    await page.waitForSelector("#result:not([hidden])");
    await page.click("#set-up");
    await page.waitForSelector("#position[open]");
    // The game's last move is f2, after a pass.
    assert.match(await page.textContent("#position-problem"), /^The game is over, so here is the position before f2 was played, the last it could go on from\. Ready to play: (Black|White) to move/);
    assert.equal(await page.getAttribute("#position-problem", "class"), "position-problem");
    assert.equal(await page.isDisabled("#position-friend"), false);
    await page.screenshot({ path: `${screenshots}/position-finished-${width}-light.png` });
    // Played from there, the game is the finished one less its last move.
    await page.click("#position-friend");
    await page.waitForSelector("#position", { state: "hidden" });
    assert.equal(await page.inputValue("#mode"), "hotseat");
    assert.equal(await page.isVisible("#result"), false);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

/** Opens the `n`th game of Saved games (from the top) by the page's buttons, and waits for its `moves`. */
async function openSaved(page, n, moves) {
  await page.click("#open-archive");
  await page.waitForSelector("#archive[open]");
  await page.click(`#archive-list li:nth-child(${n + 1}) .archive-actions button:text("Open")`);
  await page.waitForFunction((want) => [...document.querySelectorAll("#move-list li")].map((li) => li.textContent).join() === want.join(), moves);
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`at ${width} px a saved game opens with the clock it was played with, or none`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const untimed = await someMoves(page, DEFAULT_MAP, 2);
    await loadMoves(page, untimed.join(""));
    await waitForMoves(page, 2);
    // A clock chosen starts a new game, the untimed one put aside.
    await setMode(page, "hotseat", { clock: "3+2" });
    await page.waitForSelector("#clock-X", { state: "visible" });
    const timed = await someMoves(page, DEFAULT_MAP, 3);
    await loadMoves(page, timed.join(""));
    await waitForMoves(page, 3);
    await setMode(page, "hotseat", { clock: "none" });
    await page.waitForSelector("#clock-X", { state: "hidden" });

    // Saved games, newest first: the timed game, then the untimed one.
    await openSaved(page, 0, timed);
    await openSettings(page);
    assert.equal(await page.inputValue("#clock"), "3+2", "the timed game comes back with its clock");
    await page.waitForSelector("#clock-X", { state: "visible" });
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/saved-game-clock-${width}-light.png` });
    await openSaved(page, 1, untimed);
    await openSettings(page);
    assert.equal(await page.inputValue("#clock"), "none", "the untimed game comes back without one");
    await page.waitForSelector("#clock-X", { state: "hidden" });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`at ${width} px a second tab follows the game played on in the first, and keeps its own when they differ`, async () => {
    const { page: first, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(first, "hotseat");
    const moves = await someMoves(first, DEFAULT_MAP, 3);
    await loadMoves(first, moves.slice(0, 2).join(""));
    await waitForMoves(first, 2);
    const second = await first.context().newPage();
    const seen = [];
    second.on("pageerror", (err) => seen.push(err.message));
    await second.goto(env.site.url);
    await second.waitForSelector("body[data-ready]");
    assert.deepEqual(await moveList(second), moves.slice(0, 2));

    // Played on in the first tab, the game is shown as it stands in the second.
    await play(first, moves[2]);
    await waitForMoves(first, 3);
    await waitForMoves(second, 3);
    assert.deepEqual(await moveList(second), moves);
    assert.match(await noticeText(second), /This game was played on in another tab/);

    // Another game in the first tab: the second keeps its own and says so.
    await openSettings(first);
    await first.click("#new-game");
    const [other] = await someMoves(first, DEFAULT_MAP, 1, 1);
    await play(first, other);
    await waitForMoves(first, 1);
    await second.waitForFunction(() => /Another tab is playing another game/.test(document.querySelector("#notices").textContent));
    assert.deepEqual(await moveList(second), moves, "the second tab's game stays");
    await second.evaluate(() => scrollTo(0, 0));
    await second.screenshot({ path: `${screenshots}/tabs-other-game-${width}-light.png` });

    // Played on in the second tab, the first tab's game goes into Saved games, not lost.
    const [next] = (await gameState(second, DEFAULT_MAP, moves.join(""))).legal;
    await play(second, next);
    await waitForMoves(second, 4);
    await second.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.some((e) => e.game.moves.length === 2));
    // ...and the first tab, told, can open the second's game.
    await first.bringToFront();
    await first.waitForFunction(() => /Another tab is playing another game/.test(document.querySelector("#notices").textContent));
    await first.click("#notices button:text('Open that game here')");
    await waitForMoves(first, 4);
    assert.deepEqual(await moveList(first), [...moves, next]);
    assert.deepEqual([...problems, ...seen], []);
    await first.context().close();
  });
}

/** A line of first legal moves on `map` to a position where a legal move is on a bonus: `{ moves, bonus }`. */
async function toBonusMove(page, map) {
  const moves = [];
  for (;;) {
    const { legal, cells, size } = await gameState(page, map, moves.join(""));
    const bonus = legal.find((name) => cells[squareIndex(size, name)] === "+");
    if (bonus) return { moves, bonus, size };
    moves.push(legal[0]);
  }
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`at ${width} px, ${colorScheme}, a hint on a bonus leaves its +3 to read, and no value looks like one`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await setMode(page, "hotseat");
      const { moves, bonus, size } = await toBonusMove(page, DEFAULT_MAP);
      if (moves.length) {
        await loadMoves(page, moves.join(""));
        await waitForMoves(page, moves.length);
      }
      await page.$eval("#board", (board) => board.scrollIntoView({ block: "center" }));
      const index = squareIndex(size, bonus);
      const plain = await cellColors(page, size, index);
      // The value is drawn when the computer has valued the moves: its backdrop darkens the square's foot.
      const pixels = await page.$eval("#board", (c) => c.width);
      const rect = cellRect(boardLayout(size, true, pixels, MARGIN), index);
      const foot = { x: Math.floor(rect.x + rect.width * 0.15), y: Math.floor(rect.y + rect.height * 0.9) };
      const pixel = (/** @type {{ x: number, y: number }} */ at) => page.$eval("#board", (c, { x, y }) => [...c.getContext("2d").getImageData(x, y, 1, 1).data].join(), at);
      const before = await pixel(foot);
      // A move on a plain square: its value goes in the same band at the
      // foot, under the move's dot, never in the middle as a bonus's +3 is.
      const { legal, cells } = await gameState(page, DEFAULT_MAP, moves.join(""));
      const plainMove = squareIndex(size, /** @type {string} */ (legal.find((name) => cells[squareIndex(size, name)] === ".")));
      const plainRect = cellRect(boardLayout(size, true, pixels, MARGIN), plainMove);
      const side = { x: Math.floor(plainRect.x + plainRect.width * 0.15), y: Math.floor(plainRect.y + plainRect.height * 0.55) };
      const plainFoot = { x: side.x, y: Math.floor(plainRect.y + plainRect.height * 0.9) };
      const [sideBefore, plainFootBefore] = [await pixel(side), await pixel(plainFoot)];
      await page.check("#hints");
      await page.waitForFunction(
        ({ x, y, before }) => [...document.querySelector("#board").getContext("2d").getImageData(x, y, 1, 1).data].join() !== before,
        { ...foot, before },
        { timeout: 30_000 },
      );
      const hinted = await cellColors(page, size, index);
      assert.deepEqual(hinted.center, plain.center, `the +3 at the centre of ${bonus} is as without hints`);
      assert.deepEqual(hinted.upper, plain.upper, `the bonus disc above the +3 of ${bonus} is as without hints`);
      assert.equal(await pixel(side), sideBefore, "the middle of a plain square's hint is left as it was");
      assert.notEqual(await pixel(plainFoot), plainFootBefore, "a plain square's value is in the band at its foot");
      await page.screenshot({ path: `${screenshots}/hints-on-bonus-${width}-${colorScheme}.png` });
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test(`at ${width} px every negative value in a review shows the one minus sign, U+2212`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await reviewBlunderGame(page);
    await page.click("#review-list li:nth-child(3) button");
    const shown = await page.$eval("#review", (el) => el.textContent);
    assert.match(shown, /\u2212\d/, "negative values are shown");
    assert.doesNotMatch(shown, /(^|[\s(:])-\d/, "no hyphen-minus before a number");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const colorScheme of ["light", "dark"]) {
  test(`reviewing at 360 px, ${colorScheme}, the whole graph shows under the board and the move's sentence`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...PHONE, colorScheme });
    await reviewBlunderGame(page);
    // The player taps a chip of the summary, then scrolls to the graph to read it.
    await page.$eval("#review-summary li button", (b) => b.scrollIntoView({ block: "end" }));
    await page.tap("#review-summary li button");
    await page.waitForFunction(() => document.querySelector("#review-move").textContent !== "");
    await page.$eval("#review-graph", (g) => g.scrollIntoView({ block: "end" }));
    const hits = await page.$eval("#review-graph", (g) => {
      const r = g.getBoundingClientRect();
      return [r.top + 4, r.top + r.height / 2, r.bottom - 4].map((y) => g.contains(document.elementFromPoint(r.left + r.width / 2, y)));
    });
    assert.deepEqual(hits, [true, true, true], "nothing stuck over the graph");
    // Scrolled further, the sentence and its steps stick under the board: what is left below is the graph's and the chips'.
    const free = await page.evaluate(() => innerHeight - document.querySelector("#board").getBoundingClientRect().bottom - document.querySelector("#review-step").offsetHeight);
    assert.ok(free >= 740 / 3, `${free} px left under the board and the move's sentence`);
    await page.screenshot({ path: `${screenshots}/review-graph-360-${colorScheme}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
