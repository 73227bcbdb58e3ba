// @ts-check
// Where the play page's games go into the archive (archive.js): a game put
// aside unfinished goes in as abandoned, a finished one when it ends, and a
// game another tab saved goes in before this tab saves over it. Each tab
// names itself (sessionStorage) in the saved record, so it knows a record
// it did not write. The "Saved games" button opens the archive's dialog,
// loaded on first use (archive-view.js).
import { addEntry, continuesGame, droppedNotice, exportText, newId, readArchive } from "./archive.js";
import { controllers, resultLine, sideLabel, SIDES } from "./flow.js";
import { playersOf, settingsFor } from "./share.js";
import { KEY } from "./storage.js";

/** The sessionStorage key of the tab's name. */
export const TAB_KEY = "mapello.tab";

/**
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   storage: Storage,
 *   notify: (text: string, options?: object) => void,
 * }} ArchiveDeps
 * @typedef {{ settings: any, game: import("./archive.js").GameRecord, match: any, phase: any }} PlayRecord
 */

/**
 * This tab's name, kept for its life in `session` (sessionStorage); a new
 * one on each load where the browser refuses it.
 * @param {Storage} session
 */
export function tabName(session) {
  try {
    const known = session.getItem(TAB_KEY);
    if (known) return known;
    const name = newId();
    session.setItem(TAB_KEY, name);
    return name;
  } catch {
    return newId();
  }
}

/**
 * The archive entry of a saved record, as the rules read its game (its
 * state and result), dated `now`; null when it has no move or does not open.
 * @param {ArchiveDeps["Game"]} Game
 * @param {PlayRecord} record
 * @param {number} [now]
 * @returns {import("./archive.js").Entry | null}
 */
export function entryOf(Game, { settings, game, match, phase }, now = Date.now()) {
  if (!game.moves) return null;
  let snap;
  try {
    const replayed = new Game({ variant: /** @type {any} */ (game.variant), map: game.map, moves: game.moves });
    snap = replayed.snapshot();
    replayed.free();
  } catch {
    return null;
  }
  if (!snap.moves.length) return null;
  /** @type {import("./flow.js").Flow} */
  const flow = { settings, match, phase: phase === "over" ? "over" : "play" };
  const over = snap.status === "gameOver";
  return {
    id: newId(now),
    date: new Date(now).toISOString(),
    game: { map: game.map, variant: snap.variant, moves: game.moves },
    players: [sideLabel(flow, SIDES[0]), sideLabel(flow, SIDES[1])],
    seat: playersOf(/** @type {{ X: string, O: string }} */ (controllers(flow))),
    result: over ? resultLine(flow, snap) : "",
    state: over ? "finished" : "abandoned",
  };
}

/**
 * Saves `text` as the file `name`.
 * @param {string} text
 * @param {string} name
 */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  // The download has started from the URL by the time a task later.
  setTimeout(() => URL.revokeObjectURL(url));
}

/**
 * Puts `entry` in the archive, saying what went wrong (a damaged archive
 * dropped, the oldest games dropped past the bound, a refused write) with
 * the data a download away. The answer of addEntry.
 * @param {ArchiveDeps} deps
 * @param {import("./archive.js").Entry} entry
 */
export function archive({ storage, notify }, entry) {
  const change = addEntry(storage, entry);
  if (change.notice) notify(change.notice, { key: "archive-damaged", action: downloadAction(change.text ?? "", "mapello-saved-games.json") });
  if (change.dropped.length) {
    notify(droppedNotice(change.dropped), { key: "archive-full", action: downloadAction(exportText(change.dropped), "mapello-dropped-games.txt") });
  }
  if (!change.stored) {
    notify("A game could not be kept in your saved games: this browser refuses the page more storage (it may be full).", {
      key: "archive-unsaved",
      action: downloadAction(exportText([entry]), "mapello-game.txt"),
    });
  }
  return change;
}

/**
 * @param {string} text
 * @param {string} name
 */
function downloadAction(text, name) {
  return { label: "Download it", run: () => download(text, name) };
}

