// The expert levels as a newcomer finds them: level 9 picked by its name in
// the level chooser, a move played, the computer's search shown in words
// under the status while it thinks (without moving the page), and its
// reply; on a desktop and a phone, in light and dark colours.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, PHONE, clickSquare, gameState, moveList, openSettings, waitForMoves } from "./game.mjs";

const env = useSite();
const SCREENS = { desktop: DESKTOP, phone: PHONE };

// Where the parts around the progress line stand: none may move as it fills and empties.
function layout(page) {
  return page.evaluate(() => {
    const box = (selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return { top: Math.round(r.top), height: Math.round(r.height) };
    };
    // The side column grows as the computer's panel opens in it; it must not move.
    return { board: box("#board"), status: box("#status"), progress: box("#thinking-progress"), side: box(".side").top };
  });
}

for (const [screen, options] of Object.entries(SCREENS)) {
  for (const colorScheme of ["light", "dark"]) {
    test(`level 9 is chosen by name, shows its search while it thinks and replies, on a ${screen} (${colorScheme})`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      const unfolded = await openSettings(page);
      const names = await page.$$eval("#level option", (os) => os.map((o) => o.textContent));
      assert.deepEqual(names.slice(-2), ["9 · Expert", "10 · Master"]);
      await page.selectOption("#level", { label: "9 · Expert" });
      if (unfolded) await page.click("#settings-toggle");
      if (screen === "desktop") {
        // The chooser's names are short enough to keep the masthead on one row.
        const [level, help] = await Promise.all(["#level", "#open-help"].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
        assert.ok(help.top < level.bottom, `"How to play" wrapped below the level chooser (${help.top} >= ${level.bottom})`);
      }
      assert.equal(await page.textContent("#thinking-progress"), "");
      const before = await layout(page);

      const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
      await clickSquare(page, move);
      // Each iteration of the search, in words, until the reply is played.
      // Read at one instant: the reply may follow within milliseconds.
      const seen = await page.waitForFunction(
        () => {
          const progress = document.querySelector("#thinking-progress").textContent;
          if (!/^Thinking… \d+ moves? ahead · /.test(progress)) return null;
          const line = document.querySelector("#thinking-line").textContent;
          const box = document.querySelector("#thinking-progress");
          const fits = box.scrollWidth <= box.clientWidth;
          return { progress, line, fits, moves: document.querySelectorAll("#move-list li").length };
        },
        null,
        { timeout: 20_000 },
      );
      const { progress, line, fits, moves } = await seen.jsonValue();
      assert.ok(fits, `the progress line is cut short: ${progress}`);
      assert.match(progress, /^Thinking… \d+ moves? ahead · [\d.]+( thousand| million)? positions · sees a (draw|(win|loss) by \d+)$/);
      assert.equal(moves, 1, "the reply is not played yet");
      assert.match(line, /^Computer \(level 9\) is thinking…$/);
      const during = await layout(page);
      await page.screenshot({ path: `${screenshots}/expert-thinking-${screen}-${colorScheme}.png` });

      await waitForMoves(page, 2);
      const [, reply] = await moveList(page);
      assert.ok((await gameState(page, DEFAULT_MAP, move)).legal.includes(reply));
      assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 9\\) played ${reply}\\.`));
      assert.equal(await page.textContent("#thinking-progress"), "", "the line empties once the reply is played");
      const after = await layout(page);
      assert.deepEqual(during, before, "nothing moved when the computer started thinking");
      assert.deepEqual(after, before, "nothing moved when it replied");
      assert.deepEqual(problems, []);
    });
  }
}

test("a level changed while the computer thinks is the level that replies", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const unfolded = await openSettings(page);
  await page.selectOption("#level", { label: "10 · Master" });
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await page.waitForFunction(() => /^Thinking… /.test(document.querySelector("#thinking-progress").textContent), null, { timeout: 20_000 });
  assert.match(await page.textContent("#thinking-line"), /^Computer \(level 10\) is thinking…$/);
  // Level 3 answers at once: its reply, not level 10's, is what is played.
  await page.selectOption("#level", "3");
  await waitForMoves(page, 2);
  const [, reply] = await moveList(page);
  assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 3\\) played ${reply}\\.`));
  if (unfolded) await page.click("#settings-toggle");
  assert.deepEqual(problems, []);
});
