// The editor's limit boxes (issue 22 point 4): what is not a whole number
// in range is refused with the reason, and the last valid limit stays.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, openSettings, PHONE } from "./game.mjs";

const env = useSite();

const WALLS = ".editor-count-walls input";

async function setLimit(page, text) {
  await page.fill(WALLS, text);
  await page.press(WALLS, "Enter");
}

const status = (page) => page.textContent(".editor-status");

test("limit boxes refuse what is not a whole number in range, and keep the last valid limit", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await openSettings(page);
    await page.click("#edit-map");
    await page.waitForSelector(".editor-board", { state: "visible" });
    await page.click("[data-action=clear]");
    await setLimit(page, "7");
    assert.equal(await status(page), "At most 7 walls.");
    const refused = [
      ["", /^The walls limit is empty: it must be a whole number from 0 to 60, so it stays 7\.$/],
      ["abc", /^The walls limit is “abc”: it must be .* so it stays 7\.$/],
      [" 7 ", /^The walls limit is “ 7 ”: it must be/],
      ["0x10", /^The walls limit is “0x10”: it must be/],
      ["1e1", /^The walls limit is “1e1”: it must be/],
      ["61", /^The walls limit is 61: it must be a whole number from 0 to 60/],
    ];
    for (const [text, message] of refused) {
      await setLimit(page, text);
      assert.match(await status(page), message, JSON.stringify(text));
      assert.ok(await page.$(".editor-status.editor-refused"), JSON.stringify(text));
      assert.equal(await page.inputValue(WALLS), "7", JSON.stringify(text));
      if (text === "abc") await page.screenshot({ path: `${screenshots}/editor-limit-refused-${name}.png` });
    }
    // Random maps still fill to the limit that stayed.
    await page.click("[data-action=random]");
    assert.equal(await page.$eval(".editor-count-walls output", (o) => o.textContent), "7");
    await setLimit(page, "0");
    assert.match(await status(page), /has 7 walls/);
    assert.deepEqual(problems, [], name);
    await page.context().close();
  }
});
