// @ts-check
// Opening a share link over the page's game (main.js loads this module
// when a link comes): the linked game as the rules play it, with a note
// for what they refused in it, and what becomes of the game it opens over:
// a game by link held on the board or in the saved games is corresp.js's
// to update or keep beside it; any other game with something played in it
// is put aside with a way back ("Restore it").
import { ASIDE_KEY, ASIDE_MOVES, IN_SAVED_GAMES, putAside } from "./archive-hooks.js";
import { pageStorage } from "./durable.js";
import { whoPlays } from "./flow.js";
import { settingsFor } from "./share.js";
import { DEFAULT_SETTINGS, gameOf, newId } from "./storage.js";

/** @typedef {import("./storage.js").SavedRecord} SavedRecord */
/** @typedef {import("./storage.js").GameRecord} GameRecord */
/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("./share.js").Link} Link */
/** @typedef {import("../mapello.d.ts").Forfeit} Forfeit */
/**
 * What main.js hands over: the wasm API's Game and linkMoves, the page's
 * notices, a new game in a mode (`fresh`) and the default game, and what
 * puts a game back on the board.
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   linkMoves: typeof import("../mapello.d.ts").linkMoves,
 *   notify: import("./play-ctrl.js").Notify,
 *   clearNotice: (key: string) => void,
 *   fresh: (settings: Settings, game: GameRecord) => SavedRecord,
 *   defaultGame: () => GameRecord,
 *   restore: (record: SavedRecord) => void,
 * }} LinkDeps
 */

// The game `link` (readFragment's, with a map) holds, in the settings'
// mode or the link's own: `{ start, notes, refused, goesOn }`, or `{ error }`
// when its map does not open. Moves are played one by one, so that an
// illegal one keeps the map and the moves before it: `refused` says which
// was refused, `goesOn` where the linked game goes on from, for a link
// whose game comes on the board.
/**
 * @param {LinkDeps} deps
 * @param {Link & { map: string }} link
 * @param {Settings} settings
 * @returns {{ start: SavedRecord, notes: string[], refused: Refused | null, goesOn: string, error?: undefined } | { error: string }}
 */
function linkedGame({ Game, linkMoves, fresh }, link, settings) {
  let game;
  try {
    game = gameOf(Game, { variant: link.variant, map: link.map, start: link.start });
  } catch (err) {
    return { error: /** @type {Error} */ (err).message };
  }
  // A link without a game names the rules' default one.
  const { variant } = game.snapshot();
  /** @type {Refused | null} */
  let refused = null;
  let given = "";
  for (const [i, move] of linkMoves(link.moves ?? "").moves.entries()) {
    try {
      game.play(move);
    } catch (err) {
      refused = { at: i + 1, why: `Move ${i + 1} in the link, ${move}, cannot be played: ${/** @type {Error} */ (err).message}` };
      break;
    }
  }
  if (link.forfeit) {
    // share.js reads the shape alone: whether the game can be given up so is the rules' call.
    const [cause, loser] = /** @type {[Forfeit["cause"], Forfeit["loser"]]} */ (link.forfeit.split("-"));
    try {
      game.forfeit(cause, loser);
    } catch (err) {
      given = `The link says the game was given up (${link.forfeit}), which the rules refuse (${/** @type {Error} */ (err).message}): it opens without that.`;
    }
  }
  const snap = game.snapshot();
  const record = { map: link.map, variant, moves: game.transcript(), ...(link.start && { start: link.start }), ...(snap.forfeit && { forfeit: snap.forfeit }) };
  game.free();
  // A linked game is a game of its own (storage.js's id) until it is found to be one held here.
  const start = { ...fresh(settingsFor(link.players, settings), record), id: newId() };
  // Both browsers of a game by link hold the link's moves: none is taken back.
  if (start.settings.mode === "corresp" && snap.moves.length) start.shared = snap.moves.length;
  // The game goes on at once where the link stops: the notice says who moves next.
  const goesOn = `: the game goes on from the position before it. ${snap.toMove ? `${whoPlays(start, snap.toMove)} to move.` : "It was over there."}`;
  const notes = /** @type {string[]} */ ([link.problem, given].filter(Boolean));
  // A link with a review level opens its game in review mode, when it has moves to review.
  if (link.review && record.moves) start.review = { level: link.review, shown: true };
  else if (link.review) notes.push("The link asks for a review, but no move of its game could be played: the map opens without one.");
  return { start, notes, refused, goesOn };
}

/**
 * A move of a link that the rules refuse: its number, and their reason.
 * @typedef {{ at: number, why: string }} Refused
 */

// What a player makes of a link that does not open, in a sentence: one cut
// or garbled, or one for a game this page cannot hold (`field` "variant",
// readFragment's). The exact reason, the rules' or share.js's, is a
// "Details" away.
/** @param {string | undefined} field */
function brokenLink(field) {
  if (field === "variant") {
    return "This link's game cannot be opened here: it may come from a newer version of Mapello, or have been changed when copied. Ask your friend to send it again.";
  }
  return "This link is incomplete or damaged: perhaps it was cut when copied. Ask your friend to send it again.";
}

// Set aside when a link replaces a game: one step back.
/** @type {SavedRecord | null} */
let previous = null;

