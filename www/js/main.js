// @ts-check
// Page entry: starts the wasm module, decides what to show first (a shared
// link, else the saved game, else a new game on the default map), and wires
// the notices and the map editor around the game controller (app.js).
// Nothing stored or linked may leave the page unusable: saved records are
// checked whole before use, a link never replaces a game without a way
// back, and a start that fails anyway is retried from a clean slate.
// trunk writes the wasm-bindgen glue (mapello.js) next to index.html.
import init, { Game, linkMoves } from "../mapello.js";
import { startApp } from "./app.js";
import { allInside, byId, downloadAction, inside } from "./dom.js";
import { pageStorage, recoverPageStorage } from "./durable.js";
import { settingsForGame } from "./games.js";
import { matchFor } from "./match.js";
import { registerOffline } from "./offline.js";
import { defaultMap } from "./presets.js";
import { readFragment } from "./share.js";
import { DEFAULT_SETTINGS, drop, encodeSave, gameOf, KEY, load, save } from "./storage.js";

/** @typedef {import("./storage.js").SavedRecord} SavedRecord */
/** @typedef {import("./storage.js").GameRecord} GameRecord */
/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("./share.js").Link} Link */
/**
 * What the page starts with: `from` says where it came from, `kept` is the
 * saved record a link replaced.
 * @typedef {{ start: SavedRecord, from: "default" | "saved" | "link", kept: SavedRecord | null }} StartingPoint
 */

// sessionStorage: why the last start failed, read by the reload that
// follows it (start-failed.js, loaded only then).
const FAILED_START = "mapello.failedStart";
const notices = byId("notices");

/**
 * Shows `text` until dismissed, or with `moves` until that many moves are
 * played (play-ctrl.js), with `details` (the exact reason for those who
 * want it) under a "Details" disclosure; `key` replaces an earlier notice
 * with it; each of `actions` (or the single `action`), `{ label, run }`,
 * is a button.
 * @type {import("./play-ctrl.js").Notify}
 */
