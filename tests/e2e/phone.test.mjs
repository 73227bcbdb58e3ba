// The page on a phone, 360 px wide, as a player reaches it by the visible
// controls: the board and the editor's board take the whole width, every
// control is a fingertip (44 x 44 px) or more, the folded settings show the
// computer's level, no empty room lies under the status (the computer's
// search takes its place while it thinks), and a review keeps the board
// and the move described in view together. Mapello on 6 x 6 and 10 x 10
// starts on a map of its own.
// Screenshots of each screen at 1280 and 360 px, light and dark, go to
// target/screenshots/phone-*.png.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardLayout, layout, outerSide } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DEFAULT_MAP, DESKTOP, PHONE, PRESETS, clickSquare, gameState, loadMoves, openSettings, reviewBlunderGame, setMode, waitForMoves } from "./game.mjs";

const env = useSite();

// Smallest side of a control a finger can hit, in CSS pixels.
const FINGER = 44;

// On the rulebook map, a hot-seat opening whose third move is a blunder.
// A whole game on the rulebook map, to its end.
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

/** The side in CSS pixels of square a1 on the board `selector` (a board with its ring), as the page lays it out. */
async function cellSide(page, selector, size, lay) {
  const width = await page.$eval(selector, (c) => c.getBoundingClientRect().width);
  return lay(size, width).cell;
}

const editorLayout = (size, width) => layout(outerSide(size), width, MARGIN);
const playLayout = (size, width) => boardLayout(size, true, width, MARGIN);

/** Chooses Mapello on `size` x `size` in the folded settings, as a player does. */
async function chooseSize(page, size) {
  await openSettings(page);
  await page.selectOption("#board-size", String(size));
  await page.waitForFunction((n) => document.querySelector("#settings-game").textContent.includes(`${n}×${n}`), size);
}

async function openEditor(page) {
  await openSettings(page);
  await page.click("#edit-map");
  await page.waitForSelector(".editor-board", { state: "visible" });
}

/** Every visible control under `root` smaller than a finger: `[what, width, height]`. */
function smallControls(page, root = "body") {
  return page.$eval(
    root,
    (el, finger) => {
      const controls = el.querySelectorAll("button, select, input, textarea, a[href]");
      const small = [];
      for (const control of controls) {
        // A checkbox is hit through its label.
        const target = control.type === "checkbox" ? (control.closest("label") ?? control) : control;
        const r = target.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || control.closest(".visually-hidden")) continue;
        // Rounding of fractional layouts loses under a pixel.
        if (r.width < finger - 0.5 || r.height < finger - 0.5) {
          small.push([target.id || target.className || target.textContent.trim(), Math.round(r.width), Math.round(r.height)]);
        }
      }
      return small;
    },
    FINGER,
  );
}

/** Whether `selector`'s box lies wholly inside the viewport. */
function inViewport(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    // A pixel of slack for layouts in fractions of a pixel.
    return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
  });
}

