// @ts-check
// A link opened over the game by link the page holds (the mode "corresp",
// main.js): a link that continues the held game updates it, one
// that goes back in it or forks from it is kept in the saved games beside
// it, never over it; a link that continues a game by link kept in the saved
// games updates it there and opens it. Whether it continues is the rules'
// (Game.lineage); the page words what happened, and counts the moves both
// browsers have (`shared`, which undo does not take back). Loaded only
// when a game by link is involved.

import { forfeitText } from "./announce.js";
import { ASIDE_MOVES } from "./archive-hooks.js";
import { readArchive, removeEntry } from "./archive.js";
import { archive, entryOf } from "./archive-store.js";
import { resultLine } from "./flow.js";
import { settingsFor } from "./share.js";
import { gameOf, lineageOf } from "./storage.js";

/** @typedef {import("./storage.js").SavedRecord} SavedRecord */
/** @typedef {import("./storage.js").GameRecord} GameRecord */
/**
 * What it is handed: the wasm Game class, the page's notices, what keeps a
 * game in the saved games, and what opens a record on the board.
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   notify: import("./play-ctrl.js").Notify,
 *   putAside: (record: SavedRecord & { branch?: import("./archive.js").Branch }) => unknown,
 *   reopen: (record: SavedRecord) => void,
 *   storage: Storage,
 * }} Deps
 */

/**
 * What opening a link does to the game by link the page holds, given what
 * the rules say the linked game is to it (`Game.lineage`'s `relation`):
 * "update" the held game (the link continues it), keep it as it is
 * ("same"), keep it and put the linked game "beside" it in the saved games
 * (the link goes back in it or takes another line), or "replace" it, the
 * held game put aside, as any link does (another game, map or start).
 * @param {import("../mapello.d.ts").Lineage["relation"]} relation
 * @returns {"update" | "same" | "beside" | "replace"}
 */
export function linkOutcome(relation) {
  if (relation === "ahead") return "update";
  if (relation === "same") return "same";
  return relation === "unrelated" ? "replace" : "beside";
}

/**
 * What a link brings to the game it continues or holds as it is, in a
 * sentence: its new moves, and the game given up (`forfeit`) when the held
 * game was not; null when it brings nothing.
 * @param {import("../mapello.d.ts").Lineage} lineage
 * @param {string[]} moves the linked game's moves
 * @param {import("../mapello.d.ts").Forfeit} [forfeit]
 */
export function newsOf(lineage, moves, forfeit) {
  const parts = [];
  if (lineage.relation === "ahead") {
    const count = lineage.to - lineage.from;
    parts.push(`The link brings ${count === 1 ? "a new move" : `${count} new moves`}: ${moves.slice(lineage.from).join(", ")}.`);
  }
  if (forfeit) parts.push(`${parts.length ? "Then" : "The link brings the end of the game:"} ${forfeitText(forfeit, null)}`);
  return parts.length ? parts.join(" ") : null;
}

// A link opened over a game by link (`current`): one
// that continues the held game updates it; one that goes back in it or
// takes another line goes into the saved games beside it, never over it,
// unless it continues another game by link kept there (a reply to a game
// sent earlier). The record to open, or null when the link replaces the
// held game as any link does (links.js then opens the saved game it
// continues, if any, and puts the held one aside with a way back).
/**
 * @param {Deps} deps
 * @param {SavedRecord} current
 * @param {SavedRecord} start
 * @returns {SavedRecord | null}
 */
