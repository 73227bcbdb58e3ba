// @ts-check
// The Blocs page: against the computer (in its worker), two players on
// one screen, or a friend by link; undo and redo, the move list, hints from the exact solver, a
// share link with the game in the fragment (`#blocs=<transcript>`), and the
// game kept across reloads. The state and the actions are
// blocs-controller.js's, the panels blocs-panels.js's and the board
// blocs-view.js's; this module reads the saved record and wires the page's
// controls to the actions.
import { catalogue } from "./catalogue.js";
import { createBlocsController } from "./blocs-controller.js";
import { FRIENDS_MOVE, refusalText } from "./blocs-model.js";
import { drawBlocs, fillLevels, showPage } from "./blocs-panels.js";
import { createBlocsView } from "./blocs-view.js";
import { byId as $, inside, sayFloating } from "./dom.js";
import { openPastedAddress } from "./share.js";
import { loadRecord, storeRecord } from "./storage.js";

/** @typedef {import("./blocs-controller.js").BlocsRecord} BlocsRecord */
/** @typedef {import("./blocs-controller.js").BlocsHooks} BlocsHooks */
/** @typedef {typeof import("../mapello.d.ts").BlocsGame} BlocsGameClass */

/** localStorage key of the Blocs game and its settings. */
export const BLOCS_KEY = "mapello.blocs";

/** The fragment key of a shared Blocs game. */
export const LINK_KEY = "blocs";

/** @type {BlocsRecord} */
const DEFAULTS = { moves: "", opponent: "computer", human: "X", level: 3, hints: false, active: false };
// The longest transcript the wasm API reads: the longest Blocs game fits.
const maxTranscript = () => catalogue().maxTextChars;

/**
 * The schema of the saved record: each field's check and what is said when
 * it fails (after "its"). A field missing from an older record takes its default.
 * @param {number} maxLevel
 * @returns {[keyof BlocsRecord, (v: unknown) => boolean, string][]}
 */
function fieldRules(maxLevel) {
  return [
    ["moves", (v) => typeof v === "string" && v.length <= maxTranscript(), "moves are not a transcript"],
    ["opponent", (v) => v === "computer" || v === "human" || v === "friend", "opponent is unknown"],
    ["human", (v) => v === "X" || v === "O", "player's seat is neither first nor second"],
    ["level", (v) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= maxLevel, `level is not 1 to ${maxLevel}`],
    ["hints", (v) => typeof v === "boolean", "hints setting is neither on nor off"],
    ["active", (v) => typeof v === "boolean", "page setting is neither shown nor hidden"],
  ];
}

/**
 * Reads a saved Blocs record: `{ value }` with every field of DEFAULTS, or
 * `{ error }` saying what is wrong, for storage.js's `loadRecord`. Its moves
 * must replay on `BlocsGame`, the rules' own check, and its level be one
 * of the catalogue's.
 * @param {string} text
 * @param {BlocsGameClass} BlocsGame
 * @returns {{ value: BlocsRecord, error?: undefined } | { error: string, value?: undefined }}
 */
export function decodeBlocs(text, BlocsGame) {
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: "it is not valid JSON" };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { error: "its format is unknown" };
  const fields = /** @type {Record<string, unknown>} */ (data);
  /** @type {Record<string, unknown>} */
  const value = {};
  for (const [key, holds, problem] of fieldRules(catalogue().blocsLevels.max)) {
    if (!(key in fields)) value[key] = DEFAULTS[key];
    else if (holds(fields[key])) value[key] = fields[key];
    else return { error: `its ${problem}` };
  }
  // Every field is there and has passed its check.
  const record = /** @type {BlocsRecord} */ (value);
  const problem = movesProblem(BlocsGame, record.moves);
  return problem ? { error: `its moves do not replay: ${problem}` } : { value: record };
}

/**
 * Why `moves` is no Blocs game (null when it is one), in the rules' words.
 * @param {BlocsGameClass} BlocsGame
 * @param {string} moves
 * @returns {string | null}
 */
function movesProblem(BlocsGame, moves) {
  if (moves.length > maxTranscript()) return `they are longer than any game (${maxTranscript()} characters)`;
  try {
    new BlocsGame({ moves }).free();
    return null;
  } catch (err) {
    // The wasm API refuses with Errors (JsError).
    return /** @type {Error} */ (err).message;
  }
}

/**
 * The transcript of a `#blocs=…` fragment, or null for any other fragment.
 * @param {string} hash
 */