test("at 360 px the boards take the whole width of the screen", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  assert.equal(await page.$eval("#board", (c) => c.getBoundingClientRect().width), 360);
  const cell8 = await cellSide(page, "#board", 8, playLayout);
  await chooseSize(page, 10);
  await page.click("#settings-toggle");
  const cell10 = await cellSide(page, "#board", 10, playLayout);
  console.log(`cells at 360 px: Mapello 8 x 8 ${cell8.toFixed(1)} px, 10 x 10 ${cell10.toFixed(1)} px`);
  // The ring is narrow: the squares played on get the room (32.5 and 27.4 px before).
  assert.ok(cell8 >= 35, `8 x 8 cells of ${cell8} px`);
  assert.ok(cell10 >= 29.5, `10 x 10 cells of ${cell10} px`);
  await openEditor(page);
  await page.selectOption(".editor-size", "8");
  const editorCell = await cellSide(page, ".editor-board", 8, editorLayout);
  console.log(`editor cells at 360 px: ${editorCell.toFixed(1)} px`);
  assert.ok(editorCell >= 33, `editor cells of ${editorCell} px`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow} px too wide`);
  assert.deepEqual(problems, []);
});

test("at 360 px every control of the game, the settings, the editor and the help is 44 x 44 px or more", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  assert.deepEqual(await smallControls(page), [], "the game");
  await openSettings(page);
  assert.deepEqual(await smallControls(page), [], "the unfolded settings");
  await page.click("#open-help");
  assert.deepEqual(await smallControls(page, "#help"), [], "the help");
  await page.click("#close-help");
  await openEditor(page);
  assert.deepEqual(await smallControls(page, "#editor"), [], "the editor");
  assert.deepEqual(problems, []);
});

// Where the status's row stands under the board (a notice above the board
// may move both), its height, and how far the controls under it are.
function rowAndGap(page) {
  return page.evaluate(() => {
    const box = (selector) => document.querySelector(selector).getBoundingClientRect();
    const row = box(".turn");
    return { row: Math.round(row.top - box("#board").bottom), height: Math.round(row.height), gap: Math.round(box("#undo").top - row.bottom) };
  });
}

test("at 360 px no empty room lies under the status, and nothing moves as the computer thinks or the status grows", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  const first = await rowAndGap(page);
  assert.ok(first.gap <= 12, `${first.gap} px between the status's row and the controls under it`);

  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  const thinking = await page.waitForFunction(
    () => {
      const progress = document.querySelector("#thinking-progress");
      if (!progress.textContent.startsWith("Thinking…")) return null;
      const status = document.querySelector("#status");
      const r = progress.getBoundingClientRect();
      return { shown: r.height > 0 && getComputedStyle(status).visibility === "hidden", text: progress.textContent };
    },
    null,
    { polling: "raf", timeout: 20_000 },
  );
  const { shown } = await thinking.jsonValue();
  assert.ok(shown, "the search shows in the status's place");
  assert.deepEqual(await rowAndGap(page), first, "nothing moved when the computer started thinking");
  await page.screenshot({ path: `${screenshots}/phone-thinking.png` });
  await waitForMoves(page, 2);
  await page.waitForFunction(() => document.querySelector("#thinking-progress").textContent === "");
  assert.equal(await page.isVisible("#status"), true);
  assert.deepEqual(await rowAndGap(page), first, "nothing moved when it replied");

  // The longest status of a game against the computer: a pass said before the turn.
  await loadMoves(page, "c5c6c7b7e3c8a8a6");
  await waitForMoves(page, 10);
  await page.waitForFunction(() => /^You had no move, so White moved again\. You \(black\) to move\.$/.test(document.querySelector("#status").textContent));
  assert.deepEqual(await rowAndGap(page), first, "nothing moved for a two-line status");
  assert.deepEqual(problems, []);
});

/** The buttons, inputs and selects of the page whose boxes meet the box of `selector`. */
function controlsUnder(page, selector) {
  return page.$eval(selector, (note) => {
    const r = note.getBoundingClientRect();
    return [...document.querySelectorAll("button, input, select, textarea, canvas")]
      .filter((c) => !note.contains(c))
      .filter((c) => {
        const b = c.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
      })
      .map((c) => c.id || c.className);
  });
}

test("at 360 px a refusal floats over the players' cards, covering and moving no control, and takes no tap", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "hotseat");
  const box = (selector) => page.$eval(selector, (el) => el.getBoundingClientRect().toJSON());
  const undo = await box("#undo");
  await clickSquare(page, "a1");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent.startsWith("a1 is a wall"));
  assert.deepEqual(await box("#undo"), undo, "the controls under the board stayed where they were");
  assert.ok(await inViewport(page, "#refusal"), "the refusal is in view with the board");
  assert.deepEqual(await controlsUnder(page, "#refusal"), [], "the refusal covers no control and not the board");
  await page.screenshot({ path: `${screenshots}/phone-refusal.png` });
  // It takes no tap: one on it lands on what is under it.
  const under = await page.$eval("#refusal", (note) => {
    const r = note.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== note;
  });
  assert.ok(under, "a tap goes through the refusal");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent === "", null, { timeout: 5000 });
  // Scrolled down so that the cards are above the screen, a refusal comes down into view.
  await page.evaluate(() => scrollBy(0, document.querySelector(".players").getBoundingClientRect().bottom + 20));
  await clickSquare(page, "d4");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent.startsWith("d4 is taken"));
  assert.ok(await inViewport(page, "#refusal"), "the refusal comes into view");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent === "", null, { timeout: 5000 });
  assert.deepEqual(problems, []);
});

