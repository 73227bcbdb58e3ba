// @ts-check
// The archive of saved games: every finished game of the board, and every
// game put aside unfinished (marked abandoned), newest first, as one JSON
// record in localStorage under its own key. It goes through storage.js's
// guard as the saved game does: a record that breaks a rule of the schema
// below is dropped whole with a notice, its text kept for the player to
// download. Plain data and pure functions, but for the three that read and
// write the storage they are handed; the rules of each game (is the map
// legal, the moves, the result) are the wasm module's, asked by the callers.
//
// The export text holds one game per block (see `exportText`), with the
// map code, game and transcript a share link carries, and for Othello a
// GGF line, the record Othello servers and their tools read (written and
// read by the rules: the wasm `ggfWrite` and `ggfRead`, src/ggf.rs).

import { catalogue, rules } from "./catalogue.js";
import { inMatchProblem, loadRecord, newId, storeRecord } from "./storage.js";

export { newId };

/** The localStorage key. */
export const ARCHIVE_KEY = "mapello.archive";
/** The most games the archive keeps: past it, the oldest is dropped. */
export const ARCHIVE_LIMIT = 200;
const VERSION = 1;

/** @typedef {{ map: string, variant: string, moves: string, start?: string, forfeit?: import("../mapello.d.ts").Forfeit }} GameRecord */
/** @typedef {import("../mapello.d.ts").GgfDetails} Details */
/**
 * What the game of a link kept beside the player's game (`of`, its id
 * when it had one) is to it: an "earlier" position of it, at move `at`; a
 * "branch" from it after move `at`; or "played on" after it ended at
 * move `at`.
 * @typedef {{ kind: "earlier" | "branch" | "played on", at: number, of?: string }} Branch
 */
/**
 * A game in the archive. `date` is when it was played (ISO 8601, or the
 * day alone for an imported record that gives no time), `players` the two
 * sides as the result names them (black first), `seat` who played them as
 * a share link says it (share.js `playersOf`), `result` the rules' result
 * ("" until the end) or, for an imported game its moves leave unfinished,
 * the result its record gives; `from` the tab whose saved game it was,
 * when another tab kept it; `details` what an imported record says of the
 * game besides (the rules' `ggfRead`), shown and written back as given;
 * `clock` the time control it was played with (clock.js's PRESETS), when
 * it had one; `dated` what its date is, when the page knew it: its last
 * move ("move") or, for a game without moves, its start ("start"); an
 * entry without is dated by when it was put aside (as before the page
 * kept when moves were played) or, imported, by its record.
 * `branch` what a game a link kept beside another (corresp.js) is to it;
 * `inMatch`, for a game put aside unfinished in a series or free play with
 * games played, its record's settings and match, so that it comes back
 * in them with their standing (archive-store.js openEntry).
 * @typedef {{
 *   id: string,
 *   date: string,
 *   game: GameRecord,
 *   players: [string, string],
 *   seat: string,
 *   result: string,
 *   state: "finished" | "abandoned",
 *   from?: string,
 *   details?: Details,
 *   clock?: string,
 *   dated?: "move" | "start",
 *   branch?: Branch,
 *   inMatch?: { settings: import("./storage.js").Settings, match: import("./match.js").Match },
 * }} Entry
 */

const SEATS = ["hotseat", "black", "white", "watch", "corresp-black", "corresp-white"];
const STATES = ["finished", "abandoned"];
/** @param {unknown} v */
const isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
/**
 * @param {unknown} v
 * @param {number} max
 * @returns {v is string}
 */
const isText = (v, max) => typeof v === "string" && v.length <= max;
/**
 * Whether `v` is a game's forfeit as saved: none, or who resigned or lost on time.
 * @param {any} v
 */
const isForfeit = (v) => v === undefined || (isRecord(v) && ["resigned", "time"].includes(v.cause) && ["X", "O"].includes(v.loser));
/**
 * Whether `v` is an entry's branch: none, or a Branch.
 * @param {any} v
 */
