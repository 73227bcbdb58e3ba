// Game clocks (docs/rules.md, "Resigning and clocks"), from the page a
// newcomer sees, on Playwright's fake clock so that minutes pass in an
// instant: chosen in the settings, one per player beside the names, none
// ticking before the first move and then only the mover's, kept across a
// reload, the last ten
// seconds said aloud, and a flag fall ending the game as lost.
import assert from "node:assert/strict";
import { test } from "node:test";
import { screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, moveList, noticeText, openSettings, playFirstLegal, setMode, waitForMoves } from "./game.mjs";
import { SCREENS, testLooks } from "./looks.mjs";

const env = useSite();
const START = new Date("2026-03-01T10:00:00Z");

/** The board on a fake clock that runs from START; `problems` as openBoard's. */
async function openOnFakeClock(options) {
  const context = await env.browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  await page.clock.install({ time: START });
  await page.goto(env.site.url);
  await page.waitForSelector("body[data-ready]");
  return { page, problems };
}

/** Waits until `side`'s clock shows `low` to `high` seconds, as time flows on the fake clock too. */
function clockBetween(page, side, low, high) {
  return page.waitForFunction(
    ({ side, low, high }) => {
      const [m, s] = (document.querySelector(`#clock-${side}`)?.textContent ?? "").split(":");
      const t = Number(m) * 60 + Number(s);
      return t >= low && t <= high;
    },
    { side, low, high },
  );
}

/** The seconds a clock shows ("0:40" is 40). */
async function seconds(page, side) {
  const [m, s] = (await page.textContent(`#clock-${side}`)).split(":");
  return Number(m) * 60 + Number(s);
}