test("at 360 px a square refused on the analysis board is said in view", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "hotseat");
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await waitForMoves(page, 1);
  await page.tap("#move-list button[data-ply='1']");
  await page.waitForSelector("#analysis:not([hidden])");
  await page.$eval("#board", (b) => b.scrollIntoView({ block: "center" }));
  await clickSquare(page, "a1");
  await page.waitForFunction(() => document.querySelector("#refusal").textContent.startsWith("a1 is a wall"));
  assert.ok(await inViewport(page, "#refusal"), "the refusal is in view");
  assert.deepEqual(await controlsUnder(page, "#refusal"), []);
  assert.deepEqual(problems, []);
});

test("at 360 px moves loaded from the box far below the board bring the board into view, and the notice of a game put aside", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "hotseat");
  const boardTop = () => page.$eval("#board", (b) => b.getBoundingClientRect().top);
  const [first] = (await gameState(page, DEFAULT_MAP, "")).legal;
  const [second] = (await gameState(page, DEFAULT_MAP, first)).legal;
  await page.$eval("#paste", (box) => box.scrollIntoView({ block: "end" }));
  assert.ok((await boardTop()) < -300, "the box is a screen below the board");
  await loadMoves(page, `${first}${second}`);
  await waitForMoves(page, 2);
  const top = await boardTop();
  assert.ok(top >= -1 && top < 740 / 2, `the board is in view (its top at ${top} px)`);
  // Moves of another game put this one aside: the notice saying so shows, the board under it.
  const [other] = (await gameState(page, DEFAULT_MAP, "")).legal.filter((m) => m !== first);
  await page.$eval("#paste", (box) => box.scrollIntoView({ block: "end" }));
  await loadMoves(page, other);
  await waitForMoves(page, 1);
  await page.waitForFunction(() => {
    const notice = document.querySelector('#notices [data-key="aside"]');
    if (!notice) return false;
    const r = notice.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  });
  assert.ok((await boardTop()) < 740, "the board follows the notice");
  assert.deepEqual(problems, []);
});

test("the folded settings show the computer's level whole", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  for (const level of ["3", "10"]) {
    await setMode(page, "computer", { level });
    const mode = await page.$eval("#settings-mode", (el) => ({
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5,
    }));
    assert.match(mode.text, new RegExp(`level ${level}\\b`));
    assert.equal(mode.cut, false, `"${mode.text}" is cut`);
    assert.equal(await inViewport(page, "#settings-mode"), true);
  }
  assert.deepEqual(problems, []);
});

test("reviewing at 360 px, the board and the move chosen stay in view together", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await reviewBlunderGame(page);
  assert.deepEqual(await smallControls(page, "#review"), [], "the review");
  for (const n of [4, 1, 2]) {
    const move = `#review-list li:nth-child(${n}) button`;
    // The player scrolls down to the list and taps a move.
    await page.$eval(move, (b) => b.scrollIntoView({ block: "end" }));
    await page.tap(move);
    await page.waitForFunction((k) => document.querySelector("#review-move").textContent.startsWith(`${k}.`), n);
    assert.equal(await inViewport(page, "#board"), true, `move ${n}: the board`);
    assert.equal(await inViewport(page, "#review-move"), true, `move ${n}: the description`);
    assert.equal(await inViewport(page, move), true, `move ${n}: the move tapped`);
  }
  assert.deepEqual(problems, []);
});

