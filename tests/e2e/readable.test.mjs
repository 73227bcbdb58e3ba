// What a newcomer reads (issue #30): the words on the player cards and the
// result in each mode, Troll's race and marks, the move list's markers, and
// every text's contrast against WCAG AA in both colour schemes, reached from
// the first screen by the visible controls, at 1280 and 360 px.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cellColors, luma, openBoard, screenshots, useSite } from "./browser.mjs";
import { contrastProblems, contrastRatio } from "./contrast.mjs";
import { DESKTOP, PHONE, clickSquare, loadMoves, openSettings, reviewBlunderGame, setMode, waitForMoves } from "./game.mjs";
import { boardLayout, cellRect, squareIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";

const env = useSite();

const SCREENS = [
  ["1280", DESKTOP],
  ["360", PHONE],
];

// A whole hot-seat game on the first visit's map: White wins 43 to 27
// (tests/e2e/play.test.mjs).
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

// Troll: Black builds column d and joins its edges at d8 (troll.test.mjs).
const TROLL_MOVES = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "a2", "d8"];

async function assertReadable(page, what) {
  const problems = await contrastProblems(page);
  assert.deepEqual(problems, [], `${what}: ${JSON.stringify(problems, null, 1)}`);
}

// A value's label on the board (render.js, drawHints): a band along the
// foot of square `name`, its backdrop at its left end, its text the colour
// that stands out most from it; and the square's own colour, near its corner.
async function boardLabel(page, name) {
  const pixels = await page.$eval("#board", (c) => c.width);
  const rect = cellRect(boardLayout(8, true, pixels, MARGIN), squareIndex(8, name));
  const size = Math.min(rect.width, rect.height);
  const band = { x: Math.ceil(rect.x + size * 0.08), y: Math.ceil(rect.y + size * 0.61), width: Math.floor(rect.width - size * 0.16), height: Math.floor(size * 0.34) };
  const { data, square } = await page.$eval(
    "#board",
    (c, { band, at }) => {
      const ctx = c.getContext("2d");
      return { data: [...ctx.getImageData(band.x, band.y, band.width, band.height).data], square: [...ctx.getImageData(at.x, at.y, 1, 1).data] };
    },
    { band, at: { x: Math.floor(rect.x + size * 0.15), y: Math.floor(rect.y + size * 0.15) } },
  );
  const colours = Array.from({ length: data.length / 4 }, (_, k) => data.slice(4 * k, 4 * k + 3));
  const back = colours[Math.floor(band.height / 2) * band.width + 1];
  const text = colours.reduce((best, c) => (contrastRatio(c, back) > contrastRatio(best, back) ? c : best), back);
  return { text: contrastRatio(text, back), box: contrastRatio(back, square.slice(0, 3)) };
}

// The best move's value, in green, is the one a player reads first: it
// reads at AAA (7:1, small text) and at least as well as the others, its
// box as plain on the square as theirs.
async function assertBestValueReadable(page, best, other) {
  const [green, plain] = [await boardLabel(page, best), await boardLabel(page, other)];
  const said = JSON.stringify({ green, plain });
  assert.ok(green.text >= 7 && green.text >= plain.text, `the best value's text is faint: ${said}`);
  assert.ok(green.box >= plain.box, `the best value's box melts into the square: ${said}`);
}

async function chooseTroll(page) {
  const unfolded = await openSettings(page);
  await page.selectOption("#variant", "troll");
  if (unfolded) await page.click("#settings-toggle");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Black"));
}