const isBranch = (v) =>
  v === undefined || (isRecord(v) && ["earlier", "branch", "played on"].includes(v.kind) && Number.isInteger(v.at) && v.at >= 0 && (v.of === undefined || (isText(v.of, 40) && v.of !== "")));
/** @param {unknown} v */
export const isDate = (v) => isText(v, 40) && /^\d{4}-\d\d-\d\d(T|$)/.test(v) && !Number.isNaN(Date.parse(v));
/** The keys of an entry's details, as the rules' `ggfRead` gives them. */
const DETAIL_KEYS = ["place", "time", "blackRating", "whiteRating", "type", "result"];
/**
 * Whether `v` is an entry's details: none, or some of DETAIL_KEYS, each a
 * short text.
 * @param {any} v
 */
const isDetails = (v) => v === undefined || (isRecord(v) && Object.entries(v).every(([k, t]) => DETAIL_KEYS.includes(k) && isText(t, 80) && t !== ""));

/**
 * What is wrong with one entry, or null when it fits.
 * @param {any} e
 */
export function entryProblem(e) {
  if (!isRecord(e)) return "it is not a record";
  if (!isText(e.id, 40) || e.id === "") return "its id is not a name";
  if (!isDate(e.date)) return "its date is not a date";
  if (!isRecord(e.game)) return "its game is damaged";
  if (!isText(e.game.map, catalogue().maxCodeChars)) return "its map is not a map code";
  if (!isText(e.game.variant, 16)) return "its game is not a name";
  if (!isText(e.game.moves, catalogue().maxTextChars)) return "its moves are not a transcript";
  if (e.game.start !== undefined && !isText(e.game.start, catalogue().maxCodeChars)) return "its start is not a start code";
  if (!isForfeit(e.game.forfeit)) return "how it was given up is unknown";
  if (!Array.isArray(e.players) || e.players.length !== 2 || !e.players.every((/** @type {unknown} */ p) => isText(p, 80))) return "its players are damaged";
  if (!SEATS.includes(e.seat)) return "who played it is unknown";
  if (!isText(e.result, 120)) return "its result is not a sentence";
  if (!STATES.includes(e.state)) return "its state is neither finished nor abandoned";
  if (e.from !== undefined && (!isText(e.from, 40) || e.from === "")) return "the tab it came from is not a name";
  if (!isDetails(e.details)) return "its details are damaged";
  if (e.clock !== undefined && (!isText(e.clock, 16) || e.clock === "")) return "its time control is not a name";
  if (e.dated !== undefined && !["move", "start"].includes(e.dated)) return "what its date is is unknown";
  if (!isBranch(e.branch)) return "what it is to another game is unknown";
  if (e.inMatch !== undefined) return inMatchProblem(e.inMatch, e.game);
  return null;
}

// The schema of the archive record, read in order, each rule with what it
// checks for the notice.
/** @type {[string | ((d: any) => string), (d: any) => boolean][]} */
const RULES = [
  ["its format is unknown", (d) => isRecord(d) && d.version === VERSION],
  ["its list of games is damaged", (d) => Array.isArray(d.games)],
  [`it holds more than ${ARCHIVE_LIMIT} games`, (d) => d.games.length <= ARCHIVE_LIMIT],
  [(d) => `game ${d.games.findIndex(entryProblem) + 1} is damaged: ${entryProblem(d.games.find(entryProblem))}`, (d) => !d.games.some(entryProblem)],
  ["two of its games have the same id", (d) => new Set(d.games.map((/** @type {Entry} */ e) => e.id)).size === d.games.length],
];

/**
 * What is wrong with a parsed archive record, or null when it fits.
 * @param {unknown} data
 */
export function archiveProblem(data) {
  for (const [problem, holds] of RULES) {
    if (!holds(data)) return typeof problem === "function" ? problem(data) : problem;
  }
  return null;
}

