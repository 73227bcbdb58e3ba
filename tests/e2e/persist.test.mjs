// What survives a reload: the game, the mode and its match, the settings;
// and a damaged save, which is dropped with a notice, never a broken page.
import assert from "node:assert/strict";
import { test } from "node:test";
import { KEY } from "../../www/js/storage.js";
import { openBoard, reload, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, loadMoves, moveList, noticeText, openAsWhite, setMode, waitForMoves } from "./game.mjs";

const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

const env = useSite();

test("a reload keeps the game, the mode, the series score and the settings", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "series", { opponent: "human" });
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result", { state: "visible" });
  await page.click("#next-game");
  await loadMoves(page, "c5c6");
  await waitForMoves(page, 2);
  await page.click("#show-legal");

  await reload(page);
  assert.deepEqual(await moveList(page), ["c5", "c6"]);
  assert.equal(await page.inputValue("#mode"), "series");
  assert.equal(await page.inputValue("#opponent"), "human");
  assert.equal(await page.isChecked("#show-legal"), false);
  assert.equal(await page.textContent("#match-title"), "Series: game 2");
  assert.equal(await page.textContent("#match-leader"), "Player 2 leads 1–0 in games.");
  assert.equal(await page.textContent("#player-X .player-name"), "Player 2");
  assert.equal(await noticeText(page), "");
  assert.deepEqual(problems, []);
});

test("a reload against the computer keeps its colour and level, and it plays on", async () => {
  const { page, problems } = await openAsWhite(env, "2");
  await reload(page);
  assert.equal(await page.inputValue("#human-colour"), "O");
  assert.equal(await page.inputValue("#level"), "2");
  assert.equal((await moveList(page)).length, 1);
  await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human");
  assert.deepEqual(problems, []);
});

test("garbage in the saved game is dropped with a notice and a fresh game", async () => {
  const garbage = [
    "not json at all {",
    "null",
    JSON.stringify({ version: 1, settings: { mode: "computer" } }),
    JSON.stringify({
      version: 1,
      settings: { mode: "hotseat", humanColour: "X", level: 4, opponent: "computer", showLegal: true },
      game: { map: DEFAULT_MAP, variant: "mapello", moves: "a1a1a1" },
      match: null,
      phase: "play",
    }),
    JSON.stringify({
      version: 1,
      settings: { mode: "hotseat", humanColour: "X", level: 4, opponent: "computer", showLegal: true },
      game: { map: "<img src=x onerror=window.hacked=1>", variant: "mapello", moves: "" },
      match: null,
      phase: "play",
    }),
  ];
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  for (const text of garbage) {
    await page.evaluate(({ key, text }) => localStorage.setItem(key, text), { key: KEY, text });
    await reload(page);
    assert.match(await noticeText(page), /Your saved game could not be (read|restored) .*discarded/, text);
    assert.deepEqual(await moveList(page), [], text);
    assert.equal(await page.textContent("#status"), "You (black) to move.", text);
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    assert.equal(await page.$$eval("#notices img", (imgs) => imgs.length), 0);
  }
  await page.screenshot({ path: `${screenshots}/play-damaged-save.png` });
  await page.click("#notices .dismiss");
  assert.equal(await noticeText(page), "");
  assert.deepEqual(problems, []);
});
