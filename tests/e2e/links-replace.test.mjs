// Links opened beside a game in progress (issue 22 point 2, issue 16 point
// 5): a damaged link leaves the game alone, a good one replaces it with a
// way back, a link pasted into an open tab loads, the players travel with
// the link, and an illegal move keeps the map and the moves before it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, loadMoves, moveList, noticeText, openAsWhite, PHONE, presetById, setMode, waitForMoves } from "./game.mjs";

const FORTRESS = presetById("fortress").code;

const env = useSite();

/** The first `n` moves of a game on `map` taking the first legal move each time. */
async function someMoves(page, map, n) {
  let moves = "";
  const list = [];
  for (let i = 0; i < n; i += 1) {
    const [move] = (await gameState(page, map, moves)).legal;
    moves += move;
    list.push(move);
  }
  return list;
}

/** A page with a hot-seat game of `n` moves on the default map; its context shares storage with `open`. */
async function gameInProgress(options = DESKTOP, n = 3) {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  const moves = await someMoves(page, DEFAULT_MAP, n);
  await loadMoves(page, moves.join(""));
  await waitForMoves(page, n);
  const open = async (fragment) => {
    const other = await page.context().newPage();
    await other.goto(`${env.site.url}${fragment}`);
    await other.waitForSelector("body[data-ready]");
    return other;
  };
  return { page, problems, moves, open };
}

async function copiedLink(page) {
  await page.evaluate(() => delete document.querySelector("#copied").dataset.value);
  await page.click("#copy-link");
  await page.waitForFunction(() => document.querySelector("#copied").dataset.value);
  return page.getAttribute("#copied", "data-value");
}

test("a damaged link opened beside a game leaves the game as it was", async () => {
  const { page, problems, moves, open } = await gameInProgress();
  for (const fragment of ["#m=18garbage", "#m=<b>&g=f5", "#g=f5", "#m=18AAAA"]) {
    const other = await open(fragment);
    assert.match(await noticeText(other), /Your game is as you left it/, fragment);
    assert.deepEqual(await moveList(other), moves, fragment);
    assert.equal(await other.inputValue("#mode"), "hotseat", fragment);
    await other.close();
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a link with an illegal move keeps its map and the moves before it, and the replaced game comes back", async () => {
  const { page, problems, moves, open } = await gameInProgress();
  const [first, second] = await someMoves(page, FORTRESS, 2);
  const other = await open(`#m=${FORTRESS}&g=${first}${second}a1${first}`);
  const notices = await noticeText(other);
  assert.match(notices, /This link's moves go wrong at move 3, perhaps changed when copied: the game goes on from the position before it\. Black to move\./);
  assert.match(notices, /DetailsMove 3 in the link, a1, cannot be played: ./);
  assert.match(notices, /Your previous game was replaced by the shared one\./);
  assert.deepEqual(await moveList(other), [first, second]);
  assert.equal(await copiedLink(other), `${env.site.url}#m=${FORTRESS}&g=${first}${second}&p=hotseat`);
  await other.screenshot({ path: `${screenshots}/play-link-replaced-desktop.png` });

  await other.click("#notices button:text('Restore it')");
  assert.deepEqual(await moveList(other), moves);
  assert.equal(await other.inputValue("#mode"), "hotseat");
  assert.equal(await copiedLink(other), `${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&p=hotseat`);
  // The shared game is put aside in its turn.
  assert.match(await noticeText(other), /^Your game is back; the one it replaced was put aside\. It is in Saved games too\.$/);
  // What is restored is saved again, as any game is.
  await other.reload();
  await other.waitForSelector("body[data-ready]");
  assert.deepEqual(await moveList(other), moves);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a link pasted into an open tab loads there, and the game it replaced comes back", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems, moves } = await gameInProgress(options);
    const [first] = await someMoves(page, FORTRESS, 1);
    await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 1);
    assert.deepEqual(await moveList(page), [first]);
    assert.equal(await page.evaluate(() => location.hash), "", "the link leaves the address once read");
    assert.match(await noticeText(page), /Your previous game was replaced by the shared one\./);
    await page.evaluate(() => scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/play-link-pasted-${name}.png` });
    await page.click("#notices button:text('Restore it')");
    assert.deepEqual(await moveList(page), moves);
    // The address lost the link once it was read, so the same link pasted again loads again.
    await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 1);
    assert.deepEqual(problems, [], name);
    await page.context().close();
  }
});

test("a link pasted in the moves' box opens as a link, and an address without a game is refused", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    const { page, problems, moves } = await gameInProgress(options);
    // An address is not moves: the game stays, and the box keeps what was pasted.
    await loadMoves(page, `${env.site.url}#editor`);
    assert.match(await page.textContent("#paste-error"), /^That is a web address with no game in it, not moves\..*The game is unchanged\.$/);
    assert.equal(await page.inputValue("#paste"), `${env.site.url}#editor`);
    assert.deepEqual(await moveList(page), moves);
    // A link, whole or its "#" part, opens its game, the game it replaces a click away.
    const [first, second] = await someMoves(page, FORTRESS, 2);
    await loadMoves(page, `${env.site.url}#m=${FORTRESS}&g=${first}${second}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 2);
    assert.deepEqual(await moveList(page), [first, second], name);
    assert.equal(await page.textContent("#paste-error"), "");
    assert.equal(await page.inputValue("#paste"), "");
    assert.match(await noticeText(page), /Your previous game was replaced by the shared one\./);
    await page.click("#notices button:text('Restore it')");
    assert.deepEqual(await moveList(page), moves);
    await loadMoves(page, `#m=${FORTRESS}&g=${first}&p=hotseat`);
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 1);
    // A damaged one says so, and the game stays.
    await loadMoves(page, "#m=18AAAA");
    await page.waitForFunction(() => document.querySelector("#notices").textContent.includes("Your game is as you left it"));
    assert.deepEqual(await moveList(page), [first], name);
    // A Blocs game's link opens on Blocs's page, and a link pasted in its box opens too.
    await loadMoves(page, `${env.site.url}#blocs=c3X`);
    await page.waitForSelector("#blocs-page:not([hidden])");
    assert.deepEqual(await page.$$eval("#blocs-moves li", (lis) => lis.map((li) => li.textContent)), ["First player: c3X"]);
    await page.fill("#blocs-paste", `#m=${FORTRESS}&g=${first}${second}&p=hotseat`);
    await page.click("#blocs-load-moves");
    await page.waitForSelector("#blocs-page", { state: "hidden" });
    await page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === n, 2);
    assert.deepEqual(await moveList(page), [first, second], name);
    assert.deepEqual(problems, [], name);
    await page.context().close();
  }
});

