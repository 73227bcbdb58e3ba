// @ts-check
// The archive's writes for the play page (archive-hooks.js loads this
// module after the first screen): a game's entry as the rules read it, put
// into the archive with a notice for whatever went wrong, and a saved game
// opened on the board.
import { addEntry, continuesGame, droppedNotice, exportText, isDate, newId, readArchive, saidSides } from "./archive.js";
import { ASIDE_MOVES } from "./archive-hooks.js";
import { colourName } from "./announce.js";
import { downloadAction } from "./dom.js";
import { controllerOf, controllers, levelOf, resultLine, sideLabel, SIDES } from "./flow.js";
import { playersOf, settingsFor } from "./share.js";
import { gameOf, isId, storeRecord, withLaterSettings } from "./storage.js";

/** @typedef {import("./archive-hooks.js").ArchiveDeps} ArchiveDeps */
/** @typedef {import("./archive-hooks.js").PlayRecord} PlayRecord */

/**
 * The archive entry of a saved record, as the rules read its game (its
 * state and result), dated `now`, under the game's id (a new one for a
 * record without), with what it is to another game when a link kept it
 * beside that one (`branch`); null when it has no move (and was not
 * given up) or does not open.
 * @param {ArchiveDeps["Game"]} Game
 * @param {PlayRecord} record
 * @param {number} [now]
 * @returns {import("./archive.js").Entry | null}
 */
export function entryOf(Game, { settings, game, match, phase, id, branch }, now = Date.now()) {
  if (!game.moves && !game.forfeit) return null;
  let snap;
  let canonical;
  try {
    const replayed = gameOf(Game, game);
    snap = replayed.snapshot();
    canonical = replayed.transcript();
    replayed.free();
  } catch {
    return null;
  }
  if (!snap.moves.length && !snap.forfeit) return null;
  /** @type {import("./flow.js").Flow} */
  const flow = { settings, match, phase: phase === "over" ? "over" : "play" };
  const over = snap.status === "gameOver";
  // The time control the game was played with: none in a watched game or a game by link (clock-view.js).
  const timed = !["watch", "corresp"].includes(settings.mode) && settings.clock !== "none";
  return {
    id: isId(id) ? id : newId(now),
    date: new Date(now).toISOString(),
    game: { map: game.map, variant: snap.variant, moves: canonical, ...(game.start && { start: game.start }), ...(snap.forfeit && { forfeit: snap.forfeit }) },
    players: [sideLabel(flow, SIDES[0]), sideLabel(flow, SIDES[1])],
    seat: playersOf(/** @type {{ X: string, O: string }} */ (controllers(flow))),
    result: over ? resultLine(flow, snap) : "",
    state: over ? "finished" : "abandoned",
    ...(timed && { clock: settings.clock }),
    ...(branch && { branch }),
    // A match's standing comes back with its unfinished game (openEntry).
    ...(!over && match && match.games.length > 0 && { inMatch: { settings, match } }),
  };
}

/** The localStorage key of when this browser saw games played (`saw`). */
export const PLAYED_KEY = "mapello.played";
/** The most games `saw` keeps the times of: the boards of a few tabs, and more. */
const PLAYED_LIMIT = 20;

/**
 * When this browser saw each game played, by id: `moves` as they were
 * then, `at` when they last changed (null when the game was first seen
 * with them, played before), `started` when it was first seen, `levels`
 * the computer's levels on each side (levelsSeen), `since` the moves
 * when they last changed.
 * @param {Storage} storage
 * @returns {Record<string, { moves: string, at: string | null, started: string, levels?: number[][], since?: string }>}
 */
function readPlayed(storage) {
  let played;
  try {
    played = JSON.parse(storage.getItem(PLAYED_KEY) ?? "{}");
  } catch {
    return {};
  }
  if (typeof played !== "object" || played === null || Array.isArray(played)) return {};
  // A damaged note is dropped: the game is dated as it would be without one.
  return Object.fromEntries(Object.entries(played).filter(([, seen]) => seenHolds(seen)));
}

/**
 * Whether a note of `saw` holds: its dates dates, its moves and levels as `saw` writes them.
 * @param {any} seen
 */