for (const [width, options] of SCREENS) {
  for (const colorScheme of ["light", "dark"]) {
    test(`every text meets WCAG AA: first screen, help, result, review and Troll (${width} px, ${colorScheme})`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await assertReadable(page, "the first screen");
      await page.click("#open-help");
      // The built page fetches the rules' pages (help.html) if they are not in yet.
      await page.waitForSelector("dialog[open] article:not([hidden])");
      await assertReadable(page, "the help");
      await page.keyboard.press("Escape");

      await reviewBlunderGame(page);
      assert.equal(await page.$$eval("#review-list li[data-class=blunder]", (l) => l.length), 1, "a blunder label to measure");
      await assertReadable(page, "the review");
      // The review shows f7's position: f5 the best move, in green, beside f7 as played.
      await assertBestValueReadable(page, "f5", "f7");
      await page.click("#close-review");

      await loadMoves(page, WHOLE_GAME);
      await page.waitForSelector("#result", { state: "visible" });
      await assertReadable(page, "the result");
      await page.screenshot({ path: `${screenshots}/readable-result-${width}-${colorScheme}.png`, fullPage: width === "360" });

      await chooseTroll(page);
      await clickSquare(page, "a4", 8, false);
      await assertReadable(page, "a Troll game with a refusal");
      await page.screenshot({ path: `${screenshots}/readable-troll-${width}-${colorScheme}.png`, fullPage: width === "360" });
      assert.deepEqual(problems, []);
      await page.context().close();

      const editor = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await openSettings(editor.page);
      await editor.page.click("#edit-map");
      await editor.page.waitForSelector(".editor-board", { state: "visible" });
      await assertReadable(editor.page, "the map editor");
      assert.deepEqual(editor.problems, []);
      await editor.page.context().close();
    });
  }

  test(`Troll shows the race, not disc counts, and words its own marks (${width} px)`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    await chooseTroll(page);
    // At the start each side needs a disc on each of its 8 rows or columns.
    // The number says by itself that it counts what is still to go.
    assert.equal(await page.textContent("#player-X .player-score"), "8 to go");
    assert.equal(await page.textContent("#player-X .player-bonus"), "top to bottom");
    assert.equal(await page.getAttribute("#player-O .player-score", "aria-label"), "White needs 8 discs more to join left to right.");

    await clickSquare(page, "a4", 8, false);
    const refusal = await page.textContent("#refusal");
    assert.match(refusal, /^a4 is on White's edge: a move there must flip a disc\. On White's edges a ring marks a square you can take with a flip, a red bar one you cannot/);
    assert.doesNotMatch(refusal, /dots/);

    for (const [k, move] of TROLL_MOVES.entries()) {
      await clickSquare(page, move, 8, false);
      await waitForMoves(page, k + 1);
      if (k === 2) assert.equal(await page.textContent("#player-X .player-score"), "5 to go");
    }
    await page.waitForSelector("#result", { state: "visible" });
    assert.equal(await page.textContent("#result-title"), "Black wins, joining top to bottom.");
    const detail = await page.textContent("#result-detail");
    assert.match(detail, /^Black: joined top to bottom · White: \d+ discs? to go$/);
    assert.equal(await page.textContent("#player-X .player-score"), "✓");
    assert.equal(await page.textContent("#player-X .player-bonus"), "joined top to bottom");
    await page.screenshot({ path: `${screenshots}/readable-troll-${width}.png`, fullPage: width === "360" });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

// The colours of each side's marker in the move list, as its style draws
// it: the face's (its colour, or its shading from the centre out), the
// rim's, the ring's and the panel's behind.
function markerColours(page) {
  return page.$$eval("#move-list .move-marker", (markers) => {
    const rgb = (text) => [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => m[1].split(/[ ,/]+/).filter(Boolean).slice(0, 3).map(Number));
    const sides = {};
    for (const marker of markers) {
      const side = marker.closest(".move").classList.contains("move-X") ? "X" : "O";
      const style = getComputedStyle(marker);
      sides[side] ??= {
        face: style.backgroundImage === "none" ? rgb(style.backgroundColor) : rgb(style.backgroundImage),
        rim: rgb(style.borderTopColor)[0],
        ring: rgb(style.boxShadow)[0],
        panel: rgb(getComputedStyle(marker.closest(".panel")).backgroundColor)[0],
      };
    }
    return sides;
  });
}

for (const [width, options] of SCREENS) {
  for (const colorScheme of ["light", "dark"]) {
    test(`the move list's black and white markers read as discs, told apart (${width} px, ${colorScheme})`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await setMode(page, "hotseat");
      await loadMoves(page, "c5c4b3b4");
      await waitForMoves(page, 4);
      const { X, O } = await markerColours(page);
      const said = JSON.stringify({ X, O });
      for (const [side, { face, rim, ring, panel }] of Object.entries({ X, O })) {
        assert.ok(contrastRatio(ring, panel) >= 3, `${side}'s ring melts into the panel: ${said}`);
        // The face's edge, where the rim meets it; a disc as dark (or as
        // light) as the panel would read as an empty ring without a rim.
        const edge = face.at(-1);
        if (contrastRatio(edge, panel) < 3) assert.ok(contrastRatio(rim, edge) >= 3, `${side}'s disc has no rim to stand out: ${said}`);
      }
      for (const x of X.face) for (const o of O.face) assert.ok(contrastRatio(x, o) >= 3, `black's face and white's are alike: ${said}`);
      await page.$eval("#move-list", (list) => list.scrollIntoView());
      await page.locator("#move-list").screenshot({ path: `${screenshots}/readable-move-markers-${width}-${colorScheme}.png` });
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

test("Troll's white edge bands are bright and wide in light mode", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, { ...DESKTOP, colorScheme: "light" });
  await setMode(page, "hotseat");
  await chooseTroll(page);
  // a4 is on White's left column: its band covers the cell's left fifth.
  const { corner } = await cellColors(page, 8, squareIndex(8, "a4"), false);
  assert.ok(luma(corner) > 235, `White's band at a4 is rgb(${corner}), not white`);
  await page.screenshot({ path: `${screenshots}/readable-troll-bands-light.png` });
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [width, options] of SCREENS) {
  test(`Troll's black bands stand on the green, away from a dark page (${width} px)`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: "dark" });
    await setMode(page, "hotseat");
    await chooseTroll(page);
    const pixels = await page.$eval("#board", (c) => c.width);
    // d1 and d8 are on Black's top and bottom rows.
    for (const [square, down] of [
      ["d1", 1],
      ["d8", -1],
    ]) {
      const r = cellRect(boardLayout(8, false, pixels, MARGIN), squareIndex(8, square));
      const x = Math.floor(r.x + r.width / 2);
      const edge = down > 0 ? r.y : r.y + r.height - 1;
      const at = (/** @type {number} */ fromEdge) =>
        page.$eval("#board", (c, { x, y }) => [...c.getContext("2d").getImageData(x, y, 1, 1).data], { x, y: Math.floor(edge + down * fromEdge * r.height) });
      const [outside, band, inside] = [await at(0.06), await at(0.2), await at(0.5)];
      assert.deepEqual(outside, inside, `${square}: green between the frame and the band: rgb(${outside}), not rgb(${inside})`);
      assert.ok(luma(band) < 40 && luma(inside) - luma(band) > 40, `${square}: the band rgb(${band}) is dark on the green rgb(${inside})`);
    }
    await page.screenshot({ path: `${screenshots}/readable-troll-bands-${width}-dark.png`, fullPage: width === "360" });
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`the cards and the result name each side once, the level as the menu does (${width} px)`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    // Against the computer at level 10: the card says what the menu says.
    await setMode(page, "computer", { level: "10" });
    assert.equal(await page.textContent("#player-O .player-name"), "Computer");
    assert.equal(await page.textContent("#player-O .player-bonus"), "level 10 · Master");
    const menu = await page.$eval("#level", (s) => s.selectedOptions[0].textContent);
    assert.ok((await page.textContent("#player-O .player-bonus")).endsWith(menu), `the menu says ${menu}`);

    // Hot-seat: "Black: 27", never "Black (black): 27"; the winner's star
    // follows the name, on one line, clear of the score.
    await setMode(page, "hotseat");
    await loadMoves(page, WHOLE_GAME);
    await page.waitForSelector("#result", { state: "visible" });
    assert.equal(await page.textContent("#result-detail"), "Black: 27 incl. 3 bonus points · White: 43 incl. 6 bonus points");
    const card = await page.$eval("#player-O", (c) => {
      const name = c.querySelector(".player-name").getBoundingClientRect();
      const score = c.querySelector(".player-score").getBoundingClientRect();
      return { star: getComputedStyle(c.querySelector(".player-name"), "::after").content, nameRight: name.right, scoreLeft: score.left, lines: name.height / parseFloat(getComputedStyle(c.querySelector(".player-name")).lineHeight) };
    });
    assert.equal(card.star, '" ★"');
    assert.ok(card.nameRight <= card.scoreLeft, `the name (and star) ends at ${card.nameRight}, the score starts at ${card.scoreLeft}`);
    assert.ok(card.lines < 1.5, `the winner's name takes ${card.lines} lines`);
    await page.screenshot({ path: `${screenshots}/readable-hotseat-result-${width}.png`, fullPage: width === "360" });

    // Computer against computer: each side named once, with its level.
    await setMode(page, "watch", { level: "3", "level-white": "5", "watch-speed": "slow" });
    await page.click("#pause");
    const cardHeight = () => page.$eval("#player-X", (c) => Math.round(c.getBoundingClientRect().height));
    const bare = await cardHeight();
    await loadMoves(page, WHOLE_GAME);
    await page.waitForSelector("#result", { state: "visible" });
    // The bonuses join the level's line without the card growing (on a
    // phone it kept room for them), so the board below does not move.
    assert.equal(await cardHeight(), bare, "the card grew as the bonuses came");
    assert.equal(await page.textContent("#result-detail"), "Black (computer, level 3): 27 incl. 3 bonus points · White (computer, level 5): 43 incl. 6 bonus points");
    assert.equal(await page.textContent("#player-X .player-name"), "Computer");
    assert.equal(await page.textContent("#player-X .player-bonus"), "level 3 · 1 bonus (+3)");
    await page.screenshot({ path: `${screenshots}/readable-watch-result-${width}.png`, fullPage: width === "360" });

    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test(`free play's cards give nobody a colour until Player 2 has chosen one (${width} px)`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "freeplay");
    await page.waitForSelector(".editor-board", { state: "visible" });
    for (const colour of ["X", "O"]) assert.equal(await page.textContent(`#player-${colour} .player-bonus`), "not chosen yet");
    assert.deepEqual(await page.$$eval(".player-name", (n) => n.map((e) => e.textContent)), ["Black", "White"]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
