// Against the computer, which thinks in a Web Worker: its replies, undo back
// to the human's turn, hints, watching two computers, the page answering
// while the computer thinks, and a worker that fails.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, FROZEN_MS, PHONE, clickSquare, gameState, loadMoves, moveList, noticeText, openAsWhite, openSettings, setMode, waitForMoves, watchLongTasks } from "./game.mjs";

// 24 moves into a game on the default map, black to move.
const MIDGAME = "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8";

const env = useSite();

async function humanTurn(page) {
  await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human", null, { timeout: 30_000 });
}

test("the computer answers a move, showing what it found", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await waitForMoves(page, 2);
  await humanTurn(page);
  const [, reply] = await moveList(page);
  assert.ok((await gameState(page, DEFAULT_MAP, move)).legal.includes(reply));
  assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 4\\) played ${reply}\\. It (expects|has worked out)`));
  assert.match(await page.textContent("#thinking-pv"), /^Searched [\d.]+( thousand| million)? positions in [\d.]+ s, (\d+ moves? ahead|to the end of the game)\./);
  assert.match(await page.textContent("#announcer"), new RegExp(`White played ${reply}`));
  assert.deepEqual(problems, []);
});

// Everything the computer's panel and the line under the board say while
// it thinks and after, recorded as it changes.
function recordPanel(page) {
  return page.evaluate(() => {
    window.panelSaid = new Set();
    const texts = ["#thinking-line", "#thinking-pv", "#thinking-progress"].map((id) => document.querySelector(id));
    const note = () => texts.forEach((t) => window.panelSaid.add(t.textContent));
    for (const t of texts) new MutationObserver(note).observe(t, { childList: true, characterData: true, subtree: true });
  });
}

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) test(`with "Computer's evaluation" off the computer keeps its outlook to itself, not its progress, on a ${screen}`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  assert.equal(await page.isChecked("#show-eval"), true, "newcomers see the evaluation");
  await setMode(page, "computer", { level: "8" });
  await loadMoves(page, MIDGAME);
  let moves = await moveList(page);
  await page.uncheck("#show-eval");
  await recordPanel(page);
  const { legal } = await gameState(page, DEFAULT_MAP, moves.join(""));
  await clickSquare(page, legal[0]);
  await waitForMoves(page, moves.length + 2);
  await humanTurn(page);
  moves = await moveList(page);
  const said = (await page.evaluate(() => [...window.panelSaid])).filter(Boolean);
  assert.ok(said.some((t) => /^Thinking… \d+ moves? ahead · [\d.]+( thousand| million)? positions$/.test(t)), `no progress shown: ${said.join(" | ")}`);
  for (const text of said) assert.doesNotMatch(text, /winning|losing|draw|wins|loses|expect|Expected|worked out|race|point/, "the evaluation showed");
  assert.equal(await page.textContent("#thinking-line"), `Computer (level 8) played ${moves.at(-1)}.`);
  assert.match(await page.textContent("#thinking-pv"), /^Searched [\d.]+( thousand| million)? positions( on \d cores)? in [\d.]+ s, (\d+ moves? ahead|to the end of the game)\.$/);
  await page.screenshot({ path: `${screenshots}/evaluation-off-${screen}.png`, fullPage: screen === "phone" });

  // Switched on again, the panel tells at once what the computer expects.
  await page.check("#show-eval");
  assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 8\\) played ${moves.at(-1)}\\. It (expects|has worked out)`));
  assert.match(await page.textContent("#thinking-pv"), / Expected line /);
  await page.uncheck("#show-eval");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.isChecked("#show-eval"), false, "the choice survives a reload");

  // Between two people there is no computer to keep quiet.
  await setMode(page, "hotseat");
  assert.equal(await page.isVisible("#show-eval"), false);
  assert.deepEqual(problems, []);
});

test("an Othello reply from the opening book says so, not that it looked 0 moves ahead", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await openSettings(page);
  await page.selectOption("#variant", "othello");
  await page.selectOption("#level", "8");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
  await clickSquare(page, "f5");
  await waitForMoves(page, 2);
  await humanTurn(page);
  const [, reply] = await moveList(page);
  assert.match(await page.textContent("#thinking-line"), new RegExp(`^Computer \\(level 8[^)]*\\) played ${reply}\\.`));
  assert.match(await page.textContent("#thinking-pv"), /^Played from the opening book, without a search\.$/);
  assert.deepEqual(problems, []);
});

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) test(`the computer's reply waits until the player's own flips are seen, on a ${screen}`, async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "computer", { level: "1" });
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  // The time the reply reaches the move list, measured from the click.
  await page.evaluate(() => {
    window.replyAfter = new Promise((done) => {
      new MutationObserver(() => {
        if (document.querySelectorAll("#move-list li").length >= 2) done(performance.now() - window.clickedAt);
      }).observe(document.querySelector("#move-list"), { childList: true });
    });
    document.querySelector("#board").addEventListener("pointerdown", () => (window.clickedAt = performance.now()), { once: true });
  });
  await clickSquare(page, move);
  const after = await page.evaluate(() => window.replyAfter);
  // Level 1 answers in a few milliseconds; the flips take 320 ms, then a pause.
  assert.ok(after >= 600, `the reply came ${Math.round(after)} ms after the click`);
  assert.ok(after < 3000, `the reply came ${Math.round(after)} ms after the click`);
  assert.deepEqual(problems, []);
});