function seenHolds(seen) {
  const levels = (/** @type {unknown} */ l) => Array.isArray(l) && l.every((n) => Number.isInteger(n) && n > 0);
  return (
    typeof seen === "object" &&
    seen !== null &&
    typeof seen.moves === "string" &&
    isDate(seen.started) &&
    (seen.at === null || isDate(seen.at)) &&
    (seen.levels === undefined || (Array.isArray(seen.levels) && seen.levels.length === 2 && seen.levels.every(levels))) &&
    (seen.since === undefined || typeof seen.since === "string")
  );
}

/**
 * Notes that the page saved `record` (each change, archive-hooks.js): when
 * its moves changed, that time is its last move's. Bounded to the
 * PLAYED_LIMIT games seen last.
 * @param {Storage} storage
 * @param {PlayRecord} record
 * @param {number} [now]
 */
export function saw(storage, { id, game, settings, match, phase }, now = Date.now()) {
  if (!isId(id)) return;
  const played = readPlayed(storage);
  const known = played[id];
  // A level changed again before any move was played at it is replaced.
  const levels = levelsSeen(known?.levels, { settings, match, phase }, known?.since === game.moves);
  const same = known?.moves === game.moves;
  const changed = JSON.stringify(levels) !== JSON.stringify(known?.levels);
  if (same && !changed) return;
  const time = new Date(now).toISOString();
  delete played[id];
  const kept = Object.entries(played).slice(1 - PLAYED_LIMIT);
  const at = same ? known.at : known ? time : null;
  const since = changed ? game.moves : known?.since;
  storeRecord(storage, PLAYED_KEY, JSON.stringify(Object.fromEntries([...kept, [id, { moves: game.moves, at, started: known?.started ?? time, levels, since }]])));
}

/**
 * The levels the computer played each side at (black first), in order,
 * `seen` before and the one of `flow` after them, in place of the last
 * when no move was played at it (`unplayed`); none for a side the
 * computer does not play, and none in a match, whose players have names.
 * @param {number[][] | undefined} seen
 * @param {import("./flow.js").Flow} flow
 * @param {boolean} unplayed
 */
function levelsSeen(seen, flow, unplayed) {
  return SIDES.map((side, k) => {
    const list = seen?.[k] ?? [];
    if (flow.match || controllerOf(flow, side) !== "computer") return list;
    const level = levelOf(flow, side);
    if (list.at(-1) === level) return list;
    return [...(unplayed ? list.slice(0, -1) : list), level];
  });
}

/**
 * `entry` with the computer's side named with every level it played at,
 * as `saw` noted them for `record`, when it changed during the game:
 * "White (computer, level 3, then 5)".
 * @param {Storage} storage
 * @param {PlayRecord} record
 * @param {import("./archive.js").Entry} entry
 */
export function withLevels(storage, { id }, entry) {
  const levels = isId(id) ? readPlayed(storage)[id]?.levels : undefined;
  if (!Array.isArray(levels) || !levels.some((list) => Array.isArray(list) && list.length > 1)) return entry;
  const players = entry.players.map((name, k) => {
    const list = levels[k];
    return Array.isArray(list) && list.length > 1 ? `${colourName(SIDES[k])} (computer, level ${list.join(", then ")})` : name;
  });
  return { ...entry, players: /** @type {[string, string]} */ (players) };
}

/**
 * `entry` dated by when its game was played, as `saw` noted it for
 * `record`: its last move, or its start when it has no move; as it is
 * (dated by now) when the page did not see it played.
 * @param {Storage} storage
 * @param {PlayRecord} record
 * @param {import("./archive.js").Entry} entry
 */
export function datedByPlay(storage, { id, game }, entry) {
  const seen = isId(id) ? readPlayed(storage)[id] : undefined;
  if (!seen || seen.moves !== game.moves) return entry;
  if (!game.moves) return { ...entry, date: seen.started, dated: /** @type {const} */ ("start") };
  return seen.at ? { ...entry, date: seen.at, dated: /** @type {const} */ ("move") } : entry;
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
  if (change.notice) notify(change.notice, { key: "archive-damaged", action: downloadAction("Download it", "mapello-saved-games.json", () => change.text ?? "") });
  if (change.dropped.length) {
    notify(droppedNotice(change.dropped), { key: "archive-full", action: downloadAction("Download it", "mapello-dropped-games.txt", () => exportText(change.dropped)) });
  }
  if (!change.stored) {
    notify("A game could not be kept in your saved games: this browser refuses the page more storage (it may be full).", {
      key: "archive-unsaved",
      action: downloadAction("Download it", "mapello-game.txt", () => exportText([entry])),
    });
  }
  return change;
}

