// Links opened beside a game in progress (issue 22 point 2, issue 16 point
// 5): a damaged link leaves the game alone, a good one replaces it with a
// way back, a link pasted into an open tab loads, the players travel with
// the link, and an illegal move keeps the map and the moves before it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, gameState, loadMoves, moveList, noticeText, openAsWhite, PHONE, presetById, setMode, waitForMoves } from "./game.mjs";

const FORTRESS = presetById("fortress").code;

const env = useSite();

/** The first `n` moves of a game on `map` taking the first legal move each time. */
async function someMoves(page, map, n) {
  let moves = "";
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const [move] = (await gameState(page, map, moves)).legal;
    moves += move;
    list.push(move);
  }
  return list;
}

/** A page with a hot-seat game of `n` moves on the default map; its context shares storage with `open`. */
async function gameInProgress(options = DESKTOP, n = 3) {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  const moves = await someMoves(page, DEFAULT_MAP, n);
  await loadMoves(page, moves.join(""));
  await waitForMoves(page, n);
  const open = async (fragment) => {
    const other = await page.context().newPage();
    await other.goto(`${env.site.url}${fragment}`);
    await other.waitForSelector("body[data-ready]");
    return other;
  };
  return { page, problems, moves, open };
}

async function copiedLink(page) {
  await page.evaluate(() => delete document.querySelector("#copied").dataset.value);
  await page.click("#copy-link");
  await page.waitForFunction(() => document.querySelector("#copied").dataset.value);
  return page.getAttribute("#copied", "data-value");
}

test("a damaged link opened beside a game leaves the game as it was", async () => {
  const { page, problems, moves, open } = await gameInProgress();
  for (const fragment of ["#m=18garbage", "#m=<b>&g=f5", "#g=f5", "#m=18AAAA"]) {
    const other = await open(fragment);
    assert.match(await noticeText(other), /Your game is as you left it/, fragment);
    assert.deepEqual(await moveList(other), moves, fragment);
    assert.equal(await other.inputValue("#mode"), "hotseat", fragment);
    await other.close();
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a link with an illegal move keeps its map and the moves before it, and the replaced game comes back", async () => {
  const { page, problems, moves, open } = await gameInProgress();
  const [first, second] = await someMoves(page, FORTRESS, 2);
  const other = await open(`#m=${FORTRESS}&g=${first}${second}a1${first}`);
  const notices = await noticeText(other);
  assert.match(notices, /Move 3 in the link, a1, cannot be played .*: the game stops before it\./);
  assert.match(notices, /Your previous game was replaced by the shared one\./);
  assert.deepEqual(await moveList(other), [first, second]);
  assert.equal(await copiedLink(other), `${env.site.url}#m=${FORTRESS}&g=${first}${second}&p=hotseat`);
  await other.screenshot({ path: `${screenshots}/play-link-replaced-desktop.png` });

  await other.click("#notices button:text('Restore it')");
  assert.deepEqual(await moveList(other), moves);
  assert.equal(await other.inputValue("#mode"), "hotseat");
  assert.equal(await copiedLink(other), `${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&p=hotseat`);
  // The shared game is put aside in its turn.
  assert.match(await noticeText(other), /^Your game is back; the one it replaced was put aside\.$/);
  // What is restored is saved again, as any game is.
  await other.reload();
  await other.waitForSelector("body[data-ready]");
  assert.deepEqual(await moveList(other), moves);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a link pasted into an open tab loads there, and the game it replaced comes back", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems, moves } = await gameInProgress(options);
    const [first] = await someMoves(page, FORTRESS, 1);
    await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 1);
    assert.deepEqual(await moveList(page), [first]);
    assert.equal(await page.evaluate(() => location.hash), "", "the link leaves the address once read");
    assert.match(await noticeText(page), /Your previous game was replaced by the shared one\./);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/play-link-pasted-${name}.png` });
    await page.click("#notices button:text('Restore it')");
    assert.deepEqual(await moveList(page), moves);
    // The address lost the link once it was read, so the same link pasted again loads again.
    await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 1);
    assert.deepEqual(problems, [], name);
    await page.context().close();
  }
});

test("a hot-seat link opens as hot-seat, and an old link without players in the page's mode", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first] = await someMoves(page, DEFAULT_MAP, 1);
  // Black has moved: against the computer, it would now answer at once.
  const hotseat = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${first}&p=hotseat`, DESKTOP);
  assert.equal(await hotseat.page.inputValue("#mode"), "hotseat");
  await hotseat.page.waitForTimeout(1500);
  assert.deepEqual(await moveList(hotseat.page), [first], "nobody moved for white");
  assert.equal(await hotseat.page.textContent("#status"), "White to move.");
  assert.equal(await noticeText(hotseat.page), "", "a first visit replaces nothing");

  const white = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&p=white`, DESKTOP);
  assert.equal(await white.page.inputValue("#mode"), "computer");
  assert.equal(await white.page.inputValue("#human-colour"), "O");
  await waitForMoves(white.page, 1);

  const old = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${first}`, DESKTOP);
  assert.equal(await old.page.inputValue("#mode"), "computer");
  await waitForMoves(old.page, 2);
  assert.deepEqual([...problems, ...hotseat.problems, ...white.problems, ...old.problems], []);
});

test("the link of a game against the computer names the colour of the person", async () => {
  const { page, problems } = await openAsWhite(env, "1");
  const [move] = await moveList(page);
  assert.equal(await copiedLink(page), `${env.site.url}#m=${DEFAULT_MAP}&g=${move}&p=white`);
  await setMode(page, "watch", { level: "1" });
  await page.click("#pause");
  assert.match(await copiedLink(page), /&p=watch$/);
  assert.deepEqual(problems, []);
});
