// @ts-check
// Where the play page's games go into the archive (archive.js): a game put
// aside unfinished goes in as abandoned, a finished one when it ends, and a
// game another tab saved goes in before this tab saves over it. Each tab
// names itself (sessionStorage) in the saved record, so it knows a record
// it did not write. The "Saved games" button opens the archive's dialog.
// The work is done by archive-store.js and archive-view.js, loaded after
// the first screen (which has a budget) and in the order asked.
import { KEY } from "./storage.js";

/**
 * The key of the notice that offers back the game a change put aside: a
 * newer one replaces it, the older game a click away in Saved games, as
 * the notice says (IN_SAVED_GAMES).
 */
export const ASIDE_KEY = "aside";
export const IN_SAVED_GAMES = "It is in Saved games too.";
/**
 * How many moves a notice lasts that offers back a game it says is in
 * Saved games: by then the player has moved on, and Saved games has it.
 */
export const ASIDE_MOVES = 4;

/** The sessionStorage key of the tab's name. */
export const TAB_KEY = "mapello.tab";

/**
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   storage: Storage,
 *   notify: (text: string, options?: object) => void,
 * }} ArchiveDeps
 * @typedef {{ settings: any, game: import("./archive.js").GameRecord, match: any, phase: any, tab?: unknown, id?: unknown, branch?: import("./archive.js").Branch }} PlayRecord
 */

// The archive's modules, each loaded once; every call on them waits its turn.
/** @type {Promise<unknown>} */
let queue = Promise.resolve();
/** @type {Promise<typeof import("./archive-store.js")> | null} */
let storeModule = null;

/**
 * Runs `act` on archive-store.js once it has loaded, after every act asked before.
 * @param {(store: typeof import("./archive-store.js")) => unknown} act
 */
export function withStore(act) {
  const loading = (storeModule ??= import("./archive-store.js"));
  const run = queue.then(() => loading).then(act);
  queue = run.catch(() => {});
  return run;
}

/** A random name, unique enough among the tabs of one browser. */
const newName = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * This tab's name, kept for its life in `session` (sessionStorage); a new
 * one on each load where the browser refuses it.
 * @param {Storage} session
 */
export function tabName(session) {
  try {
    const known = session.getItem(TAB_KEY);
    if (known) return known;
    const name = newName();
    session.setItem(TAB_KEY, name);
    return name;
  } catch {
    return newName();
  }
}

/**
 * Puts the game of `record` in the archive (finished, or abandoned when
 * it is not): a game a change put aside.
 * @param {ArchiveDeps} deps
 * @param {PlayRecord} record
 */
export function putAside(deps, record) {
  return withStore((store) => store.putAside(deps, record));
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
  if (text === null || text === startText) return null;
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
  const openArchive = () =>
    withStore(async () => (await import("./archive-view.js")).showArchive(deps)).catch((err) =>
      deps.notify(`Your saved games could not open: ${err instanceof Error ? err.message : err}`, { key: "archive-view" }),
    );
  document.getElementById("open-archive")?.addEventListener("click", openArchive);
  withStore((store) => {
    store.checkArchive(deps);
    store.savedOver(deps, tab, startText);
  });
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
      if (other) withStore((store) => store.keepForeign(deps, other, record, openArchive));
      withStore((store) => store.saw(deps.storage, record));
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
 * Puts archived `entry` on the board of `ctrl` (archive-store.js's `openEntry`).
 * @param {any} ctrl
 * @param {import("./archive.js").Entry} entry
 */
export function openEntry(ctrl, entry) {
  withStore((store) => store.openEntry(ctrl, entry));
}
