// Screenshots of every mode on a desktop screen and a phone, for looking
// at: target/screenshots/mode-<mode>-<screen>.png. On the phone nothing
// may be wider than the screen.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, PHONE, loadMoves, setMode, waitForMoves } from "./game.mjs";

const SCREENS = { desktop: DESKTOP, phone: PHONE };
// An opening on the default map where both sides took a bonus.
const OPENING = "c5c4b3b4c3e6a3c6f4b2d2b5";

const env = useSite();

// Each mode shown mid-game, as a player would see it.
const MODES = {
  computer: async (page) => {
    await setMode(page, "computer", { level: "3" });
    await loadMoves(page, OPENING);
    await waitForMoves(page, 12);
    await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human");
  },
  hotseat: async (page) => {
    await setMode(page, "hotseat");
    await loadMoves(page, "c5c6c7b7e3c8a8a6");
    await page.waitForSelector("#pass", { state: "visible" });
  },
  watch: async (page) => {
    await setMode(page, "watch", { level: "2" });
    await waitForMoves(page, 6);
    await page.click("#pause");
  },
  series: async (page) => {
    await setMode(page, "series", { opponent: "human" });
    await loadMoves(page, `${OPENING}a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2`);
    await page.waitForSelector("#result", { state: "visible" });
  },
  freeplay: async (page) => {
    await setMode(page, "freeplay");
    await page.waitForSelector(".editor-board", { state: "visible" });
  },
};

for (const [mode, show] of Object.entries(MODES)) {
  for (const [screen, options] of Object.entries(SCREENS)) {
    test(`${mode} on a ${screen}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, options);
      await show(page);
      await page.waitForFunction(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(true)), 400)));
      await page.screenshot({ path: `${screenshots}/mode-${mode}-${screen}.png`, fullPage: screen === "phone" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
      assert.deepEqual(problems, []);
    });
  }
}

test("on a phone, moves keep the page where it is", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "hotseat");
  await loadMoves(page, OPENING);
  await waitForMoves(page, 12);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click("#undo");
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(problems, []);
});
