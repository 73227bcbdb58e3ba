// @ts-check
// Share links: a game in the URL fragment, which never reaches the server.
//
//   #m=<share code>&v=<game>&s=<start code>&g=<transcript>&f=<forfeit>&p=<players>&r=<review level>
//
// - `m`, the map: a share code (docs/formats.md). The only field a link
//   needs; it carries the board size too.
// - `v`, the game (games.js): `othello` or `reversi`; a link without it is
//   Mapello, as every link was before the field, and Mapello links leave it
//   out. A game this page does not know spoils the whole link.
// - `s`, a set-up start (the position mode): the discs, side to move and
//   bonuses taken, as the wasm Game's `startCode` writes them; without it
//   the game starts where its game does. A damaged one spoils the link,
//   as the position it sets up cannot be guessed.
// - `g`, the moves so far: a transcript, lower case, without separators,
//   read by the wasm API's `linkMoves` (src/link.rs), which keeps the
//   moves before any damage and no more than a game can have.
// - `f`, how the game was given up, when it was: `resigned-X`, `time-O`
//   (the cause, then the side that lost). Only its shape is read here; the
//   rules take or refuse it when the game opens (main.js). A damaged one is
//   left out, and the game opens as not given up.
// - `p`, who plays: `hotseat` (two people, one screen), `black` or `white`
//   (the person opening the link plays that colour against the computer)
//   or `watch` (the computer plays both sides), or `corresp-black` or
//   `corresp-white` (a game by link: the person opening the link plays that
//   colour, the one who sent it the other, each at their own screen). Links
//   older than this field have none, and open in the mode the page was
//   already in.
// - `r`, a review level (1 to 5, as the wasm catalogue has them): the link opens the game in
//   review mode and analyses it at that level.
//
// Only the shape of each field is checked here: whether the code is a legal
// map and the moves legal on it is the wasm module's call. A damaged map
// makes the whole link unusable; a damaged later field is left out and said
// so, and the rest of the link still opens.

import { catalogue, rules } from "./catalogue.js";
import { BOARD_GAMES, GAMES } from "./games.js";
import { isReviewLevel } from "./review.js";

// A share code: a version digit, then URL-safe base64 (docs/formats.md).
const CODE = /^[0-9][A-Za-z0-9_-]+$/;
// A start code: the side to move, base64 discs, maybe the bonuses taken (src/startcode.rs).
const START = /^[XO][A-Za-z0-9_-]+(\.[0-9]+\.[0-9]+)?$/;
// A forfeit: a cause and a side, each a short word (the rules know which).
const FORFEIT = /^[a-z]{1,12}-[A-Z]$/;
/** @type {unknown[]} */
const PLAYERS = ["hotseat", "black", "white", "watch", "corresp-black", "corresp-white"];
/**
 * @param {unknown} text
 * @returns {text is string}
 */
const isVariant = (text) => BOARD_GAMES.some((g) => g.id === text);

// The fields in the order links write them. `read(text)` gives `{ value }`,
// `{}` for an empty field, or `{ problem }` with a sentence for the player
// (and maybe the part of the value still usable); `vital` fields spoil the
// whole link when damaged, and a link cannot be written without the
// `required` one. `write(value)` gives the field's text, or throws.
/**
 * @typedef {{
 *   name: string,
 *   key: string,
 *   vital?: boolean,
 *   required?: boolean,
 *   read: (text: string) => { value?: string | number, problem?: string },
 *   write: (value: unknown) => string,
 * }} Field
 */
