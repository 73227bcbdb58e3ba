// Workers that misbehave (issue 22 point 3): a computer player that answers
// an illegal or empty move or never answers, and a balance worker that
// fails to load, answers garbage or never answers. Each ends in a notice or
// a message, and the page goes on.
import assert from "node:assert/strict";
import { test } from "node:test";
import { deadlineMs } from "../../www/js/ai-client.js";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, moveList, noticeText, openSettings, PHONE, setMode, waitForMoves } from "./game.mjs";

const env = useSite();

// A computer player that answers every request with `answer`, or never when it is null.
function fakeAi(answer) {
  const reply = answer === null ? "" : `self.postMessage({ id: data.id, type: "result", ...${JSON.stringify(answer)} });`;
  return `self.onmessage = ({ data }) => { ${reply} };`;
}

// Serves the AI worker from `bodies` in turn, the real one once they run out.
async function routeWorker(page, pattern, bodies) {
  const queue = [...bodies];
  await page.route(pattern, (route) => {
    const body = queue.shift();
    if (body === undefined) return route.continue();
    return route.fulfill({ contentType: "text/javascript", body });
  });
}

const FIGURES = { score: 0, depth: 1, nodes: 1, pv: [], ms: 1 };

test("a computer move that is illegal or empty is refused with Try again, and the game goes on", async () => {
  const answers = [
    [{ ...FIGURES, move: "a1" }, /it answered a move that is not legal here/],
    [{ ...FIGURES, move: "" }, /it answered no move/],
    [{ move: "zz" }, /not legal/],
  ];
  for (const [answer, message] of answers) {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...DESKTOP, serviceWorkers: "block" });
    await routeWorker(page, "**/js/ai-worker.js", [fakeAi(answer)]);
    await setMode(page, "computer", { level: "1", "human-colour": "O" });
    await page.waitForSelector("#notices .notice");
    assert.match(await noticeText(page), message);
    assert.match(await noticeText(page), /Your game is kept/);
    assert.deepEqual(await moveList(page), []);
    assert.ok(await page.isHidden("#thinking"), "nobody is thinking any more");
    await page.click("#notices button:text('Try again')");
    await waitForMoves(page, 1);
    assert.equal(await noticeText(page), "");
    assert.deepEqual(problems, [], JSON.stringify(answer));
    await page.context().close();
  }
});

test("a computer player that never answers is stopped at its deadline and replaced", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, serviceWorkers: "block" });
    await routeWorker(page, "**/js/ai-worker.js", [fakeAi(null)]);
    await setMode(page, "computer", { level: "1", "human-colour": "O" });
    await page.waitForSelector("#thinking:not([hidden])");
    const started = Date.now();
    await page.waitForSelector("#notices .notice", { timeout: deadlineMs(1) + 5000 });
    const waited = Date.now() - started;
    assert.ok(waited > deadlineMs(1) - 1000 && waited < deadlineMs(1) + 3000, `${waited} ms`);
    assert.match(await noticeText(page), /did not answer within 13 seconds/);
    assert.ok(await page.isHidden("#thinking"), "the thinking line is gone");
    await page.screenshot({ path: `${screenshots}/play-computer-timeout-${name}.png` });
    await page.click("#notices button:text('Try again')");
    await waitForMoves(page, 1);
    assert.deepEqual(problems, [], name);
    await page.context().close();
  }
});

async function openEditor(options) {
  const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, serviceWorkers: "block" });
  return { page, problems };
}

const balanceLine = (page) => page.textContent(".editor-balance-text");
const status = (page) => page.textContent(".editor-status");

test("a balance worker that fails to load or answers garbage never leaves the editor estimating", async () => {
  const cases = [
    ["fails to load", "throw new Error('broken on purpose');", /not available \(.*broken on purpose.*\)/, /No balanced map: .*broken on purpose/],
    ["answers garbage", "self.onmessage = ({ data }) => self.postMessage({ id: data.id, value: 'lots', code: 7 });", /not available \(the estimate is not a number\)/, /No balanced map: the answer is not a map/],
    [
      "answers a map that does not open",
      "self.onmessage = ({ data }) => self.postMessage({ id: data.id, value: 0, code: '18garbage', balance: 0 });",
      /^Balance: (?!not available)/,
      /No balanced map: the worker's map does not open/,
    ],
  ];
  for (const [what, body, balance, balanced] of cases) {
    const { page, problems } = await openEditor(DESKTOP);
    await routeWorker(page, "**/js/balance-worker.js", Array(5).fill(body));
    await openSettings(page);
    await page.click("#edit-map");
    await page.waitForSelector(".editor-board", { state: "visible" });
    await page.waitForFunction(() => !document.querySelector(".editor-balance-text").textContent.includes("estimating"));
    assert.match(await balanceLine(page), balance, what);
    await page.click("[data-action=balanced]");
    await page.waitForFunction(() => !document.querySelector("[data-action=balanced]").disabled);
    assert.match(await status(page), balanced, what);
    assert.deepEqual(
      problems.filter((p) => !p.includes("broken on purpose")),
      [],
      what,
    );
    await page.context().close();
  }
});

test("a balance worker that never answers is given up on, and a fresh one answers", async () => {
  const { page, problems } = await openEditor(PHONE);
  const silent = "self.onmessage = () => {};";
  await routeWorker(page, "**/js/balance-worker.js", [silent]);
  await openSettings(page);
  await page.click("#edit-map");
  await page.waitForSelector(".editor-board", { state: "visible" });
  await page.click("[data-action=balanced]");
  assert.equal(await status(page), "Looking for a balanced map…");
  await page.waitForFunction(() => !document.querySelector(".editor-balance-text").textContent.includes("estimating"), null, {
    timeout: 25_000,
  });
  assert.match(await balanceLine(page), /not available \(no answer within 20 seconds\)/);
  // The estimate's deadline ended the worker, and the balanced map asked of it with it.
  await page.waitForFunction(() => !document.querySelector("[data-action=balanced]").disabled);
  assert.match(await status(page), /No balanced map: no answer within 20 seconds/);
  await page.screenshot({ path: `${screenshots}/editor-balance-timeout-phone.png` });
  // The next request starts a real worker.
  await page.click("[data-action=balanced]");
  await page.waitForFunction(() => /A balanced random map/.test(document.querySelector(".editor-status").textContent), null, {
    timeout: 30_000,
  });
  assert.deepEqual(problems, []);
});