export function linkedMoves(hash) {
  const params = new URLSearchParams(String(hash).replace(/^#/, ""));
  return params.has(LINK_KEY) ? params.get(LINK_KEY) : null;
}

/**
 * Starts the Blocs page (hidden until `show`): `BlocsGame` is the wasm
 * class; `notify(text, { key, action })` shows a notice and
 * `clearNotice(key)` takes it away; `dropped(notice, text)` tells the
 * player a stored record was refused and offers its `text` as a download;
 * `unsaved(failed, link)` says whether the last save failed, with `link()`
 * giving a link that holds the game. Returns `{ show(moves?), hide(), active }`.
 * @param {{
 *   BlocsGame: BlocsGameClass,
 *   storage: Storage,
 *   notify: BlocsHooks["notify"],
 *   clearNotice: BlocsHooks["clearNotice"],
 *   dropped: (notice: string, text: string | null) => void,
 *   unsaved: (failed: boolean, link: () => string) => void,
 * }} options
 */
export function startBlocs({ BlocsGame, storage, notify, clearNotice, dropped, unsaved }) {
  const page = $("blocs-page");
  const stored = loadRecord(storage, BLOCS_KEY, (/** @type {string} */ text) => decodeBlocs(text, BlocsGame), "saved Blocs game");
  if (stored.notice) dropped(stored.notice, stored.text);
  /** @type {BlocsRecord} */
  const saved = stored.value ?? { ...DEFAULTS };
  fillLevels(catalogue().blocsLevels.max);
  const link = () => `${location.origin}${location.pathname}#${LINK_KEY}=${controller.record().moves}`;
  const controller = createBlocsController({
    BlocsGame,
    saved,
    save: (record) => storeRecord(storage, BLOCS_KEY, JSON.stringify(record)),
    hooks: {
      changed: () => draw(),
      announce,
      notify,
      clearNotice,
      unsaved: (failed) => unsaved(failed, link),
      isShown: () => !page.hidden,
    },
  });
  const draw = () => drawBlocs(page, view, controller.snapshot());
  const refuse = (/** @type {string} */ text) => {
    sayFloating($("blocs-refusal"), text);
    announce(text);
  };
  const onMove = (/** @type {string} */ move) => {
    const why = controller.play(move);
    $("blocs-refusal").textContent = "";
    // A move played answers what a link brought.
    if (!why) return clearNotice("blocs-link");
    refuse(refusalText(why));
    draw();
  };
  // A tap on the board in a game by link while the friend is to move: whose move it is.
  const onIdle = () => controller.snapshot().friends && refuse(`It is your friend's move: ${FRIENDS_MOVE}`);
  const view = createBlocsView(inside(page, ".blocs-board", HTMLElement), onMove, onIdle);
  /** @type {(moves?: string, said?: string) => void} */
  const startOver = (moves, said) => {
    $("blocs-refusal").textContent = "";
    controller.startOver(moves, said);
  };

  // Who is who in a game by link, as the board's games by link say it: a
  // link comes from the friend who just moved, so the side to move is this
  // player's. Nothing for an empty game or one that is over.
  function seatOf(/** @type {{ status: string, toMove: string, ply: number }} */ { status, toMove, ply }) {
    if (status === "gameOver" || ply === 0) return "";
    const [you, friend] = toMove === "X" ? ["first", "second"] : ["second", "first"];
    return ` You play ${you}, your friend ${friend}: play your move, then send them the link.`;
  }

  // A shared game: one that continues the game here (a friend's reply to
  // a link sent from here) plays on; another replaces it only when its moves
  // replay, and keeps it a step back; a damaged link leaves the game as it was.
  function openLink(/** @type {string} */ moves) {
    const problem = movesProblem(BlocsGame, moves);
    if (problem) {
      // In a player's words, as a board game's link (links.js); the rules' reason a "Details" away.
      notify("This link is incomplete or damaged: perhaps it was cut when copied. Ask your friend to send it again. Your game is as you left it.", {
        key: "blocs-link",
        details: problem,
      });
      controller.resume();
      return;
    }
    $("blocs-refusal").textContent = "";
    // What the shared game is to the one here is the rules' word (`lineage`).
    const [held, linked] = [controller.record().moves, moves].map((m) => new BlocsGame({ moves: m }));
    const lineage = held.lineage(linked);
    held.free();
    if (lineage.relation === "same") {
      linked.free();
      controller.resume();
      if (lineage.moves > 0) notify("This link holds your Blocs game as it is here: no new move yet.", { key: "blocs-link" });
      else clearNotice("blocs-link");
      return;
    }
    // A game with a friend by link: the side to move is the player's here, the other the friend's.
    const snap = linked.snapshot();
    const byLink = { opponent: /** @type {const} */ ("friend"), human: snap.toMove };
    if (lineage.relation === "ahead") controller.continueTo(moves, byLink);
    else controller.startOver(moves, "Your previous Blocs game was replaced by the shared one.", byLink);
    const seat = seatOf(snap);
    if (lineage.relation === "ahead" && lineage.from > 0) {
      const added = lineage.to - lineage.from;
      notify(`The link continues your Blocs game with ${added === 1 ? "a new move" : `${added} new moves`}.${seat}`, { key: "blocs-link" });
    } else if (seat) notify(seat.trim(), { key: "blocs-link" });
    else clearNotice("blocs-link");
    linked.free();
  }

  wireControls(page, controller, { BlocsGame, startOver, link, draw });

  return {
    /** Whether the Blocs page was showing when the page was last used. */
    active: saved.active,
    /**
     * Shows the Blocs page, with the game `moves` (a shared link's) when given.
     * @param {string | null} [moves]
     */
    show(moves = null) {
      controller.setActive(true);
      showPage(page, true);
      if (moves !== null) openLink(moves);
      else controller.resume();
    },
    /** Hides the Blocs page (another game was chosen). */
    hide() {
      controller.setActive(false);
      showPage(page, false);
    },
  };
}

/** @param {string} text */
function announce(text) {
  const live = $("announcer");
  live.textContent = "";
  setTimeout(() => (live.textContent = text), 30);
}

/**
 * The page's controls, each to its action.
 * @param {HTMLElement} page
 * @param {ReturnType<typeof createBlocsController>} controller
 * @param {{
 *   BlocsGame: BlocsGameClass,
 *   startOver: (moves?: string, said?: string) => void,
 *   link: () => string,
 *   draw: () => void,
 * }} actions
 */
function wireControls(page, controller, { BlocsGame, startOver, link, draw }) {
  const step = (/** @type {boolean} */ back) => {
    if (controller.step(back)) $("blocs-refusal").textContent = "";
    else draw();
  };
  for (const id of ["blocs-new", "blocs-next-game"]) $(id).addEventListener("click", () => startOver());
  // A refusal stands until the next thing done on the page.
  for (const type of ["pointerdown", "keydown"]) {
    page.addEventListener(type, () => ($("blocs-refusal").textContent = ""), true);
  }
  $("blocs-undo").addEventListener("click", () => step(true));
  $("blocs-redo").addEventListener("click", () => step(false));
  const hints = $("blocs-hints", HTMLInputElement);
  hints.addEventListener("change", () => controller.set("hints", hints.checked));
  // The choosers offer only the values their settings take.
  const opponent = $("blocs-opponent", HTMLSelectElement);
  opponent.addEventListener("change", () => controller.set("opponent", /** @type {BlocsRecord["opponent"]} */ (opponent.value)));
  const human = $("blocs-human", HTMLSelectElement);
  human.addEventListener("change", () => controller.set("human", /** @type {BlocsRecord["human"]} */ (human.value)));
  const level = $("blocs-level", HTMLSelectElement);
  level.addEventListener("change", () => controller.set("level", Number(level.value)));
  $("blocs-copy-link").addEventListener("click", () => copy(link(), "Link copied."));
  $("blocs-copy-moves").addEventListener("click", () => copy(controller.record().moves, "Moves copied."));
  // A pasted transcript replaces the game only when it reads and every
  // move is legal; otherwise the game on the board stays as it was. A
  // link pasted there opens as a link.
  $("blocs-load-moves").addEventListener("click", () => {
    const error = $("blocs-paste-error");
    const moves = $("blocs-paste", HTMLTextAreaElement).value.trim();
    if (!moves) {
      error.textContent = "Paste some moves first: the box is empty, so the game is unchanged.";
      return;
    }
    if (openPastedAddress(moves, $("blocs-paste", HTMLTextAreaElement), error)) return;
    const problem = movesProblem(BlocsGame, moves);
    if (problem) {
      error.textContent = `These moves could not be loaded: ${problem}. The game is unchanged.`;
      return;
    }
    error.textContent = "";
    startOver(moves, "The moves were loaded; the game you were playing was put aside.");
  });
  addEventListener("keydown", (e) => {
    if (page.hidden || !(e.ctrlKey || e.metaKey)) return;
    if (e.key === "z" || e.key === "y") {
      e.preventDefault();
      step(e.key === "z");
    }
  });
}

/**
 * Copies `text`, or shows it to be copied by hand where the clipboard is refused.
 * @param {string} text
 * @param {string} done
 */
async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    $("blocs-copied").textContent = done;
  } catch {
    $("blocs-copied").textContent = text;
  }
}
