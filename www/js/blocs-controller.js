// @ts-check
// The Blocs page's state and actions, without the DOM: one BlocsGame (wasm)
// and its settings, who moves next and how far undo goes (flow.js, which
// reads BlocsGame's snapshots as any game's), saving after each change,
// and the computer's moves from its worker (worker-client.js). After each
// action it calls `changed()`; the page then draws one `snapshot()`.
import { playedText, seatNames, statusLine } from "./blocs-model.js";
import { controllerOf, humanToMove, nextAction, stepHistory } from "./flow.js";
import { Cancelled, createWorkerClient } from "./worker-client.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("./worker-client.js").Reply} Reply */

/**
 * The stored Blocs record: the game's moves and its settings (blocs-app.js).
 * @typedef {{ moves: string, opponent: "computer" | "human" | "friend", human: Colour, level: number, hints: boolean, active: boolean }} BlocsRecord
 */

/**
 * What the controller asks of the page.
 * @typedef {{
 *   changed: () => void,
 *   announce: (text: string) => void,
 *   notify: (text: string, options: { key: string, action?: { label: string, run: () => void }, details?: string }) => void,
 *   clearNotice: (key: string) => void,
 *   unsaved: (failed: boolean) => void,
 *   isShown: () => boolean,
 * }} BlocsHooks
 */

/**
 * `settings` as the flow model has them: a game against the computer,
 * between two people on one screen, or with a friend by link (`human` the
 * seat of the person here), never a match.
 * @param {BlocsRecord} settings
 * @returns {import("./flow.js").Flow}
 */
function flowOf(settings) {
  const mode = { computer: "computer", human: "hotseat", friend: "corresp" }[settings.opponent];
  return { settings: { mode, humanColour: settings.human, level: settings.level }, match: null, phase: "play" };
}

/**
 * Whether the game at `snap` waits for a move of the friend's, which comes by link.
 * @param {BlocsRecord} settings
 * @param {import("../mapello.d.ts").BlocsSnapshot} snap
 */
const friendsTurn = (settings, snap) => snap.status !== "gameOver" && controllerOf(flowOf(settings), snap.toMove) === "friend";

/**
 * Whether the last move at `snap` is the friend's, in a game by link: it
 * came in their link, and is not to be taken back here. Blocs has no pass,
 * so the last move is the other side's.
 * @param {BlocsRecord} settings
 * @param {import("../mapello.d.ts").BlocsSnapshot} snap
 */
const friendMovedLast = (settings, snap) => snap.ply > 0 && controllerOf(flowOf(settings), snap.toMove === "X" ? "O" : "X") === "friend";

/**
 * Undo (`back`) or redo on `game`, as far as flow.js's stepHistory goes,
 * but never back past a move that came in the friend's link.
 * @param {BlocsRecord} settings
 * @param {import("../mapello.d.ts").BlocsGame} game
 * @param {boolean} back
 */
function stepGame(settings, game, back) {
  if (back && friendMovedLast(settings, game.snapshot())) return false;
  return stepHistory(flowOf(settings), game, back ? "undo" : "redo");
}

/**
 * The check of the computer's answer where `legal` are the legal moves: an
 * answer it passes has a legal `move`, a string.
 * @param {string[]} legal
 * @returns {(answer: Reply) => string | null}
 */
const legalIn = (legal) => (answer) => (legal.includes(/** @type {string} */ (answer.move)) ? null : "it answered a move that is not legal here");

/**
 * What says that a game was put aside (`said`) and offers it back (`back`):
 * a notice of its own for each, so that a second game put aside does not
 * take the first's way back.
 * @param {BlocsHooks} hooks
 * @returns {(said: string, back: () => void) => void}
 */
function wayBack(hooks) {
  let asides = 0;
  return (said, back) => {
    asides += 1;
    const key = `blocs-replaced-${asides}`;
    const run = () => {
      hooks.clearNotice(key);
      back();
    };
    hooks.notify(said, { key, action: { label: "Back to that game", run } });
  };
}

/**
 * A controller over `saved` (the stored record, its `moves` already known
 * to replay). `BlocsGame` is the wasm class; `save(record)` stores a record
 * and says whether it could; `hooks` are `changed()`, `announce(text)`,
 * `notify(text, options)`, `clearNotice(key)`, `unsaved(failed)` and
 * `isShown()`.
 * @param {{
 *   BlocsGame: typeof import("../mapello.d.ts").BlocsGame,
 *   saved: BlocsRecord,
 *   save: (record: BlocsRecord) => boolean,
 *   hooks: BlocsHooks,
 * }} options
 */
