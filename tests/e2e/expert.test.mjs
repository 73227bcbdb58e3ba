// The expert levels as a newcomer finds them: level 9 picked by its name in
// the level chooser, a move played, the computer's search shown in words
// under the status while it thinks and its time running out on "Move now"
// (without moving the page), and its reply, searched on every core (four
// at most); "Move now" at level 10 playing
// the best move found so far; on a desktop and a phone, in light and dark.
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

// "Move now" as a player sees it: shown and pressable, and how much of its bar is filled.
function moveNowState() {
  const button = document.querySelector("#move-now");
  const style = getComputedStyle(button);
  const shown = !button.hidden && !button.disabled && style.visibility === "visible" && style.display !== "none";
  const fill = Number(/scaleX\(([\d.]+)\)/.exec(button.querySelector(".move-now-bar").style.transform)?.[1] ?? 0);
  return { shown, fill };
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
      await page.evaluate(`window.moveNowState = ${moveNowState}`);
      const seen = await page.waitForFunction(
        () => {
          const progress = document.querySelector("#thinking-progress").textContent;
          if (!/^Thinking… \d+ moves? ahead · /.test(progress)) return null;
          const line = document.querySelector("#thinking-line").textContent;
          const box = document.querySelector("#thinking-progress");
          const fits = box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight;
          return { progress, line, fits, moves: document.querySelectorAll("#move-list li").length, moveNow: window.moveNowState() };
        },
        null,
        { timeout: 20_000 },
      );
      const { progress, line, fits, moves, moveNow } = await seen.jsonValue();
      assert.ok(moveNow.shown, "Move now is offered while level 9 thinks");
      assert.ok(fits, `the progress line is cut short: ${progress}`);
      assert.match(progress, /^Thinking… \d+ moves? ahead · [\d.]+( thousand| million)? positions · (heading for a draw|(Black|White) (winning|losing) by \d+)$/);
      assert.equal(moves, 1, "the reply is not played yet");
      assert.match(line, /^Computer \(level 9 · Expert\) is thinking…$/);
      const during = await layout(page);
      await page.screenshot({ path: `${screenshots}/expert-thinking-${screen}-${colorScheme}.png` });

      await waitForMoves(page, 2);
      const [, reply] = await moveList(page);
      assert.ok((await gameState(page, DEFAULT_MAP, move)).legal.includes(reply));
      assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 9 · Expert\\) played ${reply}\\.`));
      assert.equal(await page.textContent("#thinking-progress"), "", "the line empties once the reply is played");
      // An expert move is split between workers, one a core (four at most),
      // where the device has more than one: the details say on how many.
      const cores = Math.min(4, await page.evaluate(() => navigator.hardwareConcurrency));
      const details = await page.textContent("#thinking-pv");
      if (cores > 1) assert.match(details, new RegExp(` positions on ${cores} cores in [\\d.]+ s`), details);
      else assert.doesNotMatch(details, / cores /, details);
      assert.equal((await page.evaluate(() => window.moveNowState())).shown, false, "Move now goes once the reply is played");
      const after = await layout(page);
      assert.deepEqual(during, before, "nothing moved when the computer started thinking");
      assert.deepEqual(after, before, "nothing moved when it replied");
      assert.deepEqual(problems, []);
    });
  }
}

for (const [screen, options] of Object.entries(SCREENS)) {
  for (const colorScheme of ["light", "dark"]) {
    test(`Move now plays level 10's best move so far, and again after, on a ${screen} (${colorScheme})`, async (t) => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await page.evaluate(`window.moveNowState = ${moveNowState}`);
      const unfolded = await openSettings(page);
      await page.selectOption("#level", { label: "10 · Master" });
      if (unfolded) await page.click("#settings-toggle");
      const before = await layout(page);
      let moves = [];
      let pressed = 0;
      // Level 10 may finish before a click reaches it on a loaded machine: a few tries.
      for (let k = 0; k < 6 && pressed < 2; k += 1) {
        const { legal } = await gameState(page, DEFAULT_MAP, moves.join(""));
        await clickSquare(page, legal[0]);
        // The bar starts to fill as level 10's time runs out.
        await page.waitForFunction(
          () => {
            const { shown, fill } = window.moveNowState();
            return shown && fill >= 0.1;
          },
          null,
          { timeout: 20_000 },
        );
        // The bar fills by the clock; the line waits for the worker's first report.
        await page.waitForFunction(() => /^Thinking… /.test(document.querySelector("#thinking-progress").textContent), null, {
          timeout: 20_000,
        });
        assert.match(await page.getAttribute("#move-now", "title"), /^Play the best move found so far \((about \d|under 1) s left\)$/);
        if (k === 0) {
          assert.deepEqual(await layout(page), before, "nothing moved when the computer started thinking");
          await page.screenshot({ path: `${screenshots}/expert-move-now-${screen}-${colorScheme}.png` });
        }
        const clicked = await page.click("#move-now", { timeout: 2_000 }).then(
          () => true,
          () => false,
        );
        await waitForMoves(page, moves.length + 2);
        await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human", null, { timeout: 20_000 });
        const asked = moves.concat(legal[0]);
        moves = await moveList(page);
        const reply = moves.at(-1);
        assert.ok((await gameState(page, DEFAULT_MAP, asked.join(""))).legal.includes(reply), `${reply} is legal`);
        assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 10 · Master\\) played ${reply}\\.`));
        assert.equal((await page.evaluate(() => window.moveNowState())).shown, false);
        const early = (await page.textContent("#thinking-pv")).includes(", then was asked to move.");
        if (clicked && early) pressed += 1;
        else t.diagnostic(`the reply to move ${asked.length} came before Move now was pressed`);
      }
      assert.equal(pressed, 2, "Move now played the computer's move twice");
      assert.deepEqual(await layout(page), before, "nothing moved when it replied");
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
  assert.match(await page.textContent("#thinking-line"), /^Computer \(level 10 · Master\) is thinking…$/);
  // Level 3 answers at once: its reply, not level 10's, is what is played.
  await page.selectOption("#level", "3");
  await waitForMoves(page, 2);
  const [, reply] = await moveList(page);
  assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 3\\) played ${reply}\\.`));
  if (unfolded) await page.click("#settings-toggle");
  assert.deepEqual(problems, []);
});