// What opening `link` over `current` (the page's record, or null) starts:
// the linked game, or `current` itself when the link is damaged. Says what
// happened, and keeps `current` restorable when the link replaces it. A
// game by link held here is corresp.js's to update or keep beside it.
/**
 * @param {LinkDeps} deps
 * @param {Link} link
 * @param {SavedRecord | null} current
 * @returns {Promise<SavedRecord>}
 */
export async function openLink(deps, link, current) {
  const { Game, notify, clearNotice, fresh, defaultGame } = deps;
  const settings = current?.settings ?? { ...DEFAULT_SETTINGS };
  // A link without an error has a map (readFragment).
  const opened = link.error ? { error: link.error } : linkedGame(deps, /** @type {Link & { map: string }} */ (link), settings);
  if (opened.error !== undefined) {
    const instead = current ? "Your game is as you left it." : "Here is the default map instead.";
    // Said, it is history once the player has moved on.
    notify(`${brokenLink(link.field)} ${instead}`, { key: "link", details: opened.error, moves: 2 });
    return current ?? fresh(settings, defaultGame());
  }
  const { notes, refused, goesOn } = opened;
  let { start } = opened;
  // What a game by link here makes of the link is said in the link's one
  // notice, with what the link itself got wrong, so that the two agree.
  /** @type {{ text: string, action: import("./play-ctrl.js").NoticeAction | null, moves: number }[]} */
  const said = [];
  /** @type {import("./play-ctrl.js").Notify} */
  const tell = (text, options) => {
    said.push({ text, action: options?.action ?? null, moves: options?.moves ?? 0 });
  };
  const held = { Game, notify, storage: pageStorage() };
  /** @param {SavedRecord} opens */
  const saying = (opens) => {
    // The held game staying as it is, the linked game goes on nowhere.
    const stays = opens === current;
    const wrong = refused && `This link's moves go wrong at move ${refused.at}, perhaps changed when copied${stays ? "." : goesOn}`;
    const text = [...notes, wrong, ...said.map((s) => s.text)].filter(Boolean).join(" ");
    clearNotice("link-game");
    // What a game by link made of the link lasts as long as it said; its
    // button, once used, has done what the notice offered.
    const actions = said.flatMap(({ action }) => (action ? [{ ...action, run: () => (clearNotice("link"), action.run()) }] : []));
    // Who moves next is out of date after a move; a way back lasts as long as it said.
    const last = Math.max(0, ...said.map((s) => s.moves));
    const moves = refused && !stays && actions.length === 0 ? Math.max(1, last) : last;
    if (text) notify(text, { key: "link", actions, moves, details: refused?.why });
    else clearNotice("link");
    return opens;
  };
  if (current?.phase === "play" && current.settings.mode === "corresp") {
    const { gameByLink } = await import("./corresp.js");
    const opened = gameByLink({ ...held, notify: tell, putAside: (r) => putAside(held, r), reopen: deps.restore }, current, start);
    if (opened) return saying(opened);
  }
  // A game by link may be in the saved games: a link continuing it opens it, updated.
  if (start.settings.mode === "corresp") start = (await import("./corresp.js")).savedGameByLink({ ...held, notify: tell }, start) ?? start;
  const game = current?.game;
  const same = game && game.map === start.game.map && game.start === start.game.start && game.moves === start.game.moves;
  // A link holding the very game on the board, as it stands, leaves it as
  // it is played here: in its mode, with its match (a series' standing)
  // and its settings. A review the link asks for opens over it; a game by
  // link (the player's own position sent to a friend) takes the link's seat.
  const asItStands = same && sameForfeit(game, start.game) && start.settings.mode !== "corresp";
  if (current && asItStands && (current.phase === "play" || current.phase === "over")) {
    return saying(start.review ? { ...current, review: start.review } : current);
  }
  saying(start);
  // Only a game with something the player did is put aside, with a way back;
  // a newer game put aside replaces the notice, the older one in Saved games.
  const played = game?.moves || game?.start || game?.forfeit || current?.match?.games.length;
  // A link holding the very game on the board opens it as the same game.
  if (same && current?.id) start = { ...start, id: current.id };
  if (current && played && !(same && !current.match?.games.length)) {
    // Put aside and brought back, the game keeps one id, so it keeps one entry in the saved games.
    previous = current.id ? current : { ...current, id: newId() };
    putAside(held, previous);
    notify(`Your previous game was replaced by the shared one. ${IN_SAVED_GAMES}`, {
      key: ASIDE_KEY,
      moves: ASIDE_MOVES,
      action: { label: "Restore it", run: () => restorePrevious(deps) },
    });
  }
  return start;
}

/**
 * Whether games `a` and `b` were given up alike, or neither was.
 * @param {GameRecord} a
 * @param {GameRecord} b
 */
function sameForfeit(a, b) {
  return a.forfeit?.cause === b.forfeit?.cause && a.forfeit?.loser === b.forfeit?.loser;
}

/** @param {LinkDeps} deps */
function restorePrevious({ clearNotice, restore }) {
  clearNotice(ASIDE_KEY);
  clearNotice("link");
  if (!previous) return;
  const back = previous;
  previous = null;
  restore(back);
}