/**
 * The archive's entries from its stored text: `{ value }`, or `{ error }` with what is wrong.
 * @param {string} text
 * @returns {{ value?: Entry[], error?: string }}
 */
export function decodeArchive(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not valid JSON" };
  }
  const error = archiveProblem(data);
  return error ? { error } : { value: data.games };
}

/**
 * The text stored for `entries`.
 * @param {Entry[]} entries
 */
export function encodeArchive(entries) {
  return JSON.stringify({ version: VERSION, games: entries });
}

/**
 * The moves of a transcript, one by one, read by the rules (the archive
 * keeps transcripts as the wasm Game writes them, so one move has one
 * spelling).
 * @param {string} moves
 */
export function movesOf(moves) {
  return rules().linkMoves(moves).moves;
}

/**
 * Whether game `later` holds all of game `earlier`: the same game and map,
 * its moves the same and maybe more, and given up if `earlier` was.
 * @param {GameRecord} later
 * @param {GameRecord} earlier
 */
export function continuesGame(later, earlier) {
  if (later.variant !== earlier.variant || later.map !== earlier.map || later.start !== earlier.start || (earlier.forfeit && !later.forfeit)) return false;
  const [now, then] = [movesOf(later.moves), movesOf(earlier.moves)];
  return then.every((move, i) => now[i] === move);
}

/**
 * Whether entries `a` and `b` are one game: the same moves on the same map
 * by the same players, or the game of another tab (`from`) kept as it
 * grew, when one continues the other. Two games of this tab that open
 * alike are two games: a player starts the same opening again and again.
 * @param {Entry} a
 * @param {Entry} b
 */
function sameGame(a, b) {
  if (a.from !== b.from) return false;
  if (a.from !== undefined) return continuesGame(a.game, b.game) || continuesGame(b.game, a.game);
  const samePlayers = a.seat === b.seat && a.players.every((p, i) => p === b.players[i]);
  return samePlayers && continuesGame(a.game, b.game) && continuesGame(b.game, a.game);
}

/**
 * `entries` with `entry` added in its place by date (newest first): the
 * same game kept shorter is replaced, and when the archive holds the game
 * already, whole, nothing changes. The same game is the entry of the same
 * id (the page's game keeps its id, storage.js), or else one `sameGame`
 * finds (entries of games saved before games had ids). Past ARCHIVE_LIMIT
 * the oldest are `dropped`. `added` says whether `entry` went in,
 * `replaced` the entry it replaced.
 * @param {Entry[]} entries
 * @param {Entry} entry
 * @returns {{ entries: Entry[], added: boolean, replaced: Entry | null, dropped: Entry[] }}
 */
export function withEntry(entries, entry) {
  const kin = entries.find((e) => e.id === entry.id);
  if (kin) return withKin(entries, entry, kin);
  const same = entries.find((e) => sameGame(e, entry)) ?? null;
  if (same && continuesGame(same.game, entry.game)) return { entries, added: false, replaced: null, dropped: [] };
  return placed(entries.filter((e) => e !== same), entry, same);
}

/**
 * `entries` with `entry`, a state of `kin`'s game (the same id): one that
 * `kin` holds whole (nothing new, or moves taken back) changes nothing,
 * so a game opened and put aside as it was keeps its date and place. One
 * that holds all of `kin` and more replaces it, moved to the top by its
 * date, keeping the names of two players at one board that the page does
 * not know (an imported game's) and the details of where and how it was
 * played, but not the record's result, which was of the shorter game. One
 * that took another line after moves taken back is kept beside `kin`,
 * which keeps its line under a new id.
 * @param {Entry[]} entries
 * @param {Entry} entry
 * @param {Entry} kin
 */