/**
 * Puts the game of `record` in the archive (finished, or abandoned when
 * it is not): a game a change put aside.
 * @param {ArchiveDeps} deps
 * @param {PlayRecord} record
 */
export function putAside(deps, record) {
  const entry = entryOf(deps.Game, record);
  return entry ? archive(deps, entry) : null;
}

/**
 * The saved record in `text` (under KEY) when another tab wrote it, else
 * null: null too when it is `startText`, the record this page started
 * from (restored, or put aside by a link), which no other tab has changed
 * since. A record from before tabs were named counts as another tab's.
 * @param {string | null} text
 * @param {string} tab
 * @param {string | null} startText
 * @returns {PlayRecord | null}
 */
export function foreignRecord(text, tab, startText) {
  if (text === null || text === startText || text.endsWith(`,"tab":${JSON.stringify(tab)}}`)) return null;
  try {
    const data = JSON.parse(text);
    if (data?.tab === tab || typeof data?.game?.moves !== "string") return null;
    return data;
  } catch {
    return null;
  }
}

/**
 * The archive's hooks for the play page: `aside(record)` for a game put
 * aside, `ended(record)` after each save of a finished game, and
 * `beforeSave(record)`, which keeps another tab's game before this one
 * saves over it and gives the record to save, named with the tab's name.
 * A damaged archive is said at once. The "Saved games" button opens the
 * archive's dialog, where `openEntry(entry)` puts a game on the board.
 * @param {ArchiveDeps & { session: Storage, openEntry: (entry: import("./archive.js").Entry) => void }} deps
 */
export function createArchiver(deps) {
  const tab = tabName(deps.session);
  const startText = stored(deps.storage);
  const openArchive = async () => {
    try {
      const { showArchive } = await import("./archive-view.js");
      showArchive(deps);
    } catch (err) {
      deps.notify(`Your saved games could not open: ${err instanceof Error ? err.message : err}`, { key: "archive-view" });
    }
  };
  document.getElementById("open-archive")?.addEventListener("click", openArchive);
  const { notice, text } = readArchive(deps.storage);
  if (notice) deps.notify(notice, { key: "archive-damaged", action: downloadAction(text ?? "", "mapello-saved-games.json") });
  let lastEnded = "";
  return {
    tab,
    /** @param {PlayRecord} record */
    aside: (record) => putAside(deps, record),
    /** @param {PlayRecord} record */
    ended(record) {
      const key = `${record.game.variant} ${record.game.map} ${record.game.moves}`;
      if (key === lastEnded) return;
      lastEnded = key;
      putAside(deps, record);
    },
    /**
     * @template {PlayRecord} R
     * @param {R} record
     */
    beforeSave(record) {
      const other = foreignRecord(stored(deps.storage), tab, startText);
      if (other && other.game.moves && !continuesGame(record.game, other.game)) {
        const change = putAside(deps, other);
        if (change?.added && !change.replaced) {
          deps.notify("A game another tab saved was about to be saved over by this one: it is kept in your saved games.", {
            key: "other-tab",
            action: { label: "Show saved games", run: openArchive },
          });
        }
      }
      return { ...record, tab };
    },
  };
}

/**
 * The saved record's text, null when there is none or it cannot be reached.
 * @param {Storage} storage
 */
function stored(storage) {
  try {
    return storage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * Puts archived `entry` on the board of `ctrl` (play-ctrl.js) at its last
 * position, played as it was (share.js `settingsFor` its seat), the game
 * it replaces put aside with a way back.
 * @param {any} ctrl
 * @param {import("./archive.js").Entry} entry
 */
export function openEntry(ctrl, entry) {
  const before = ctrl.toBringBack();
  const settings = settingsFor(entry.seat, ctrl.flow.settings);
  ctrl.open({ settings, game: entry.game, match: null, phase: "play", review: null });
  ctrl.offerReturn(before, "A saved game is on the board; the game you were playing was put aside.");
  ctrl.announce(`Saved game opened. ${document.getElementById("status")?.textContent ?? ""}`);
}