export function gameByLink({ Game, notify, putAside, reopen, storage }, current, start) {
  const { lineage, moves } = lineageOf(Game, current.game, start.game);
  // A game that ended here by a forfeit takes no more moves: a link that
  // plays on after it is another game, kept beside it.
  const over = Boolean(current.game.forfeit) && lineage.relation === "ahead";
  const outcome = over ? "beside" : linkOutcome(lineage.relation);
  if (outcome === "update" || outcome === "same") {
    const news = newsOf(lineage, moves, start.game.forfeit && !current.game.forfeit ? start.game.forfeit : undefined);
    // What the link brought is past once the next move is played.
    notify(news ?? sameGame(Game, current), { key: "link-game", moves: 1 });
    // Both browsers have every move of the link now.
    const shared = Math.max(current.shared ?? 0, start.shared ?? 0);
    if (!news) return shared === (current.shared ?? 0) ? current : { ...current, shared };
    // This browser keeps the colour it plays in its game by link.
    return { ...current, game: start.game, review: null, ...(shared ? { shared } : {}) };
  }
  if (outcome !== "beside" || savedKin({ Game, storage }, start, current)) return null;
  if (lineage.relation === "behind" && lineage.to === 0) {
    notify("This link holds only the start of your game: your game stays as it is here.", { key: "link-game", moves: 1 });
    return current;
  }
  let where = "This link's game starts with other moves than yours.";
  if (over) where = "This link plays on after your game ended here.";
  else if (lineage.relation === "behind") where = `This link goes back to move ${lineage.to} of your game, which has ${lineage.from} moves here.`;
  else if (lineage.relation === "forked" && lineage.shared) where = `This link plays the first ${lineage.shared} moves of your game, then other moves.`;
  // Kept beside the player's game, it says what it is to it; and it is
  // played from the player's side whoever sent the link (their own link
  // opened again is of their game too).
  /** @type {import("./archive.js").Branch} */
  const at = over ? { kind: "played on", at: lineage.from } : lineage.relation === "behind" ? { kind: "earlier", at: lineage.to } : { kind: "branch", at: lineage.relation === "forked" ? lineage.shared : 0 };
  putAside({ ...start, settings: { ...start.settings, humanColour: current.settings.humanColour }, branch: { ...at, ...(current.id && { of: current.id }) } });
  notify(`${where} So that neither is lost, your game stays on the board and the link's game is in Saved games.`, {
    key: "link-game",
    moves: ASIDE_MOVES,
    action: { label: "Open the link's game", run: () => reopen(start) },
  });
  return current;
}

/**
 * What a link holding the game on the board as it is says: that no move is
 * new, or that the game is over, and how it ended.
 * @param {Deps["Game"]} Game
 * @param {SavedRecord} record
 */
function sameGame(Game, record) {
  const game = gameOf(Game, record.game);
  const snap = game.snapshot();
  game.free();
  if (snap.status !== "gameOver") return "This link holds your game as it is here: no new move yet.";
  return `This is the game on the board, and it is over: ${resultLine(record, snap)}`;
}

/**
 * A link (`start`, a game by link) that continues, or holds as it is, a
 * game by link kept in the saved games (archive.js) rather than on the
 * board: that saved game is updated with the link's moves, and the record
 * to open is the link's game, played from the same seat. Null when no
 * saved game by link is continued; a link that goes back in one or forks
 * from it opens as another game, the saved one untouched.
 * @param {{ Game: Deps["Game"], notify: Deps["notify"], storage: Storage }} deps
 * @param {SavedRecord} start
 * @returns {SavedRecord | null}
 */
export function savedGameByLink(deps, start) {
  const kin = savedKin(deps, start);
  if (!kin) return null;
  const { entry, lineage, moves } = kin;
  // It is the saved game, under its id: put aside again, it replaces its entry.
  const opened = { ...start, settings: settingsFor(entry.seat, start.settings), id: entry.id };
  const news = newsOf(lineage, moves, start.game.forfeit && !entry.game.forfeit ? start.game.forfeit : undefined);
  if (news) {
    const updated = entryOf(deps.Game, opened);
    removeEntry(deps.storage, entry.id);
    if (updated) archive(deps, { ...updated, id: entry.id });
  }
  const what = news ?? "This link holds it as it is there: no new move yet.";
  deps.notify(`This link continues your game by link in Saved games, which is opened here${news ? " and updated there" : ""}. ${what}`, { key: "link-game", moves: 1 });
  return opened;
}

/**
 * The game by link in the saved games that the link's game (`start`)
 * continues or holds as it is: `{ entry, lineage, moves }`, or null. With
 * `board` (the game by link on the board), a saved game is another only
 * when the board's does not continue it: an earlier state of the board's
 * game, or a link kept beside it, is not.
 * @param {{ Game: Deps["Game"], storage: Storage }} deps
 * @param {SavedRecord} start
 * @param {SavedRecord} [board]
 */
function savedKin({ Game, storage }, start, board) {
  /** @param {import("../mapello.d.ts").Lineage} lineage */
  const holds = ({ relation }) => relation === "ahead" || relation === "same";
  for (const entry of readArchive(storage).entries) {
    if (!entry.seat.startsWith("corresp-") || entry.id === board?.id) continue;
    const game = /** @type {GameRecord} */ (entry.game);
    let found;
    try {
      found = lineageOf(Game, game, start.game);
      // A saved game that ended by a forfeit takes no more moves.
      if (!holds(found.lineage) || (game.forfeit && found.lineage.relation !== "same")) continue;
      if (board && holds(lineageOf(Game, game, board.game).lineage)) continue;
    } catch {
      // A saved game the rules no longer open is no game to continue.
      continue;
    }
    return { entry, ...found };
  }
  return null;
}
