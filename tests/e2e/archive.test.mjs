// The archive of saved games (issue 33 item 2): every game put aside and
// every finished game is kept, "Saved games" lists them and opens, exports,
// imports and deletes them; it survives a reload, is bounded with a notice,
// a damaged archive never breaks the start, and a game another tab saved is
// kept before this tab saves over it. Reached by the visible controls, on a
// desktop and a phone, in light and dark.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { test } from "node:test";
import { ARCHIVE_KEY, ARCHIVE_LIMIT } from "../../www/js/archive.js";
import { openBoard, ready, reload, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, loadMoves, moveList, noticeText, openSettings, PHONE, setMode, waitForMoves } from "./game.mjs";

const env = useSite();
// A whole game on the default map, ending in a pass by black (play.test.mjs).
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

/** The first `n` legal moves from `start` on the default map, the `skip`th legal move first. */
async function someMoves(page, n, skip = 0, start = "") {
  let moves = start;
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const { legal } = await gameState(page, DEFAULT_MAP, moves);
    const move = legal[i === 0 ? skip : 0];
    moves += move;
    list.push(move);
  }
  return list;
}

/** Loads `moves` as a transcript and waits for them. */
async function play(page, moves) {
  await loadMoves(page, moves.join(""));
  await waitForMoves(page, moves.length);
}

/** Presses "New game", unfolding the settings on a phone. */
async function newGame(page) {
  await openSettings(page);
  await page.click("#new-game");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
}

/** Opens the saved games by their button, and gives what the list shows. */
async function openArchive(page) {
  await page.click("#open-archive");
  await page.waitForSelector("#archive[open]");
  return listed(page);
}

/** What the list of saved games shows, one record per game. */
function listed(page) {
  return page.$$eval("#archive-list li", (items) =>
    items.map((li) => ({
      title: li.querySelector(".archive-title").textContent,
      players: li.querySelector(".archive-players").textContent,
      state: li.querySelector(".archive-state").textContent,
    })),
  );
}

/** Clicks the `label` button of the `n`th game listed. */
function clickEntry(page, n, label) {
  return page.click(`#archive-list li:nth-child(${n + 1}) .archive-actions button:text("${label}")`);
}

/** Waits until a notice says `text`. */
function waitForNotice(page, text) {
  return page.waitForFunction((source) => new RegExp(source).test(document.querySelector("#notices").textContent), text.source);
}

test("a later game that opens with the same moves is kept beside the earlier one, by board clicks", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  const opening = await someMoves(page, 5);
  for (const [i, move] of opening.slice(0, 4).entries()) {
    await clickSquare(page, move);
    await waitForMoves(page, i + 1);
  }
  await newGame(page);
  for (const [i, move] of opening.entries()) {
    await clickSquare(page, move);
    await waitForMoves(page, i + 1);
  }
  await newGame(page);
  const games = await openArchive(page);
  assert.deepEqual(
    games.map((g) => g.state),
    ["Put aside after 5 moves.", "Put aside after 4 moves."],
  );
  assert.deepEqual(problems, []);
});

