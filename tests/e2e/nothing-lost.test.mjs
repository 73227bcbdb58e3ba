// Nothing played is lost without a way back (issue 30 point 1, issue 37
// points 1 and 4): every action that replaces a game in progress (loading
// moves, New game, the next game, playing an edited map, a series, a Blocs
// paste or link) puts it aside behind a "Back to that game" notice; an empty
// box or a damaged link changes nothing; a level change keeps the game.
// Each is reached as a player reaches it, by the page's visible controls,
// on a desktop and on a phone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, gameState, loadMoves, moveList, noticeText, openSettings, PHONE, PRESETS, setMode, waitForMoves } from "./game.mjs";

const env = useSite();
const SCREENS = { desktop: DESKTOP, phone: PHONE };
// A whole game on the default map, ending in a pass by black (play.test.mjs).
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";
const PUT_ASIDE = /A new game started; the one you were playing was put aside\./;

/** A page with a hot-seat game of the first legal moves, `n` of them, on the default map. */
async function gameInProgress(options, n = 4) {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  let moves = "";
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const [move] = (await gameState(page, DEFAULT_MAP, moves)).legal;
    moves += move;
    list.push(move);
  }
  await loadMoves(page, moves);
  await waitForMoves(page, n);
  return { page, problems, moves: list };
}

/** Presses the notice's "Back to that game" and waits for the game's `moves` to be back. */
async function goBack(page, moves) {
  await page.click("#notices .notice button:text('Back to that game')");
  await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, moves.length);
  assert.deepEqual(await moveList(page), moves);
}