test("a hot-seat link opens as hot-seat, and an old link without players in the page's mode", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first] = await someMoves(page, DEFAULT_MAP, 1);
  // Black has moved: against the computer, it would now answer at once.
  const hotseat = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${first}&p=hotseat`, DESKTOP);
  assert.equal(await hotseat.page.inputValue("#mode"), "hotseat");
  await hotseat.page.waitForTimeout(1500);
  assert.deepEqual(await moveList(hotseat.page), [first], "nobody moved for white");
  assert.equal(await hotseat.page.textContent("#status"), "White to move.");
  assert.equal(await noticeText(hotseat.page), "", "a first visit replaces nothing");

  const white = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&p=white`, DESKTOP);
  assert.equal(await white.page.inputValue("#mode"), "computer");
  assert.equal(await white.page.inputValue("#human-colour"), "O");
  await waitForMoves(white.page, 1);

  const old = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${first}`, DESKTOP);
  assert.equal(await old.page.inputValue("#mode"), "computer");
  await waitForMoves(old.page, 2);
  assert.deepEqual([...problems, ...hotseat.problems, ...white.problems, ...old.problems], []);
});

test("the link of a game against the computer names the colour of the person", async () => {
  const { page, problems } = await openAsWhite(env, "1");
  const [move] = await moveList(page);
  assert.equal(await copiedLink(page), `${env.site.url}#m=${DEFAULT_MAP}&g=${move}&p=white`);
  await setMode(page, "watch", { level: "1" });
  await page.click("#pause");
  assert.match(await copiedLink(page), /&p=watch$/);
  assert.deepEqual(problems, []);
});

