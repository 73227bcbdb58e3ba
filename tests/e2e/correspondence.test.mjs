// Playing a friend by link (issue 33 item 6): two browsers, each its own
// profile, exchange links move by move; a link that continues the game a
// browser holds updates it, one that goes back or forks is kept beside it
// in the saved games, a broken one changes nothing, and it all works
// offline after the first visit.
import assert from "node:assert/strict";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { serve } from "../../.ci/static-server.mjs";
import { dist, openBoard, screenshots, useSite } from "./browser.mjs";
import { clickSquare, DEFAULT_MAP, DESKTOP, gameState, moveList, noticeText, PHONE, playByLink, playFirstLegal, sendLink, setMode, squarePoint, waitForMoves } from "./game.mjs";

const env = useSite();
const CLIPBOARD = { permissions: ["clipboard-read", "clipboard-write"] };

/** A player's page in a browser profile of their own, at `options`'s width and scheme. */
function player(url, options) {
  return openBoard(env.browser, url, { ...options, ...CLIPBOARD });
}

/** What the panel of a game by link says. */
async function panel(page) {
  await page.waitForSelector("#corresp:not([hidden])");
  return { seat: await page.textContent("#corresp-seat"), turn: await page.textContent("#corresp-turn") };
}

/** The saved games' entries, as stored. */
function archived(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games);
}

for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`two players exchange links move by move at ${width} px`, async () => {
    const alice = await player(env.site.url, { ...options, colorScheme: "light" });
    // From the first screen: the button below the board starts a game by link.
    await playByLink(alice.page);
    assert.equal(await alice.page.inputValue("#mode"), "corresp");
    assert.equal(await alice.page.inputValue("#human-colour"), "X");
    // On a phone the settings stay folded: what to do next is in view.
    if (width === "360") assert.equal(await alice.page.getAttribute("#settings-toggle", "aria-expanded"), "false");
    assert.deepEqual(await panel(alice.page), {
      seat: "You play Black; your friend plays White.",
      turn: "Your turn: play your move, then send the link to your friend.",
    });
    const first = await playFirstLegal(alice.page);
    assert.match((await panel(alice.page)).turn, /^Your friend's turn: send them this link/);
    // The friend's move is not Alice's to play.
    const [whites] = (await gameState(alice.page, DEFAULT_MAP, first)).legal;
    await clickSquare(alice.page, whites);
    await alice.page.waitForTimeout(300);
    assert.deepEqual(await moveList(alice.page), [first]);
    const toBob = await sendLink(alice.page);
    assert.match(toBob, /p=corresp-white/);
    await alice.page.screenshot({ path: `${screenshots}/corresp-sender-${width}-light.png`, fullPage: true });

    const bob = await player(toBob, { ...options, colorScheme: "dark" });
    assert.deepEqual(await panel(bob.page), {
      seat: "You play White; your friend plays Black.",
      turn: "Your turn: play your move, then send the link to your friend.",
    });
    assert.match(await bob.page.textContent("#status"), /You \(white\) to move/);
    await bob.page.screenshot({ path: `${screenshots}/corresp-receiver-${width}-dark.png`, fullPage: true });
    const reply = await playFirstLegal(bob.page);
    const toAlice = await sendLink(bob.page, { keyboard: true });
    assert.match(toAlice, /p=corresp-black/);

    // Alice opens the reply in her open tab: her game is updated, not replaced.
    await alice.page.evaluate((link) => (location.hash = new URL(link).hash), toAlice);
    await waitForMoves(alice.page, 2);
    assert.deepEqual(await moveList(alice.page), [first, reply]);
    assert.match(await noticeText(alice.page), /The link brings a new move/);
    assert.doesNotMatch(await noticeText(alice.page), /replaced/);
    assert.equal((await panel(alice.page)).turn, "Your turn: play your move, then send the link to your friend.");
    const third = await playFirstLegal(alice.page);
    const again = await sendLink(alice.page);

    // Bob opens it by loading the page, as from a mail: his game goes on too.
    await bob.page.goto("about:blank");
    await bob.page.goto(again);
    await bob.page.waitForSelector("body[data-ready]");
    await waitForMoves(bob.page, 3);
    assert.deepEqual(await moveList(bob.page), [first, reply, third]);
    assert.equal((await panel(bob.page)).seat, "You play White; your friend plays Black.");
    assert.deepEqual(await archived(bob.page), [], "nothing was put aside: it is one game");

    // A reload keeps the game, and who plays which colour.
    await alice.page.reload();
    await alice.page.waitForSelector("body[data-ready]");
    assert.deepEqual(await moveList(alice.page), [first, reply, third]);
    assert.match((await panel(alice.page)).turn, /^Your friend's turn/);
    await alice.page.screenshot({ path: `${screenshots}/corresp-waiting-${width}-light.png`, fullPage: true });
    await bob.page.screenshot({ path: `${screenshots}/corresp-update-${width}-dark.png`, fullPage: true });

    assert.deepEqual(alice.problems, []);
    assert.deepEqual(bob.problems, []);
    await alice.page.context().close();
    await bob.page.context().close();
  });
}

