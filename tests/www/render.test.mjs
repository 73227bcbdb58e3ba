// The board's labels against WCAG AA (4.5:1): a canvas is no page text, so
// the page's contrast check (tests/e2e/readable.test.mjs) cannot see them;
// their colours are measured here over every cell they can be drawn on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { colors, hintText, labelSizeToFit } from "../../www/js/render.js";
import { contrastRatio } from "../e2e/contrast.mjs";

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
// `[r, g, b, a]` laid over `under`.
const over = ([r, g, b, a], under) => [r, g, b].map((v, i) => v * a + under[i] * (1 - a));

// A value is drawn on a legal square: plain, or holding a bonus disc, whose
// shading runs between its two colours.
const CELLS = { square: colors.square, "bonus light": colors.bonus[0], "bonus dark": colors.bonus[1] };

test("hint and review values keep 4.5:1 over every square they are drawn on", () => {
  for (const [name, cell] of Object.entries(CELLS)) {
    for (const [text, back] of [
      [colors.hintBest, colors.hintBestBack],
      [colors.hint, colors.hintBack],
    ]) {
      const ratio = contrastRatio(rgb(text), over(back, rgb(cell)));
      assert.ok(ratio >= 4.5, `${text} on its backdrop over ${name}: ${ratio.toFixed(2)}:1`);
    }
  }
});

test("a bonus's +3 keeps 4.5:1 against its outline", () => {
  const ratio = contrastRatio(rgb(colors.bonusText), rgb(colors.bonusEdge));
  assert.ok(ratio >= 4.5, `${ratio.toFixed(2)}:1`);
});

test("a legal move's dot stands out at 3:1 from its square, for either mover", () => {
  const square = rgb(colors.square);
  for (const side of ["X", "O"]) {
    const ratio = contrastRatio(over(colors.legalDot[side], square), square);
    assert.ok(ratio >= 3, `${side}'s dot: ${ratio.toFixed(2)}:1`);
  }
});

test("labels shrink only where the widest would not clear 15% of the margin each side", () => {
  // "10" measured 30 px wide in a 30 px margin: 21 px of room, so 7/10 of the size.
  assert.equal(labelSizeToFit(20, 30, 30), 14);
  // A single digit that fits keeps the labels' size.
  assert.equal(labelSizeToFit(12, 7, 30), 12);
  assert.equal(labelSizeToFit(12, 21, 30), 12);
});

test("values are signed whole numbers", () => {
  assert.deepEqual([3.4, -2.6, 0].map(hintText), ["+3", "\u22123", "0"]);
});

test("Troll's black band reads at 3:1 against the squares, and its rim against the band and the frame", () => {
  const band = rgb(colors.black[1]);
  const checks = [
    ["band on the squares", band, rgb(colors.square)],
    ["rim on the band", rgb(colors.bandRim), band],
    ["rim on the frame", rgb(colors.bandRim), rgb(colors.frame)],
    ["rim on the dark page", rgb(colors.bandRim), rgb("#171c1f")],
  ];
  for (const [name, a, b] of checks) {
    const ratio = contrastRatio(a, b);
    assert.ok(ratio >= 3, `${name}: ${ratio.toFixed(2)}:1`);
  }
});

test("the contrast ratio matches WCAG's figures", () => {
  assert.equal(contrastRatio([0, 0, 0], [255, 255, 255]), 21);
  // The dark blunder label on its button.
  assert.equal(contrastRatio(rgb("#ff6b61"), rgb("#2e383e")).toFixed(2), "4.30");
});