for (const [screen, options] of SCREENS) {
  test(`two players' clocks wait for the first move, tick in turn, survive a reload, and a flag falls (${screen})`, async () => {
    const { page, problems } = await openOnFakeClock(options);
    assert.equal(await page.isVisible("#clock-X"), false, "no clock unless chosen");
    await setMode(page, "hotseat", { clock: "1" });
    await page.waitForSelector("#clock-X", { state: "visible" });
    assert.equal(await page.textContent("#clock-X"), "1:00");
    assert.equal(await page.textContent("#clock-O"), "1:00");
    assert.equal(await page.getAttribute("#clock-X", "role"), "timer");
    assert.match(await page.getAttribute("#clock-X", "aria-label"), /^Black's clock: /);

    // A newcomer reads the page: no clock runs before the first move, nor after a reload.
    await page.clock.fastForward(20_000);
    assert.equal(await page.textContent("#clock-X"), "1:00", "Black's clock waits for the first move");
    assert.equal(await page.getAttribute("#clock-X", "class"), "player-clock");
    await page.reload();
    await page.waitForSelector("#clock-X", { state: "visible" });
    await page.clock.fastForward(20_000);
    assert.equal(await page.textContent("#clock-X"), "1:00", "a reload before the first move starts no clock");
    assert.equal(await page.textContent("#clock-O"), "1:00");

    await playFirstLegal(page);
    assert.equal(await page.getAttribute("#clock-O", "class"), "player-clock running");
    await page.clock.fastForward(10_000);
    await clockBetween(page, "O", 47, 50);
    const black = await page.textContent("#clock-X");
    assert.equal(black, "1:00", "Black's first move was made on no clock, and its clock stands while White moves");
    await page.screenshot({ path: `${screenshots}/clocks-${screen}.png` });

    await page.reload();
    await page.waitForSelector("#clock-O", { state: "visible" });
    assert.equal(await page.textContent("#clock-X"), black, "a reload keeps the clocks");
    const white = await seconds(page, "O");
    assert.ok(white >= 44 && white <= 50, `White's clock after a reload: ${white}`);

    await page.clock.fastForward((white - 9) * 1000);
    await page.waitForFunction(() => /White: 10 seconds left\./.test(document.querySelector("#announcer")?.textContent ?? ""));
    assert.equal(await page.getAttribute("#clock-O", "class"), "player-clock running low");
    await page.clock.fastForward(10_000);
    await page.waitForSelector("#result", { state: "visible" });
    assert.match(await page.textContent("#result-title"), /^White lost on time: Black wins \d+ to 1\.$/);
    assert.equal(await page.textContent("#clock-O"), "0:00.0");
    await page.waitForFunction(() => /White lost on time/.test(document.querySelector("#announcer")?.textContent ?? ""));

    await page.clock.fastForward(30_000);
    assert.equal(await page.textContent("#clock-X"), black, "the clocks stop at the end");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of SCREENS) {
  test(`"Pause if hidden" is offered only with a clock to pause (${screen})`, async () => {
    const { page, problems } = await openOnFakeClock(options);
    await setMode(page, "hotseat", { clock: "none" });
    await openSettings(page);
    assert.equal(await page.isVisible("#clock-pause"), false, "no clock, nothing to pause");
    await page.selectOption("#clock", "5");
    await page.waitForSelector("#clock-pause", { state: "visible" });
    // Ticked mid-game, it keeps the game and its clocks: it says how they run from now on.
    // On a phone the settings fold away, over the board, to play.
    if (await page.isVisible("#settings-toggle")) await page.click("#settings-toggle");
    await playFirstLegal(page);
    const clock = await page.textContent("#clock-X");
    await openSettings(page);
    await page.check("#clock-pause");
    assert.equal((await moveList(page)).length, 1, "the game goes on");
    assert.equal(await page.textContent("#clock-X"), clock);
    assert.doesNotMatch(await noticeText(page), /put aside/);
    await openSettings(page);
    await page.selectOption("#clock", "none");
    await page.waitForSelector("#clock-pause", { state: "hidden" });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of SCREENS) {
  test(`Pause stops two players' clocks and the board waits for Resume; the computer's game has none (${screen})`, async () => {
    const { page, problems } = await openOnFakeClock(options);
    assert.equal(await page.isVisible("#pause"), false, "no clock, no Pause");
    await setMode(page, "hotseat", { clock: "1" });
    await page.waitForSelector("#pause", { state: "visible" });
    await playFirstLegal(page);
    await page.clock.fastForward(5_000);
    await page.click("#pause");
    assert.equal(await page.textContent("#pause"), "Resume");
    assert.equal(await page.textContent("#status"), "Paused. White to move.");
    const white = await page.textContent("#clock-O");
    await page.clock.fastForward(30_000);
    assert.equal(await page.textContent("#clock-O"), white, "a paused clock stands");
    assert.equal(await page.getAttribute("#clock-O", "class"), "player-clock");
    const [move] = (await gameState(page, DEFAULT_MAP, (await moveList(page)).join(""))).legal;
    await clickSquare(page, move);
    assert.equal(await page.textContent("#refusal"), "The game is paused: press Resume to play on.");
    assert.equal((await moveList(page)).length, 1, "a paused game takes no move");
    await page.screenshot({ path: `${screenshots}/clocks-paused-${screen}.png` });
    await page.click("#pause");
    assert.equal(await page.textContent("#pause"), "Pause");
    assert.equal(await page.textContent("#refusal"), "", "Resume takes the refusal of the pause away");
    await page.clock.fastForward(10_000);
    await clockBetween(page, "O", 40, 50);
    await clickSquare(page, move);
    await waitForMoves(page, 2);
    // A clock the players take away takes the pause with it.
    await page.click("#pause");
    await openSettings(page);
    await page.selectOption("#clock", "none");
    if (await page.isVisible("#settings-toggle")) await page.click("#settings-toggle");
    assert.equal(await page.isVisible("#pause"), false);
    await playFirstLegal(page);
    // The computer's clock never stops: its game has no Pause.
    await setMode(page, "computer", { clock: "1" });
    await page.waitForSelector("#clock-X", { state: "visible" });
    assert.equal(await page.isVisible("#pause"), false);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a flag fall in a series counts as a game lost", async () => {
  const { page, problems } = await openOnFakeClock(DESKTOP);
  await setMode(page, "series", { opponent: "human", clock: "1" });
  await page.waitForSelector("#clock-X", { state: "visible" });
  await playFirstLegal(page);
  await page.clock.fastForward(61_000);
  await page.waitForSelector("#result", { state: "visible" });
  assert.match(await page.textContent("#result-title"), /^White lost on time: Black wins \d+ to \d+\.$/);
  assert.equal(await page.textContent("#match-leader"), "Player 1 leads 1–0 in games.");
  await page.click("#next-game");
  await page.waitForSelector("#result", { state: "hidden" });
  await page.clock.fastForward(5_000);
  assert.equal(await page.textContent("#clock-X"), "1:00", "the next game's clocks wait for its first move");
  assert.equal(await page.textContent("#clock-O"), "1:00");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("the computer thinks within its clock and earns its increment", async () => {
  const { page, problems } = await openOnFakeClock(DESKTOP);
  await setMode(page, "computer", { "human-colour": "O", clock: "3+2" });
  await waitForMoves(page, 1);
  await page.waitForFunction(() => document.querySelector("#clock-O")?.classList.contains("running"));
  const computer = await seconds(page, "X");
  assert.ok(computer >= 170 && computer <= 182, `the computer's clock: ${computer}`);
  const person = await seconds(page, "O");
  assert.ok(person >= 175 && person <= 180, `your clock: ${person}`);
  assert.deepEqual(problems, []);
  await page.context().close();
});

testLooks("the clocks read well", openOnFakeClock, async (page, look) => {
  await setMode(page, "hotseat", { clock: "3+2" });
  await page.waitForSelector("#clock-X", { state: "visible" });
  await playFirstLegal(page);
  await page.clock.fastForward(172_000);
  await page.waitForFunction(() => document.querySelector("#clock-O")?.classList.contains("low"));
  await page.screenshot({ path: `${screenshots}/clocks-low-${look}.png` });
});

test("a game by link has no clock, though one was chosen for the game before it", async () => {
  const { page, problems } = await openOnFakeClock(DESKTOP);
  await setMode(page, "computer", { clock: "1" });
  await page.waitForSelector("#clock-X", { state: "visible" });
  await page.click("#play-friend");
  await page.waitForSelector("#corresp:not([hidden])");
  await playFirstLegal(page);
  await page.clock.fastForward(120_000);
  assert.equal(await page.isVisible("#clock-X"), false, "no clock in a game by link");
  assert.equal(await page.isVisible("#clock-O"), false);
  assert.equal(await page.isVisible("#result"), false, "nobody loses on time: each moves at their own pace");
  assert.deepEqual(problems, []);
  await page.context().close();
});
