// Troll on the page: chosen with the visible game chooser, played by clicks
// between two people to a connection win, at desktop and phone width; the
// end message says who connected and the winning chain is ringed in gold.
// The cards count the discs each side has to go, and say so by the number.
import assert from "node:assert/strict";
import { test } from "node:test";
import { boardLayout, cellRect, squareIndex } from "../../www/js/geometry.js";
import { MARGIN } from "../../www/js/render.js";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { DESKTOP, FROZEN_MS, PHONE, clickSquare, moveList, openSettings, setMode, waitForMoves, watchLongTasks } from "./game.mjs";

// Black builds column d (each white disc between is flipped), White plays
// a2 on its own edge, and d8 joins Black's top and bottom rows.
const MOVES = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "a2", "d8"];

const env = useSite();

/** The RGBA colour at the top of the ring drawn around square `name` of the 8 x 8 board. */
async function ringTop(page, name) {
  const pixels = await page.$eval("#board", (c) => c.width);
  const rect = cellRect(boardLayout(8, false, pixels, MARGIN), squareIndex(8, name));
  const size = Math.min(rect.width, rect.height);
  const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 - size * 0.44 };
  return page.$eval("#board", (canvas, { x, y }) => [...canvas.getContext("2d").getImageData(Math.floor(x), Math.floor(y), 1, 1).data], point);
}

