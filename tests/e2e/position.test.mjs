// The position mode (issue 33 item 5): from the first screen, "Set up
// position" opens a dialog where discs are put by clicks (or a diagram or
// OBF pasted), a position the rules refuse shows their sentence, and a
// good one is played with a friend or against the computer; the game keeps
// its set-up start through a reload and in its share link, and says it
// started so in the move list, the phone's game summary, its analysis and
// its review. On a desktop and a phone, light and dark.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DESKTOP, moveList, openSettings, PHONE, putAt, sendLink, waitForMoves } from "./game.mjs";
import { KEY } from "../../www/js/storage.js";

const env = useSite();

/** Opens the position dialog by its button. */
async function openPosition(page) {
  await page.click("#set-up");
  await page.waitForSelector("#position[open]");
}

const said = (page) => page.textContent("#position-problem");

/**
 * Reloads once the page has fetched what it fetches after its first screen
 * (Saved games' modules, and the help once idle): a reload cuts those short,
 * and the page's problem list would rightly report them as failed requests.
 */
async function reload(page) {
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("help.html")));
  await page.waitForLoadState("networkidle");
  await page.reload();
}

/** The saved game's record. */
const savedGame = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null")?.game, KEY);

for (const [screen, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`a position set up by clicks is played, reloaded and shared on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openPosition(page);
    // The dialog opens on the game's position: the start, which is fine.
    assert.match(await said(page), /^Ready to play: Black to move \(2 black, 2 white\)/);
    await page.click("#position-clear");
    assert.match(await said(page), /^Black has no disc, so neither side can move: place discs of both colours\./);
    assert.equal(await page.isDisabled("#position-friend"), true);
    // a1 is a wall on the default map.
    await putAt(page, "a1");
    assert.equal(await said(page), "a1 is a wall: no disc can stand on it.");
    await putAt(page, "d4");
    assert.match(await said(page), /^d4: black disc\. White has no disc/);
    await page.check('input[name="position-tool"][value="O"]');
    await putAt(page, "e4");
    assert.match(await said(page), /Ready to play: Black to move \(1 black, 1 white\)/);
    await page.check('input[name="position-side"][value="O"]');
    assert.match(await said(page), /Ready to play: White to move/);
    // Reloaded half-way, the tab brings back the position being set up.
    await page.reload();
    await page.waitForSelector("#position[open]");
    assert.equal(await said(page), "Here is the position you were setting up. Ready to play: White to move (1 black, 1 white).");
    await page.check('input[name="position-side"][value="X"]');
    await page.click("#position-friend");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    assert.deepEqual(await moveList(page), []);
    await clickSquare(page, "f4");
    await waitForMoves(page, 1);
    const game = await savedGame(page);
    assert.ok(game?.start, `the saved game keeps its start: ${JSON.stringify(game)}`);
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await waitForMoves(page, 1);
    assert.equal((await moveList(page)).length, 1);
    assert.equal(await page.$("#position[open]"), null, "a position played is no longer being set up");
    assert.equal((await savedGame(page)).start, game.start);
    await page.click("#copy-link").catch(async () => {
      await page.click("#copy-link", { force: true });
    });
    await page.waitForFunction(() => document.querySelector("#copied")?.dataset.value);
    const link = await page.$eval("#copied", (o) => o.dataset.value);
    assert.match(link, new RegExp(`[#&]s=${game.start.replace(/[.]/g, "\\.")}(&|$)`));
    const other = await openBoard(env.browser, link, options);
    await waitForMoves(other.page, 1);
    assert.equal((await savedGame(other.page)).start, game.start);
    assert.deepEqual(other.problems, []);
    await other.page.context().close();
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a set-up position is played with a friend by link, from the dialog or the board, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, permissions: ["clipboard-read", "clipboard-write"] });
    const setUp = async () => {
      await openPosition(page);
      await page.click("#position-clear");
      await page.check('input[name="position-tool"][value="X"]');
      await putAt(page, "d4");
      await page.check('input[name="position-tool"][value="O"]');
      await putAt(page, "e4");
      assert.match(await said(page), /Ready to play: Black to move/);
    };
    // From the dialog: a game by link from the position, the person at the screen to move.
    await setUp();
    await page.click("#position-link");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    assert.equal(await page.inputValue("#mode"), "corresp");
    assert.equal(await page.inputValue("#human-colour"), "X");
    const start = (await savedGame(page)).start;
    assert.ok(start, "the game by link keeps the set-up start");
    await clickSquare(page, "f4");
    await waitForMoves(page, 1);
    const link = await sendLink(page);
    assert.match(link, /[#&]s=[^&]+/);
    assert.match(link, /[#&]p=corresp-white(&|$)/);
    const friend = await openBoard(env.browser, link, options);
    await waitForMoves(friend.page, 1);
    assert.equal((await savedGame(friend.page)).start, start, "the friend gets the position");
    assert.equal(await friend.page.inputValue("#mode"), "corresp");
    assert.deepEqual(friend.problems, []);
    await friend.page.context().close();
    // From the board: a position set up for two, then "Play a friend by link", keeps it.
    await setUp();
    await page.click("#position-friend");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    await openSettings(page);
    await page.click("#play-friend");
    assert.equal(await page.inputValue("#mode"), "corresp");
    assert.equal((await savedGame(page)).start, start, "the position set up is the one played by link");
    // Another mode over a position not yet played keeps a way back to it.
    await page.selectOption("#mode", "computer");
    await page.click("#notices button:text('Back to that game')");
    assert.equal((await savedGame(page)).start, start);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a game from a set-up position says so, in play, analysis and review, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    assert.equal(await page.isVisible("#moves-from"), false, "the usual start is not marked");
    await openPosition(page);
    // Othello's start with White to move, as Edax writes it.
    await page.fill("#position-text", "---------------------------OX------XO--------------------------- O");
    await page.click("#position-read");
    await page.click("#position-friend");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    assert.equal(await page.textContent("#moves-from"), "From a set-up position");
    assert.equal(await page.isVisible("#moves-from"), true);
    if (screen === "phone") {
      assert.match(await page.textContent("#settings-mode"), / · set-up start$/);
      const cut = await page.$eval("#settings-mode", (el) => el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5);
      assert.equal(cut, false, "the phone's summary says it whole");
    }
    const { start } = await savedGame(page);
    const game = (moves) =>
      page.evaluate(
        async ({ start, moves }) => {
          const { Game } = await import(new URL("mapello.js", document.baseURI).href);
          return new Game({ variant: "othello", map: "18AAAAAAAAAAAAAAAAAAAAAAA", start, moves }).snapshot();
        },
        { start, moves },
      );
    const first = (await game("")).legal[0];
    await clickSquare(page, first, 8, false);
    await waitForMoves(page, 1);
    const second = (await game(first)).legal[0];
    await clickSquare(page, second, 8, false);
    await waitForMoves(page, 2);
    assert.equal(await page.isVisible("#moves-from"), true, "the mark stays with the game");
    await page.screenshot({ path: `${screenshots}/position-start-marked-${screen}.png`, fullPage: true });

    // The analysis replays the game from its own start.
    await page.click("#move-list button[data-ply='1']");
    await page.waitForSelector("#analysis", { state: "visible" });
    assert.equal(await page.textContent("#analysis-title"), "Analysis, from a set-up position");
    const after = await game(first);
    assert.equal(await page.textContent("#analysis-state"), `Move 1 of 2 (${first}). Black to move. Black ${after.score[0]}, white ${after.score[1]}.`);
    await page.click("#analysis-back");
    await page.waitForSelector("#analysis", { state: "hidden" });

    await page.click("#review-game");
    await page.waitForSelector("#review", { state: "visible" });
    assert.match(await page.textContent("#review-reading"), /^This game started from a set-up position\. /);
    await page.click("#close-review");
    await page.waitForSelector("#review", { state: "hidden" });

    await openSettings(page);
    await page.click("#new-game");
    await page.waitForFunction(() => document.querySelector("#move-list").children.length === 0);
    assert.equal(await page.isVisible("#moves-from"), false, "a new game from the usual start is not marked");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a set-up position is played against the computer, and text is read on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openPosition(page);
    await page.fill("#position-text", "nonsense");
    await page.click("#position-read");
    assert.match(await said(page), /^That text could not be read: .*The position is unchanged\.$/);
    // Othello's start, as Edax writes it.
    await page.fill("#position-text", "---------------------------OX------XO--------------------------- O");
    await page.click("#position-read");
    assert.match(await said(page), /Ready to play: White to move \(2 black, 2 white\)/);
    await page.click("#position-computer");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    const { legal } = await page.evaluate(async (start) => {
      const { Game } = await import(new URL("mapello.js", document.baseURI).href);
      const map = "18AAAAAAAAAAAAAAAAAAAAAAA";
      return new Game({ variant: "othello", map, start }).snapshot();
    }, (await savedGame(page)).start);
    assert.equal((await savedGame(page)).variant, "othello");
    await clickSquare(page, legal[0], 8, false);
    await waitForMoves(page, 2, 60_000);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`a set-up position not yet played keeps a way back when "You play" changes, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openPosition(page);
    await page.fill("#position-text", "---------------------------OX------XO--------------------------- O");
    await page.click("#position-read");
    await page.click("#position-computer");
    await page.waitForSelector("#position:not([open])", { state: "attached" });
    const { start } = await savedGame(page);
    assert.ok(start, "the game keeps the set-up start");
    const unfolded = await openSettings(page);
    await page.selectOption("#human-colour", (await page.inputValue("#human-colour")) === "X" ? "O" : "X");
    if (unfolded) await page.click("#settings-toggle");
    assert.notEqual((await savedGame(page)).start, start, "the new game starts as the game does");
    await page.click("#notices button:text('Back to that game')");
    assert.equal((await savedGame(page)).start, start, "the position set up is back");
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  for (const colorScheme of ["light", "dark"]) {
    test(`the position dialog fits on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await openPosition(page);
      await page.check('input[name="position-tool"][value="O"]');
      await putAt(page, "c4");
      await page.screenshot({ path: `${screenshots}/position-${screen}-${colorScheme}.png`, fullPage: true });
      const width = await page.$eval("#position", (d) => d.getBoundingClientRect().width);
      assert.ok(width <= options.viewport.width, `the dialog is ${width} px wide`);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

test("a damaged position kept by the tab opens the game's position instead, and is dropped", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  for (const kept of ["{damaged", JSON.stringify({ variant: "chess", map: "x", text: "y" }), JSON.stringify({ variant: "mapello", map: "?", text: "" })]) {
    await page.evaluate((text) => sessionStorage.setItem("mapello.positionDraft", text), kept);
    await reload(page);
    await page.waitForSelector("#position[open]");
    assert.match(await said(page), /^Ready to play: Black to move \(2 black, 2 white\)/, kept);
    // The dialog drops the draft on its close event, which the browser
    // fires a task after the click has closed it: wait for that event.
    const closing = await page.evaluateHandle(() => ({
      closed: new Promise((done) => document.getElementById("position").addEventListener("close", () => done(true), { once: true })),
    }));
    await page.click("#close-position");
    await page.evaluate((closing) => closing.closed, closing);
    assert.equal(await page.evaluate(() => sessionStorage.getItem("mapello.positionDraft")), null, kept);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});
