// The move list as a newcomer reads it (issue 33's playtest): a pass has
// the room of a numbered move, its marker in line with theirs, and no move
// runs into its neighbour at any width; black's and white's markers are
// clearly different in both colour schemes, each standing out from the
// panel. Moves are loaded from the first screen's transcript box.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { contrastRatio } from "./contrast.mjs";
import { loadMoves, moveList, waitForMoves } from "./game.mjs";
import { SCREENS } from "./looks.mjs";

const env = useSite();
// Black has no move after these: against the computer the page passes for
// black (move 9) and white plays on.
const WITH_PASS = "c5c6c7b7e3c8a8a6";

/** Each item's box, its button's and its marker's, and its text. */
function items(page) {
  return page.$$eval("#move-list li", (lis) =>
    lis.map((li) => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      return { text: li.textContent, li: box(li), button: box(li.querySelector("button")), marker: box(li.querySelector(".move-marker")) };
    }),
  );
}

/** The colours a marker is drawn in: its fill, its rim and the ring around it. */
function markerColours(page, colour) {
  return page.$eval(`#move-list .move-${colour} .move-marker`, (m) => {
    const rgb = (c) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const style = getComputedStyle(m);
    return { fill: rgb(style.backgroundColor), rim: rgb(style.borderTopColor), ring: rgb(style.boxShadow) };
  });
}

const WIDTHS = [...SCREENS, ["narrow desktop", { viewport: { width: 780, height: 800 } }]];

for (const [screen, options] of WIDTHS) {
  test(`a pass has a numbered move's room and no move runs into the next on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await loadMoves(page, WITH_PASS);
    await waitForMoves(page, 10);
    assert.equal((await moveList(page))[8], "pass");
    const shown = await items(page);
    for (const item of shown) {
      assert.ok(item.button.right <= item.li.right + 0.5, `${item.text} runs ${item.button.right - item.li.right} px out of its place`);
    }
    const pass = shown[8];
    const sameColumn = shown.filter((item, k) => k !== 8 && Math.abs(item.li.left - pass.li.left) < 1);
    assert.ok(sameColumn.length > 0);
    for (const item of sameColumn) assert.ok(Math.abs(item.marker.left - pass.marker.left) < 1, `the pass's marker at ${pass.marker.left}, ${item.text}'s at ${item.marker.left}`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const colorScheme of ["light", "dark"]) {
  test(`black's and white's markers are clearly different and stand out, ${colorScheme}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...SCREENS[0][1], colorScheme });
    await loadMoves(page, WITH_PASS);
    await waitForMoves(page, 10);
    const black = await markerColours(page, "X");
    const white = await markerColours(page, "O");
    const panel = await page.$eval("section.moves", (s) => (getComputedStyle(s).backgroundColor.match(/\d+/g) ?? []).slice(0, 3).map(Number));
    // No part of black's disc reads as white's: its fill and its rim both differ from white's fill.
    for (const part of ["fill", "rim"]) {
      const ratio = contrastRatio(black[part], white.fill);
      assert.ok(ratio >= 4.5, `black's ${part} ${black[part]} against white's fill ${white.fill}: ${ratio.toFixed(2)}`);
    }
    // Black's disc stands out from its ring, the ring from the panel, and
    // white's disc from the panel by its fill or its rim (3:1, for graphics).
    assert.ok(contrastRatio(black.fill, black.ring) >= 3, `black's fill against the ring: ${contrastRatio(black.fill, black.ring).toFixed(2)}`);
    assert.ok(contrastRatio(black.ring, panel) >= 3, `the ring against the panel: ${contrastRatio(black.ring, panel).toFixed(2)}`);
    const white3 = Math.max(contrastRatio(white.fill, panel), contrastRatio(white.rim, panel));
    assert.ok(white3 >= 3, `white's disc against the panel: ${white3.toFixed(2)}`);
    await page.locator("#move-list").screenshot({ path: `${screenshots}/move-list-${colorScheme}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