test("the game a notice offers back, opened from Saved games instead, takes its notice away", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  const moves = await someMoves(page, 2);
  await play(page, moves);
  await newGame(page);
  assert.match(await noticeText(page), /A new game started; the one you were playing was put aside\./);
  await openArchive(page);
  await clickEntry(page, 0, "Open");
  await waitForMoves(page, 2);
  assert.deepEqual(await moveList(page), moves);
  // Its "Back to that game" would have nothing to bring back.
  assert.equal(await page.locator("#notices button:text('Back to that game')").count(), 0);
  assert.doesNotMatch(await noticeText(page), /put aside/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("new game twice: both earlier games are kept, survive a reload and open again", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  const first = await someMoves(page, 4);
  await play(page, first);
  await newGame(page);
  const second = await someMoves(page, 2, 1);
  await play(page, second);
  await newGame(page);
  await reload(page);

  const games = await openArchive(page);
  assert.deepEqual(games, [
    { title: "Mapello 8 x 8", players: "Black vs White", state: "Put aside after 2 moves." },
    { title: "Mapello 8 x 8", players: "Black vs White", state: "Put aside after 4 moves." },
  ]);
  // The thumbnails are drawn.
  assert.ok(await page.$eval("#archive-list canvas", (c) => c.width > 0));
  await clickEntry(page, 1, "Open");
  await waitForMoves(page, 4);
  assert.equal(await page.isVisible("#archive"), false);
  assert.deepEqual(await moveList(page), first);
  // The empty game it replaced had nothing to put aside; opening the other puts this one aside.
  await openArchive(page);
  await clickEntry(page, 0, "Open");
  await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 2);
  assert.deepEqual(await moveList(page), second);
  assert.match(await noticeText(page), /A saved game is on the board; the game you were playing was put aside\./);
  await page.click("#notices button:text('Back to that game')");
  await waitForMoves(page, 4);
  assert.deepEqual(await moveList(page), first);
  // Nothing was copied on the way.
  assert.equal((await openArchive(page)).length, 2);
  // From an opened game the page's own controls go on: undo, then play on.
  await page.click("#close-archive");
  await page.click("#undo");
  await waitForMoves(page, 3);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`a game opened from Saved games is listed as it stands on the board, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const moves = await someMoves(page, 4);
    for (const [i, move] of moves.slice(0, 3).entries()) {
      await clickSquare(page, move);
      await waitForMoves(page, i + 1);
    }
    await newGame(page);
    // From the foot of the page, as after reading the moves: the game
    // opened is seen from the players' cards down.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await openArchive(page);
    await clickEntry(page, 0, "Open");
    await waitForMoves(page, 3);
    const seen = await page.evaluate(() => ({
      cards: document.querySelector(".players").getBoundingClientRect().top,
      board: document.getElementById("board").getBoundingClientRect().bottom,
      height: innerHeight,
    }));
    // Within a pixel: scrolled to the cards, their top may fall between two.
    assert.ok(seen.cards > -1 && seen.board <= seen.height, `cards and board in view: ${JSON.stringify(seen)}`);
    await clickSquare(page, moves[3]);
    await waitForMoves(page, 4);
    await page.evaluate(() => scrollTo(0, 0));
    const [shown] = await openArchive(page);
    assert.equal(shown.state, "Being played: 4 moves so far.");
    assert.match(await page.textContent("#archive-list li .archive-date"), /On the board$/);
    // Deleting it says what becomes of the game on the board.
    await clickEntry(page, 0, "Delete");
    assert.match(await page.textContent("#archive-said"), /^Deleted the Mapello game of .+\. It stays on the board, and comes back here when it ends or is put aside\.$/);
    await page.click("#close-archive");
    assert.deepEqual(await moveList(page), moves);
    await newGame(page);
    await page.evaluate(() => scrollTo(0, 0));
    assert.deepEqual(await openArchive(page), [{ title: "Mapello 8 x 8", players: "Black vs White", state: "Put aside after 4 moves." }]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`two games by link with the same friend, of the same minute, are told apart by their moves, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const [first, second, other] = [await someMoves(page, 5), await someMoves(page, 5, 1), await someMoves(page, 2)];
    const entry = (id, moves, date) => ({
      id,
      date,
      game: { map: DEFAULT_MAP, variant: "mapello", moves: moves.join("") },
      players: ["Black (your friend)", "White (you)"],
      seat: "corresp-white",
      result: "",
      state: "abandoned",
    });
    const games = [entry("a", first, "2026-11-26T10:00:10.000Z"), entry("b", second, "2026-11-26T10:00:05.000Z"), entry("c", other, "2026-11-25T10:00:00.000Z")];
    await page.evaluate(({ key, games }) => localStorage.setItem(key, JSON.stringify({ version: 1, games })), { key: ARCHIVE_KEY, games });
    await reload(page);
    await openArchive(page);
    const lines = await page.$$eval("#archive-list li", (items) => items.map((li) => li.querySelector(".archive-moves")?.textContent ?? null));
    assert.match(lines[0], new RegExp(`^Moves ${first.slice(0, 3).join(" ")} … ${first[4]}; \\d+\u00a0to\u00a0\\d+$`));
    assert.match(lines[1], new RegExp(`^Moves ${second.slice(0, 3).join(" ")} … ${second[4]}; \\d+\u00a0to\u00a0\\d+$`));
    assert.notEqual(lines[0], lines[1]);
    assert.equal(lines[2], null, "a game that reads like no other has no moves line");
    const overflow = await page.$eval("#archive", (d) => d.scrollWidth - d.clientWidth);
    assert.ok(overflow <= 0, `the dialog is ${overflow}px wider than its box`);
    await page.screenshot({ path: `${screenshots}/archive-alike-${screen}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`a game put aside days after its last move is dated by that move, and says so, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const played = Date.UTC(2026, 10, 3, 12);
    await page.clock.setFixedTime(played);
    await setMode(page, "hotseat");
    const moves = await someMoves(page, 2);
    for (const [i, move] of moves.entries()) {
      await clickSquare(page, move);
      await waitForMoves(page, i + 1);
    }
    // Two days later, a new game puts it aside.
    await page.clock.setFixedTime(played + 2 * 86_400_000);
    await newGame(page);
    await page.evaluate(() => scrollTo(0, 0));
    await openArchive(page);
    const day = await page.evaluate((t) => new Date(t).toLocaleDateString(undefined, { dateStyle: "medium" }), played);
    const date = await page.textContent("#archive-list li .archive-date");
    assert.ok(date.startsWith(`Last move ${day}`), date);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a finished game is kept with the rules' result, and can be deleted with undo", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result:not([hidden])");
  const result = await page.textContent("#result-title");
  const games = await openArchive(page);
  assert.equal(games.length, 1);
  assert.match(games[0].state, /^(Black wins \d+ to \d+|White wins \d+ to \d+|Draw, \d+ to \d+)\.$/);
  assert.ok(result.length > 0);

  await clickEntry(page, 0, "Delete");
  assert.deepEqual(await listed(page), []);
  assert.equal(await page.isVisible("#archive-empty"), true);
  assert.match(await page.textContent("#archive-said"), /^Deleted the Mapello game of .+\.$/);
  // The focus is on the Undo, and the keyboard takes it back.
  assert.equal(await page.evaluate(() => document.activeElement.id), "archive-action");
  await page.keyboard.press("Enter");
  assert.deepEqual((await listed(page)).map((g) => g.state), games.map((g) => g.state));
  await page.keyboard.press("Escape");
  assert.equal(await page.isVisible("#archive"), false);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("export all, then import into an empty archive: the same games, a bad one skipped with a sentence", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  await play(page, await someMoves(page, 3));
  // An 8 x 8 Othello game, exported with its GGF record too.
  await page.selectOption("#variant", "othello");
  await loadMoves(page, "f5d6c3");
  await waitForMoves(page, 3);
  await newGame(page);
  const before = await openArchive(page);
  assert.deepEqual(before.map((g) => g.title), ["Othello 8 x 8", "Mapello 8 x 8"]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#archive-export-all")]);
  assert.equal(download.suggestedFilename(), "mapello-saved-games.txt");
  const text = await readFile(await download.path(), "utf8");
  assert.match(text, /^Mapello game\ndate: .+\ngame: othello\nmap: \S+\nmoves: f5d6c3\n/);
  assert.match(text, /\nggf: \(;GM\[Othello\]PC\[Mapello\]DT\[[^\]]+\]PB\[Black\]PW\[White\]TY\[8\]BO\[8 (-{8} ){3}-{3}O\*-{3} -{3}\*O-{3}( -{8}){3} \*\]B\[f5\]W\[d6\]B\[c3\];\)\n/);
  assert.match(text, /\ngame: mapello\n/);

  await page.evaluate((key) => localStorage.removeItem(key), ARCHIVE_KEY);
  const file = `${screenshots}/archive-import.txt`;
  await writeFile(file, `${text}\nMapello game\ngame: othello\nmap: ${DEFAULT_MAP}\nmoves: a1\n`);
  await page.setInputFiles("#archive-file", file);
  await page.waitForFunction(() => /imported/.test(document.querySelector("#archive-said").textContent));
  assert.match(await page.textContent("#archive-said"), /^2 games imported, marked in the list\. Game 3 of the file was skipped: .+\.$/);
  assert.deepEqual(await listed(page), before);
  // The same file again adds nothing.
  await page.setInputFiles("#archive-file", file);
  await page.waitForFunction(() => /saved already/.test(document.querySelector("#archive-said").textContent));
  assert.match(await page.textContent("#archive-said"), /^0 games imported\. 2 games were saved already\./);
  assert.equal((await listed(page)).length, 2);
  assert.deepEqual(problems, []);
  await page.context().close();
});

// A record as an Othello server's archive keeps it: ratings, clocks, an
// evaluation and a time on each move.
const SERVER_GGF =
  "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio1200]PW[Saio3000]RB[2197.72]RW[2330.93]TI[15:00//02:00]TY[8]RE[-2.000]" +
  "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5//0.01]W[d6/-1.23/0.5]B[c3/0.00/1.20]W[d3]B[c4];)";

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`GGF on a ${screen}: an Othello game exported, deleted and imported back is the same game; a server's records import, a bad one is refused`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    const unfolded = await openSettings(page);
    await page.selectOption("#variant", "othello");
    if (unfolded) await page.click("#settings-toggle");
    await loadMoves(page, "f5d6c3d3");
    await waitForMoves(page, 4);
    await page.click("#resign");
    await page.click("#resign-yes");
    await page.waitForSelector("#result:not([hidden])");
    await newGame(page);
    const before = await openArchive(page);
    assert.equal(before.length, 1);
    assert.equal(before[0].title, "Othello 8 x 8");

    const [download] = await Promise.all([page.waitForEvent("download"), clickEntry(page, 0, "Export")]);
    const text = await readFile(await download.path(), "utf8");
    const ggf = /\nggf: (.+)\n/.exec(text)?.[1] ?? "";
    assert.match(ggf, /^\(;GM\[Othello\]PC\[Mapello\]DT\[[^\]]+\]PB\[Black\]PW\[White\]RE\[[+-]\d+\.000:r\]TY\[8\]BO\[8 .+\]B\[f5\]W\[d6\]B\[c3\]W\[d3\];\)$/);
    await clickEntry(page, 0, "Delete");
    assert.deepEqual(await listed(page), []);

    const file = `${screenshots}/archive-import-${screen}.ggf`;
    await writeFile(file, `${ggf}\n${SERVER_GGF}\n(;GM[Othello]PB[x]B[f5]B[d6];)\n`);
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#archive-import")]);
    await chooser.setFiles(file);
    await page.waitForFunction(() => /imported/.test(document.querySelector("#archive-said").textContent));
    assert.match(
      await page.textContent("#archive-said"),
      /^2 games imported, marked in the list\. Game 3 of the file was skipped: move 2 at character \d+: B\[d6\]: white is to move, not black\.$/,
    );
    const after = await listed(page);
    // The server's game keeps its ratings, place, time control and the
    // result its record gives, though its moves stop before the end.
    const server = { title: "Othello 8 x 8", players: "Saio1200 (2197.72) vs Saio3000 (2330.93)", state: "White won by 2, as the record says; its moves stop before the end." };
    assert.deepEqual(after, [before[0], server]);
    // This page's own record says where it was played: here.
    assert.deepEqual(await page.$$eval("#archive-list li", (items) => items.map((li) => [li.classList.contains("archive-imported"), li.querySelector(".archive-details")?.textContent ?? null])), [
      [true, "Mapello"],
      [true, "GGS/os, time 15:00//02:00"],
    ]);
    // The game imported back opens on the board as it was played.
    await clickEntry(page, 0, "Open");
    await waitForMoves(page, 4);
    assert.deepEqual(await moveList(page), ["f5", "d6", "c3", "d3"]);
    assert.equal(await page.isVisible("#result"), true, "the resigned game shows its result");
    // The server's game on the board: its players' names on the cards, and
    // its record's result while the board is at the record's last move.
    await page.evaluate(() => scrollTo(0, 0));
    await openArchive(page);
    await clickEntry(page, 1, "Open");
    await waitForMoves(page, 5);
    const cards = () => page.$$eval("#player-X, #player-O", (all) => all.map((c) => [c.querySelector(".player-name").textContent, c.querySelector(".player-bonus").textContent]));
    await page.waitForFunction(() => document.querySelector("#player-X .player-name").textContent === "Saio1200");
    assert.deepEqual(await cards(), [
      ["Saio1200", ""],
      ["Saio3000", "won by 2, as the record says"],
    ]);
    // A reload keeps the names, and the record's result at its last move.
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await waitForMoves(page, 5);
    assert.deepEqual(await cards(), [
      ["Saio1200", ""],
      ["Saio3000", "won by 2, as the record says"],
    ]);
    await page.click("#undo");
    await waitForMoves(page, 4);
    assert.deepEqual(await cards(), [
      ["Saio1200", ""],
      ["Saio3000", ""],
    ]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  for (const colorScheme of ["light", "dark"]) {
    test(`an old game imported into a long list is marked and scrolled into view on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      // Twelve games of this week, newer than any imported.
      await page.evaluate(
        ({ key, map }) => {
          const games = [];
          for (let i = 0; i < 12; i += 1) {
            const date = new Date(Date.UTC(2026, 10, 20) - i * 3_600_000).toISOString();
            games.push({ id: `week-${i}`, date, game: { map, variant: "othello", moves: "f5d6" }, players: ["Black", "White"], seat: "hotseat", result: "", state: "abandoned" });
          }
          localStorage.setItem(key, JSON.stringify({ version: 1, games }));
        },
        { key: ARCHIVE_KEY, map: "18AAAAAAAAAAAAAAAAAAAAAAA" },
      );
      await reload(page);
      await openArchive(page);
      const file = `${screenshots}/archive-old-${screen}-${colorScheme}.ggf`;
      await writeFile(file, SERVER_GGF.replace("DT[2003.12.15_13:24:03.MST]", "DT[2003.12.15]").replace("RE[-2.000]", "RE[+12.00:t]"));
      await page.setInputFiles("#archive-file", file);
      await page.waitForFunction(() => /imported/.test(document.querySelector("#archive-said").textContent));
      assert.equal(await page.textContent("#archive-said"), "1 game imported, marked in the list.");
      const games = await listed(page);
      assert.equal(games.length, 13);
      // Played on a day of 2003: the last of the list, in view, marked.
      const last = "#archive-list li:last-child";
      assert.match(await page.getAttribute(last, "class"), /archive-imported/);
      assert.match(await page.textContent(`${last} .archive-date`), /2003.*Imported$/);
      assert.match(await page.textContent(`${last} .archive-date`), /15/);
      // Out of time: the rules' forfeit, scored by the rules.
      assert.match(games[12].state, /^White lost on time: Black wins \d+ to \d+\.$/);
      const inView = await page.$eval(last, (li) => {
        const box = li.getBoundingClientRect();
        const frame = /** @type {HTMLElement} */ (document.getElementById("archive")).getBoundingClientRect();
        return box.top >= frame.top && box.bottom <= Math.min(frame.bottom, innerHeight);
      });
      assert.equal(inView, true, "the imported game is scrolled into view");
      await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
      await page.screenshot({ path: `${screenshots}/archive-imported-${screen}-${colorScheme}.png` });
      const overflow = await page.$eval("#archive", (d) => d.scrollWidth - d.clientWidth);
      assert.ok(overflow <= 0, `the dialog is ${overflow}px wider than its box`);
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

test("a damaged archive is dropped with a notice and a download, and the page plays", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await ready(page);
  await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"games":[{"id":3}]}'), ARCHIVE_KEY);
  await reload(page);
  await waitForNotice(page, /Your archive of saved games could not be read/);
  assert.match(await noticeText(page), /Your archive of saved games could not be read \(game 1 is damaged: its id is not a name\), so it was discarded\./);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#notices button:text('Download it')")]);
  assert.equal(await readFile(await download.path(), "utf8"), '{"version":1,"games":[{"id":3}]}');
  const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
  await clickSquare(page, move);
  await waitForMoves(page, 2);
  assert.deepEqual(await openArchive(page), []);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("past the bound the oldest game is dropped, with a notice", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await page.evaluate(
    ({ key, limit }) => {
      const games = [];
      for (let i = 0; i < limit; i += 1) {
        const date = new Date(Date.UTC(2020, 0, 1) + (limit - i) * 60_000).toISOString();
        games.push({ id: `old-${i}`, date, game: { map: "18AAAA", variant: "othello", moves: "" }, players: ["Black", "White"], seat: "hotseat", result: "", state: "abandoned" });
      }
      localStorage.setItem(key, JSON.stringify({ version: 1, games }));
    },
    { key: ARCHIVE_KEY, limit: ARCHIVE_LIMIT },
  );
  await reload(page);
  await setMode(page, "hotseat");
  await play(page, await someMoves(page, 2));
  await newGame(page);
  await waitForNotice(page, /Your saved games keep at most/);
  assert.match(await noticeText(page), new RegExp(`Your saved games keep at most ${ARCHIVE_LIMIT}: the oldest game, of 2020-01-01, was dropped from them\\.`));
  const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).games, ARCHIVE_KEY);
  assert.equal(kept.length, ARCHIVE_LIMIT);
  assert.equal(kept[0].game.variant, "mapello");
  assert.ok(!kept.some((g) => g.id === `old-${ARCHIVE_LIMIT - 1}`), "the oldest went");
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("two tabs: a game another tab saved is kept before this tab saves over it", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  const ours = await someMoves(page, 3);
  await play(page, ours);
  // A second tab of the same browser starts on the saved game, and plays another.
  const other = await page.context().newPage();
  await other.goto(env.site.url);
  await other.waitForSelector("body[data-ready]");
  assert.deepEqual(await moveList(other), ours);
  await newGame(other);
  const theirs = await someMoves(other, 2, 2);
  await play(other, theirs);
  // The first tab plays on its own game: the second tab's is kept first.
  const [next] = (await gameState(page, DEFAULT_MAP, ours.join(""))).legal;
  await clickSquare(page, next);
  await waitForMoves(page, 4);
  await waitForNotice(page, /A game another tab saved/);
  assert.match(await noticeText(page), /A game another tab saved was about to be saved over by this one: it is kept in your saved games\./);
  await page.click("#notices button:text('Show saved games')");
  await page.waitForSelector("#archive[open]");
  const games = await listed(page);
  assert.deepEqual(games[0], { title: "Mapello 8 x 8", players: "Black vs White", state: "Put aside after 2 moves." });
  // The second tab, reloaded, has the game saved last, and its own a click away.
  await reload(other);
  assert.deepEqual(await moveList(other), [...ours, next]);
  await openArchive(other);
  await clickEntry(other, 0, "Open");
  await waitForMoves(other, 2);
  assert.deepEqual(await moveList(other), theirs);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  for (const colorScheme of ["light", "dark"]) {
    test(`the saved games fit and work on a ${screen}, ${colorScheme}`, async () => {
      const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme });
      await setMode(page, "hotseat");
      await loadMoves(page, WHOLE_GAME);
      await page.waitForSelector("#result:not([hidden])");
      await newGame(page);
      await play(page, await someMoves(page, 5, 1));
      const unfolded = await openSettings(page);
      await page.selectOption("#variant", "troll");
      if (unfolded) await page.click("#settings-toggle");
      await page.waitForFunction(() => document.querySelectorAll("#move-list li").length === 0);
      await page.evaluate(() => scrollTo(0, 0));
      assert.equal(await page.isVisible("#open-archive"), true);
      // By the keyboard: the button, then the dialog's first control.
      await page.focus("#open-archive");
      await page.keyboard.press("Enter");
      await page.waitForSelector("#archive[open]");
      const games = await listed(page);
      assert.equal(games.length, 2);
      await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
      await page.screenshot({ path: `${screenshots}/archive-${screen}-${colorScheme}.png` });
      const box = await page.$eval("#archive", (d) => d.getBoundingClientRect().toJSON());
      const width = options.viewport.width;
      assert.ok(box.left >= 0 && box.right <= width, `the dialog spans ${box.left} to ${box.right} of ${width}`);
      const overflow = await page.$eval("#archive", (d) => d.scrollWidth - d.clientWidth);
      assert.ok(overflow <= 0, `the dialog is ${overflow}px wider than its box`);
      for (const label of ["Open", "Export", "Delete"]) {
        assert.equal(await page.isVisible(`#archive-list li:nth-child(1) .archive-actions button:text("${label}")`), true, label);
      }
      await clickEntry(page, 1, "Open");
      await waitForMoves(page, WHOLE_GAME.length / 2);
      assert.equal(await page.isVisible("#result"), true, "the finished game shows its result");
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
}

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`exporting one saved game says so where the player looks, as Export all does, on a ${screen}`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    await setMode(page, "hotseat");
    // Five games put aside: the oldest is far down the list.
    for (let k = 0; k < 5; k += 1) {
      await play(page, await someMoves(page, 2 + k));
      await newGame(page);
    }
    assert.equal((await openArchive(page)).length, 5);
    const last = "#archive-list li:nth-child(5)";
    await page.locator(last).scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent("download"), clickEntry(page, 4, "Export")]);
    assert.match(download.suggestedFilename(), /^mapello-game-\d{4}-\d\d-\d\d\.txt$/);
    await page.waitForFunction(() => document.querySelector("#archive-said").textContent !== "");
    assert.match(await page.textContent("#archive-said"), /^Exported the Mapello game of .+\.$/);
    const said = await page.$eval("#archive-said", (p) => {
      const r = p.getBoundingClientRect();
      const d = p.closest("dialog").getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, inside: r.top >= Math.max(0, d.top) && r.bottom <= Math.min(innerHeight, d.bottom) };
    });
    assert.ok(said.inside, `the sentence is out of sight: ${JSON.stringify(said)}`);
    const item = await page.$eval(last, (li) => li.getBoundingClientRect().toJSON());
    assert.ok(item.bottom > 0 && item.top < (await page.evaluate(() => innerHeight)), "the game exported stays in view");
    await page.screenshot({ path: `${screenshots}/archive-export-one-${screen}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}