/** A page holding a game by link of `moves` on the default map, playing white. */
async function holding(moves, options = DESKTOP) {
  const held = await player(`${env.site.url}#m=${DEFAULT_MAP}&g=${moves.join("")}&p=corresp-white`, options);
  await waitForMoves(held.page, moves.length);
  return held;
}

/** `n` moves on the default map, the first legal one each time but for a `last` one. */
async function line(page, n, last = 0) {
  const moves = [];
  for (let i = 0; i < n; i += 1) {
    const legal = (await gameState(page, DEFAULT_MAP, moves.join(""))).legal;
    moves.push(legal[i === n - 1 ? Math.min(last, legal.length - 1) : 0]);
  }
  return moves;
}

/** Opens `moves` as a link in the open tab, as a pasted link is. */
async function paste(page, moves) {
  await page.evaluate((hash) => (location.hash = hash), `#m=${DEFAULT_MAP}&g=${moves.join("")}&p=corresp-black`);
  await page.waitForFunction(() => location.hash === "");
}

// The panel under the board is drawn a moment after the board: a player
// quick to press "Send this link" in that moment sends the move just
// played, not the link the field showed before it (a fresh-clone CI run
// once sent the older link and said nothing).
test("a move played and sent at once is the move the link carries, and only it is held as sent", async () => {
  const { page, problems } = await player(env.site.url, DESKTOP);
  await playByLink(page);
  const first = await playFirstLegal(page);
  const [reply] = (await gameState(page, DEFAULT_MAP, first)).legal;
  await page.evaluate(() => document.querySelector("#corresp-hotseat").click());
  await page.waitForFunction(() => document.querySelector("#corresp-hotseat").checked);
  const at = await squarePoint(page, reply);
  // The friend's move here, then the button, in one task: the panel has not caught up.
  await page.evaluate(({ x, y }) => {
    document.querySelector("#board").dispatchEvent(new MouseEvent("click", { clientX: x, clientY: y, bubbles: true }));
    document.querySelector("#corresp-send").click();
  }, at);
  await page.waitForFunction(() => document.querySelector("#corresp-sent").textContent !== "");
  assert.match(await page.textContent("#corresp-sent"), /copied/);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(link).hash.match(/g=([a-z0-9]*)/)[1], first + reply);
  assert.equal(await page.inputValue("#corresp-link"), link);
  assert.deepEqual(await moveList(page), [first, reply]);
  // Both moves went out: neither is taken back here.
  assert.equal(await page.isDisabled("#undo"), true);
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("a link that goes back in the game or forks from it is kept beside it, never over it", async () => {
  const probe = await player(env.site.url, DESKTOP);
  const three = await line(probe.page, 3);
  const fork = await line(probe.page, 3, 1);
  assert.notDeepEqual(fork, three);
  await probe.page.context().close();

  const { page, problems } = await holding(three);
  await paste(page, three.slice(0, 2));
  await page.waitForFunction(() => /goes back to move 2/.test(document.querySelector("#notices").textContent));
  assert.deepEqual(await moveList(page), three, "the game held is untouched");
  assert.match(await noticeText(page), /your game stays on the board and the link's game is in Saved games/);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 1);
  assert.equal((await archived(page))[0].game.moves, three.slice(0, 2).join(""));

  await paste(page, fork);
  await page.waitForFunction(() => /first 2 moves of your game, then other moves/.test(document.querySelector("#notices").textContent));
  assert.deepEqual(await moveList(page), three);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 2);
  await page.screenshot({ path: `${screenshots}/corresp-fork-1280-light.png`, fullPage: true });

  // The player may open the link's game: the held one goes into the saved games in its turn.
  await page.click("#notices button:has-text('Open the link')");
  await waitForMoves(page, 3);
  assert.deepEqual(await moveList(page), fork);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive")).games.some((e) => e.game.moves.length === 6 && e.seat === "corresp-white"));
  assert.equal(await page.inputValue("#mode"), "corresp");

  // The same link again changes nothing, and says so.
  await paste(page, fork);
  await page.waitForFunction(() => /no new move yet/.test(document.querySelector("#notices").textContent));
  assert.deepEqual(await moveList(page), fork);
  assert.deepEqual(problems, []);
  await page.context().close();
});

for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  test(`links kept beside the game say what they are to it in Saved games, the player on their own side, on a ${screen}`, async () => {
    const probe = await player(env.site.url, DESKTOP);
    const three = await line(probe.page, 3);
    const fork = await line(probe.page, 3, 1);
    await probe.page.context().close();

    // The player's own earlier link (black's seat: the friend's), then a fork.
    const { page, problems } = await holding(three, options);
    await paste(page, three.slice(0, 2));
    await page.waitForFunction(() => /goes back to move 2/.test(document.querySelector("#notices").textContent));
    await paste(page, fork);
    await page.waitForFunction(() => /first 2 moves of your game, then other moves/.test(document.querySelector("#notices").textContent));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 2);
    await page.evaluate(() => scrollTo(0, 0));
    await page.click("#open-archive");
    await page.waitForSelector("#archive[open]");
    const items = await page.$$eval("#archive-list li", (all) => all.map((li) => [li.querySelector(".archive-players").textContent, li.querySelector(".archive-branch")?.textContent ?? null]));
    assert.deepEqual(
      items.sort((a, b) => a[1].localeCompare(b[1])),
      [
        ["Black (your friend) vs White (you)", "Branch of the game on the board after move 2"],
        ["Black (your friend) vs White (you)", "Earlier position of the game on the board, at move 2"],
      ],
    );
    await page.screenshot({ path: `${screenshots}/archive-branches-${screen}.png` });
    assert.deepEqual(problems, []);
    await page.context().close();
  });
}

