// Shared by the end-to-end tests that look at the page on both screens and
// in both colour schemes: each combination is a test of its own that opens
// the page its way, runs its body, and checks that nothing went wrong.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DESKTOP, PHONE } from "./game.mjs";

/** The screens the play page is tested on: a desktop at 1280 px and a phone at 360 px. */
export const SCREENS = [
  ["desktop", DESKTOP],
  ["phone", PHONE],
];

/**
 * A test `title` "on a <screen>, <scheme>" for each screen and colour
 * scheme: `open(options)` opens the page (`{ page, problems }`, as
 * openBoard does) and `body(page, look)` runs with `look` naming the
 * combination ("phone-dark") for its screenshots.
 * @param {string} title
 * @param {(options: object) => Promise<{ page: import("playwright-core").Page, problems: string[] }>} open
 * @param {(page: import("playwright-core").Page, look: string) => Promise<void>} body
 */
export function testLooks(title, open, body) {
  for (const [screen, options] of SCREENS) {
    for (const colorScheme of ["light", "dark"]) {
      test(`${title} on a ${screen}, ${colorScheme}`, async () => {
        const { page, problems } = await open({ ...options, colorScheme });
        await body(page, `${screen}-${colorScheme}`);
        assert.deepEqual(problems, []);
        await page.context().close();
      });
    }
  }
}
