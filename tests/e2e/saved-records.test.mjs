// Saved records that broke the page for good (issue 22): each is dropped
// with a notice that still lets the player download it, the page starts a
// fresh game, and the next visit starts clean. A start that fails anyway
// falls back to a fresh game, and a page that cannot start at all offers
// to reset the saved data instead of reloading forever.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { KEY } from "../../www/js/storage.js";
import { openBoard, ready, reload, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, moveList, noticeText, PHONE, waitForMoves } from "./game.mjs";

const env = useSite();

const SETTINGS = { mode: "series", humanColour: "X", level: 4, opponent: "computer", showLegal: true, levelWhite: 4, watchSpeed: "normal" };
const GAME = { map: "18EwAAAAMAABIAABJRhCAAQAA", variant: "mapello", moves: "" };
const SERIES = { kind: "series", names: ["You", "Computer"], games: [], setup: 0, firstColour: "X" };
const record = (fields) => JSON.stringify({ version: 1, settings: SETTINGS, game: GAME, match: null, phase: "play", ...fields });

// The records of the issue, each of which made every later visit fail.
const BRICKS = [
  ["a series without its match", record({}), /match does not fit its mode/],
  ["setting up without a match", record({ settings: { ...SETTINGS, mode: "hotseat" }, phase: "setup" }), /sets up a map outside free play/],
  ["choosing without a match", record({ settings: { ...SETTINGS, mode: "hotseat" }, phase: "choose" }), /sets up a map outside free play/],
  ["a result with no game recorded", record({ match: SERIES, phase: "over" }), /result the match never recorded/],
];

/** The text of the file the notice's download button saves. */
async function downloaded(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#notices button:text('Download the saved data')")]);
  assert.equal(download.suggestedFilename(), "mapello-saved-data.json");
  return readFile(await download.path(), "utf8");
}

/** Asserts the page plays: a fresh game against the computer that answers a move. */
async function assertPlayable(page, what) {
  assert.deepEqual(await moveList(page), [], what);
  assert.equal(await page.textContent("#status"), "You (black) to move.", what);
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await waitForMoves(page, 2);
}

test("each record that bricked the page is dropped, downloadable, and the page plays", async () => {
  for (const [what, text, reason] of BRICKS) {
    const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
    await ready(page);
    await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text });
    await reload(page);
    const notice = await noticeText(page);
    assert.match(notice, /Your saved game could not be read/, what);
    assert.match(notice, reason, what);
    assert.equal(await downloaded(page), text, what);
    await assertPlayable(page, what);
    // The next visit finds the new game, not the broken record.
    await reload(page);
    assert.equal(await noticeText(page), "", what);
    assert.equal((await moveList(page)).length, 2, what);
    assert.deepEqual(problems, [], what);
    await page.context().close();
  }
});

test("a record the rules refuse is dropped with the same way out", async () => {
  const text = record({ match: { ...SERIES, games: [{ first: "X", points: [40, 24] }] }, phase: "over" });
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await ready(page);
  await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text });
  await reload(page);
  assert.match(await noticeText(page), /could not be restored \(it shows a result for a game still under way\)/);
  assert.equal(await downloaded(page), text);
  await assertPlayable(page, "over");
  assert.deepEqual(problems, []);
});

// Breaks the page's start (startApp) the way a bug in the board module
// would: createBoard throws when `condition` (an expression run in the
// page) holds, and works otherwise. The page's scripts are bundled and
// minified, so the fault goes around the bundle rather than into its text:
// a prelude to the page's entry script (inlined in index.html, run once the
// modules it imports have run) makes the board canvas refuse its first
// event listener, which createBoard binds before it returns.
const ENTRY = '<script type="module">';
/** Whether `url` is the page itself. */
const isPage = (/** @type {URL} */ url) => url.pathname.endsWith("/") || url.pathname.endsWith("/index.html");

async function breakApp(page, condition) {
  await page.route(isPage, async (route) => {
    const real = await (await route.fetch()).text();
    const prelude = `{
  const listen = EventTarget.prototype.addEventListener;
  HTMLCanvasElement.prototype.addEventListener = function (...args) {
    if (this.id === "board" && (${condition})) throw new Error("broken on purpose");
    return listen.apply(this, args);
  };
}
`;
    assert.ok(real.includes(ENTRY), "the page has no inline entry script");
    await route.fulfill({ contentType: "text/html", body: real.replace(ENTRY, ENTRY + prelude) });
  });
}

test("a saved game that fails to start falls back to a fresh game, keeping the record downloadable", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, serviceWorkers: "block" });
    // The saved game has a move; the fresh game the page falls back to has none.
    await breakApp(page, `JSON.parse(localStorage.getItem(${JSON.stringify(KEY)}) ?? "{}").game?.moves`);
    const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
    const text = record({ settings: { ...SETTINGS, mode: "hotseat" }, game: { ...GAME, map: DEFAULT_MAP, moves: move } });
    await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text });
    await reload(page);
    await page.waitForSelector("#notices .notice");
    assert.match(await noticeText(page), /Your saved game could not be restored \(broken on purpose\), so it was set aside and a new game started/);
    assert.deepEqual(await moveList(page), []);
    assert.equal(await page.textContent("#status"), "You (black) to move.");
    await page.screenshot({ path: `${screenshots}/play-failed-start-${name}.png` });
    assert.equal(await downloaded(page), text);
    assert.deepEqual(
      problems.filter((p) => !p.includes("broken on purpose")),
      [],
    );
  }
});

test("a page that cannot start at all offers to reset the saved data, and does not reload forever", async () => {
  const { page } = await openBoard(env.browser, env.site.url, { ...DESKTOP, serviceWorkers: "block" });
  await ready(page);
  await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text: record({ settings: { ...SETTINGS, mode: "hotseat" } }) });
  await breakApp(page, "true");
  let loads = 0;
  page.on("load", () => (loads += 1));
  await page.reload();
  await page.waitForSelector("#notices button:text('Reset saved data')");
  // One reload from the saved game to the default one, then no more.
  await page.waitForTimeout(1500);
  assert.equal(loads, 2);
  assert.match(await page.textContent("#status"), /Mapello could not start: broken on purpose/);
  assert.match(await noticeText(page), /Mapello could not start: broken on purpose/);
  await page.screenshot({ path: `${screenshots}/play-cannot-start.png` });

  await page.unroute(isPage);
  await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text: "{}" });
  await Promise.all([page.waitForEvent("load"), page.click("#notices button:text('Reset saved data')")]);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.evaluate((key) => localStorage.getItem(key) !== "{}", KEY), true);
  assert.equal(await noticeText(page), "");
});