function withKin(entries, entry, kin) {
  if (continuesGame(kin.game, entry.game)) return { entries, added: false, replaced: null, dropped: [] };
  if (continuesGame(entry.game, kin.game)) {
    const players = entry.seat === "hotseat" && kin.seat === "hotseat" ? kin.players : entry.players;
    const { result, ...details } = kin.details ?? {};
    const later = { ...entry, players, ...(Object.keys(details).length > 0 && !entry.details && { details }) };
    return placed(entries.filter((e) => e !== kin), later, kin);
  }
  return placed(entries.map((e) => (e === kin ? { ...kin, id: newId() } : e)), entry, null);
}

/**
 * `entries` as Saved games lists them while `board`, the entry of the game
 * on the board (archive-store.js's `entryOf`), is played: the entry of its
 * id shows the game as it stands on the board, marked `onBoard`, keeping
 * what withKin keeps of it (two names at one board, an imported record's
 * details but its result) and its date until the board's game holds more.
 * Nothing changes in storage: the game goes in as it is when it ends or is
 * put aside.
 * @param {Entry[]} entries
 * @param {Entry | null} board
 * @returns {(Entry & { onBoard?: boolean })[]}
 */
export function withBoard(entries, board) {
  return entries.map((kin) => {
    if (!board || kin.id !== board.id) return kin;
    const players = board.seat === "hotseat" && kin.seat === "hotseat" ? kin.players : board.players;
    const { result, ...details } = kin.details ?? {};
    const grown = !continuesGame(kin.game, board.game);
    return { ...board, players, date: grown ? board.date : kin.date, ...(Object.keys(details).length > 0 && { details }), onBoard: true };
  });
}

/**
 * `kept` with `entry` in its place by date, cut to ARCHIVE_LIMIT: withEntry's answer.
 * @param {Entry[]} kept
 * @param {Entry} entry
 * @param {Entry | null} replaced
 */
function placed(kept, entry, replaced) {
  const at = kept.findIndex((e) => e.date <= entry.date);
  const all = at < 0 ? [...kept, entry] : [...kept.slice(0, at), entry, ...kept.slice(at)];
  return { entries: all.slice(0, ARCHIVE_LIMIT), added: true, replaced, dropped: all.slice(ARCHIVE_LIMIT) };
}

/**
 * Reads the archive from `storage` through storage.js's guard:
 * `{ entries, notice, text }`, `notice` saying why a damaged archive was
 * dropped, its `text` kept to be downloaded.
 * @param {Storage} storage
 * @returns {{ entries: Entry[], notice: string | null, text: string | null }}
 */
export function readArchive(storage) {
  const decode = (/** @type {string} */ text) => decodeArchive(text);
  const { value, notice, text } = loadRecord(storage, ARCHIVE_KEY, decode, "archive of saved games");
  return { entries: value ?? [], notice, text: notice ? text : null };
}

/**
 * Stores `entries`; false when the browser refuses.
 * @param {Storage} storage
 * @param {Entry[]} entries
 */
export function writeArchive(storage, entries) {
  return storeRecord(storage, ARCHIVE_KEY, encodeArchive(entries));
}

/**
 * Adds `entry` to the archive in `storage` (see withEntry), reading it
 * afresh so that another tab's games stay. Gives withEntry's answer with
 * readArchive's `notice` and `text`, and `stored`, false when the browser
 * refused the write.
 * @param {Storage} storage
 * @param {Entry} entry
 */
export function addEntry(storage, entry) {
  const { entries, notice, text } = readArchive(storage);
  const change = withEntry(entries, entry);
  const stored = !change.added || writeArchive(storage, change.entries);
  return { ...change, notice, text, stored };
}

/**
 * Removes the entry `id` from the archive in `storage`: the entry removed, or null.
 * @param {Storage} storage
 * @param {string} id
 */
export function removeEntry(storage, id) {
  const { entries } = readArchive(storage);
  const gone = entries.find((e) => e.id === id) ?? null;
  if (gone) writeArchive(storage, entries.filter((e) => e !== gone));
  return gone;
}

/**
 * What the notice says when the archive is full and `dropped` left it.
 * @param {Entry[]} dropped
 */
