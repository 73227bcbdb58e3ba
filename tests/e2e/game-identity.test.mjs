// One game, one entry in Saved games (issue 33): a game put aside by a
// link and brought back, resigned and left for a new game, played on
// after its level changed, or imported and opened from Saved games, is
// listed once, by the page's visible controls on a desktop and a phone.
// And a game by link from a set-up position is known again when the
// friend's reply comes back: it continues, it does not fork.
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, moveList, noticeText, openSettings, PHONE, putAt, sendLink, setMode, waitForMoves } from "./game.mjs";
import { KEY } from "../../www/js/storage.js";

const env = useSite();
const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

/** The legal moves of the game on the board, as the page's wasm module says from its saved record. */
function legalNow(page) {
  return page.evaluate(async (key) => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    const { variant, map, start, moves } = JSON.parse(localStorage.getItem(key)).game;
    return new Game({ variant, map, start, moves }).snapshot().legal;
  }, KEY);
}

/** Plays the first legal move (or the `skip`th) by a click, and waits until it is listed. */
async function playFirstLegal(page, { skip = 0 } = {}) {
  const before = await moveList(page);
  const legal = await legalNow(page);
  const move = legal[Math.min(skip, legal.length - 1)];
  await clickSquare(page, move);
  await waitForMoves(page, before.length + 1);
  return move;
}

/** Waits until the move list holds exactly `n` moves. */
function waitForExactly(page, n) {
  return page.waitForFunction((k) => document.querySelectorAll("#move-list li").length === k, n);
}

/** Chooses the computer's level in the settings, unfolding them on a phone. */
async function setLevel(page, level) {
  const unfolded = await openSettings(page);
  await page.selectOption("#level", level);
  if (unfolded) await page.click("#settings-toggle");
}

/** Presses "New game", unfolding the settings on a phone, and waits for the empty board. */
async function newGame(page) {
  await openSettings(page);
  await page.click("#new-game");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
}

/** Clicks the notice button `label`. */
function noticeButton(page, label) {
  return page.click(`#notices button:text("${label}")`);
}

/** Opens Saved games by its button and gives what its list shows, one line per game; closes it again. */
async function savedGames(page, { shot } = {}) {
  await page.click("#open-archive");
  await page.waitForSelector("#archive[open]");
  await page.waitForFunction(() => document.querySelectorAll("#archive-list li").length > 0);
  const list = await page.$$eval("#archive-list li", (items) =>
    items.map((li) => `${li.querySelector(".archive-players").textContent}: ${li.querySelector(".archive-state").textContent}`),
  );
  if (shot) await page.screenshot({ path: `${screenshots}/${shot}.png` });
  await page.click("#close-archive");
  return list;
}

/** Pastes `hash` into the address bar of the open tab, and waits until the page has taken it. */
async function pasteLink(page, hash) {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => location.hash === "");
}

const SCREENS = [
  ["1280", DESKTOP],
  ["360", PHONE],
];