/** Goes back to the game put aside, checks it, and the game it replaced is a notice away. */
async function swapBack(page, moves) {
  await goBack(page, moves);
  assert.match(await noticeText(page), /Your game is back; the one it replaced was put aside\./);
}

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`an empty transcript box is refused and a loaded one puts the game aside, on a ${screen}`, async () => {
    const { page, problems, moves } = await gameInProgress(options);
    for (const text of ["", "   ", "\n\t"]) {
      await page.fill("#paste", text);
      await page.click("#load-moves");
      assert.equal(await page.textContent("#paste-error"), "Paste some moves first: the box is empty, so the game is unchanged.");
      assert.deepEqual(await moveList(page), moves, JSON.stringify(text));
      assert.ok(await page.isEnabled("#undo"), "undo still reaches the game's moves");
    }
    assert.equal(await noticeText(page), "", "nothing was replaced");
    await page.screenshot({ path: `${screenshots}/play-paste-empty-${screen}.png` });

    // A shorter transcript replaces the game: the longer one comes back.
    await loadMoves(page, moves[0]);
    await waitForMoves(page, 1);
    assert.equal(await page.textContent("#paste-error"), "");
    assert.match(await noticeText(page), /The moves were loaded; the game you were playing was put aside\./);
    // The game back holds the loaded one (its first move), so nothing else is put aside.
    await goBack(page, moves);
    assert.equal(await noticeText(page), "");
    // Another opening replaces it: going back puts that one aside, and both stay a click away.
    const other = (await gameState(page, DEFAULT_MAP, "")).legal[1];
    await loadMoves(page, other);
    await waitForMoves(page, 1);
    await swapBack(page, moves);
    await swapBack(page, [other]);
    await swapBack(page, moves);
    // A transcript that plays on from the game replaces nothing.
    const [next] = (await gameState(page, DEFAULT_MAP, moves.join(""))).legal;
    await loadMoves(page, moves.join("") + next);
    await waitForMoves(page, moves.length + 1);
    assert.doesNotMatch(await noticeText(page), /The moves were loaded/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`New game, the next game and a new map each keep a way back, on a ${screen}`, async () => {
    const { page, problems, moves } = await gameInProgress(options);
    await page.click("#copy-moves");
    await page.waitForFunction(() => document.querySelector("#copied").textContent !== "");
    await openSettings(page);
    await page.click("#new-game");
    assert.equal(await page.textContent("#copied"), "", "what was said of the old game goes with it");
    // On a phone the settings fold away again, so the new game's board is in view.
    assert.equal(await page.isVisible("#board"), true);
    if (screen === "phone") assert.equal(await page.getAttribute("#settings-toggle", "aria-expanded"), "false");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
    assert.match(await noticeText(page), PUT_ASIDE);
    await goBack(page, moves);

    // The map editor's "Play this map" starts a game on the edited map.
    await openSettings(page);
    await page.click("#edit-map");
    await page.waitForSelector("#editor:not([hidden])");
    await page.click("[data-action=random]");
    await page.click("[data-action=play]");
    await page.waitForSelector("#board", { state: "visible" });
    assert.deepEqual(await moveList(page), []);
    assert.match(await noticeText(page), PUT_ASIDE);
    await goBack(page, moves);

    // A finished game's "New game" keeps it too.
    await loadMoves(page, WHOLE_GAME);
    await page.waitForSelector("#result:not([hidden])");
    const whole = await moveList(page);
    await page.click("#next-game");
    await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
    await goBack(page, whole);
    assert.equal(await page.isVisible("#result"), true, "the result is shown again");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a level change keeps the game; a new series keeps the match a step back", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "computer", { level: "1" });
  const [first] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await loadMoves(page, first);
  await waitForMoves(page, 2);
  const played = await moveList(page);
  await openSettings(page);
  await page.selectOption("#level", "3");
  assert.deepEqual(await moveList(page), played, "the level applies from the next move");
  assert.equal(await noticeText(page), "");

  // A series: a game finished and recorded, then "New series".
  await page.selectOption("#mode", "series");
  await page.selectOption("#opponent", "human");
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result:not([hidden])");
  await page.click("#next-game");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 2"));
  await openSettings(page);
  await page.click("#new-game");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 1"));
  assert.match(await noticeText(page), /the series you were playing was put aside with its standing\. Its games are in Saved games too\./);
  await page.click("#notices .notice button:text('Back to that series')");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 2"));
  assert.match(await page.textContent("#match-rows"), /1/);
  // "Play this map" in the editor starts a series on the edited map; the one under way is a click away.
  await openSettings(page);
  await page.click("#edit-map");
  await page.waitForSelector("#editor:not([hidden])");
  await page.click("[data-action=random]");
  await page.click("[data-action=play]");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 1"));
  assert.match(await noticeText(page), /the series you were playing was put aside with its standing/);
  await page.click("#notices .notice button:text('Back to that series')");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 2"));
  assert.match(await page.textContent("#match-rows"), /1/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a series put aside mid-game comes back from Saved games with its standing, once its notice is gone", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "series", { opponent: "human" });
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result:not([hidden])");
  await page.click("#next-game");
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 2"));
  const rows = await page.textContent("#match-rows");
  const [first] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await loadMoves(page, first);
  await waitForMoves(page, 1);
  // Another map: a new series; its notice goes after a few moves.
  const fortress = PRESETS.find((p) => p.id === "fortress").code;
  await page.selectOption("#map-choice", fortress);
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 1"));
  let moves = "";
  for (let i = 0; i < 6; i += 1) moves += (await gameState(page, fortress, moves)).legal[0];
  await loadMoves(page, moves);
  await waitForMoves(page, 6);
  assert.doesNotMatch(await noticeText(page), /Back to that series/);
  await page.click("#open-archive");
  await page.waitForSelector("#archive[open]");
  const kept = '#archive-list li:has(.archive-state:text("Put aside after 1 move, in game 2 of a series."))';
  await page.click(`${kept} .archive-actions button:text("Open")`);
  await page.waitForFunction(() => document.querySelector("#match-title").textContent.includes("game 2"));
  assert.equal(await page.textContent("#match-rows"), rows, "the standing is back");
  assert.deepEqual(await moveList(page), [first]);
  assert.equal(await page.inputValue("#mode"), "series");
  assert.deepEqual(problems, []);
  await page.context().close();
});

/** The Blocs page with the moves of `transcript` loaded by paste, by its visible controls. */
async function blocsGame(options, transcript) {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await openSettings(page);
  await page.selectOption("#variant", "blocs");
  await page.waitForSelector("#blocs-page:not([hidden])");
  await page.selectOption("#blocs-opponent", "human");
  await page.fill("#blocs-paste", transcript);
  await page.click("#blocs-load-moves");
  return { page, problems };
}

const blocsMoves = (page) => page.$$eval("#blocs-moves li", (items) => items.map((li) => li.textContent));

test("Blocs: games put aside one after another each keep their way back, and going back puts the other aside", async () => {
  const { page, problems } = await blocsGame(DESKTOP, "a1X b1O");
  for (const moves of ["c3X", "d4O"]) {
    await page.fill("#blocs-paste", moves);
    await page.click("#blocs-load-moves");
  }
  const backs = page.locator("#notices .notice button:text('Back to that game')");
  assert.equal(await backs.count(), 2, "the second game put aside keeps the first's way back");
  // The oldest notice first: each game comes back in turn, none lost on the way.
  for (const game of [["First player: a1X", "Second player: b1O"], ["First player: c3X"], ["First player: d4O"]]) {
    await backs.first().click();
    assert.deepEqual(await blocsMoves(page), game);
    assert.equal(await backs.count(), 2);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`Blocs: an empty paste and a damaged link change nothing, a good link keeps the game a step back, on a ${screen}`, async () => {
    const { page, problems } = await blocsGame(options, "a1X b1O");
    const two = ["First player: a1X", "Second player: b1O"];
    assert.deepEqual(await blocsMoves(page), two);
    await page.fill("#blocs-paste", "  ");
    await page.click("#blocs-load-moves");
    assert.equal(await page.textContent("#blocs-paste-error"), "Paste some moves first: the box is empty, so the game is unchanged.");
    assert.deepEqual(await blocsMoves(page), two);

    // Damaged links, pasted into the open tab: the game stays, and the notice speaks of a link.
    for (const fragment of ["#blocs=zz", "#blocs=a1-d4", "#blocs=b2Xb2X", `#blocs=${"a1X".repeat(4000)}`]) {
      await page.evaluate((hash) => (location.hash = hash), fragment);
      await page.waitForFunction(() => location.hash === "");
      const said = await noticeText(page);
      assert.match(said, /^This link is incomplete or damaged: .+ Your game is as you left it\.Details.+$/, fragment);
      assert.doesNotMatch(said, /restored|options\./, fragment);
      const shown = await page.$eval("#notices .notice p", (p) => p.firstChild.textContent);
      assert.ok(shown.length < 300 && said.length < 600, `a short notice for ${fragment.slice(0, 20)}`);
      assert.deepEqual(await blocsMoves(page), two, fragment);
    }
    await page.screenshot({ path: `${screenshots}/blocs-link-damaged-${screen}.png` });

    // A good link replaces the game, which comes back from the notice, and after a reload.
    await page.evaluate(() => (location.hash = "#blocs=c3X"));
    await page.waitForFunction(() => document.querySelectorAll("#blocs-moves li").length === 1);
    assert.match(await noticeText(page), /Your previous Blocs game was replaced by the shared one\./);
    await page.click("#notices .notice button:text('Back to that game')");
    assert.deepEqual(await blocsMoves(page), two);
    await page.reload();
    await page.waitForSelector("#blocs-page:not([hidden])");
    assert.deepEqual(await blocsMoves(page), two);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("Blocs: a link opened in a new tab over a saved game keeps that game a step back", async () => {
  const { page, problems } = await blocsGame(DESKTOP, "a1X b1O");
  const other = await page.context().newPage();
  await other.goto(`${env.site.url}#blocs=d4O`);
  await other.waitForSelector("#blocs-page:not([hidden])");
  assert.deepEqual(await blocsMoves(other), ["First player: d4O"]);
  await other.click("#notices .notice button:text('Back to that game')");
  assert.deepEqual(await blocsMoves(other), ["First player: a1X", "Second player: b1O"]);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("link fields: a review of no moves, moves past any game's length, a Blocs game with a map", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first, ...rest] = (await gameState(page, DEFAULT_MAP, "")).legal;
  // Every move fails: the map opens on the board, not in an empty review.
  for (const fragment of [`#m=${DEFAULT_MAP}&g=a1&r=3`, `#m=${DEFAULT_MAP}&r=3`]) {
    await page.evaluate((hash) => (location.hash = hash), fragment);
    await page.waitForFunction(() => location.hash === "");
    await page.waitForFunction(() => document.querySelector("#notices").textContent.includes("no move of its game"));
    assert.equal(await page.isVisible("#review"), false, fragment);
  }
  // A moves field longer than any game keeps its legal leading moves.
  const filler = rest[0] ?? first;
  await page.evaluate((hash) => (location.hash = hash), `#m=${DEFAULT_MAP}&p=hotseat&g=${first}${filler.repeat(250)}`);
  await waitForMoves(page, 1);
  assert.equal((await moveList(page))[0], first);
  assert.match(await noticeText(page), /The moves in the link are longer than any game after move 200/);
  // A Blocs game is not played on a map: the notice says how its links read.
  await page.evaluate((hash) => (location.hash = hash), `#m=${DEFAULT_MAP}&v=blocs`);
  await page.waitForFunction(() => location.hash === "");
  const said = await noticeText(page);
  assert.match(said, /The link is for Blocs, which is played without a map/);
  assert.doesNotMatch(said, /does not have/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a board game put aside comes back from Blocs's page to the board, and the game it replaces stays a click away", async () => {
  const { page, problems, moves } = await gameInProgress(DESKTOP);
  await page.click("#new-game");
  // Another opening than the game's, so that neither game holds the other.
  const first = (await gameState(page, DEFAULT_MAP, "")).legal[1];
  await loadMoves(page, first);
  await waitForMoves(page, 1);
  await page.selectOption("#variant", "blocs");
  await page.waitForSelector("#blocs-page:not([hidden])");
  await page.click("#notices .notice button:text('Back to that game')");
  await page.waitForSelector("main.layout:not([hidden])");
  assert.equal(await page.isVisible("#blocs-page"), false);
  assert.equal(await page.inputValue("#variant"), "mapello");
  assert.deepEqual(await moveList(page), moves);
  await swapBack(page, [first]);
  assert.deepEqual(problems, []);
  await page.context().close();
});
