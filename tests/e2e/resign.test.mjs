// Resigning (docs/rules.md, "Resigning and clocks"), from the page a
// newcomer sees: the Resign button comes once the game is under way, in
// its room kept so that nothing moves, asks first, Keep playing and Escape
// take it back, a resigned game is scored by the rules (every empty square
// to the winner), counts as lost in a series, is kept with its result in
// the saved games, and survives a reload.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, playFirstLegal, setMode } from "./game.mjs";
import { SCREENS, testLooks } from "./looks.mjs";

const env = useSite();

/** Where the row under the board and its neighbours stand. */
function rowBoxes(page) {
  return page.evaluate(() =>
    ["#board", "#status", "#resign", ".turn", "#undo"].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return [s, Math.round(r.top), Math.round(r.left), Math.round(r.width), Math.round(r.height)];
    }),
  );
}

function scoreboard(page) {
  return page.$$eval("#match-rows tr", (rows) => rows.map((tr) => [...tr.cells].map((td) => td.textContent)));
}

for (const [screen, options] of SCREENS) {
  test(`against the computer, Resign comes with the first move, asks first and ends the game as lost (${screen})`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const before = await rowBoxes(page);
    assert.equal(await page.isVisible("#resign"), false, "no Resign before the game is under way");
    await playFirstLegal(page);
    await page.waitForSelector("#resign", { state: "visible" });
    assert.deepEqual(await rowBoxes(page), before, "Resign comes in its kept room: nothing moves");
    await page.click("#resign");
    assert.equal(await page.isVisible("#resign-confirm"), true);
    assert.match(await page.textContent("#resign-question"), /^Resign this game as black\? White \(computer, level \d.*\) wins it\.$/);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "resign-no", "the safe answer has the focus");

    await page.click("#resign-no");
    assert.equal(await page.isVisible("#resign-confirm"), false);
    assert.equal(await page.isVisible("#result"), false, "the game goes on");
    await page.click("#resign");
    await page.keyboard.press("Escape");
    assert.equal(await page.isVisible("#resign-confirm"), false);
    assert.equal(await page.evaluate(() => document.activeElement?.id), "resign");

    // The keyboard alone: Enter on Resign, Tab back to its own Resign.
    await page.focus("#resign");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Shift+Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "resign-yes");
    await page.screenshot({ path: `${screenshots}/resign-ask-${screen}.png` });
    await page.keyboard.press("Enter");
    await page.waitForSelector("#result", { state: "visible" });
    const result = await page.textContent("#result-title");
    assert.match(result, /^You resigned and lost \d+ to (\d+)\.$/);
    // The rulebook map: White's discs and every empty square but the walls.
    const won = Number(/to (\d+)/.exec(result)?.[1]);
    assert.ok(won > 40 && won <= 62, result);
    assert.match(await page.textContent("#result-detail"), /\d( incl\. \d+ bonus points)?\. The \d+ empty squares count for the winner\.$/, "the panel says why the score jumped, in sentences");
    assert.equal(await page.isVisible("#resign"), false);
    assert.equal(await page.isDisabled("#undo"), true, "a resignation is final");
    assert.match(await page.textContent("#announcer"), /You resigned/);

    await page.reload();
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.textContent("#result-title"), result, "a reload keeps the resignation");

    await page.click("#open-archive");
    await page.waitForSelector("#archive[open]");
    assert.equal(await page.textContent("#archive-list li:nth-child(1) .archive-state"), result);
    await page.keyboard.press("Escape");
    await page.waitForSelector("#archive[open]", { state: "detached" }).catch(() => {});
    assert.equal(await page.isVisible("#archive"), false);

    // The resigned game's last position opens in the position mode: how it was given up is no part of a position.
    await page.click("#set-up");
    await page.waitForSelector("#position[open]");
    assert.equal(await page.isVisible("#notices .notice"), false, "no notice: the position mode opened");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("in a series the side to move resigns, and the game counts as lost", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "series", { opponent: "human" });
  await page.waitForSelector("#match", { state: "visible" });
  assert.equal(await page.isVisible("#resign"), false, "not before the first move");
  await playFirstLegal(page);
  assert.equal(await page.isVisible("#resign"), true, "once Black has played");
  await playFirstLegal(page);
  await page.click("#resign");
  assert.equal(await page.textContent("#resign-question"), "Resign this game as black? Player 2 (white) wins it.");
  await page.click("#resign-yes");
  await page.waitForSelector("#result", { state: "visible" });
  assert.match(await page.textContent("#result-title"), /^Black resigned: White wins \d+ to \d+\.$/);
  const [first, second] = await scoreboard(page);
  assert.deepEqual(first.slice(0, 2), ["Player 1 (black)", "0"]);
  assert.deepEqual(second.slice(0, 2), ["Player 2 (white)", "1"]);
  assert.equal(await page.textContent("#match-leader"), "Player 2 leads 1–0 in games.");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.match(await page.textContent("#result-title"), /^Black resigned: /, "a reload keeps the resigned game of a series");
  assert.equal(await page.textContent("#match-leader"), "Player 2 leads 1–0 in games.");

  await page.click("#next-game");
  await page.waitForSelector("#result", { state: "hidden" });
  assert.equal(await page.isVisible("#resign"), false, "the next game is not under way yet");
  await playFirstLegal(page);
  assert.equal(await page.isVisible("#resign"), true);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("nobody resigns a watched game", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "watch", { "watch-speed": "slow" });
  assert.equal(await page.isVisible("#resign"), false);
  assert.deepEqual(problems, []);
  await page.context().close();
});

testLooks(
  "the question and the result read well",
  (options) => openBoard(env.browser, env.site.url, options),
  async (page, look) => {
    await playFirstLegal(page);
    await page.click("#resign");
    await page.locator("#resign-confirm").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/resign-confirm-${look}.png` });
    await page.click("#resign-yes");
    await page.waitForSelector("#result", { state: "visible" });
    await page.locator("#result").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/resign-result-${look}.png` });
  },
);
