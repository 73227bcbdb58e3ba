// Notices as a newcomer meets them (issue 33's playtest): a notice goes
// when what it speaks of is done or past, never while it is the only way
// back to a game; on a phone several notices leave the board in view; a
// link that holds the finished game on the board says so.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBoard, screenshots, useSite } from "./browser.mjs";
import { testLooks } from "./looks.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, loadMoves, noticeText, openSettings, PHONE, playByLink, setMode, waitForMoves } from "./game.mjs";

// A whole game on the default map: white wins 43 to 27.
const WHOLE_GAME =
  "c5c4b3b4c3e6a3c6f4b2d2b5a6g3e7a5a2f5b7e3c2c7d3e8f6f7d6b1b8c8g6b6g5a8d7g8a4g7e2h6d8e1c1g4a7f8h3d1f1g1h2h4h7h5g2h1paf2";

const env = useSite();
const SCREENS = { 1280: DESKTOP, 360: PHONE };

/** Plays the first legal move (or the `nth`) on the default map, `moves` being the game's so far. */
async function playNext(page, moves, nth = 0) {
  const move = (await gameState(page, DEFAULT_MAP, moves.join(""))).legal[nth];
  await clickSquare(page, move);
  await waitForMoves(page, moves.length + 1);
  moves.push(move);
  return move;
}

/** Opens `hash` in the open tab, as a pasted link, and waits for it to be read. */
async function paste(page, hash) {
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => location.hash === "");
}

/** Waits until what the first load fetches once idle (the help, the icon) has come, so that leaving the page cuts none of it short. */
async function loaded(page) {
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("help.html")));
  await page.waitForLoadState("networkidle");
}

const waitNotice = (page, pattern) => page.waitForFunction((source) => new RegExp(source).test(document.querySelector("#notices").textContent), pattern.source);

// A two-player game of two moves, replaced by a new game from the settings:
// its page, problems and moves.
async function replacedGame(options) {
  const { page, problems } = await openBoard(env.browser, env.site.url, options);
  await setMode(page, "hotseat");
  const moves = [];
  await playNext(page, moves);
  await playNext(page, moves);
  await openSettings(page);
  await page.click("#new-game");
  return { page, problems, moves };
}