test("a broken link says what is wrong and loses nothing, at 360 px in the dark", async () => {
  const moves = [];
  const held = await player(env.site.url, PHONE);
  moves.push(...(await line(held.page, 2)));
  await held.page.context().close();
  const { page, problems } = await holding(moves, { ...PHONE, colorScheme: "dark" });
  for (const hash of ["#m=18garbage&g=f5&p=corresp-black", "#m=<b>&p=corresp-black", "#g=f5&p=corresp-black"]) {
    await page.evaluate((h) => (location.hash = h), hash);
    await page.waitForFunction(() => /Your game is as you left it/.test(document.querySelector("#notices").textContent));
    assert.deepEqual(await moveList(page), moves, hash);
    assert.equal(await page.inputValue("#mode"), "corresp", hash);
    await page.evaluate(() => document.querySelector("#notices").replaceChildren());
  }
  // Moves damaged after the first: the moves before the damage, which the game held already.
  await page.evaluate((h) => (location.hash = h), `#m=${DEFAULT_MAP}&g=${moves[0]}zz9&p=corresp-black`);
  await page.waitForFunction(() => /damaged after move 1/.test(document.querySelector("#notices").textContent));
  assert.deepEqual(await moveList(page), moves);
  await page.screenshot({ path: `${screenshots}/corresp-broken-360-dark.png`, fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test("after one visit a link to a game by link opens and plays offline", async () => {
  const copy = await mkdtemp(join(tmpdir(), "mapello-corresp-"));
  await cp(dist, copy, { recursive: true });
  const site = await serve(copy);
  try {
    const { page, problems } = await player(site.url, DESKTOP);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const [move] = (await gameState(page, DEFAULT_MAP, "")).legal;
    await page.context().setOffline(true);
    await site.close();
    await page.goto(`${site.url}#m=${DEFAULT_MAP}&g=${move}&p=corresp-white`);
    await page.waitForSelector("body[data-ready]");
    assert.equal((await panel(page)).turn, "Your turn: play your move, then send the link to your friend.");
    await playFirstLegal(page);
    assert.match(await sendLink(page), /p=corresp-black/);
    assert.deepEqual(problems, []);
    await page.context().close();
  } finally {
    await site.close().catch(() => {});
    await rm(copy, { recursive: true, force: true });
  }
});

test("a first link opened over another game in progress opens, the other game kept", async () => {
  const { page, problems } = await player(env.site.url, DESKTOP);
  await playFirstLegal(page);
  await page.waitForTimeout(200);
  const mine = await moveList(page);
  const theirs = await line(page, 1, 1);
  await page.evaluate((h) => (location.hash = h), `#m=${DEFAULT_MAP}&g=${theirs.join("")}&p=corresp-white`);
  await page.waitForSelector("#corresp:not([hidden])");
  assert.deepEqual(await moveList(page), theirs);
  assert.equal((await panel(page)).seat, "You play White; your friend plays Black.");
  assert.match(await noticeText(page), /Your previous game was replaced by the shared one/);
  await page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 1);
  assert.ok(mine.length >= 1);
  assert.deepEqual(problems, []);
  await page.context().close();
});

/** Reloads `page` and waits until it is ready. */
async function reload(page) {
  await page.reload();
  await page.waitForSelector("body[data-ready]");
}

// Issue 33 item 6: a move the friend has cannot be taken back.
for (const [width, options] of [
  ["1280", DESKTOP],
  ["360", PHONE],
]) {
  test(`moves sent or received by link are not taken back, across a reload, at ${width} px`, async () => {
    const alice = await player(env.site.url, options);
    await playByLink(alice.page);
    const first = await playFirstLegal(alice.page);
    assert.equal(await alice.page.isDisabled("#undo"), false, "a move not sent yet may be taken back");
    const toBob = await sendLink(alice.page);
    assert.equal(await alice.page.isDisabled("#undo"), true, "the friend has it now");
    await alice.page.focus("#board");
    await alice.page.keyboard.press("Control+z");
    await alice.page.waitForTimeout(200);
    assert.deepEqual(await moveList(alice.page), [first], "nor from the keyboard");
    await reload(alice.page);
    assert.equal(await alice.page.isDisabled("#undo"), true, "nor after a reload");
    // Playing the friend's move here too: that one is not sent, and may be taken back, down to what was.
    await alice.page.check("#corresp-hotseat");
    await alice.page.$eval("#board", (board) => board.scrollIntoView({ block: "center" }));
    await playFirstLegal(alice.page);
    assert.equal(await alice.page.isDisabled("#undo"), false);
    await alice.page.click("#undo");
    assert.deepEqual(await moveList(alice.page), [first]);
    assert.equal(await alice.page.isDisabled("#undo"), true);
    await alice.page.uncheck("#corresp-hotseat");

    // Received in a link: both have it.
    const bob = await player(toBob, options);
    await waitForMoves(bob.page, 1);
    assert.equal(await bob.page.isDisabled("#undo"), true, "a move received is the sender's");
    await playFirstLegal(bob.page);
    assert.equal(await bob.page.isDisabled("#undo"), false);
    // Copied by hand from the link's field: sent as well.
    await bob.page.focus("#corresp-link");
    await bob.page.keyboard.press("Control+c");
    await bob.page.waitForFunction(() => document.querySelector("#undo").disabled);
    await reload(bob.page);
    assert.equal(await bob.page.isDisabled("#undo"), true);
    await bob.page.screenshot({ path: `${screenshots}/corresp-sent-${width}.png`, fullPage: true });
    assert.deepEqual([...alice.problems, ...bob.problems], []);
    await alice.page.context().close();
    await bob.page.context().close();
  });
}

test("a saved count of moves sent that is damaged is refused with a notice, never a broken start", async () => {
  const { page, problems } = await player(env.site.url, DESKTOP);
  await playByLink(page);
  const first = await playFirstLegal(page);
  await sendLink(page);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("mapello.play")));
  assert.equal(stored.shared, 1);
  const cases = [
    ["x", /could not be read \(its count of moves sent by link is damaged\), so it was discarded/],
    [-1, /could not be read \(its count of moves sent by link is damaged\)/],
    [1e300, /could not be read \(its count of moves sent by link is damaged\)/],
    // As long as the transcript, but more moves than the game has: the rules count them.
    [first.length, /could not be restored \(it says more moves were sent by link than the game has\), so it was discarded/],
  ];
  for (const [shared, message] of cases) {
    await page.evaluate((record) => localStorage.setItem("mapello.play", JSON.stringify(record)), { ...stored, shared });
    await reload(page);
    assert.match(await noticeText(page), message, String(shared));
    assert.equal(await page.isVisible("#notices button:text('Download the saved data')"), true);
    assert.deepEqual(await moveList(page), [], "a new game starts");
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});

// Issue 33 item 6: a game by link in the saved games, not on the board, is known by its link.
test("a link continuing a game by link kept in Saved games updates it there and opens it, the board's game kept", async () => {
  const alice = await player(env.site.url, DESKTOP);
  await playByLink(alice.page);
  const first = await playFirstLegal(alice.page);
  const toBob = await sendLink(alice.page);
  // Alice plays the computer meanwhile: her game by link goes into the saved games.
  await setMode(alice.page, "computer");
  await playFirstLegal(alice.page);
  await waitForMoves(alice.page, 2);
  const meanwhile = await moveList(alice.page);
  await alice.page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive") ?? '{"games":[]}').games.length === 1);

  const bob = await player(toBob, DESKTOP);
  const reply = await playFirstLegal(bob.page);
  const toAlice = await sendLink(bob.page);
  await alice.page.evaluate((link) => (location.hash = new URL(link).hash), toAlice);
  await waitForMoves(alice.page, 2);
  await alice.page.waitForSelector("#corresp:not([hidden])");
  assert.deepEqual(await moveList(alice.page), [first, reply]);
  assert.equal(await alice.page.inputValue("#mode"), "corresp");
  assert.deepEqual(await panel(alice.page), {
    seat: "You play Black; your friend plays White.",
    turn: "Your turn: play your move, then send the link to your friend.",
  });
  const notices = await noticeText(alice.page);
  assert.match(notices, new RegExp(`continues your game by link in Saved games, which is opened here and updated there\\. The link brings a new move: ${reply}\\.`));
  assert.match(notices, /Your previous game was replaced by the shared one/);
  assert.equal(await alice.page.isDisabled("#undo"), true, "both have the moves");
  await alice.page.waitForFunction(() => JSON.parse(localStorage.getItem("mapello.archive")).games.length === 2);
  const saved = await archived(alice.page);
  const byLink = saved.filter((e) => e.seat === "corresp-black");
  assert.equal(byLink.length, 1, "one game by link, updated");
  assert.equal(byLink[0].game.moves, first + reply);
  await alice.page.screenshot({ path: `${screenshots}/corresp-from-saved-1280.png`, fullPage: true });

  // The game Alice was playing comes back.
  await alice.page.click("#notices button:text('Restore it')");
  assert.deepEqual(await moveList(alice.page), meanwhile);
  // A link that forks from the saved game by link opens as another game, the saved one untouched.
  const [other] = (await gameState(alice.page, DEFAULT_MAP, first)).legal.filter((m) => m !== reply);
  await alice.page.evaluate((h) => (location.hash = h), `#m=${DEFAULT_MAP}&g=${first}${other}&p=corresp-black`);
  await alice.page.waitForFunction((n) => document.querySelectorAll("#move-list li").length === 2 && document.querySelector("#move-list li:last-child").textContent === n, other);
  assert.doesNotMatch(await noticeText(alice.page), /Saved games, which is opened/);
  const after = (await archived(alice.page)).filter((e) => e.seat === "corresp-black");
  assert.ok(after.some((e) => e.game.moves === first + reply), "the saved game by link is kept as it was");
  assert.deepEqual([...alice.problems, ...bob.problems], []);
  await alice.page.context().close();
  await bob.page.context().close();
});

test("a resignation travels by link: the friend's game ends as given up", async () => {
  const alice = await player(env.site.url, DESKTOP);
  await playByLink(alice.page);
  await playFirstLegal(alice.page);
  const bob = await player(await sendLink(alice.page), DESKTOP);
  await bob.page.click("#resign");
  await bob.page.click("#resign-yes");
  const result = await bob.page.textContent("#result-title");
  assert.match(result, /^You resigned and lost/);
  const toAlice = await sendLink(bob.page);
  assert.match(toAlice, /&f=resigned-O&/);
  await alice.page.evaluate((link) => (location.hash = new URL(link).hash), toAlice);
  await alice.page.waitForFunction(() => /The link brings the end of the game: White resigned\./.test(document.querySelector("#notices").textContent));
  assert.match(await alice.page.textContent("#result-title"), /^Your friend resigned: you won/);
  assert.doesNotMatch(await noticeText(alice.page), /replaced/);
  assert.deepEqual([...alice.problems, ...bob.problems], []);
  await alice.page.context().close();
  await bob.page.context().close();
});
