// Blocs on the page, by its visible controls only: chosen in the game
// chooser, a two-player game played by clicks through both phases to its
// end (faces chosen with the big buttons, rectangles by a drag and by two
// taps, a half-chosen one cancelled, an illegal one refused with its
// reason), undo and redo, the game kept across a reload, a game put aside
// by New game and brought back, moves by keyboard answered by the computer
// in its worker, hints, and a game by link (a friend's link that
// continues it plays on, and the friend's turn waits for their link); on a
// desktop and on a phone.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { contrastProblems, contrastRatio } from "./contrast.mjs";
import { DEFAULT_MAP, DESKTOP, PHONE, noticeText, openSettings } from "./game.mjs";

const env = useSite();
const SCREENS = { desktop: DESKTOP, phone: PHONE };

const cell = (name) => `.blocs-cell[data-square="${name}"]`;
const status = (page) => page.textContent("#blocs-status");
const moves = (page) => page.$$eval("#blocs-moves li", (lis) => lis.map((li) => li.textContent));

/** Chooses Blocs in the game chooser, folding the settings away again on a phone. */
async function chooseBlocs(page) {
  const unfolded = await openSettings(page);
  await page.selectOption("#variant", "blocs");
  if (unfolded) await page.click("#settings-toggle");
  await page.waitForSelector("#blocs-page:not([hidden])");
}

/**
 * Drags from the centre of one square to another's: with a finger on a
 * touch screen (Chrome's touch events, as a phone sends them), else the mouse.
 */