// Issue 33 item 3: the notice of an illegal move and what the page does next agree.
for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`a link stopped by an illegal move says the game goes on, and who moves next, at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, options);
    const [first] = await someMoves(page, FORTRESS, 1);
    // Black played; white is the computer's, which answers at once, as the notice says.
    // Pasted into the open tab, as a link from a chat is.
    await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}a1&p=black`);
    await page.waitForFunction(() => /goes on from/.test(document.querySelector("#notices").textContent));
    const notices = await noticeText(page);
    assert.match(notices, /This link's moves go wrong at move 2, perhaps changed when copied: the game goes on from the position before it\. White \(computer, level [^)]+\) to move\./);
    assert.match(notices, /DetailsMove 2 in the link, a1, cannot be played: ./);
    assert.doesNotMatch(notices, /stops/);
    await waitForMoves(page, 2);
    assert.equal((await moveList(page))[0], first);
    // The computer's reply, said, then the player's turn.
    assert.match(await page.textContent("#status"), /^White played [a-h]\d\. You \(black\) to move/);
    await page.screenshot({ path: `${screenshots}/play-link-illegal-${width}.png` });
    // In a game by link, the notice names the friend.
    await page.goto("about:blank");
    await page.goto(`${env.site.url}#m=${FORTRESS}&g=${first}a1&p=corresp-black`);
    await page.waitForSelector("body[data-ready]");
    assert.match(await noticeText(page), /the game goes on from the position before it\. Your friend \(white\) to move\./);
    assert.deepEqual(await moveList(page), [first]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

// Issue 33 item 3: a game with nothing in it is not announced as replaced.
test("a link opened over a game nobody played replaces it without a word; a game with moves keeps its way back", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first] = await someMoves(page, FORTRESS, 1);
  // The first screen's game, untouched: pasted into the open tab, then on a visit.
  await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
  await waitForMoves(page, 1);
  assert.deepEqual(await moveList(page), [first]);
  assert.doesNotMatch(await noticeText(page), /replaced/);
  // A new game (the one played put aside), then a visit by link.
  await page.click("#new-game");
  const archived = () => page.evaluate(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length);
  await page.waitForFunction(() => localStorage.getItem("mapello.archive") !== null);
  await page.goto("about:blank");
  await page.goto(`${env.site.url}#m=${DEFAULT_MAP}&p=hotseat`);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await noticeText(page), "", "an empty game left for a link is not news");
  assert.equal(await archived(), 1, "nothing more was put aside");
  // A game with a move is put aside, with its way back.
  await loadMoves(page, first === "c5" ? "d6" : "c5");
  await waitForMoves(page, 1);
  const mine = await moveList(page);
  await page.evaluate((hash) => (location.hash = hash), `#m=${FORTRESS}&g=${first}&p=hotseat`);
  await page.waitForFunction(() => /replaced by the shared one/.test(document.querySelector("#notices").textContent));
  await page.click("#notices button:text('Restore it')");
  assert.deepEqual(await moveList(page), mine);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a set-up start with no move yet is something played: the link puts it aside with a way back", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const setUp = await page.evaluate(async () => {
    const wasm = await import(new URL("mapello_ai.js", document.baseURI).href);
    await wasm.default();
    const draft = new wasm.PositionDraft({ variant: "othello", size: 8 });
    draft.put("c3", "X");
    return { map: draft.mapCode(), start: draft.startCode() };
  });
  const held = `#m=${setUp.map}&v=othello&s=${setUp.start}&p=hotseat`;
  await page.goto(`${env.site.url}${held}`);
  await page.waitForFunction(() => /set-up start/.test(document.querySelector("#settings-mode").textContent));
  assert.deepEqual(await moveList(page), []);
  await page.evaluate((hash) => (location.hash = hash), `#m=${DEFAULT_MAP}&p=hotseat`);
  await page.waitForFunction(() => /replaced by the shared one/.test(document.querySelector("#notices").textContent));
  await page.click("#notices button:text('Restore it')");
  assert.equal(await copiedLink(page), `${env.site.url}${held}`);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("two links pasted at once open in order: the second game is on the board, the first one put aside with a way back", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first] = await someMoves(page, FORTRESS, 1);
  const moves = await someMoves(page, DEFAULT_MAP, 2);
  await page.evaluate(
    ([a, b]) => {
      location.hash = a;
      location.hash = b;
    },
    [`#m=${FORTRESS}&g=${first}&p=hotseat`, `#m=${DEFAULT_MAP}&g=${moves.join("")}&p=hotseat`],
  );
  await page.waitForFunction(() => /replaced by the shared one/.test(document.querySelector("#notices").textContent));
  assert.equal(await copiedLink(page), `${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&p=hotseat`, "the later link is the game on the board");
  assert.equal(await page.evaluate(() => location.hash), "", "and the address holds no link to open again");
  await page.click("#notices button:text('Restore it')");
  assert.equal(await copiedLink(page), `${env.site.url}#m=${FORTRESS}&g=${first}&p=hotseat`, "the earlier one is the way back");
  assert.deepEqual(problems, []);
  await page.context().close();
});