for (const [width, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`a Troll game chosen in the game chooser is played to a connection by clicks (${width})`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const unfolded = await openSettings(page);
    const names = await page.$$eval("#variant option", (all) => all.map((o) => o.textContent));
    assert.ok(names.includes("Troll"), `the chooser lists ${names}`);
    await page.selectOption("#variant", "troll");
    if (unfolded) await page.click("#settings-toggle");
    await page.waitForFunction(() => document.querySelector("#status").textContent === "Black to move.");
    await page.screenshot({ path: `${screenshots}/troll-start-${width}.png` });

    // a3 is on White's edge and flips nothing: refused, with the reason.
    await clickSquare(page, "a3", 8, false);
    assert.match(await page.textContent("#refusal"), /a3 is on White's edge: a move there must flip a disc/);
    assert.deepEqual(await moveList(page), []);

    for (const [k, move] of MOVES.entries()) {
      await clickSquare(page, move, 8, false);
      await waitForMoves(page, k + 1);
    }
    assert.deepEqual(await moveList(page), MOVES);
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Game over."));
    assert.equal(await page.textContent("#status"), "Game over. Black wins, joining top to bottom.");
    const [r, g, b] = await ringTop(page, "d5");
    assert.ok(r > 200 && g > 150 && b < 100, `d5 is ringed in gold, not rgb(${r}, ${g}, ${b})`);
    const [r2, g2, b2] = await ringTop(page, "a2");
    assert.ok(!(r2 > 200 && g2 > 150 && b2 < 100), "a2, not on the chain, has no gold ring");
    await page.screenshot({ path: `${screenshots}/troll-won-${width}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

// The player cards' boxes: the card, its name, its number and the word
// beside the number, and the line under the name.
function cards(page) {
  return page.$$eval("#player-X, #player-O", (all) =>
    all.map((card) => {
      const box = (el) => el && el.getBoundingClientRect().toJSON();
      const score = card.querySelector(".player-score");
      const unit = card.querySelector(".player-unit");
      const style = (el) => el && { weight: getComputedStyle(el).fontWeight, colour: getComputedStyle(el).color, size: parseFloat(getComputedStyle(el).fontSize) };
      return {
        height: Math.round(box(card).height),
        name: { ...box(card.querySelector(".player-name")), lineHeight: parseFloat(getComputedStyle(card.querySelector(".player-name")).lineHeight) },
        score: { ...box(score), text: score.textContent, ...style(score) },
        unit: unit && { ...box(unit), ...style(unit) },
        caption: card.querySelector(".player-bonus").textContent,
      };
    }),
  );
}

for (const [width, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`Troll's cards say beside each number that it is discs to go, on cards no taller than a scored game's (${width})`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const scored = await cards(page);
    const unfolded = await openSettings(page);
    await page.selectOption("#variant", "troll");
    if (unfolded) await page.click("#settings-toggle");
    await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("You (black) to move"));
    const race = await cards(page);
    assert.deepEqual(race.map((c) => c.score.text), ["8 to go", "8 to go"]);
    assert.deepEqual(race.map((c) => c.caption), ["top to bottom", "level 4 · left to right"]);
    for (const [k, { height, name, score, unit }] of race.entries()) {
      const said = JSON.stringify(race[k]);
      // "to go" is on the number's line, in its ink and weight, not a caption's.
      assert.ok(unit.top >= score.top && unit.bottom <= score.bottom && unit.left > score.left, `"to go" is not beside the number: ${said}`);
      assert.equal(unit.weight, score.weight, `"to go" is lighter than the number: ${said}`);
      assert.equal(unit.colour, score.colour, `"to go" is fainter than the number: ${said}`);
      assert.ok(unit.size >= 11, `"to go" is too small to read: ${said}`);
      assert.ok(name.right <= score.left, `the name runs into the number: ${said}`);
      assert.ok(name.height < 1.5 * name.lineHeight, `the name wraps beside "to go": ${said}`);
      assert.equal(height, scored[k].height, `the card grew from ${scored[k].height} px: ${said}`);
    }
    await page.screenshot({ path: `${screenshots}/troll-cards-${width}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

/** The snapshot of the Troll game after `moves`, from the page's own wasm module. */
function trollState(page, moves) {
  return page.evaluate(async (moves) => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    return new Game({ variant: "troll", moves }).snapshot();
  }, moves);
}

// Black heads down column d while it can; the computer, in its worker,
// answers each move.
const PLAN = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "e4", "c4", "e5", "c5"];

for (const [width, options] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`Troll against the computer: legal replies from the worker, the page free meanwhile (${width}, ${colorScheme})`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      const trollRows = '#legend li[data-piece="edges"], #legend li[data-piece="closed"]';
      assert.deepEqual(await page.$$eval(trollRows, (rows) => rows.map((r) => r.hidden)), [true, true], "Mapello's legend has no Troll marks");
      const unfolded = await openSettings(page);
      await page.selectOption("#variant", "troll");
      await page.selectOption("#mode", "computer");
      await page.selectOption("#level", "4");
      if (unfolded) await page.click("#settings-toggle");
      await page.waitForFunction(() => document.querySelector("#status").dataset.turn === "human");
      assert.match(await page.textContent("#status"), /^You \(black\) to move\.$/);
      // The legend explains Troll's marks in place of the legal-move dot.
      assert.ok(await page.isHidden('#legend li[data-piece="legal"]'));
      for (const mark of ["edges", "capture", "closed", "chain"]) assert.ok(await page.isVisible(`#legend li[data-piece="${mark}"]`), `${mark} is explained`);
      assert.match(await page.textContent("#legend"), /Red bar.*closed to you/);
      await watchLongTasks(page);
      let moves = [];
      let replies = 0;
      while (replies < 6) {
        const before = await trollState(page, moves.join(""));
        const move = PLAN.find((m) => before.legal.includes(m)) ?? before.legal[0];
        await clickSquare(page, move, 8, false);
        await waitForMoves(page, moves.length + 1);
        const afterHuman = await trollState(page, [...moves, move].join(""));
        if (afterHuman.legal.length === 0) break;
        // While the worker thinks, the page still paints frames.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
        await waitForMoves(page, moves.length + 2);
        await page.waitForFunction(
          () => {
            const status = document.querySelector("#status");
            return status.dataset.turn === "human" || status.textContent.startsWith("Game over.");
          },
          null,
          { timeout: 30_000 },
        );
        const list = await moveList(page);
        const reply = list[moves.length + 1];
        assert.ok(afterHuman.legal.includes(reply), `the computer's ${reply} is legal after ${[...moves, move].join("")}`);
        replies += 1;
        const during = await page.evaluate((frozen) => {
          const { started, finished } = document.querySelector("#thinking").dataset;
          return window.longTasks.filter((l) => l.start + l.duration > Number(started) && l.start < Number(finished) && l.duration >= frozen);
        }, FROZEN_MS);
        assert.deepEqual(during, [], `the page froze while the computer chose ${reply}`);
        moves = list;
        if ((await page.textContent("#status")).startsWith("Game over.")) break;
      }
      assert.ok(replies >= 6 || (await page.textContent("#status")).startsWith("Game over."), `${replies} replies and the game goes on`);
      // Troll's search value is no number a player can read: the outlook words it.
      assert.doesNotMatch(await page.textContent("#thinking-pv"), /value/);
      const outlook = await page.textContent("#thinking-line");
      assert.match(outlook, /^Computer \(level 4\) played [a-h][1-8]\. It (reckons|expects|has worked out)/);
      assert.doesNotMatch(outlook, /point/, "Troll is a race, not a count of points");
      await page.screenshot({ path: `${screenshots}/troll-computer-${width}-${colorScheme}.png`, fullPage: width === "phone" });
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}