/**
 * Puts the game of `record` in the archive (finished, or abandoned when
 * it is not): a game a change put aside, or `from` another tab.
 * @param {ArchiveDeps} deps
 * @param {PlayRecord} record
 * @param {string} [from]
 */
export function putAside(deps, record, from) {
  const made = entryOf(deps.Game, record);
  const entry = made && withLevels(deps.storage, record, datedByPlay(deps.storage, record, made));
  return entry ? archive(deps, from ? { ...entry, from } : entry) : null;
}

/**
 * Keeps `other`, the game another tab saved, unless it is an earlier state
 * of this tab's game (the record about to be saved over it); says so, with
 * `open` to show the saved games.
 * @param {ArchiveDeps} deps
 * @param {PlayRecord} other
 * @param {PlayRecord} record
 * @param {() => void} open
 */
export function keepForeign(deps, other, { game, id }, open) {
  // Another game (by id; by its moves for a record from before ids) is kept;
  // an earlier state of this tab's own game is not another game.
  const mine = other.id && id ? other.id === id : continuesGame(game, other.game);
  if (!other.game.moves || mine) return;
  const change = putAside(deps, other, typeof other.tab === "string" && other.tab ? other.tab : "another tab");
  if (change?.added && !change.replaced) {
    deps.notify("A game another tab saved was about to be saved over by this one: it is kept in your saved games.", {
      key: "other-tab",
      action: { label: "Show saved games", run: open },
    });
  }
}

/**
 * Puts archived `entry` on the board of `ctrl` (play-ctrl.js) at its last
 * position, played as it was (share.js `settingsFor` its seat, with its
 * own time control or none; an unfinished game of a match in that match,
 * with its standing), the game it replaces put aside with a way back.
 * @param {any} ctrl
 * @param {import("./archive.js").Entry} entry
 */
export function openEntry(ctrl, entry) {
  const before = ctrl.toBringBack();
  const inMatch = entry.state === "abandoned" ? entry.inMatch : undefined;
  const settings = inMatch ? withLaterSettings(inMatch.settings) : settingsFor(entry.seat, { ...ctrl.flow.settings, clock: entry.clock ?? "none" });
  // The game keeps its entry's id: put aside again, it replaces that entry.
  // A finished entry stays as it ended: one the rules let play on (an
  // imported record that stops before the end) is played on as a new game.
  const id = entry.state === "finished" ? newId() : entry.id;
  ctrl.open({ settings, game: entry.game, match: inMatch?.match ?? null, phase: "play", review: null, id });
  ctrl.dropStaleOffer();
  // Two players at one board have the names their record gives, on the
  // cards; in a match, the match names them.
  if (entry.seat === "hotseat" && !inMatch) {
    ctrl.named[id] = { names: entry.players, said: saidSides(entry.result), end: `${ctrl.game.snapshot().moves}` };
    ctrl.refresh();
  }
  ctrl.offerReturn(before, "A saved game is on the board; the game you were playing was put aside.");
  ctrl.announce(`Saved game opened. ${document.getElementById("status")?.textContent ?? ""}`);
}

/**
 * Says at once when the archive is damaged, dropping it with its text a
 * download away.
 * @param {ArchiveDeps} deps
 */
export function checkArchive(deps) {
  const { notice, text } = readArchive(deps.storage);
  if (notice) deps.notify(notice, { key: "archive-damaged", action: downloadAction("Download it", "mapello-saved-games.json", () => text ?? "") });
}

/**
 * A tab (named `tab`) that starts on a record another tab saved (its text
 * `startText`) after this tab's last save: this tab's game was kept in
 * Saved games then (keepForeign, in the other tab), and the newest such
 * entry is offered back.
 * @param {ArchiveDeps & { openEntry: (entry: import("./archive.js").Entry) => void }} deps
 * @param {string} tab
 * @param {string | null} startText
 */
export function savedOver(deps, tab, startText) {
  let shown;
  try {
    shown = JSON.parse(startText ?? "null")?.tab;
  } catch {
    return;
  }
  if (typeof shown !== "string" || shown === tab) return;
  const mine = readArchive(deps.storage).entries.find((e) => e.from === tab);
  if (!mine) return;
  deps.notify("Another tab saved its game after this one, so that game is shown here now. The game this tab was playing is kept in Saved games.", {
    key: "other-tab",
    moves: ASIDE_MOVES,
    action: { label: "Back to that game", run: () => deps.openEntry(mine) },
  });
}