// Issue 33 item 6: a resigned game's link opens resigned.
test("the link of a resigned game carries the forfeit, and a forfeit the rules refuse is said and left out", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, DESKTOP);
  await setMode(page, "hotseat");
  const moves = await someMoves(page, DEFAULT_MAP, 2);
  await loadMoves(page, moves.join(""));
  await waitForMoves(page, 2);
  await page.click("#resign");
  await page.click("#resign-yes");
  const result = await page.textContent("#result-title");
  assert.match(result, /^Black resigned: White wins/);
  const link = await copiedLink(page);
  assert.equal(link, `${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&f=resigned-X&p=hotseat`);

  const friend = await openBoard(env.browser, link, DESKTOP);
  assert.equal(await friend.page.textContent("#result-title"), result, "the link opens the game as given up");
  assert.equal(await noticeText(friend.page), "");
  assert.equal(await friend.page.isDisabled("#undo"), true);
  assert.equal(await copiedLink(friend.page), link, "and its link says so again");

  // Hostile values: the shape is read by the page, the sense by the rules; the game opens without it.
  const cases = [
    ["quit-X", /given up \(quit-X\), which the rules refuse \(cause must be 'resigned' or 'time'.*\): it opens without that\./],
    ["resigned-Q", /given up \(resigned-Q\), which the rules refuse \(loser must be 'X' or 'O'.*\): it opens without that\./],
    ["%3Cimg%20src%3Dx%3E-X", /given up, but not in a form this page reads: the game opens as not given up\./],
    [`${"resigned".repeat(9)}-X`, /not in a form this page reads/],
  ];
  for (const [forfeit, message] of cases) {
    await friend.page.goto(`${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&f=${forfeit}&p=hotseat`);
    await friend.page.waitForSelector("body[data-ready]");
    assert.match(await noticeText(friend.page), message, forfeit);
    assert.doesNotMatch(await noticeText(friend.page), /<img/);
    assert.deepEqual(await moveList(friend.page), moves, forfeit);
    assert.equal(await friend.page.textContent("#status"), "Black to move.", forfeit);
  }
  // A game already over cannot be given up as well.
  const over = await friend.page.evaluate(async (map) => {
    const { Game } = await import(new URL("mapello.js", document.baseURI).href);
    const game = new Game({ variant: "othello", size: 6 });
    while (game.snapshot().status !== "gameOver") game.play(game.snapshot().legal[0] ?? "pass");
    return { map: game.mapCode(), moves: game.transcript() };
  }, DEFAULT_MAP);
  await friend.page.goto(`${env.site.url}#m=${over.map}&v=othello&g=${over.moves}&f=time-O&p=hotseat`);
  await friend.page.waitForSelector("body[data-ready]");
  assert.match(await noticeText(friend.page), /given up \(time-O\), which the rules refuse \(.+\): it opens without that\./);
  assert.doesNotMatch(await friend.page.textContent("#result-title"), /time/);
  assert.deepEqual([...problems, ...friend.problems], []);
  await page.context().close();
  await friend.page.context().close();
});

test("the player's own link opened in a new tab leaves the series as it is, there and here after a reload", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, { ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"] });
  await setMode(page, "series");
  await page.waitForFunction(() => document.querySelector("#match-title")?.textContent === "Series: game 1");
  // Two moves of the player's, each answered by the computer.
  for (const n of [2, 4]) {
    const moves = (await moveList(page)).join("");
    const [move] = (await gameState(page, DEFAULT_MAP, moves)).legal;
    await clickSquare(page, move);
    await waitForMoves(page, n);
  }
  const played = await moveList(page);
  await page.click("#copy-link");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const other = await page.context().newPage();
  await other.goto(link);
  await other.waitForSelector("body[data-ready]");
  for (const tab of [other, page]) {
    if (tab === page) {
      await page.reload();
      await page.waitForSelector("body[data-ready]");
    }
    assert.equal(await tab.inputValue("#mode"), "series");
    assert.equal(await tab.textContent("#match-title"), "Series: game 1");
    assert.deepEqual(await moveList(tab), played);
    assert.doesNotMatch(await noticeText(tab), /replaced|put aside/);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});