/** @type {Field[]} */
const FIELDS = [
  {
    name: "map",
    key: "m",
    vital: true,
    required: true,
    read: (text) => (validCode(text) ? { value: text } : { problem: "The map code in the link is damaged: it is not a share code." }),
    write: (map) => {
      if (!validCode(map)) throw new Error(`not a share code: ${JSON.stringify(map)}`);
      return map;
    },
  },
  {
    name: "variant",
    key: "v",
    vital: true,
    read: (text) => {
      if (isVariant(text)) return { value: text };
      const own = GAMES.find((g) => g.id === text && g.view);
      if (own) return { problem: `The link is for ${own.name}, which is played without a map: a ${own.name} link holds its moves as #${own.id}=… instead.` };
      return { problem: "The link is for a game this page does not have (a newer version of it may)." };
    },
    write: (variant) => {
      if (!isVariant(variant)) throw new Error(`not a game: ${JSON.stringify(variant)}`);
      return variant === "mapello" ? "" : variant;
    },
  },
  {
    name: "start",
    key: "s",
    vital: true,
    read: (text) => (START.test(text) && text.length <= catalogue().maxCodeChars ? { value: text } : { problem: "The start position in the link is damaged: it is not a start code." }),
    write: (start) => {
      if (typeof start !== "string" || !START.test(start)) throw new Error(`not a start code: ${JSON.stringify(start)}`);
      return start;
    },
  },
  {
    name: "moves",
    key: "g",
    read: readMoves,
    write: (moves) => {
      const read = rules().linkMoves(String(moves ?? ""));
      if (read.problem) throw new Error(`not a transcript: ${JSON.stringify(moves)}`);
      return read.moves.join("");
    },
  },
  {
    name: "forfeit",
    key: "f",
    read: (text) => (FORFEIT.test(text) ? { value: text } : { problem: "The link says the game was given up, but not in a form this page reads: the game opens as not given up." }),
    write: (forfeit) => {
      // `{ cause, loser }`, as a game's snapshot and record have it.
      const { cause, loser } = Object(forfeit);
      const text = `${cause}-${loser}`;
      if (!FORFEIT.test(text)) throw new Error(`not a forfeit: ${JSON.stringify(forfeit)}`);
      return text;
    },
  },
  {
    name: "players",
    key: "p",
    read: (text) => (PLAYERS.includes(text) ? { value: text } : { problem: "The link names players this page does not know: it opens in the current mode." }),
    write: (players) => {
      if (!PLAYERS.includes(players)) throw new Error(`not a players field: ${JSON.stringify(players)}`);
      // One of PLAYERS, all of them strings.
      return /** @type {string} */ (players);
    },
  },
  {
    name: "review",
    key: "r",
    read: (text) =>
      /^[0-9]$/.test(text) && isReviewLevel(Number(text))
        ? { value: Number(text) }
        : { problem: "The link asks for a review this page does not know: the game opens without it." },
    write: (level) => {
      if (!isReviewLevel(level)) throw new Error(`not a review level: ${JSON.stringify(level)}`);
      return String(level);
    },
  },
];

/**
 * @param {unknown} text
 * @returns {text is string}
 */
function validCode(text) {
  return typeof text === "string" && text.length <= catalogue().maxCodeChars && CODE.test(text);
}

// The moves up to the first thing that is not one, run together: a link
// cut short or edited by hand still opens on its map with the moves before
// the damage, and the sentence the rules give it.
/** @param {string} text */
function readMoves(text) {
  const { moves, problem } = rules().linkMoves(text);
  const value = moves.join("");
  if (problem) return { value, problem };
  return value ? { value } : {};
}

/**
 * A share link as read: its map's share code, and the game's name (one of
 * the board's games), transcript, players field and review level when it
 * gives them; `problem` says what was left out, `error` why none of it can
 * be used, and `field` which field it was in.
 * @typedef {{
 *   map?: string,
 *   variant?: import("../mapello.d.ts").Variant,
 *   start?: string,
 *   moves?: string,
 *   forfeit?: string,
 *   players?: string,
 *   review?: number,
 *   problem?: string,
 *   error?: string,
 *   field?: string,
 * }} Link
 */

/**
 * Reads a URL fragment (`location.hash`, with or without its `#`): `{}` when
 * it holds no share link, `{ map, moves?, players?, review?, problem? }` when it
 * does (`problem`: a sentence on what was left out), and `{ error }` with a
 * sentence for the player when nothing of it can be used. Keys it does not
 * know are ignored.
 * @param {unknown} hash
 * @returns {Link}
 */
export function readFragment(hash) {
  const params = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  if (!FIELDS.some(({ key }) => params.has(key))) return {};
  if (!params.has("m")) {
    return { error: "The link holds a game but not its board: the m= part, which gives the board's size (and in Mapello its map), is missing." };
  }
  /** @type {Record<string, string | number>} */
  const link = {};
  const problems = [];
  for (const { name, key, vital, read } of FIELDS) {
    const text = params.get(key);
    if (text === null) continue;
    const { value, problem } = read(text);
    if (problem && vital) return { error: problem, field: name };
    if (value !== undefined && value !== "") link[name] = value;
    if (problem) problems.push(problem);
  }
  if (problems.length) link.problem = problems.join(" ");
  // Each field as its `read` gives it.
  return /** @type {Link} */ (link);
}