export function createBlocsController({ BlocsGame, saved, save: store, hooks }) {
  const settings = { ...saved };
  let game = new BlocsGame({ moves: saved.moves });
  let thinking = false;
  const offerBack = wayBack(hooks);
  const computer = createWorkerClient(new URL("./blocs-worker.js", import.meta.url), { name: "the computer player" });

  /** @returns {BlocsRecord} */
  const record = () => ({ ...settings, moves: game.transcript() });
  const save = () => hooks.unsaved(!store(record()));

  // Saves, redraws, and lets the computer move when it is its turn.
  function settle() {
    save();
    hooks.changed();
    proceed();
  }

  async function proceed() {
    if (!hooks.isShown() || nextAction(flowOf(settings), game.snapshot(), { paused: false, hints: false }) !== "think") return;
    thinking = true;
    hooks.changed();
    const { legal, toMove } = game.snapshot();
    try {
      const { move } = /** @type {Reply & { move: string }} */ (await computer.request({ moves: game.transcript(), level: settings.level }, { check: legalIn(legal) }));
      thinking = false;
      game.play(move);
      played(move, toMove);
    } catch (err) {
      if (err instanceof Cancelled) return;
      thinking = false;
      // The worker client and the wasm API (JsError) reject with Errors.
      hooks.notify(`The computer could not move: ${/** @type {Error} */ (err).message}.`, { key: "blocs" });
      hooks.changed();
    }
  }

  function played(/** @type {string} */ move, /** @type {Colour} */ side) {
    hooks.announce(playedText(move, side, seatNames(settings), game.snapshot()));
    settle();
  }

  // Whatever the computer was asked is dropped; its worker keeps its tables.
  function stopThinking() {
    computer.forget();
    thinking = false;
  }

  // Puts the game `moves` on the board, with the settings `changes` changes.
  function replace(/** @type {string} */ moves, /** @type {Partial<BlocsRecord>} */ changes = {}) {
    Object.assign(settings, changes);
    stopThinking();
    const next = new BlocsGame({ moves });
    game.free();
    game = next;
    settle();
  }

  /**
   * Replaces the game by `moves`, with the settings `next` changes; the one in progress is put
   * aside (`said` says so) with a way back to it, which puts this one aside in its turn.
   * @param {Partial<BlocsRecord>} [next]
   */
  function startOver(moves = "", said = "A new game started; the one you were playing was put aside.", next = {}) {
    const before = { moves: game.transcript(), settings: { ...settings } };
    replace(moves, next);
    if (before.moves === "" || before.moves === moves) return;
    offerBack(said, () => {
      startOver(before.moves, "Your game is back; the one it replaced was put aside.", { ...before.settings, active: settings.active });
      hooks.announce(`Back to your game. ${statusLine(game.snapshot(), seatNames(settings), thinking)}`);
    });
  }

  return {
    /** Everything the page draws, read once per change; `friends` says the friend by link is to move. */
    snapshot() {
      const snap = game.snapshot();
      const mine = humanToMove(flowOf(settings), snap) && !thinking;
      const hints = settings.hints && mine ? game.hints() : [];
      return { snap: { ...snap, canUndo: snap.canUndo && !friendMovedLast(settings, snap) }, settings: { ...settings }, thinking, mine, friends: friendsTurn(settings, snap), hints, names: seatNames(settings), transcript: game.transcript() };
    },
    /** Why `move` cannot be played (the rules' reason), or null once it is played. */
    play(/** @type {string} */ move) {
      const why = game.refusal(move);
      if (why) return why;
      const side = game.snapshot().toMove;
      game.play(move);
      played(move, side);
      return null;
    },
    /** Undo (`back`) or redo; against the computer, on to a turn of the player's. */
    step(/** @type {boolean} */ back) {
      stopThinking();
      if (!stepGame(settings, game, back)) return false;
      settle();
      return true;
    },
    startOver,
    /** Plays on to `moves` (which replay and continue this game), with the settings `changes` changes: nothing is put aside. */
    continueTo: replace,
    /** Changes setting `name` to `value`. @template {keyof BlocsRecord} K @param {K} name @param {BlocsRecord[K]} value */
    set(name, value) {
      settings[name] = value;
      settle();
    },
    /** Says whether the Blocs page shows, and keeps that for the next visit. */
    setActive(/** @type {boolean} */ on) {
      settings.active = on;
      if (!on) stopThinking();
      save();
    },
    /** Draws and lets the computer move when it is its turn (the page has just been shown). */
    resume() {
      hooks.changed();
      proceed();
    },
    /** The game's moves and settings as they are now, as stored. */
    record,
  };
}