test("playing white, the computer opens; undo goes back to the human's turn", async () => {
  const { page, problems } = await openAsWhite(env, "1");
  await humanTurn(page);
  const opening = await moveList(page);
  const state = await gameState(page, DEFAULT_MAP, opening.join(""));
  await clickSquare(page, state.legal[0]);
  await waitForMoves(page, 3);
  await humanTurn(page);
  await page.click("#undo");
  await humanTurn(page);
  assert.deepEqual(await moveList(page), opening, "back before the human's move and the reply");
  await page.click("#redo");
  await humanTurn(page);
  assert.equal((await moveList(page)).length, 3);
  assert.deepEqual(problems, []);
});

test("hints put the computer's value on every legal move", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const { legal } = await gameState(page, DEFAULT_MAP, "");
  await page.check("#hints");
  assert.match(await page.textContent("#hints-help"), /final margin the computer expects for you after that move/);
  await page.keyboard.press("Tab");
  await page.focus("#board");
  await page.waitForFunction(() => /value [+\u2212]?\d+/.test(document.querySelector("#board").getAttribute("aria-label")));
  assert.match(await page.getAttribute("#board", "aria-label"), new RegExp(`cursor on ${legal[0]}: empty, legal move, value [+-]?\\d+$`));
  await page.screenshot({ path: `${screenshots}/play-hints.png` });
  assert.deepEqual(problems, []);
});

// The page's long tasks from the request to the worker until its answer
// reached the page.
function tasksWhileThinking(page) {
  return page.evaluate(() => {
    const { started, finished } = document.querySelector("#thinking").dataset;
    return window.longTasks.filter((l) => l.start + l.duration > Number(started) && l.start < Number(finished));
  });
}

test("while the computer thinks the page never freezes and answers a click", async (t) => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { level: "8" });
  // From the middle game, where the search is hardest.
  await loadMoves(page, MIDGAME);
  let moves = await moveList(page);
  assert.equal(moves.length, 24);
  await watchLongTasks(page);
  const times = [];
  for (let k = 0; k < 3; k += 1) {
    const { legal } = await gameState(page, DEFAULT_MAP, moves.join(""));
    await clickSquare(page, legal[0]);
    await waitForMoves(page, moves.length + 2);
    await humanTurn(page);
    moves = await moveList(page);
    const frozen = (await tasksWhileThinking(page)).filter((l) => l.duration >= FROZEN_MS);
    assert.deepEqual(frozen, [], `the page froze while thinking about move ${moves.length}`);
    times.push(Number(await page.getAttribute("#thinking", "data-ms")));
  }
  t.diagnostic(`level 8 move times in Chromium: ${times.map((ms) => `${ms} ms`).join(", ")}`);
  assert.ok(times.every((ms) => ms > 0));

  // Level 10 thinks for up to 3 s: the help opens meanwhile, before the
  // reply. Under heavy load a click may come after it, so up to 3 tries.
  await setMode(page, "computer", { level: "10" });
  await loadMoves(page, MIDGAME);
  moves = await moveList(page);
  let answered = false;
  for (let k = 0; k < 3 && !answered; k += 1) {
    const { legal } = await gameState(page, DEFAULT_MAP, moves.join(""));
    await clickSquare(page, legal[0]);
    await page.waitForFunction(() => /^Thinking… /.test(document.querySelector("#thinking-progress").textContent), null, { timeout: 20_000 });
    await page.click("#open-help");
    const { open, count } = await page.evaluate(() => ({ open: document.querySelector("#help").open, count: document.querySelectorAll("#move-list li").length }));
    assert.ok(open, "the help opens while the computer thinks");
    answered = count === moves.length + 1;
    if (!answered) t.diagnostic(`the reply to move ${moves.length + 1} came before the click`);
    await page.click("#close-help");
    await waitForMoves(page, moves.length + 2);
    await humanTurn(page);
    moves = await moveList(page);
    const frozen = (await tasksWhileThinking(page)).filter((l) => l.duration >= FROZEN_MS);
    assert.deepEqual(frozen, [], `the page froze while level 10 thought about move ${moves.length}`);
  }
  assert.ok(answered, "the page answered a click while the computer was still thinking");
  assert.deepEqual(problems, []);
});

