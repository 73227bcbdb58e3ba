// A browser that dies outright keeps what was played (the newcomer
// playtest of 2026-11-28 lost a finished series game this way): a phone
// reclaims a backgrounded browser's memory without warning, and a crash
// flushes nothing. Chromium writes localStorage to disk seconds after the
// page does, later still after many writes, so the page keeps a copy of
// every record it stores in IndexedDB (www/js/durable.js), which is on
// disk when its write completes, and restores from it at start.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { launchProfile, serveDist, watch } from "./browser.mjs";
import { DESKTOP, moveList, playFirstLegal, setMode } from "./game.mjs";

let site;
before(async () => {
  site = await serveDist();
});
after(() => site?.close());

/** The page in a browser on profile `dir`, the board drawn. */
async function openIn(dir) {
  const browser = await launchProfile(dir, DESKTOP);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  const { problems } = watch(page);
  await page.goto(site.url);
  await page.waitForSelector("body[data-ready]");
  return { ...browser, page, problems };
}

/** Whether the page's durable copy of its record holds `moves` (the move list's text). */
function copied(page, moves) {
  return page.evaluate(
    (moves) =>
      new Promise((resolve) => {
        const open = indexedDB.open("mapello");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("items")) return resolve(false);
          const get = db.transaction("items").objectStore("items").get("mapello.play");
          get.onsuccess = () => resolve(JSON.parse(get.result?.value ?? "{}").game?.moves === moves.join(""));
          get.onerror = () => resolve(false);
        };
      }),
    moves,
  );
}

test("a browser killed right after the moves keeps the game", async () => {
  const dir = await mkdtemp(join(tmpdir(), "mapello-killed-"));
  try {
    const first = await openIn(dir);
    await setMode(first.page, "hotseat");
    for (let i = 0; i < 6; i += 1) await playFirstLegal(first.page);
    const moves = await moveList(first.page);
    assert.equal(moves.length, 6);
    // The copy is written within moments of the move (localStorage's own
    // write to disk would come seconds later).
    const deadline = Date.now() + 10_000;
    while (!(await copied(first.page, moves))) {
      assert.ok(Date.now() < deadline, "the durable copy holds the moves");
      await first.page.waitForTimeout(50);
    }
    assert.deepEqual(first.problems, []);
    first.kill();

    const second = await openIn(dir);
    assert.deepEqual(await moveList(second.page), moves);
    assert.equal(await second.page.inputValue("#mode"), "hotseat");
    assert.deepEqual(second.problems, []);
    await second.context.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
