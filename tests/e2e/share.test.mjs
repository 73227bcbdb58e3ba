// Share links end to end: a map made in the editor and a game played on it
// travel in the URL fragment to a new page; damaged or hostile fragments
// keep what they can (the map, the moves before a bad one) or fall back to
// the default map, with a message, and never reach the page as HTML.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, presetById } from "./game.mjs";

const FORTRESS = presetById("fortress").code;

const env = useSite();

/** The first legal move after `moves` on `map`, from the page's wasm module. */
function firstLegal(page, map, moves) {
  return page.evaluate(
    async ({ map, moves }) => {
      const { Game } = await import(new URL("mapello.js", document.baseURI).href);
      return new Game({ map, moves }).snapshot().legal[0];
    },
    { map, moves },
  );
}

/** The page's own share link for its game, from its Copy link button. */
async function copiedLink(page) {
  await page.evaluate(() => delete document.querySelector("#copied").dataset.value);
  await page.click("#copy-link");
  await page.waitForFunction(() => document.querySelector("#copied").dataset.value);
  return page.getAttribute("#copied", "data-value");
}

function noticeText(page) {
  return page.$$eval("#notices .notice", (boxes) => boxes.map((b) => b.textContent).join(" "));
}

test("a map from the editor and the moves played on it open in a new page", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url);
  await page.selectOption("#mode", "hotseat");
  await page.click("#edit-map");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.selectOption(".editor-presets", "fortress");
  await page.click("[data-action=play]");
  await page.waitForSelector("#board", { state: "visible" });

  let moves = "";
  for (let i = 0; i < 4; i += 1) {
    const move = await firstLegal(page, FORTRESS, moves);
    await clickSquare(page, move);
    moves += move;
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length >= n, i + 1);
  }
  const link = await copiedLink(page);
  assert.equal(link, `${env.site.url}#m=${FORTRESS}&g=${moves}&p=hotseat`);

  const opened = await openBoard(env.browser, link);
  assert.equal(await opened.page.$$eval("#move-list li", (items) => items.length), 4);
  assert.equal(await copiedLink(opened.page), link, "the same map and moves");
  assert.equal(await noticeText(opened.page), "");
  assert.deepEqual([...problems, ...opened.problems], []);
});

test("hostile and damaged fragments show a message and what could be kept, and inject nothing", async () => {
  const fragments = [
    // A player's sentence, the exact reason under "Details".
    ["#m=<img src=x onerror=window.hacked=1>", /^This link is incomplete or damaged: .*default map instead\.DetailsThe map code in the link is damaged/, DEFAULT_MAP],
    ['#m="><svg onload=window.hacked=1>', /^This link is incomplete or damaged: .*default map instead\.DetailsThe map code in the link is damaged/, DEFAULT_MAP],
    [`#m=${FORTRESS}&g=<img src=x onerror=window.hacked=1>`, /moves in the link are damaged from the first move/, FORTRESS],
    ["#m=18AAAA", /incomplete or damaged.*default map instead\.Detailsshare code character/, DEFAULT_MAP],
    [`#m=${FORTRESS}&g=a1`, /Move 1 in the link, a1, cannot be played/, FORTRESS],
    ["#g=f5", /incomplete or damaged.*default map instead\.Details.*not its board: the m= part/, DEFAULT_MAP],
  ];
  for (const [fragment, message, map] of fragments) {
    const { page, problems } = await openBoard(env.browser, `${env.site.url}${fragment}`);
    const dialogs = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    assert.match(await noticeText(page), message, fragment);
    assert.equal(await page.evaluate(() => window.hacked), undefined, fragment);
    assert.equal(await page.$$eval("img, [onerror], [onload]", (found) => found.length), 0, fragment);
    assert.ok(!(await page.content()).includes("hacked"), `${fragment} reached the page`);
    assert.equal(await copiedLink(page), `${env.site.url}#m=${map}&p=black`, fragment);
    assert.deepEqual(dialogs, []);
    assert.deepEqual(problems, [], fragment);
  }
});

test("an Othello game on 6 x 6 travels by link as that game and size, in a fresh tab and in an open one", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url);
  await page.selectOption("#mode", "hotseat");
  await page.selectOption("#variant", "othello");
  await page.selectOption("#board-size", "6");
  await page.waitForFunction(() => document.querySelector("#board-size").value === "6");
  const { map } = await page.evaluate(() => JSON.parse(localStorage.getItem("mapello.play")).game);
  const move = await page.evaluate(async (map) => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    return new Game({ map, variant: "othello" }).snapshot().legal[0];
  }, map);
  await clickSquare(page, move, 6, false);
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 1);
  const link = await copiedLink(page);
  assert.match(link, /&v=othello&g=/);

  const fresh = await openBoard(env.browser, link);
  assert.equal(await fresh.page.inputValue("#variant"), "othello");
  assert.equal(await fresh.page.inputValue("#board-size"), "6");
  assert.deepEqual(await fresh.page.$$eval("#move-list li", (items) => items.map((li) => li.textContent)), [move]);
  assert.equal(await fresh.page.inputValue("#mode"), "hotseat");

  // Pasted into a tab already on the site, on another game.
  const open = await openBoard(env.browser, env.site.url);
  await open.page.evaluate((hash) => (location.hash = hash), new URL(link).hash);
  await open.page.waitForFunction(() => document.querySelector("#variant").value === "othello");
  assert.equal(await open.page.inputValue("#board-size"), "6");
  assert.deepEqual([...problems, ...fresh.problems, ...open.problems], []);
});