async function drag(page, from, to, touch) {
  await page.locator(".blocs-grid").scrollIntoViewIfNeeded();
  const centre = async (name) => {
    const b = await page.locator(cell(name)).boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const [a, b] = [await centre(from), await centre(to)];
  const steps = Array.from({ length: 6 }, (_, k) => ({ x: a.x + ((b.x - a.x) * (k + 1)) / 6, y: a.y + ((b.y - a.y) * (k + 1)) / 6 }));
  if (!touch) {
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (const p of steps) await page.mouse.move(p.x, p.y);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [a] });
  for (const p of steps) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

// Row 1 black, d4 black, the rest white: two flips and a third end it.
const FACES = { a1: "X", b1: "X", c1: "X", d1: "X", d4: "X" };
const SQUARES = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"];

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`a Blocs game is played through both phases by clicks, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await chooseBlocs(page);
    await page.selectOption("#blocs-opponent", "human");
    assert.equal(await status(page), "Placing discs. First player's turn: put a disc on an empty square, either face up.");
    // The squares are named around the board as the moves name them.
    assert.equal(await page.textContent(".blocs-files"), "abcd");
    assert.equal(await page.textContent(".blocs-ranks"), "1234");
    assert.equal(await page.isVisible(".blocs-files"), true);

    for (const sq of SQUARES) {
      await page.click(`.blocs-faces [data-face="${FACES[sq] ?? "O"}"]`);
      await page.click(cell(sq));
    }
    assert.equal((await moves(page)).length, 16);
    // A finger leaves no hover grey behind: the square tapped last is drawn as the others are.
    if (screen === "phone") {
      const background = (sq) => page.$eval(cell(sq), (el) => getComputedStyle(el).backgroundColor);
      assert.equal(await background("d4"), await background("c4"));
    }
    assert.match(await status(page), /^Flipping\. First player's turn: flip/);
    assert.equal(await page.isVisible(".blocs-faces"), false, "no face to choose in the flipping phase");
    assert.equal(await page.isVisible(".blocs-cancel"), false, "Cancel shows only while a corner is chosen");
    // Hints list whole moves, rectangles as rectangles.
    await page.check("#blocs-hints");
    const flip = "[a-d][1-4](-[a-d][1-4])?";
    const listed = new RegExp(`^Winning moves: ${flip}(, ${flip})* \\(|^No winning move`);
    assert.match(await page.textContent("#blocs-hints-line"), listed);
    await page.uncheck("#blocs-hints");

    // A half-chosen rectangle is dropped by Cancel, or by a tap off the board.
    await page.click(cell("b2"));
    assert.match(await page.textContent(".blocs-preview"), /Corner b2 chosen: .* b2 again to flip just this disc/);
    await page.click(".blocs-cancel");
    assert.equal(await page.locator(".blocs-cell.chosen").count(), 0);
    assert.equal(await page.isVisible(".blocs-cancel"), false);
    await page.click(cell("b2"));
    await page.click("#blocs-status");
    assert.equal(await page.locator(".blocs-cell.chosen").count(), 0);
    assert.equal(await page.textContent(".blocs-preview"), "");
    assert.equal((await moves(page)).length, 16, "cancelling plays nothing");

    // A drag from a1 to d4 flips the whole board.
    await drag(page, "a1", "d4", screen === "phone");
    assert.equal((await moves(page)).at(-1), "First player: a1-d4");
    // Two taps: the first corner previews, the second plays.
    await page.click(cell("a2"));
    await page.hover(cell("c4"));
    assert.match(await page.textContent(".blocs-preview"), /Rectangle a2-c4/);
    assert.equal(await page.locator(".blocs-cell.chosen").count(), 9);
    // The rectangle being chosen is drawn unlike the last move's outline.
    const outline = (sel) => page.$eval(sel, (el) => getComputedStyle(el).outlineStyle);
    assert.equal(await outline(".blocs-cell.chosen"), "dashed");
    assert.equal(await outline(`.blocs-cell.last:not(.chosen)`), "solid");
    await page.screenshot({ path: `${screenshots}/blocs-preview-${screen}.png`, fullPage: screen === "phone" });
    await page.click(cell("c4"));
    assert.equal((await moves(page)).at(-1), "Second player: a2-c4");
    // A white lower-right disc is refused, with the reason, and nothing is played.
    const undo = await page.$eval("#blocs-undo", (el) => el.getBoundingClientRect().toJSON());
    await page.click(cell("a1"));
    await page.click(cell("b2"));
    assert.equal(await page.textContent("#blocs-refusal"), "A rectangle's lower-right disc must show black; b2 shows white.");
    assert.deepEqual(await page.$eval("#blocs-undo", (el) => el.getBoundingClientRect().toJSON()), undo, "the refusal moved no control");
    assert.equal((await moves(page)).length, 18);
    await page.click(cell("c1"));
    assert.equal(await page.textContent("#blocs-refusal"), "", "the refusal goes with the next action");
    await page.click(".blocs-cancel");
    // Undo and redo step through the game.
    await page.click("#blocs-undo");
    assert.equal((await moves(page)).length, 17);
    await page.click("#blocs-redo");
    assert.equal((await moves(page)).length, 18);
    await page.click(cell("d2"));
    await page.click(cell("d3"));
    assert.equal(await status(page), "First player made the last move and wins.");
    await page.waitForFunction(() => document.querySelector("#announcer").textContent.includes("wins"));
    await page.screenshot({ path: `${screenshots}/blocs-over-${screen}.png`, fullPage: screen === "phone" });

    // The game is kept across a reload, on the Blocs page.
    await page.reload();
    await page.waitForSelector("#blocs-page:not([hidden])");
    assert.equal((await moves(page)).length, 19);
    assert.equal(await status(page), "First player made the last move and wins.");

    // New game puts the game aside, and the notice brings it back.
    await page.click("#blocs-new");
    assert.deepEqual(await moves(page), []);
    await page.click('.notice button:has-text("Back to that game")');
    assert.equal((await moves(page)).length, 19);
    assert.equal(await status(page), "First player made the last move and wins.");
    assert.equal(await page.locator(".notice").count(), 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`the computer answers a move played by keyboard in Blocs, and hints mark the winning moves, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await chooseBlocs(page);
    await page.selectOption("#blocs-opponent", "human");
    await page.click("#blocs-new");
    // A click on c3 plays there; then the cursor starts from the square
    // focused next (a1), not from the one clicked: arrows to b2, O, Enter.
    await page.click(cell("c3"));
    await page.focus(cell("a1"));
    for (const key of ["ArrowRight", "ArrowDown", "o", "Enter"]) await page.keyboard.press(key);
    assert.deepEqual(await moves(page), ["First player: c3X", "Second player: b2O"]);
    // Against the computer, from b2: right to c2, X, Enter; the computer answers.
    await page.selectOption("#blocs-opponent", "computer");
    await page.selectOption("#blocs-level", "5");
    await page.focus(cell("b2"));
    for (const key of ["ArrowRight", "x", "Enter"]) await page.keyboard.press(key);
    await page.waitForFunction(() => document.querySelectorAll("#blocs-moves li").length === 4);
    const list = await moves(page);
    assert.equal(list[2], "First player: c2X");
    assert.match(list[3], /^Second player: [a-d][1-4][XO]$/);
    // Undo takes back the computer's reply and the move before it: your turn again.
    await page.click("#blocs-undo");
    assert.equal((await moves(page)).length, 2);
    await page.click("#blocs-redo");
    assert.deepEqual(await moves(page), list);
    await page.check("#blocs-hints");
    assert.match(await page.textContent("#blocs-hints-line"), /Winning moves|No winning move/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a shared link opens the longest Blocs game, 1023 moves, and the rules are a tap away", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  // From an all-black board, the first legal flip each time is the longest game.
  const transcript = await page.evaluate(async () => {
    // Blocs's rules are in the workers' module, which the board's page has not started.
    const wasm = await import(new URL("mapello_ai.js", document.baseURI).href);
    await wasm.default();
    const game = new wasm.BlocsGame();
    for (let i = 0; i < 16; i++) game.play(`${"abcd"[i % 4]}${Math.floor(i / 4) + 1}X`);
    for (let s = game.snapshot(); s.status !== "gameOver"; s = game.snapshot()) game.play(s.legal[0]);
    return game.transcript();
  });
  const linked = await page.context().newPage();
  await linked.goto(`${env.site.url}#blocs=${transcript}`);
  await linked.waitForSelector("#blocs-page:not([hidden])");
  assert.equal(await linked.locator("#blocs-moves li").count(), 1023);
  // The moves were not played here: they are named by seat.
  assert.match(await linked.textContent("#blocs-moves li"), /^First player: /);
  // A shared game is a game with the friend who sent it, who made the last move, though the
  // page plays the computer by default; no notice speaks of the computer.
  assert.equal(await linked.textContent("#blocs-status"), "Your friend made the last move and wins.");
  assert.equal(await linked.inputValue("#blocs-opponent"), "friend");
  assert.doesNotMatch(await noticeText(linked), /computer/i);
  assert.equal(new URL(linked.url()).hash, "", "the link is taken out of the address once read");
  await linked.click("#open-help");
  // The built page fetches the rules' pages (help.html) if they are not in yet.
  await linked.waitForSelector('[data-help-page="blocs"]', { state: "visible" });
  assert.match(await linked.textContent('[data-help-page="blocs"]'), /lower-right/);
  await linked.click("#close-help");
  // Back to a game of the board: its page returns, and Blocs's hides.
  await linked.selectOption("#variant", "othello");
  assert.equal(await linked.isVisible("main.layout"), true);
  assert.equal(await linked.isVisible("#blocs-page"), false);
  assert.equal(await linked.isVisible("#board-size"), true);
  // A link to a game of the board opens on the board, though Blocs was showing.
  await linked.selectOption("#variant", "blocs");
  const board = await linked.context().newPage();
  await board.goto(`${env.site.url}#m=${DEFAULT_MAP}&g=e3`);
  await board.waitForSelector("main.layout:not([hidden])");
  assert.equal(await board.isVisible("#blocs-page"), false);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`Blocs by link: a friend's link that continues the game plays on, another is opened with a way back, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await chooseBlocs(page);
    await page.selectOption("#blocs-opponent", "human");
    // The link sent to the friend, pasted into this open tab: the game was empty, so nothing is
    // replaced; as a game by link does, it says which side the one who opens it plays.
    await page.evaluate(() => (location.hash = "#blocs=a1X"));
    await page.waitForFunction(() => document.querySelectorAll("#blocs-moves li").length === 1);
    assert.equal(await noticeText(page), "You play second, your friend first: play your move, then send them the link.");
    // The friend's reply: the same moves and one more.
    await page.evaluate(() => (location.hash = "#blocs=a1Xb1O"));
    await page.waitForFunction(() => document.querySelectorAll("#blocs-moves li").length === 2);
    assert.deepEqual(await moves(page), ["First player: a1X", "Second player: b1O"]);
    assert.equal(await noticeText(page), "The link continues your Blocs game with a new move. You play first, your friend second: play your move, then send them the link.");
    // The same link again brings nothing.
    await page.evaluate(() => (location.hash = "#blocs=a1Xb1O"));
    await page.waitForFunction(() => document.querySelector("#notices")?.textContent.includes("no new move yet"));
    assert.equal(await page.locator("#blocs-moves li").count(), 2);
    // A link that takes another line replaces the game, which stays a tap away.
    await page.evaluate(() => (location.hash = "#blocs=a1Xc1O"));
    await page.waitForFunction(() => document.querySelector("#notices")?.textContent.includes("replaced by the shared one"));
    assert.deepEqual(await moves(page), ["First player: a1X", "Second player: c1O"]);
    await page.click('.notice button:has-text("Back to that game")');
    assert.deepEqual(await moves(page), ["First player: a1X", "Second player: b1O"]);
    await page.screenshot({ path: `${screenshots}/blocs-by-link-${screen}.png` });
    // The friend, in a browser of their own where the computer is the opponent, opens the link: their turn, not the computer's.
    const friend = await openBoard(env.browser, `${env.site.url}#blocs=a1Xb1Oc1X`, options);
    await friend.page.waitForSelector("#blocs-page:not([hidden])");
    await friend.page.waitForTimeout(1000);
    assert.equal(await friend.page.locator("#blocs-moves li").count(), 3, "the computer made no move for the friend");
    assert.match(await friend.page.textContent("#blocs-status"), /^Placing discs\. Your turn: /);
    assert.deepEqual(friend.problems, []);
    await friend.page.context().close();
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`Blocs with a friend by link: the friend's moves wait for their link, and nothing speaks of the computer, on a ${screen}`, async () => {
    const clipboard = { ...options, permissions: ["clipboard-read", "clipboard-write"] };
    const copyLink = async (page) => {
      await page.click("#blocs-copy-link");
      await page.locator("#blocs-copied", { hasText: "Link copied." }).waitFor();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    const friendsMove = "It is your friend's move: send them the link, then open the one they send back.";
    // A plays the first move on one screen, two players, and sends the link.
    const a = await openBoard(env.browser, env.site.url, clipboard);
    await chooseBlocs(a.page);
    await a.page.selectOption("#blocs-opponent", "human");
    await a.page.getByRole("button", { name: "Black up" }).click();
    await a.page.click(cell("c3"));
    const sent = await copyLink(a.page);
    assert.equal(await a.page.inputValue("#blocs-opponent"), "human", "sending a link leaves a game on one screen as it is");
    // B, in a browser of their own, opens it and plays the second move.
    const b = await openBoard(env.browser, sent, clipboard);
    await b.page.waitForSelector("#blocs-page:not([hidden])");
    assert.equal(await noticeText(b.page), "You play second, your friend first: play your move, then send them the link.");
    assert.equal(await b.page.inputValue("#blocs-opponent"), "friend");
    assert.equal(await b.page.isDisabled("#blocs-undo"), true, "A's move came in A's link: not B's to take back");
    // B's own move may be taken back, down to A's.
    await b.page.getByRole("button", { name: "White up" }).click();
    await b.page.click(cell("a2"));
    await b.page.click("#blocs-undo");
    assert.deepEqual(await moves(b.page), ["First player: c3X"]);
    assert.equal(await b.page.isDisabled("#blocs-undo"), true);
    await b.page.getByRole("button", { name: "White up" }).click();
    await b.page.click(cell("b2"));
    assert.deepEqual(await moves(b.page), ["First player: c3X", "Second player: b2O"]);
    assert.equal(await status(b.page), `Placing discs. Your friend's turn: send them the link, then open the one they send back.`);
    // The friend's move is theirs to play: a tap on the board says so and plays nothing. (The
    // squares are aria-disabled, so the click is forced past Playwright's check; a real click it is.)
    await b.page.click(cell("a1"), { force: true });
    assert.equal(await b.page.textContent("#blocs-refusal"), friendsMove);
    assert.deepEqual(await moves(b.page), ["First player: c3X", "Second player: b2O"]);
    assert.doesNotMatch(await noticeText(b.page), /computer/i);
    await b.page.screenshot({ path: `${screenshots}/blocs-friend-waits-${screen}.png` });
    // A opens B's reply: A's turn now, then B's.
    const reply = await copyLink(b.page);
    await a.page.goto(reply);
    await a.page.waitForFunction(() => document.querySelectorAll("#blocs-moves li").length === 2);
    assert.equal(await noticeText(a.page), "The link continues your Blocs game with a new move. You play first, your friend second: play your move, then send them the link.");
    assert.doesNotMatch(await noticeText(a.page), /computer/i);
    await a.page.getByRole("button", { name: "Black up" }).click();
    await a.page.click(cell("d4"));
    await a.page.click(cell("a1"), { force: true });
    assert.equal(await a.page.textContent("#blocs-refusal"), friendsMove);
    assert.deepEqual(await moves(a.page), ["First player: c3X", "Second player: b2O", "First player: d4X"]);
    assert.deepEqual(a.problems, []);
    assert.deepEqual(b.problems, []);
    await a.page.context().close();
    await b.page.context().close();
  });
}

test("Blocs moves are copied and pasted as a transcript; a bad one is refused and the game kept", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await chooseBlocs(page);
  await page.selectOption("#blocs-opponent", "human");
  await page.fill("#blocs-paste", "a1X b1O c1X");
  await page.click("#blocs-load-moves");
  assert.deepEqual(await moves(page), ["First player: a1X", "Second player: b1O", "First player: c1X"]);
  assert.equal(await page.textContent("#blocs-paste-error"), "");
  await page.click("#blocs-copy-moves");
  // The clipboard answers asynchronously; the page says so once it has.
  await page.locator("#blocs-copied", { hasText: "Moves copied." }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "a1Xb1Oc1X");
  // A move that is not legal there (a1 is taken) loads nothing.
  await page.fill("#blocs-paste", "a1X a1O");
  await page.click("#blocs-load-moves");
  assert.match(await page.textContent("#blocs-paste-error"), /^These moves could not be loaded: .+/);
  assert.equal((await moves(page)).length, 3, "the game on the board is kept");
  // The game replaced by the paste can be brought back.
  await page.fill("#blocs-paste", "d4O");
  await page.click("#blocs-load-moves");
  assert.deepEqual(await moves(page), ["First player: d4O"]);
  await page.click("text=Back to that game");
  assert.equal((await moves(page)).length, 3);
  assert.deepEqual(problems, []);
  await page.context().close();
});

// The game above as a transcript: the placements, then the three flips.
const PLACED = SQUARES.map((sq) => `${sq}${FACES[sq] ?? "O"}`).join("");
const WHOLE = `${PLACED}a1-d4a2-c4d2-d3`;

/** Two players on one screen, on the game of `transcript`, loaded by the paste box. */
async function loadBlocs(page, transcript) {
  await chooseBlocs(page);
  await page.selectOption("#blocs-opponent", "human");
  await page.fill("#blocs-paste", transcript);
  await page.click("#blocs-load-moves");
  await page.waitForFunction((n) => document.querySelectorAll("#blocs-moves li").length === n, transcript.match(/[a-d][1-4](-[a-d][1-4]|[XO])?/g).length);
}

/** `rgb(r, g, b)` as `[r, g, b]`. */
const rgbOf = (css) => css.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);