export function droppedNotice(dropped) {
  const dates = dropped.map((e) => e.date.slice(0, 10)).join(", ");
  const what = dropped.length === 1 ? `the oldest game, of ${dates}, was` : `the ${dropped.length} oldest games, of ${dates}, were`;
  return `Your saved games keep at most ${ARCHIVE_LIMIT}: ${what} dropped from them.`;
}

// --- the export text

// One block per game: the first line names it, each other line a field.
const HEAD = "Mapello game";
const FIELDS = /** @type {const} */ (["date", "game", "map", "start", "moves", "forfeit", "black", "white", "seat", "state", "result", "details", "ggf"]);

/**
 * The export text of `entries`, one block per game: `Mapello game`, then
 * `field: value` lines (date, game, map, start when set up, moves, black, white, seat, state,
 * result, the details of an imported record as JSON, and `ggf` when
 * `ggfOf(entry)` gives a GGF record), a blank line after each block.
 * @param {Entry[]} entries
 * @param {(entry: Entry) => string | null} [ggfOf]
 */
export function exportText(entries, ggfOf = () => null) {
  return entries
    .map((e) => {
      const lines = [HEAD, `date: ${e.date}`, `game: ${e.game.variant}`, `map: ${e.game.map}`];
      if (e.game.start) lines.push(`start: ${e.game.start}`);
      lines.push(`moves: ${e.game.moves}`);
      if (e.game.forfeit) lines.push(`forfeit: ${e.game.forfeit.cause} ${e.game.forfeit.loser}`);
      lines.push(`black: ${e.players[0]}`, `white: ${e.players[1]}`, `seat: ${e.seat}`, `state: ${e.state}`);
      if (e.result) lines.push(`result: ${e.result}`);
      if (e.details) lines.push(`details: ${JSON.stringify(e.details)}`);
      const ggf = ggfOf(e);
      if (ggf) lines.push(`ggf: ${ggf}`);
      return `${lines.join("\n")}\n`;
    })
    .join("\n");
}

/**
 * The forfeit of an export block's `forfeit: resigned X` line, as a game
 * record's field: none when the line is missing or not one.
 * @param {string | undefined} line
 */
function forfeitOf(line) {
  const [cause, loser] = (line ?? "").split(" ");
  const forfeit = { cause, loser };
  return line && isForfeit(forfeit) ? { forfeit: /** @type {import("../mapello.d.ts").Forfeit} */ (forfeit) } : {};
}

/**
 * The details of an export block's `details` line, as an entry's field:
 * none when the line is missing or not details.
 * @param {string | undefined} line
 */
function detailsOf(line) {
  let details;
  try {
    details = line ? JSON.parse(line) : undefined;
  } catch {
    return {};
  }
  return details !== undefined && isDetails(details) ? { details: /** @type {Details} */ (details) } : {};
}

/**
 * The games of an export text, as entries still to be checked against the
 * rules (their `state` and `result` are the rules' to say, so they are
 * left for the caller, but for the result an imported record gave, kept
 * with it), and a sentence for each block that could not be read. A block without a map is refused; a missing date is now, missing
 * players their colours, a missing seat two players.
 * @param {string} text
 * @param {number} [now]
 * `numbers` gives the block number of each game read.
 * @returns {{ games: Entry[], numbers: number[], problems: string[] }}
 */
