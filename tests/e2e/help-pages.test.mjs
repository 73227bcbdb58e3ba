// The built page fetches the how-to-play pages (help.html, off the first
// load: .ci/split-help.mjs) once the board is up: a failed fetch says so in
// the dialog, and opening it again tries again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { screenshots, useSite } from "./browser.mjs";
import { DESKTOP, PHONE } from "./game.mjs";

const env = useSite();

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`the rules come back after a failed fetch, on a ${screen}`, async () => {
    const context = await env.browser.newContext(options);
    await context.route("**/help.html", (route) => route.abort());
    const tab = await context.newPage();
    await tab.goto(env.site.url);
    await tab.waitForSelector("body[data-ready]");
    await tab.click("#open-help");
    await tab.waitForSelector("#help [role=alert]", { state: "visible" });
    assert.match(await tab.textContent("#help [role=alert]"), /could not be loaded/);
    assert.equal(await tab.$("#help [data-help-page]"), null);
    await tab.screenshot({ path: `${screenshots}/help-failed-${screen}.png` });
    await context.unroute("**/help.html");
    await tab.keyboard.press("Escape");
    await tab.click("#open-help");
    await tab.waitForSelector('#help [data-help-page="mapello"]', { state: "visible" });
    assert.match(await tab.textContent("#help article:not([hidden])"), /A move must capture/);
    assert.equal(await tab.$("#help [role=alert]"), null, "the failure's message goes once the rules are in");
    await context.close();
  });
}