for (const [screen, options] of Object.entries(SCREENS)) {
  for (const colorScheme of ["light", "dark"]) {
    test(`the corner chosen stands out by its dashed outline, under the finger too, on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await loadBlocs(page, PLACED);
      // The tap leaves the pointer on the corner, as a finger's does.
      await page.click(cell("b2"));
      const { outline, style, background } = await page.$eval(".blocs-cell.chosen", (el) => {
        const css = getComputedStyle(el);
        return { outline: css.outlineColor, style: css.outlineStyle, background: css.backgroundColor };
      });
      assert.equal(style, "dashed");
      // WCAG's 3:1 for what a control shows of its state.
      const ratio = contrastRatio(rgbOf(outline), rgbOf(background));
      assert.ok(ratio >= 3, `the outline ${outline} on ${background}: ${ratio.toFixed(2)}:1`);
      await page.locator(".blocs-grid").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/blocs-corner-${screen}-${colorScheme}.png` });
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }

  test(`a Blocs game's end is told in a result panel with a new game, as the board's games are, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: screen === "phone" ? "dark" : "light" });
    await loadBlocs(page, WHOLE);
    await page.waitForSelector("#blocs-result", { state: "visible" });
    assert.equal(await page.getAttribute("#blocs-result", "class"), "panel result");
    assert.equal(await page.textContent("#blocs-result-title"), "First player wins.");
    assert.equal(await page.textContent("#blocs-result-detail"), "First player made the last move (d2-d3, move 19).");
    assert.deepEqual(await contrastProblems(page), []);
    await page.screenshot({ path: `${screenshots}/blocs-result-${screen}.png`, fullPage: screen === "phone" });
    // Taken back, the game is not over; played again, it is.
    await page.click("#blocs-undo");
    await page.waitForSelector("#blocs-result", { state: "hidden" });
    await page.click("#blocs-redo");
    await page.waitForSelector("#blocs-result", { state: "visible" });

    await page.click("#blocs-next-game");
    await page.waitForSelector("#blocs-result", { state: "hidden" });
    assert.deepEqual(await moves(page), []);
    assert.match(await status(page), /^Placing discs\. First player's turn/);
    // The finished game is a notice away, as New game keeps it.
    await page.click('.notice button:has-text("Back to that game")');
    await page.waitForSelector("#blocs-result", { state: "visible" });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