for (const [width, options] of SCREENS) {
  test(`a game put aside by a link, brought back and put aside again is one saved game at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const mine = [await playFirstLegal(page), await playFirstLegal(page)];
    const [theirs] = (await gameState(page, DEFAULT_MAP, "")).legal.slice(1);
    await pasteLink(page, `#m=${DEFAULT_MAP}&g=${theirs}`);
    await waitForExactly(page, 1);
    assert.match(await noticeText(page), /Your previous game was replaced by the shared one/);
    await noticeButton(page, "Restore it");
    await waitForExactly(page, mine.length);
    assert.deepEqual(await moveList(page), mine);
    await playFirstLegal(page);
    await newGame(page);
    assert.deepEqual(await savedGames(page, { shot: `identity-link-${width}` }), ["Black vs White: Put aside after 3 moves.", "Black vs White: Put aside after 1 move."]);
    // Brought back once more and left again: still the one entry, on top.
    await noticeButton(page, "Back to that game");
    await waitForExactly(page, 3);
    await newGame(page);
    assert.deepEqual(await savedGames(page), ["Black vs White: Put aside after 3 moves.", "Black vs White: Put aside after 1 move."]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a game left, brought back, resigned and left again is one saved game at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    await playFirstLegal(page);
    await playFirstLegal(page);
    await newGame(page);
    await noticeButton(page, "Back to that game");
    await waitForExactly(page, 2);
    await page.click("#resign");
    await page.click("#resign-yes");
    await page.waitForSelector("#result:not([hidden])");
    await newGame(page);
    const list = await savedGames(page);
    assert.equal(list.length, 1, list.join("\n"));
    assert.match(list[0], /^Black vs White: .*resigned/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a game whose level changed is one saved game at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await playFirstLegal(page);
    // The computer answers.
    await waitForMoves(page, 2);
    await setLevel(page, "6");
    await newGame(page);
    await noticeButton(page, "Back to that game");
    await waitForExactly(page, 2);
    await setLevel(page, "7");
    await playFirstLegal(page);
    await waitForMoves(page, 4);
    await newGame(page);
    const list = await savedGames(page);
    assert.equal(list.length, 1, list.join("\n"));
    // Level 6 was set, and left before any move was played at it.
    assert.match(list[0], /\(computer, level 4, then 7\)/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a game whose level changed names each level it was played at, at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setLevel(page, "2");
    await playFirstLegal(page);
    await waitForMoves(page, 2);
    await setLevel(page, "5");
    await playFirstLegal(page);
    await waitForMoves(page, 4);
    await newGame(page);
    await page.evaluate(() => scrollTo(0, 0));
    const list = await savedGames(page);
    assert.equal(list.length, 1, list.join("\n"));
    assert.match(list[0], /^Black \(you\) vs White \(computer, level 2, then 5\): /);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`an imported GGF game opened from Saved games and put aside is one saved game at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const file = `${screenshots}/identity-import-${width}.ggf`;
    await writeFile(file, "(;GM[Othello]PC[GGS/os]PB[Ann]PW[Bob]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c3];)\n");
    await page.click("#open-archive");
    await page.waitForSelector("#archive[open]");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#archive-import")]);
    await chooser.setFiles(file);
    await page.waitForFunction(() => /imported/.test(document.querySelector("#archive-said").textContent));
    await page.click('#archive-list li:nth-child(1) .archive-actions button:text("Open")');
    await waitForExactly(page, 3);
    await playFirstLegal(page);
    await newGame(page);
    assert.deepEqual(await savedGames(page, { shot: `identity-import-${width}` }), ["Ann vs Bob: Put aside after 4 moves."]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

/** The saved games by link, as stored. */
function byLink(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.filter((e) => e.seat.startsWith("corresp-")));
}

test("a game by link from a set-up position: the friend's reply continues it, on the board and from Saved games", async () => {
  const alice = await openBoard(env.browser, env.site.url, { ...DESKTOP, ...CLIPBOARD });
  // A position set up by clicks, its start then sent as a link's `&s=`.
  await alice.page.click("#set-up");
  await alice.page.waitForSelector("#position[open]");
  await alice.page.click("#position-clear");
  for (const [square, disc] of [["c3", "X"], ["d4", "X"], ["e4", "X"], ["d3", "O"], ["e3", "O"], ["c4", "O"], ["f4", "O"]]) {
    await alice.page.check(`input[name="position-tool"][value="${disc}"]`);
    await putAt(alice.page, square);
  }
  await alice.page.check('input[name="position-side"][value="X"]');
  await alice.page.click("#position-friend");
  await alice.page.waitForSelector("#position:not([open])", { state: "attached" });
  const start = await alice.page.evaluate((key) => JSON.parse(localStorage.getItem(key)).game.start, KEY);
  assert.ok(start, "the position is set up");
  await pasteLink(alice.page, `#m=${DEFAULT_MAP}&s=${start}&p=corresp-black`);
  await alice.page.waitForSelector("#corresp:not([hidden])");
  const first = await playFirstLegal(alice.page);
  const toBob = await sendLink(alice.page);
  assert.match(toBob, /[#&]s=/);

  const bob = await openBoard(env.browser, toBob, { ...DESKTOP, ...CLIPBOARD });
  const reply = await playFirstLegal(bob.page);
  const toAlice = await sendLink(bob.page);
  // On Alice's board, the reply continues her game.
  await pasteLink(alice.page, new URL(toAlice).hash);
  await waitForMoves(alice.page, 2);
  assert.deepEqual(await moveList(alice.page), [first, reply]);
  assert.match(await noticeText(alice.page), /The link brings a new move/);
  assert.doesNotMatch(await noticeText(alice.page), /replaced|could not|starts with other moves/);

  // Alice plays the computer meanwhile: her game by link goes into Saved games.
  const third = await playFirstLegal(alice.page);
  const again = await sendLink(alice.page);
  await setMode(alice.page, "computer");
  await alice.page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 1);
  await bob.page.goto("about:blank");
  await bob.page.goto(again);
  await bob.page.waitForSelector("body[data-ready]");
  await waitForMoves(bob.page, 3);
  const fourth = await playFirstLegal(bob.page);
  const back = await sendLink(bob.page);
  // Bob's reply is known as the saved game: it opens, updated, as one game.
  await pasteLink(alice.page, new URL(back).hash);
  await waitForMoves(alice.page, 4);
  assert.deepEqual(await moveList(alice.page), [first, reply, third, fourth]);
  assert.match(await noticeText(alice.page), /continues your game by link in Saved games, which is opened here and updated there/);
  const saved = await byLink(alice.page);
  assert.equal(saved.length, 1, JSON.stringify(saved));
  assert.equal(saved[0].game.start, start);
  assert.equal(saved[0].game.moves, [first, reply, third, fourth].join(""));
  // Played on and put aside again, it keeps its one entry.
  const fifth = await playFirstLegal(alice.page);
  await setMode(alice.page, "hotseat");
  const moves = [first, reply, third, fourth, fifth].join("");
  await alice.page.waitForFunction((all) => JSON.parse(localStorage.getItem("mapello.archive")).games.some((e) => e.game.moves === all), moves);
  assert.equal((await byLink(alice.page)).length, 1);
  assert.deepEqual([...alice.problems, ...bob.problems], []);
  await alice.page.context().close();
  await bob.page.context().close();
});
