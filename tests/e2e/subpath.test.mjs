// The release build copied under a sub-path of a static host keeps working:
// every URL it uses is relative.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launch, openBoard, screenshots, serveDist } from "./browser.mjs";

const BASE = "/games/mapello/";
let site;
let browser;

before(async () => {
  site = await serveDist(BASE);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test("the page loads under /games/mapello/ and fetches nothing outside it", async () => {
  const { page, problems, requests } = await openBoard(browser, site.url);
  await page.screenshot({ path: `${screenshots}/board-subpath.png` });
  assert.deepEqual(problems, []);
  assert.equal(await page.getAttribute("body", "data-ready"), "true");
  const outside = requests.filter((url) => !url.startsWith(site.url));
  assert.deepEqual(outside, []);
});

test("the sub-path without its trailing slash redirects to the page", async () => {
  const { page, problems } = await openBoard(browser, site.url.replace(/\/$/, ""));
  assert.deepEqual(problems, []);
  assert.equal(page.url(), site.url);
  assert.equal(await page.getAttribute("body", "data-ready"), "true");
});