for (const [width, options] of Object.entries(SCREENS)) {
  test(`"Your game is back" goes a few moves into the game, at ${width} px`, async () => {
    const { page, problems, moves } = await replacedGame(options);
    // A move in the new game, another than the first game's, so that going back puts it aside in its turn.
    await playNext(page, [], 1);
    await page.click("#notices button:text('Back to that game')");
    await waitForMoves(page, 2);
    assert.match(await noticeText(page), /^Your game is back; the one it replaced was put aside\. It is in Saved games too\.$/);
    for (let i = 0; i < 3; i += 1) await playNext(page, moves);
    assert.match(await noticeText(page), /Your game is back/, "three moves on, it is still there");
    await playNext(page, moves);
    assert.equal(await noticeText(page), "", "four moves on, the player has moved on");
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a pasted transcript counts as moves played: the old game's notice goes, the box empties with a new game", async () => {
  const { page, problems } = await replacedGame(DESKTOP);
  assert.match(await noticeText(page), /put aside/);
  // Three moves pasted leave it (four moves make it go)...
  await loadMoves(page, WHOLE_GAME.slice(0, 6));
  await waitForMoves(page, 3);
  assert.match(await noticeText(page), /put aside/);
  // ...and the whole game they begin, pasted, is well past them.
  await loadMoves(page, WHOLE_GAME);
  await page.waitForSelector("#result", { state: "visible" });
  assert.equal(await noticeText(page), "");
  assert.equal(await page.inputValue("#paste"), WHOLE_GAME, "the box keeps what was loaded for this game");
  await page.click("#next-game");
  await page.waitForSelector("#result", { state: "hidden" });
  assert.equal(await page.inputValue("#paste"), "", "a new game starts with an empty box");
  assert.deepEqual(problems, []);
});

test("a link's news goes once answered; its button once used", async () => {
  const probe = await openBoard(env.browser, env.site.url, DESKTOP);
  const moves = [];
  const first = (await gameState(probe.page, DEFAULT_MAP, "")).legal[0];
  await probe.page.context().close();
  // White, holding black's first move, answers it.
  const { page, problems } = await openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP}&g=${first}&p=corresp-white`, DESKTOP);
  moves.push(first);
  await waitForMoves(page, 1);
  await playNext(page, moves);
  const [third] = (await gameState(page, DEFAULT_MAP, moves.join(""))).legal;
  await paste(page, `#m=${DEFAULT_MAP}&g=${[...moves, third].join("")}&p=corresp-black`);
  await waitNotice(page, /The link brings a new move/);
  moves.push(third);
  await playNext(page, moves);
  assert.doesNotMatch(await noticeText(page), /new move/, "the move it announced is answered");

  // A link back in the game is kept beside it, its notice a button away from it.
  await paste(page, `#m=${DEFAULT_MAP}&g=${moves.slice(0, 2).join("")}&p=corresp-black`);
  await waitNotice(page, /goes back to move 2/);
  await page.click("#notices button:has-text('Open the link')");
  await waitForMoves(page, 2);
  assert.doesNotMatch(await noticeText(page), /Open the link|goes back to move/, "the link's game is on the board");
  assert.match(await noticeText(page), /Your game is back/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [width, options] of Object.entries(SCREENS)) {
  test(`a click on the board on the friend's turn says whose move it is, at ${width} px`, async () => {
    const scheme = width === "360" ? "dark" : "light";
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: scheme });
    await playByLink(page);
    const moves = [];
    await playNext(page, moves);
    const [friends] = (await gameState(page, DEFAULT_MAP, moves.join(""))).legal;
    await clickSquare(page, friends);
    const said = "It is your friend's move: send them the link, then open the one they send back.";
    await page.waitForFunction((text) => document.querySelector("#refusal").textContent === text, said);
    await page.waitForFunction((text) => document.querySelector("#announcer").textContent === text, said);
    assert.deepEqual(await page.$$eval("#move-list li", (li) => li.length), 1, "the friend's move is not played here");
    await page.screenshot({ path: `${screenshots}/notices-friends-turn-${width}-${scheme}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a link holding the finished game on the board says it is over", async () => {
  const probe = await openBoard(env.browser, env.site.url, DESKTOP);
  const [first] = (await gameState(probe.page, DEFAULT_MAP, "")).legal;
  await probe.page.context().close();
  const link = `#m=${DEFAULT_MAP}&g=${first}&f=resigned-O&p=corresp-black`;
  const { page, problems } = await openBoard(env.browser, `${env.site.url}${link}`, DESKTOP);
  await waitForMoves(page, 1);
  await paste(page, link);
  await waitNotice(page, /This is the game on the board, and it is over/);
  assert.match(await noticeText(page), /^This is the game on the board, and it is over: Your friend resigned: you won \d+ to \d+\.$/);
  assert.doesNotMatch(await noticeText(page), /no new move/);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("on a phone, several notices leave the board in view, the newest shown and all counted", async () => {
  for (const scheme of ["light", "dark"]) {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...PHONE, colorScheme: scheme });
    await loaded(page);
    // A damaged saved game, saved games and Blocs page, and a damaged link: four notices at once.
    await page.evaluate(() => {
      localStorage.setItem("mapello.play", "{damaged");
      localStorage.setItem("mapello.archive", "{damaged");
      localStorage.setItem("mapello.blocs", "{damaged");
    });
    await page.goto("about:blank");
    await page.goto("about:blank");
  await page.goto(`${env.site.url}#m=18garbage`);
    await page.waitForSelector("body[data-ready]");
    await page.waitForFunction(() => document.querySelectorAll("#notices .notice").length >= 4);
    await page.evaluate(() => scrollTo(0, 0));
    const { top, height, inner } = await page.$eval("#board", (b) => ({ ...b.getBoundingClientRect().toJSON(), inner: innerHeight }));
    assert.ok(top >= 0 && top + height / 2 <= inner, `the board's top half is in view: top ${top}, height ${height}, viewport ${inner}`);
    const newest = await page.$eval("#notices .notice:last-child", (n) => {
      const box = n.getBoundingClientRect();
      const list = n.parentElement.getBoundingClientRect();
      return { shown: box.top >= list.top - 1 && box.top < list.bottom, count: getComputedStyle(n, "::before").content };
    });
    assert.ok(newest.shown, "the newest notice is in sight");
    assert.match(newest.count, /^counter\(notices\)|\d notices/);
    assert.equal(await page.$eval("#notices", (n) => n.textContent.includes("This link is incomplete")), true);
    await page.screenshot({ path: `${screenshots}/notices-phone-${scheme}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  }
});

test('on a phone, "Play a friend by link" under the board shows the way back to the game it put aside', async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, PHONE);
  await setMode(page, "hotseat");
  const moves = [];
  await playNext(page, moves);
  await playNext(page, moves);
  // The button is below the board: the player scrolls down to it.
  await page.$eval("#play-friend", (b) => b.scrollIntoView({ block: "end" }));
  await page.tap("#play-friend");
  await waitNotice(page, /put aside/);
  const aside = '#notices [data-key="aside"]';
  await page.waitForFunction((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1;
  }, aside);
  const board = await page.$eval("#board", (b) => b.getBoundingClientRect().top);
  assert.ok(board < 740 / 2, `the board follows under the notice (its top at ${board} px)`);
  await page.screenshot({ path: `${screenshots}/notices-play-friend-phone.png` });
  await page.tap(`${aside} button:text('Back to that game')`);
  await waitForMoves(page, 2);
  assert.deepEqual(problems, []);
});

test("on a desktop, notices stack above the board as before", async () => {
  const { page, problems } = await openBoard(env.browser, env.site.url, { ...DESKTOP, colorScheme: "dark" });
  await loaded(page);
  await page.evaluate(() => localStorage.setItem("mapello.play", "{damaged"));
  await page.goto("about:blank");
  await page.goto(`${env.site.url}#m=18garbage`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForFunction(() => document.querySelectorAll("#notices .notice").length >= 2);
  assert.equal(await page.$eval("#notices", (n) => n.scrollHeight <= n.clientHeight), true, "nothing scrolls at 1280 px");
  await page.screenshot({ path: `${screenshots}/notices-desktop-dark.png` });
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [width, options] of Object.entries(SCREENS)) {
  test(`a broken link says what a player makes of it, the exact reason a "Details" away, at ${width} px`, async () => {
    const { page, problems } = await openBoard(env.browser, env.site.url, { ...options, colorScheme: width === "360" ? "dark" : "light" });
    await setMode(page, "hotseat");
    const moves = [];
    await playNext(page, moves);
    await playNext(page, moves);
    const DAMAGED = "This link is incomplete or damaged: perhaps it was cut when copied. Ask your friend to send it again. Your game is as you left it.";
    const kinds = [
      ["cut when copied", `#m=${DEFAULT_MAP.slice(0, 10)}&p=hotseat`, DAMAGED, /^share code character 11: a 8 x 8 share code has \d+ characters, this one 10$/],
      ["bad characters", "#m=<b>&p=hotseat", DAMAGED, /share code/],
      ["another game", `#m=${DEFAULT_MAP}&v=chess&p=hotseat`, /^This link's game cannot be opened here: it may come from a newer version of Mapello, or have been changed when copied\. Ask your friend to send it again\. Your game is as you left it\.$/, /game this page does not have/],
    ];
    for (const [kind, hash, sentence, reason] of kinds) {
      await paste(page, hash);
      await page.waitForSelector("#notices .notice details");
      const text = await page.$eval("#notices .notice p", (p) => p.firstChild.textContent);
      if (typeof sentence === "string") assert.equal(text, sentence, kind);
      else assert.match(text, sentence, kind);
      assert.equal(await page.isVisible("#notices details > :not(summary)"), false, `${kind}: the reason waits behind "Details"`);
      await page.click("#notices details summary");
      const details = await page.$eval("#notices details", (d) => [...d.childNodes].filter((n) => n.nodeName !== "SUMMARY").map((n) => n.textContent).join(""));
      assert.match(details, reason, kind);
      assert.deepEqual(await page.$$eval("#move-list li", (li) => li.length), 2, `${kind}: nothing on the board is lost`);
      if (kind === "cut when copied") await page.screenshot({ path: `${screenshots}/notices-broken-link-${width}.png` });
      await page.click("#notices .notice .dismiss");
    }
    // A move the rules refuse: the game goes on before it, the other kept with a way back.
    await paste(page, `#m=${DEFAULT_MAP}&g=${moves[0]}a1&p=hotseat`);
    await waitNotice(page, /go wrong at move 2/);
    const text = await page.$eval("#notices .notice p", (p) => p.firstChild.textContent);
    assert.match(text, /^This link's moves go wrong at move 2, perhaps changed when copied: the game goes on from the position before it\. White to move\./);
    await page.click("#notices details summary");
    assert.match(await page.textContent("#notices details"), /Move 2 in the link, a1, cannot be played: .+/);
    // Once White has moved, "White to move" is out of date and goes; the way back stays.
    await playNext(page, [moves[0]]);
    await page.waitForFunction(() => !/go wrong at move 2/.test(document.querySelector("#notices").textContent));
    await page.click("#notices button:text('Restore it')");
    await waitForMoves(page, 2);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

/**
 * Two tabs of one browser on one game of two players: tab A plays `n`
 * moves (`moves`), then tab B opens on them.
 */
async function twoTabs(n) {
  const context = await env.browser.newContext(DESKTOP);
  const a = await context.newPage();
  await a.goto(env.site.url);
  await a.waitForSelector("body[data-ready]");
  await setMode(a, "hotseat");
  const moves = [];
  for (let k = 0; k < n; k += 1) await playNext(a, moves);
  const b = await context.newPage();
  await b.goto(env.site.url);
  await b.waitForSelector("body[data-ready]");
  await waitForMoves(b, n);
  return { context, a, b, moves };
}

test("a tab reloaded after another tab saved over its game says so, with a way back", async () => {
  const { context, a, b, moves } = await twoTabs(2);
  // Tab B starts another game; tab A plays on, keeping B's game in Saved games.
  await b.click("#new-game");
  const mine = [];
  await playNext(b, mine, 1);
  await playNext(a, moves);
  await b.reload();
  await b.waitForSelector("body[data-ready]");
  await waitForMoves(b, 3);
  await waitNotice(b, /Another tab saved its game after this one/);
  assert.match(await noticeText(b), /The game this tab was playing is kept in Saved games\./);
  await b.screenshot({ path: `${screenshots}/notices-saved-over-1280-light.png` });
  await b.click("#notices button:text('Back to that game')");
  await waitForMoves(b, 1);
  assert.deepEqual(await b.$$eval("#move-list li", (li) => li.length), 1);
  await context.close();
});

testLooks(
  "a broken link's notice opens its Details",
  (options) => openBoard(env.browser, `${env.site.url}#m=${DEFAULT_MAP.slice(0, 10)}`, options),
  async (page, look) => {
    await page.waitForSelector("#notices details");
    await page.click("#notices details summary");
    assert.match(await page.textContent("#notices details"), /^Detailsshare code character 11: /);
    const { top } = await page.$eval("#board", (b) => b.getBoundingClientRect().toJSON());
    assert.ok(top < (await page.evaluate(() => innerHeight)), "the board's top stays in view");
    await page.screenshot({ path: `${screenshots}/notices-details-${look}.png` });
  },
);

test("a game updated from another tab says so until a move is played here", async () => {
  const { context, a, b, moves } = await twoTabs(1);
  await a.bringToFront();
  await playNext(a, moves);
  await b.bringToFront();
  await waitNotice(b, /played on in another tab/);
  await waitForMoves(b, 2);
  await playNext(b, [...moves]);
  await b.waitForFunction(() => !/played on in another tab/.test(document.querySelector("#notices").textContent));
  await context.close();
});