function notify(text, { key = "", action = null, actions = action ? [action] : [], moves = 0, details = "" } = {}) {
  if (key) clearNotice(key);
  const box = document.createElement("div");
  box.className = "notice";
  box.setAttribute("role", "alert");
  box.dataset.key = key;
  if (moves) box.dataset.moves = String(moves);
  const p = document.createElement("p");
  p.textContent = text;
  if (details) {
    const more = document.createElement("details");
    more.innerHTML = "<summary>Details</summary>";
    more.append(details);
    p.append(more);
  }
  box.append(p);
  for (const { label, run } of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", run);
    box.append(button);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "dismiss";
  close.textContent = "×";
  close.setAttribute("aria-label", "Dismiss");
  close.addEventListener("click", () => box.remove());
  box.append(close);
  notices.append(box);
  // It says what just happened to the game: on a phone scrolled down to
  // the transcript box, or below older notices in theirs (style.css), it
  // would be out of sight, so it comes into view.
  box.scrollIntoView({ block: "nearest" });
}

/** @param {string} key */
function clearNotice(key) {
  for (const box of allInside(notices, ".notice")) {
    if (box.dataset.key === key) box.remove();
  }
}

// Says that a stored record was refused (`notice`), keeping its `text`
// as stored a download away.
/**
 * @param {string} notice
 * @param {string | null} text
 * @param {string} [key]
 */
function dropped(notice, text, key = "saved") {
  notify(notice, { key, actions: text === null ? [] : [downloadAction("Download the saved data", "mapello-saved-data.json", () => text)] });
}

// What a game store calls after each save: at the first that fails, a
// notice offers the game as a file holding a link to it (`link()`); the
// first save that works again takes the notice away.
/**
 * @param {string} key
 * @param {string} what
 */
function saveWatcher(key, what) {
  let failing = false;
  return (/** @type {boolean} */ failed, /** @type {() => string} */ link) => {
    if (failed === failing) return;
    failing = failed;
    if (!failed) return clearNotice(key);
    notify(
      `Your ${what} could not be saved: this browser refuses the page more storage (it may be full), so a reload would lose the moves since. Keep them as a file holding a link to the game; the page tries to save again after every move.`,
      { key, action: downloadAction("Download the game", "mapello-game.txt", () => `${link()}\n`) },
    );
  };
}

// The game a newcomer starts on: the rules' own default game and board size
// (those of a Game made without options), on that size's first preset.
/** @returns {GameRecord} */
function defaultGame() {
  const blank = new Game();
  const { variant, size } = blank.snapshot();
  blank.free();
  return { map: defaultMap(size), variant, moves: "" };
}

// What the rules say against a saved record that fits the schema: the
// game must open, and a result on show must be of a finished game. Null
// when it restores. Its id is the schema's to check (storage.js): the
// rules have no say in it.
/** @param {SavedRecord} saved */
function rulesProblem({ game: record, phase, shared }) {
  let game;
  try {
    // A game, map, start, move or forfeit the rules refuse spoils the record.
    game = gameOf(Game, record);
  } catch (err) {
    return /** @type {Error} */ (err).message;
  }
  const { status, moves } = game.snapshot();
  game.free();
  if ((shared ?? 0) > moves.length) return "it says more moves were sent by link than the game has";
  return phase === "over" && status !== "gameOver" ? "it shows a result for a game still under way" : null;
}

// The saved record's text as stored, so a start that fails offers those
// very bytes for download, not the record as the page re-encodes it.
/** @type {string | null} */
let savedText = null;

// The saved record when it restores; otherwise null, having said why.
function savedRecord() {
  const { saved, notice, text } = load(pageStorage());
  if (notice) dropped(notice, text);
  if (!saved) return null;
  savedText = text ?? null;
  const problem = rulesProblem(saved);
  if (!problem) return saved;
  drop(pageStorage());
  dropped(`Your saved game could not be restored (${problem}), so it was discarded.`, text);
  return null;
}

// A new game in the settings' mode, with a new match where the mode has one.
/**
 * @param {Settings} chosen
 * @param {GameRecord} game
 * @returns {SavedRecord}
 */
function fresh(chosen, game) {
  const settings = settingsForGame(chosen, game.variant);
  return { settings, game, match: matchFor(settings), phase: "play" };
}

/** @type {import("./app.js").App | null} */
let app = null;

// What opening `link` over `current` (the page's record, or null) starts
// (links.js, loaded when a link comes: the first screen has no use for it).
/**
 * @param {Link} link
 * @param {SavedRecord | null} current
 */
async function openLink(link, current) {
  try {
    const links = await import("./links.js");
    return await links.openLink({ Game, linkMoves, notify, clearNotice, fresh, defaultGame, restore: (r) => app?.restore(r) }, link, current);
  } catch (err) {
    notify(`The shared game could not be opened: ${/** @type {Error} */ (err).message}.`, { key: "link" });
    return current ?? fresh({ ...DEFAULT_SETTINGS }, defaultGame());
  }
}

// The link in `hash` (the address's), read once and then removed from the
// address, so that a reload shows the game as played on rather than the
// link again. A later link already in the address is left for its turn.
function takeLink(hash = location.hash) {
  const link = readFragment(hash);
  if ((link.error || link.map) && location.hash === hash) dropHash();
  return link;
}

function dropHash() {
  history.replaceState(null, "", location.pathname + location.search);
}

// What the page starts with: `{ start, from, kept }`; `from` says where it
// came from ("default", "saved" or "link"), `kept` the saved record a link
// replaced.
/** @returns {Promise<StartingPoint>} */
async function startingPoint() {
  const saved = savedRecord();
  const link = takeLink();
  if (link.error || link.map) {
    const start = await openLink(link, saved);
    return start === saved ? { start, from: "saved", kept: null } : { start, from: "link", kept: saved };
  }
  if (saved) return { start: saved, from: "saved", kept: null };
  return { start: fresh({ ...DEFAULT_SETTINGS }, defaultGame()), from: "default", kept: null };
}

// A start that threw: said at once, and what start-failed.js makes of it.
/**
 * @param {unknown} thrown
 * @param {StartingPoint} first
 */
function startFailed(thrown, first) {
  const { message } = /** @type {Error} */ (thrown);
  byId("status").textContent = `Mapello could not start: ${message}`;
  // After the last start's report, if any: both notices have the key
  // "saved", and this one, with its way out, must be the one left.
  const load = () => import("./start-failed.js");
  reported.then(load, load).then((m) => m.startFailed({ key: FAILED_START, notify, savedText, storage: { drop, encodeSave, KEY, save }, local: pageStorage() }, message, first));
}

// The map editor (editor.js, loaded on first use) over the play page.
const editorRoot = byId("editor");
const editorBar = byId("editor-bar");
const layout = inside(document, "main.layout");

/** @param {import("./play-ctrl.js").EditorOptions} options */
async function openEditor(options) {
  try {
    await (await import("./editor.js")).openEditor(options);
  } catch (err) {
    notify(`The map editor could not open: ${/** @type {Error} */ (err).message}`, { key: "editor" });
  }
}

function closeEditor() {
  if (editorRoot.hidden) return;
  layout.hidden = false;
  editorBar.hidden = true;
  editorRoot.hidden = true;
  byId("board").focus({ preventScroll: true });
}


// A write that a browser killed outright lost is put back (durable.js)
// while the wasm module loads, before anything reads the storage.
const recovering = recoverPageStorage();
try {
  await init();
  await recovering;
} catch (err) {
  byId("status").textContent = `Mapello could not start: ${/** @type {Error} */ (err).message}`;
  throw err;
}
/** @type {string | null} */
let failedStart = null;
try {
  failedStart = sessionStorage.getItem(FAILED_START);
} catch {
  // No sessionStorage: nothing to report.
}
// The report of why the last start failed, once shown (startFailed waits for it).
const reported = failedStart ? import("./start-failed.js").then((m) => m.reportFailedStart(FAILED_START, failedStart, dropped)) : Promise.resolve();
// The Blocs page's scripts load after the board is playable (a link or a
// saved Blocs page waits for them): off the first screen's critical path.
const blocsModule = () => import("./blocs-app.js");
// Blocs's rules are in the workers' wasm module, not the page's: the Blocs
// page starts it when first shown (its computer player's worker loads the
// same file, so it is fetched once).
async function blocsWasm() {
  const wasm = await import("../mapello_ai.js");
  await wasm.default();
  return wasm;
}
// A shared Blocs game (`#blocs=<moves>`) opens on the Blocs page; the
// board's own game stays as saved. Only a page opened with a fragment
// waits for the Blocs scripts to tell.
const blocsLink = location.hash ? (await blocsModule()).linkedMoves(location.hash) : null;
if (blocsLink !== null) dropHash();
const first = await startingPoint();
// The Blocs page, once its scripts have loaded and started (startBlocs);
// `blocsPage(act)` runs `act` on it then, in the order asked.
/** @typedef {ReturnType<typeof import("./blocs-app.js").startBlocs>} BlocsPage */
/** @type {BlocsPage | null} */
let blocs = null;
/** @type {Promise<BlocsPage> | null} */
let blocsStarted = null;
/** @param {(page: BlocsPage) => void} act */
function blocsPage(act) {
  blocsStarted ??= Promise.all([blocsModule(), blocsWasm()]).then(([{ startBlocs }, { BlocsGame }]) => {
    blocs = startBlocs({
      BlocsGame,
      storage: pageStorage(),
      notify,
      clearNotice,
      dropped: (/** @type {string} */ notice, /** @type {string | null} */ text) => dropped(notice, text, "blocs-saved"),
      unsaved: saveWatcher("blocs-unsaved", "Blocs game"),
    });
    return blocs;
  });
  blocsStarted = blocsStarted.then((page) => {
    act(page);
    return page;
  });
  blocsStarted.catch((err) => startFailed(err, first));
}
// Whether the Blocs page starts with the board: when its saved record (under
// blocs-app.js's BLOCS_KEY) may say it was showing, or must be refused with
// a notice; startBlocs reads and checks it whole. A start on the board with
// no Blocs record, or one that says the page was hidden, loads nothing of it.
function blocsAtStart() {
  try {
    const text = pageStorage().getItem("mapello.blocs");
    return text !== null && JSON.parse(text)?.active !== false;
  } catch {
    return true;
  }
}
// The page of a game with its own (Blocs), or with null the board again;
// true when such a page was showing.
/** @param {string | null} view */
function showView(view) {
  const was = !byId("blocs-page").hidden;
  if (view === "blocs") blocsPage((page) => page.show());
  else if (was || blocsStarted) blocsPage((page) => page.hide());
  return was;
}
try {
  const started = startApp({
    Game,
    start: first.start,
    storage: pageStorage(),
    notify,
    clearNotice,
    openEditor,
    closeEditor,
    showView,
    unsaved: saveWatcher("unsaved", "game"),
  });
  app = started;
  // A link opens its game: a Blocs one on its page, any other on the board.
  if (blocsLink !== null) blocsPage((page) => page.show(blocsLink));
  else if (first.from === "link" && blocsAtStart()) blocsPage((page) => page.hide());
  else if (blocsAtStart()) blocsPage((page) => page.active && page.show());
  // A link pasted into the address bar of the page already open. Links are
  // opened one at a time, in the order they came, each from its own event:
  // a second link arriving while the first loads must find the first's game
  // on the board, not the one before it, and must not be overtaken by it.
  /** @param {string} hash */
  const openPasted = async (hash) => {
    const moves = (await blocsModule()).linkedMoves(hash);
    if (moves !== null) {
      if (location.hash === hash) dropHash();
      blocsPage((page) => page.show(moves));
      return;
    }
    const link = takeLink(hash);
    if (!link.error && !link.map) return;
    const current = started.current();
    const next = await openLink(link, current);
    showView(null);
    if (next !== current) started.open(next);
  };
  let pasted = Promise.resolve();
  addEventListener("hashchange", (event) => {
    const hash = new URL(event.newURL).hash;
    pasted = pasted
      .then(() => openPasted(hash))
      .catch((err) => notify(`The shared game could not be opened: ${/** @type {Error} */ (err).message}.`, { key: "link" }));
  });
} catch (err) {
  startFailed(err, first);
}
registerOffline();
