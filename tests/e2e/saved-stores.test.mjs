// Every stored record goes through one guard (issue 36, issue 37 point 2):
// a saved review is held to the game it is of (what fits is kept, the rest
// analysed again, and nothing stored stops a review), an unreadable saved
// Blocs game is dropped with a notice and a byte-for-byte download, and a
// save the browser refuses is said at once, with the game offered as a file.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { BLOCS_KEY } from "../../www/js/blocs-app.js";
import { KEY } from "../../www/js/storage.js";
import { openBoard, reload, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, loadMoves, moveList, noticeText, openSettings, PHONE, setMode, waitForMoves } from "./game.mjs";

const env = useSite();

/** Waits until the open review has analysed every move, and gives how many rows it lists. */
async function reviewDone(page) {
  await page.waitForFunction(() => document.querySelector("#review").dataset.state === "done", null, { timeout: 60_000 });
  assert.equal(await page.textContent("#review-error"), "");
  return page.locator("#review-list li").count();
}

const stored = (page, key) => page.evaluate((k) => JSON.parse(localStorage.getItem(k)), key);
const store = (page, key, value) => page.evaluate(({ k, v }) => localStorage.setItem(k, v), { k: key, v: value });

test("a saved review that does not fit its game is cut to what fits, and reviewing always works", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  await setMode(page, "hotseat");
  await loadMoves(page, "f5d6c3d3");
  await waitForMoves(page, 4);
  await page.click("#review-game");
  assert.equal(await reviewDone(page), 4);
  await page.click("#close-review");
  const good = await stored(page, KEY);
  assert.equal(good.review.items.length, 4);

  const [a, b, c, d] = good.review.items;
  const other = { ...b, played: "c5", index: 1 };
  const shapes = {
    shorter: { ...good.review, names: ["f5"], items: [a] },
    longer: { ...good.review, names: ["f5", "d6", "c3", "d3", "c4"], items: [a, b, c, d] },
    "another move, names and all": { ...good.review, names: ["f5", "c5", "c3", "d3"], items: [a, other] },
    "an item of another move": { ...good.review, items: [a, other, c, d] },
  };
  for (const [what, review] of Object.entries(shapes)) {
    await store(page, KEY, JSON.stringify({ ...good, review: { ...review, shown: false } }));
    await reload(page);
    assert.deepEqual(await moveList(page), ["f5", "d6", "c3", "d3"], what);
    await page.click("#review-game");
    assert.equal(await reviewDone(page), 4, what);
    const items = (await stored(page, KEY)).review.items;
    assert.deepEqual(
      items.map((item) => item.played),
      ["f5", "d6", "c3", "d3"],
      what,
    );
    await page.click("#close-review");
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a reload in the middle of a review resumes it where it stopped", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  await setMode(page, "hotseat");
  await loadMoves(page, "f5d6c3d3c4f4f6f3e6e7");
  await waitForMoves(page, 10);
  await page.click("#review-game");
  await page.waitForFunction(() => document.querySelectorAll("#review-list li").length >= 2, null, { timeout: 60_000 });
  await reload(page);
  await page.waitForSelector("#review:not([hidden])");
  assert.equal(await reviewDone(page), 10);
  assert.deepEqual(problems, []);
  await page.context().close();
});

async function downloaded(page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#notices button:text('Download the saved data')")]);
  return readFile(await download.path(), "utf8");
}

test("an unreadable saved Blocs game is dropped with a notice and downloads byte for byte", async () => {
  const forms = ["zz", "a1-d4", "b2Xb2X", "<img src=x onerror=window.injected=1>", 17];
  for (const moves of forms) {
    const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
    const text = JSON.stringify({ moves, opponent: "human", human: "X", level: 3, hints: false, active: true });
    await store(page, BLOCS_KEY, text);
    await reload(page);
    // The Blocs page starts after the board is ready, once its wasm module has come.
    await page.waitForFunction(() => /Blocs game could not be read/.test(document.querySelector("#notices").textContent));
    const said = await noticeText(page);
    assert.match(said, /Your saved Blocs game could not be read \(its (moves do not replay|moves are not a transcript).*\), so it was discarded\./, String(moves));
    assert.equal(await downloaded(page), text, String(moves));
    assert.equal(await page.evaluate(() => window.injected), undefined, "no stored markup ever runs");
    // The page plays on, and the next visit starts clean.
    await openSettings(page);
    await page.selectOption("#variant", "blocs");
    await page.waitForSelector("#blocs-page:not([hidden])");
    assert.equal(await page.locator("#blocs-moves li").count(), 0);
    await reload(page);
    assert.equal(await noticeText(page), "", String(moves));
    assert.deepEqual(problems, [], String(moves));
    await page.context().close();
  }
});

// Fills the origin's localStorage to its last character, as a shared
// origin full of other pages' data would be.
function fillStorage(page) {
  return page.evaluate(() => {
    let size = 1 << 20;
    for (let k = 0; size >= 1; k += 1) {
      try {
        localStorage.setItem(`filler-${k}`, "x".repeat(size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
}

test("a full storage is said at once, the game offered as a file, and saving resumes when there is room", async () => {
  for (const [screen, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openSettings(page);
    await page.selectOption("#variant", "othello");
    await setMode(page, "hotseat");
    await fillStorage(page);
    await loadMoves(page, "f5d6c3d3c4f4");
    await waitForMoves(page, 6);
    const said = await noticeText(page);
    assert.match(said, /Your game could not be saved: this browser refuses the page more storage/);
    // Said at once: in sight though the player scrolled down to load the moves.
    const inView = await page.$eval("#notices .notice", (box) => {
      const r = box.getBoundingClientRect();
      // A pixel of slack for layouts in fractions of a pixel.
      return r.top >= -1 && r.bottom <= innerHeight + 1;
    });
    assert.ok(inView, "the notice is in view");
    await page.screenshot({ path: `${screenshots}/play-storage-full-${screen}.png` });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#notices button:text('Download the game')")]);
    const file = await readFile(await download.path(), "utf8");
    assert.match(file, /#m=[^&]+&v=othello&g=f5d6c3d3c4f4&p=hotseat/);
    // Room again: the next change saves, the notice goes, and a reload has every move.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith("filler-")) localStorage.removeItem(key);
    });
    await loadMoves(page, "f5d6c3d3c4f4e3");
    await waitForMoves(page, 7);
    assert.doesNotMatch(await noticeText(page), /could not be saved/);
    await reload(page);
    assert.deepEqual(await moveList(page), ["f5", "d6", "c3", "d3", "c4", "f4", "e3"]);
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});