test("reviewing at 360 px, the steps beside the move's sentence go move by move, the board in view", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await reviewBlunderGame(page);
  const sentence = () => page.textContent("#review-move");
  const disabled = (id) => page.$eval(id, (b) => b.disabled);
  await page.$eval("#review-list li:nth-child(1) button", (b) => b.scrollIntoView({ block: "end" }));
  await page.tap("#review-list li:nth-child(1) button");
  await page.waitForFunction(() => document.querySelector("#review-move").textContent.startsWith("1."));
  assert.equal(await disabled("#review-prev"), true, "no move before the first");
  for (const n of [2, 3, 4]) {
    await page.tap("#review-next");
    await page.waitForFunction((k) => document.querySelector("#review-move").textContent.startsWith(`${k}.`), n);
    assert.equal(await inViewport(page, "#board"), true, `move ${n}: the board`);
    assert.equal(await inViewport(page, "#review-next"), true, `move ${n}: the step`);
  }
  assert.equal(await disabled("#review-next"), true, "no move after the last");
  assert.equal(await disabled("#review-prev"), false);
  await page.tap("#review-prev");
  await page.waitForFunction(() => document.querySelector("#review-move").textContent.startsWith("3."));
  assert.match(await sentence(), /^3\./);
  await page.screenshot({ path: `${screenshots}/phone-review-steps.png` });
  assert.deepEqual(problems, []);
});

test("on a desktop, reviewing a whole game from its result shows the graph whole", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result", { state: "visible" });
  await page.click("#review-result");
  await page.waitForFunction(() => document.querySelector("#review")?.dataset.state === "done", null, { timeout: 30_000 });
  // The list, redrawn as the analysis goes, once scrolled the page to its
  // worst move and cut the graph's top off (at -36 px).
  const top = await page.$eval("#review-graph", (g) => g.getBoundingClientRect().top);
  assert.ok(top >= 0, `the graph starts at ${top} px`);
  // The board shows the move chosen: the game's own status and the result's
  // "Review this game" are not said beside it.
  assert.equal(await page.isVisible("#status"), false);
  assert.equal(await page.isVisible("#review-result"), false);
  // On the first move, its marker runs under the graph's labels, not over them.
  await page.click("#review-list li:first-child button");
  await page.waitForFunction(() => document.querySelector("#review-move").textContent.startsWith("1."));
  await page.$eval("#review-graph", (g) => g.scrollIntoView({ block: "center" }));
  const onTop = await page.$$eval(".graph-label", (labels) =>
    labels.map((l) => {
      const r = l.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 4, r.top + r.height / 2) === l;
    }),
  );
  assert.deepEqual(onTop, [true, true]);
  await page.click("#close-review");
  assert.equal(await page.isVisible("#status"), true);
  assert.equal(await page.isVisible("#review-result"), true);
  assert.deepEqual(problems, []);
});

test("Mapello on 6 x 6 and 10 x 10 starts on its size's default map, and the editor offers that size's presets", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  for (const size of [6, 10, 8]) {
    const mine = PRESETS.filter((p) => p.size === size);
    await chooseSize(page, size);
    await openEditor(page);
    assert.equal(await page.getAttribute("#editor", "data-code"), mine[0].code, `${size} x ${size}`);
    const offered = await page.$$eval(".editor-presets option", (options) => options.map((o) => o.value).filter(Boolean));
    assert.deepEqual(offered, mine.map((p) => p.id), `${size} x ${size}`);
    await page.click("[data-action=play]");
    await page.waitForSelector("#board", { state: "visible" });
  }
  assert.deepEqual(problems, []);
});

// Each screen this work changed, for looking at.
const SCREENS = {
  "game-10": async (page) => {
    await chooseSize(page, 10);
    if (await page.isVisible("#settings-toggle")) await page.click("#settings-toggle");
  },
  "editor-6": async (page) => {
    await openEditor(page);
    await page.selectOption(".editor-size", "6");
    await page.selectOption(".editor-presets", PRESETS.find((p) => p.size === 6).id);
  },
  "settings-folded": async (page) => setMode(page, "computer", { level: "10" }),
  review: async (page) => {
    await reviewBlunderGame(page);
    await page.tap("#review-list li:nth-child(4) button").catch(() => page.click("#review-list li:nth-child(4) button"));
  },
};

for (const [name, show] of Object.entries(SCREENS)) {
  for (const [width, options] of [
    ["1280", DESKTOP],
    ["360", PHONE],
  ]) {
    test(`screenshots: ${name} at ${width} px, light and dark`, async () => {
      for (const scheme of ["light", "dark"]) {
        const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: scheme });
        await show(page);
        await page.waitForFunction(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(true)), 300)));
        await page.screenshot({ path: `${screenshots}/phone-${name}-${width}-${scheme}.png` });
        assert.deepEqual(problems, []);
      }
    });
  }
}