/**
 * What `text`, pasted where moves go, is when it is an address rather
 * than moves: `{ hash }` for a share link (a whole address, its "#…"
 * part, or that part without its "#") of a game (readFragment finds its
 * map, or what is wrong with it) or of a Blocs game (`blocs=`),
 * `{ hash: null }` for an address that holds no game, and null for
 * anything else (moves have no "#" and name no link's field).
 * @param {string} text
 * @returns {{ hash: string | null } | null}
 */
export function pastedLink(text) {
  const at = text.indexOf("#");
  const address = /^https?:\/\//i.test(text);
  if (/\s/.test(text) || (at > 0 && !address)) return null;
  // An address's game is in its fragment alone.
  if (address && at < 0) return { hash: null };
  const hash = at < 0 ? `#${text}` : text.slice(at);
  const link = readFragment(hash);
  const blocs = new URLSearchParams(hash.slice(1)).has("blocs");
  if (link.map || link.error || blocs) return { hash };
  return address || at === 0 ? { hash: null } : null;
}

/**
 * Opens `text`, pasted in `box` where moves go, when it is a share link,
 * as main.js opens one pasted into the address bar (the game it replaces
 * a click away), or refuses in `error` an address without a game; true
 * when `text` was an address, false when it is for the moves' reader.
 * @param {string} text
 * @param {HTMLTextAreaElement} box
 * @param {HTMLElement} error
 */
export function openPastedAddress(text, box, error) {
  const link = pastedLink(text);
  if (!link) return false;
  if (!link.hash) {
    error.textContent = "That is a web address with no game in it, not moves. Paste moves such as e4 d4 c4, or a link to a shared game. The game is unchanged.";
    return true;
  }
  error.textContent = "";
  box.value = "";
  // The same fragment already in the address would make no change to open.
  if (location.hash === link.hash) history.replaceState(null, "", location.pathname + location.search);
  location.hash = link.hash;
  return true;
}

/**
 * `href` with its fragment replaced by a share link to `map` (a share code)
 * and, when given, the game's `variant`, `moves` (a transcript), `forfeit`
 * (`{ cause, loser }`), `players`
 * and `review` (a review level: open in review mode).
 * @param {string | URL} href
 * @param {Record<string, unknown>} [fields]
 */
export function linkFor(href, fields = {}) {
  const url = new URL(href);
  const parts = [];
  for (const { name, key, required, write } of FIELDS) {
    const value = fields[name];
    if (value === undefined && !required) continue;
    const text = write(value);
    if (text !== "") parts.push(`${key}=${text}`);
  }
  url.hash = parts.join("&");
  return url.href;
}

/**
 * The players field for a game where `controllers` says who plays each
 * colour: `{ X: "human" | "computer" | "friend", O: … }`; a game by link
 * names the colour played at this screen.
 * @param {{ X: string, O: string }} controllers
 */
export function playersOf(controllers) {
  const { X, O } = controllers;
  if (X === "friend" || O === "friend") return X === "friend" ? "corresp-white" : "corresp-black";
  if (X === "human" && O === "human") return "hotseat";
  if (X === "computer" && O === "computer") return "watch";
  return X === "human" ? "black" : "white";
}

/**
 * `settings` (storage.js) changed to open a link with `players` (if any) in its own mode.
 * @template {object} S
 * @param {unknown} players
 * @param {S} settings
 */
export function settingsFor(players, settings) {
  if (players === "hotseat" || players === "watch") return { ...settings, mode: players };
  if (players === "black" || players === "white") return { ...settings, mode: "computer", humanColour: players === "black" ? "X" : "O" };
  if (players === "corresp-black" || players === "corresp-white") {
    return { ...settings, mode: "corresp", humanColour: players === "corresp-black" ? "X" : "O", opponent: "computer" };
  }
  return settings;
}

/**
 * Puts `text` on the clipboard; false when the browser refuses.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