export function parseExport(text, now = Date.now()) {
  /** @type {Record<string, string>[]} */
  const blocks = [];
  for (const line of String(text).split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === HEAD) blocks.push({});
    const match = /^([a-z]+):\s?(.*)$/.exec(trimmed);
    if (match && blocks.length && FIELDS.includes(/** @type {any} */ (match[1]))) blocks[blocks.length - 1][match[1]] = match[2].trim();
  }
  /** @type {Entry[]} */
  const games = [];
  const numbers = [];
  const problems = [];
  for (const [i, b] of blocks.entries()) {
    const date = isDate(b.date) ? b.date : new Date(now).toISOString();
    /** @type {Entry} */
    const entry = {
      id: newId(now + i),
      date,
      game: { map: b.map ?? "", variant: b.game || "mapello", moves: b.moves ?? "", ...(b.start && { start: b.start }), ...forfeitOf(b.forfeit) },
      players: [b.black || "Black", b.white || "White"],
      seat: SEATS.includes(b.seat) ? b.seat : "hotseat",
      result: "",
      state: "abandoned",
      ...detailsOf(b.details),
    };
    if (entry.details?.result && isText(b.result, 120)) entry.result = b.result;
    const problem = b.map ? entryProblem(entry) : "it has no map";
    if (problem) problems.push(`Game ${i + 1} of the file was skipped: ${problem}.`);
    else {
      games.push(entry);
      numbers.push(i + 1);
    }
  }
  if (!blocks.length) problems.push(`The file holds no saved game: each starts with a line “${HEAD}”.`);
  return { games, numbers, problems };
}

/**
 * The result a record gives for a game its moves leave unfinished (the
 * rules' `said`), as the saved games say it: "Black won by 12, as the
 * record says; its moves stop before the end."
 * @param {import("../mapello.d.ts").GgfSaid} said
 */
export function saidText({ winner, margin }) {
  const what = winner ? `${winner === "X" ? "Black" : "White"} won by ${margin}` : "Draw";
  return `${what}, as the record says; its moves stop before the end.`;
}

/**
 * What a record's result (saidText's sentence) says of each side, black
 * first, for the player cards: "won by 12, as the record says" for the
 * winner, "draw, as the record says" for both; nothing for another result.
 * @param {string} result
 * @returns {[string, string]}
 */
export function saidSides(result) {
  const [, winner, margin] = /^(?:(Black|White) won by (\d+)|Draw), as the record says;/.exec(result) ?? [];
  if (!margin) return result.startsWith("Draw, as the record says;") ? ["draw, as the record says", "draw, as the record says"] : ["", ""];
  const won = `won by ${margin}, as the record says`;
  return winner === "Black" ? [won, ""] : ["", won];
}

/**
 * The games of a GGF text as the rules read them (the wasm `ggfRead`), as
 * entries still to be checked against the rules as `parseExport`'s are,
 * with the number of each record read, and a sentence for each record
 * refused: a missing date is now, missing players their colours, the
 * seat two players at one board; what else the record says kept as its
 * details, and its result as given when its moves leave the game
 * unfinished.
 * @param {import("../mapello.d.ts").GgfRecords} read
 * @param {number} [now]
 * @returns {{ games: Entry[], numbers: number[], problems: string[] }}
 */
export function fromGgf(read, now = Date.now()) {
  /** @type {Entry[]} */
  const games = [];
  const numbers = [];
  const problems = read.refused.map((r) => `Game ${r.record} of the file was skipped: ${r.message}.`);
  for (const [i, g] of read.games.entries()) {
    /** @type {Entry} */
    const entry = {
      id: newId(now + i),
      date: g.date ?? new Date(now).toISOString(),
      game: { map: g.map, variant: g.variant, moves: g.moves, ...(g.start && { start: g.start }), ...(g.forfeit && { forfeit: g.forfeit }) },
      players: [g.black ?? "Black", g.white ?? "White"],
      seat: "hotseat",
      result: g.said ? saidText(g.said) : "",
      state: "abandoned",
      ...(g.details && { details: g.details }),
    };
    const problem = entryProblem(entry);
    if (problem) problems.push(`Game ${g.record} of the file was skipped: ${problem}.`);
    else {
      games.push(entry);
      numbers.push(g.record);
    }
  }
  return { games, numbers, problems };
}

/**
 * Whether `text` is to be read as GGF records: it holds one (`(;`) and no
 * block of the project's own export, whose `ggf` lines are copies.
 * @param {string} text
 */
export function isGgf(text) {
  return text.includes("(;") && !text.split(/\r?\n/).some((line) => line.trim() === HEAD);
}