test("a tap on the board while the computer thinks says so, at 360 px, and its move still comes", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "computer", { level: "10" });
  await loadMoves(page, MIDGAME);
  const moves = await moveList(page);
  const { legal } = await gameState(page, DEFAULT_MAP, moves.join(""));
  await clickSquare(page, legal[0]);
  await page.waitForFunction(() => /^Thinking… /.test(document.querySelector("#thinking-progress").textContent), null, { timeout: 20_000 });
  const thinking = await page.evaluate(() => document.querySelectorAll("#move-list li").length);
  await clickSquare(page, "d4");
  const said = await page.waitForFunction(() => document.querySelector("#refusal").textContent, null, { timeout: 5000 });
  // Under load the reply may come first; then the tap was the player's own, and refused as such.
  if (thinking === moves.length + 1 && (await moveList(page)).length === thinking) {
    assert.equal(await said.jsonValue(), "The computer is thinking; your turn comes after its move.");
  }
  await waitForMoves(page, moves.length + 2);
  assert.equal((await moveList(page)).length, moves.length + 2, "the tap played nothing");
  assert.deepEqual(problems, []);
});

test("undo takes away what a tap while the computer thought was told", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { level: "10" });
  const [first] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, first);
  await page.waitForSelector("#thinking:not([hidden])");
  await clickSquare(page, "d4");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent);
  await page.click("#undo");
  assert.equal(await page.textContent("#refusal"), "", "the player's turn is not told to wait");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("undo and a new game while the computer thinks stop it at once", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { level: "8" });
  const [first, second] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, first);
  await page.waitForSelector("#thinking:not([hidden])");
  await page.click("#undo");
  assert.deepEqual(await moveList(page), []);
  assert.ok(await page.isHidden("#thinking"));

  await clickSquare(page, second);
  await page.waitForSelector("#thinking:not([hidden])");
  await page.click("#new-game");
  assert.deepEqual(await moveList(page), []);

  // A stale answer would land on top of this game's moves.
  await setMode(page, "computer", { level: "1" });
  await clickSquare(page, first);
  await waitForMoves(page, 2);
  await humanTurn(page);
  assert.equal((await moveList(page)).length, 2);
  assert.equal((await moveList(page))[0], first);
  assert.deepEqual(problems, []);
});

test("against the computer a forced pass is played for you, with a notice", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "computer", { level: "1" });
  // Black, the human, has no move after these: the page passes and white plays on.
  await loadMoves(page, "c5c6c7b7e3c8a8a6");
  await waitForMoves(page, 10);
  await humanTurn(page);
  const moves = await moveList(page);
  assert.equal(moves[8], "pass");
  assert.ok(await page.isHidden("#pass"));
  assert.match(await page.textContent("#status"), /^You had no move, so White moved again\. You \(black\) to move\.$/);
  assert.deepEqual(problems, []);
});

test("a computer player that fails is reported, and the game is kept", async () => {
  // Requests a service worker answers from its cache never reach page.route,
  // so the broken worker script would sometimes be bypassed.
  const { page, problems } = await openBoard(env.browser, env.site.url, { ...DESKTOP, serviceWorkers: "block" });
  await page.route("**/js/ai-worker.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "throw new Error('broken on purpose');" }),
  );
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await page.waitForSelector("#notices .notice");
  assert.match(await noticeText(page), /The computer player stopped: .+Your game is kept/);
  assert.deepEqual(await moveList(page), [move]);

  await page.unroute("**/js/ai-worker.js");
  await page.click("#notices .notice button:not(.dismiss)");
  await waitForMoves(page, 2);
  assert.equal(await noticeText(page), "");
  assert.deepEqual(
    problems.filter((p) => !p.includes("broken on purpose")),
    [],
  );
});

test("two computers play each other until paused", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "watch", { level: "1" });
  await waitForMoves(page, 3);
  // The line under the board never says a move was played before the board
  // shows it: a move held back for the watching pace is one the computer chose.
  const said = new Set();
  for (let i = 0; i < 40; i++) {
    const [line, last] = await page.evaluate(() => [
      document.querySelector("#thinking-line").textContent,
      [...document.querySelectorAll("#move-list li")].at(-1)?.textContent ?? "",
    ]);
    const claim = line.match(/ (played|chose) (\S+)\. /);
    if (claim) said.add(claim[1]);
    if (claim?.[1] === "played") assert.ok(last.includes(claim[2]), `"${line}", but the last move is ${last}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  assert.ok(said.has("chose"), `no paced move seen: ${[...said]}`);
  await page.click("#pause");
  assert.equal(await page.getAttribute("#pause", "aria-pressed"), "true");
  const paused = (await moveList(page)).length;
  // A click on the board says why it plays nothing.
  await clickSquare(page, "d4");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent === "The computer plays both sides here: choose another mode in the settings to play.");
  // Paused: no move comes in the time three moves took.
  await page.waitForFunction(() => new Promise((done) => setTimeout(() => done(true), 1500)));
  assert.equal((await moveList(page)).length, paused);
  await page.click("#pause");
  await waitForMoves(page, paused + 1);
  await page.screenshot({ path: `${screenshots}/play-watch.png` });
  assert.deepEqual(problems, []);
});
