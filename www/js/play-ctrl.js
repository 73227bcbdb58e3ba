// @ts-check
// The play page's controller: its state (one wasm Game, the only record of
// the game; the flow of flow.js: the mode and settings, the match and the
// phase; the map being made in free play; the pause, the pass notice and
// the hints) and the actions that change it. Every change ends in
// `refresh()`, which takes one snapshot of the game and hands it to the
// board and to the panels' views (play-view.js), then saves. The computer
// player is play-computer.js; app.js wires the page's controls to here.
import { colourName, moveText } from "./announce.js";
import { ASIDE_KEY, ASIDE_MOVES, createArchiver, IN_SAVED_GAMES, openEntry } from "./archive-hooks.js";
import { createBoard } from "./board.js";
import { allInside, byId, inside, sayFloating, showBoard } from "./dom.js";
import {
  afterMove,
  changesGame,
  controllerOf,
  controllers,
  hasComputer,
  humanToMove,
  mapEdited,
  mapMade,
  newGame as newFlow,
  nextAction,
  nextGame as nextFlow,
  PASS,
  passNoticeAfter,
  otherSide,
  pausable,
  resigner,
  resultLine,
  setupNames,
  whoPlays,
  sideChosen,
  SIDES,
  stepHistory,
  watched,
} from "./flow.js";
import { gameById, settingsForGame } from "./games.js";
import { squareIndex } from "./geometry.js";
import { setupHelp } from "./help.js";
import { Computer } from "./play-computer.js";
import { showAll, showPlayers, showSettings } from "./play-view.js";
import { defaultMap, presetsOf } from "./presets.js";
import { hintText } from "./render.js";
import { reviewable } from "./review.js";
import { createReviewer } from "./review-view.js";
import { copyText, linkFor, openPastedAddress, playersOf } from "./share.js";
import { fromGame, moveNumbers } from "./state.js";
import { gameOf, newId, save } from "./storage.js";
import { HINTS_HELP, marksHelp } from "./troll.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").Game} Game */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */
/** @typedef {import("../mapello.d.ts").Variant} Variant */
/** @typedef {import("./storage.js").Settings} Settings */
/** @typedef {import("./storage.js").SavedRecord} SavedRecord */
/** @typedef {import("./storage.js").SavedReview} SavedReview */
/** @typedef {import("./play-view.js").PlayFlow} PlayFlow */

/** A button on a notice: its label and what it does. @typedef {{ label: string, run: () => void }} NoticeAction */
/**
 * Shows `text` until dismissed, or until `moves` moves are played (then
 * what it speaks of is done or past), with `details` a disclosure away;
 * `key` replaces an earlier notice with it; each of `actions` (or the
 * single `action`) is a button (main.js).
 * @typedef {(text: string, options?: { key?: string, action?: NoticeAction | null, actions?: NoticeAction[], moves?: number, details?: string }) => void} Notify
 */
/**
 * What the map editor opens on (main.js, openEditor): its title, the map,
 * what hears each change and "Play this map", and the close button's
 * action (none: no close button).
 * @typedef {{ title: string, initialCode: string, onChange: (code: string) => void, onPlay: (code: string) => void, onClose: (() => void) | null }} EditorOptions
 */
/**
 * What the play page is given (main.js, through app.js's startApp).
 * @typedef {{
 *   Game: typeof import("../mapello.d.ts").Game,
 *   storage: Storage,
 *   notify: Notify,
 *   clearNotice: (key: string) => void,
 *   openEditor: (options: EditorOptions) => Promise<void>,
 *   closeEditor: () => void,
 *   showView: (view: string | null) => boolean,
 *   unsaved: (failed: boolean, link: () => string) => void,
 * }} PlayDeps
 */
/**
 * A game put aside, to bring back: its record as saved, its moves with
 * passes (`names`) and whether it was over.
 * @typedef {SavedRecord & { names: string[], over: boolean }} PutAside
 */

// What undo and redo say before the status line.
const STEP_SAID = { undo: "Move taken back.", redo: "Move replayed." };
// How long a refused click's explanation and the legal moves stay shown.
const REFUSAL_MS = 2500;

const $ = byId;

/**
 * The controller of the play page, started on `start`: `{ settings, game:
 * { map, variant, moves }, match, phase, review }`, already checked. See
 * app.js's `startApp` for `deps`.
 */
export class PlayCtrl {
  /**
   * @param {SavedRecord} start
   * @param {PlayDeps} deps
   */
  constructor(start, deps) {
    this.deps = deps;
    this.Game = deps.Game;
    this.help = setupHelp(deps.storage);
    this.archiver = createArchiver({ ...deps, session: sessionStorage, openEntry: (entry) => openEntry(this, entry) });
    this.computer = new Computer(this, deps);
    /** @type {PlayFlow} */
    this.flow = { settings: { ...start.settings }, match: start.match, phase: start.phase };
    this.game = this.newGameOf(start.game);
    // The game's id (storage.js): kept through every change that keeps the
    // game, new with each new game; its entry in the saved games has it.
    this.gameId = start.id ?? newId();
    // By game id, the names an imported game opened from the saved games gives its players (archive-store.js).
    /** @type {Record<string, import("./play-view.js").Named>} */
    this.named = start.named ? { [this.gameId]: start.named } : {};
    // In a game by link, how many of its first moves both browsers have:
    // sent, or received in a link. Those are not taken back.
    this.shared = start.shared ?? 0;
    // The map being set up in free play, before its game starts.
    this.draftMap = start.game.map;
    this.paused = false;
    this.passNotice = "";
    // The side whose resignation waits for its confirmation, or null.
    /** @type {Colour | null} */
    this.resigning = null;
    // The game the notice "Back to that game" offers, while it shows.
    /** @type {PutAside | null} */
    this.offered = null;
    /** @type {import("./state.js").BoardState["hints"]} */
    this.hints = [];
    // Until when the legal moves are shown after a refused click, whatever the setting.
    this.showLegalUntil = 0;
    this.refusalTimer = 0;
    // A transcript that loads on the game's map (see exampleMoves).
    this.example = { key: "", moves: "" };
    this.board = createBoard($("board", HTMLCanvasElement), fromGame(this.game.snapshot()), {
      onPlay: (square) => this.humanMove(square),
      onRefuse: (square) => this.refuseMove(square),
      onRing: (x, y) => this.refuseRing(x, y),
      onIdle: () => this.idleClick(),
    });
    this.reviewer = this.createReviewer();
    this.reviewer.load(start.review);
    /** @type {import("./analysis-view.js").AnalysisBoard | null} The analysis board, made on first use. */
    this.analysis = null;
    /** @type {import("./play-view.js").View["shown"]} The position analysis or review shows, which the player cards count. */
    this.shown = null;
    // The game's clocks (clock-view.js), loaded with the first game that
    // has a time control; until then, the clocks as saved.
    /** @type {import("./clock-view.js").Clocks | null} */
    this.clocks = null;
    /** @type {unknown} */
    this.savedClock = start.clock ?? null;
    /** @type {Promise<void> | null} */
    this.clocksLoading = null;
  }

  /**
   * Shows the position after the game's first `ply` moves on the analysis
   * board (analysis-view.js, loaded on first use); the game is untouched.
   * @param {number} ply
   */
  async analyse(ply) {
    if (this.reviewer.isOpen()) this.reviewer.close();
    try {
      this.analysis ??= (await import("./analysis-view.js")).createAnalysis({
        Game: this.Game,
        board: this.board,
        game: () => this.game,
        announce: (text) => this.announce(text),
        refuse: (text) => this.refuse(text),
        dismissRefusal: () => this.dismissRefusal(),
        onClose: () => this.refresh(),
        onShown: (game) => this.showOnCards(game),
        boardState: (snap, values) => ({
          ...fromGame(snap),
          showLegal: true,
          interactive: snap.status === "toMove",
          hints: values.map((h) => ({ index: squareIndex(snap.size, h.move), score: h.score })),
          // The analysed line's moves, the game's then the tried ones, numbered as the game's are.
          numbers: this.flow.settings.moveNumbers ? moveNumbers(snap.size, snap.moves) : [],
        }),
        values: this.computer.analyst(),
        words: { PASS, colourName, hintText, trollHelp: HINTS_HELP },
      });
    } catch (err) {
      this.deps.notify(`The analysis could not open: ${/** @type {Error} */ (err).message}. Your game is kept as it is.`, { key: "analysis" });
      return;
    }
    this.analysis.open(ply);
    // A question to resign the game is dropped: the player moved on to analyse.
    this.resigning = null;
    // The controls that act on the game wait while the analysis has the board (play-view.js).
    this.refresh();
  }

  // The game's review (review-view.js): while it is open it has the board,
  // and the game waits.
  createReviewer() {
    return createReviewer({
      Game: this.Game,
      board: this.board,
      record: () => this.record(),
      names: () => this.game.snapshot().moves,
      onOpen: () => {
        this.shown = null;
        this.analysis?.hide();
        this.stopComputer();
        this.refresh();
      },
      onClose: () => {
        this.refresh();
        this.proceed();
      },
      onSave: () => this.persist(),
      onPlayFrom: (/** @type {number} */ index, /** @type {string} */ opponent) => this.playFrom(index, opponent),
      onAnalyse: (/** @type {number} */ index) => this.analyse(index),
      onShown: (/** @type {Game} */ game) => this.showOnCards(game),
    });
  }

  /**
   * The player cards count `game`, the position analysis or review has put
   * on the board, until the board is the game's again.
   * @param {Game} game
   */
  showOnCards(game) {
    this.shown = { snap: game.snapshot(), race: game.race() };
    showPlayers({ flow: this.flow, ...this.shown, named: this.named[this.gameId] });
  }

  /**
   * A wasm Game of `record`, a game as saved or linked, whose name the Game
   * checks: it throws on one it does not know, as on a map or moves that
   * do not hold.
   * @param {import("./storage.js").GameRecord} record
   */
  newGameOf(record) {
    // A forfeit of a game already over throws, as a bad map or move does.
    return gameOf(this.Game, record);
  }

  // The first legal moves on the game's map, as a transcript, so the
  // transcript box shows a form that works here.
  /** @param {Snapshot} snap */
  exampleMoves({ variant }) {
    const map = this.game.mapCode();
    const start = this.game.startCode() || undefined;
    const key = `${variant} ${map} ${start}`;
    if (this.example.key !== key) {
      const probe = new this.Game({ variant, map, start });
      for (let k = 0; k < 3 && probe.snapshot().status === "toMove"; k += 1) probe.play(probe.snapshot().legal[0]);
      this.example = { key, moves: probe.transcript() };
      probe.free();
    }
    return this.example.moves;
  }

  // The page owns its one wasm Game: the one replaced is freed at once,
  // or its memory would stay taken until the page closes.
  /** @param {Game} next */
  replaceGame(next) {
    const old = this.game;
    this.game = next;
    old.free();
  }

  /**
   * The game as saved and linked: `{ map, variant, moves }`.
   * @param {Snapshot} [snap]
   * @returns {import("./storage.js").GameRecord}
   */
  record({ variant, forfeit } = this.game.snapshot()) {
    const start = this.game.startCode();
    const record = { map: this.game.mapCode(), variant, moves: this.game.transcript(), ...(start && { start }) };
    return forfeit ? { ...record, forfeit } : record;
  }

  // --- drawing the page from the state

  /**
   * Redraws the board and every panel from one snapshot (`snap`, when the
   * caller has just taken it), animating `move` when given, and saves.
   * @param {string | null} [move]
   * @param {Snapshot} [snap]
   */
  refresh(move = null, snap = this.game.snapshot()) {
    const { flow, reviewer } = this;
    // A pause outlives no change that takes its button away (a clock set to none).
    if (!pausable(flow)) this.paused = false;
    if (reviewer.isOpen() && !reviewer.current()) reviewer.hide();
    const reviewing = reviewer.isOpen();
    const humanTurn = humanToMove(flow, snap) && !reviewing;
    // The analysis follows the game's moves, and keeps the board while open.
    this.analysis?.follow(snap);
    if (!reviewing && !this.analysis?.isOpen()) {
      const showLegal = flow.settings.showLegal || performance.now() < this.showLegalUntil;
      const numbers = flow.settings.moveNumbers ? moveNumbers(snap.size, snap.moves) : [];
      this.board.set({ ...fromGame(snap), showLegal, interactive: humanTurn, hints: humanTurn ? this.hints : [], numbers }, move);
    }
    this.help.showGame(snap.variant, snap.cells);
    showAll({
      flow,
      snap,
      // Troll's race; null in the games scored by discs.
      race: this.game.race(),
      humanTurn,
      paused: this.paused,
      passNotice: this.passNotice,
      reviewing,
      analysing: this.analysis?.isOpen() ?? false,
      example: this.exampleMoves(snap),
      hintsShown: $("hints", HTMLInputElement).checked,
      expert: this.computer.expertPlays(),
      resigning: this.resigning,
      setUp: this.game.startCode() !== "",
      map: this.game.mapCode(),
      presets: presetsOf(snap.size),
      shown: reviewing || this.analysis?.isOpen() ? this.shown : null,
      named: this.named[this.gameId],
    });
    this.analysis?.markList();
    if (this.sent(snap)) $("undo", HTMLButtonElement).disabled = true;
    this.showCorresp();
    this.syncClocks(snap);
    this.persist(snap);
  }

  /**
   * Whether undo would take back a move of a game by link that the friend has.
   * @param {Snapshot} snap
   */
  sent(snap) {
    return this.flow.settings.mode === "corresp" && snap.moves.length <= this.shared;
  }

  // A game by link's panel (corresp-view.js), loaded when first shown.
  showCorresp() {
    if (this.flow.settings.mode !== "corresp" && !document.getElementById("corresp")) return;
    import("./corresp-view.js")
      .then((view) => view.showCorresp(this))
      .catch((err) => this.deps.notify(`The link to send could not be shown: ${err instanceof Error ? err.message : err}`, { key: "corresp" }));
  }

  /**
   * Starts a game by link in the game and map on the board, the settings
   * open to choose a colour; on a phone, where they would fill the screen,
   * the panel that says what to do next comes into view instead.
   */
  playByLink() {
    // A position just set up is the one to play by link.
    const game = this.record();
    if (game.start && !game.moves) this.playPosition(game, "corresp");
    else this.changeSetting("mode", "corresp");
    if ($("settings-toggle").offsetParent) {
      // After showCorresp's own import has drawn the panel under the board:
      // the cards at the top, the board and the panel's first lines follow;
      // above them the notice of a game put aside, if one was, which is the
      // way back to it.
      const top = () => document.querySelector(`#notices [data-key="${ASIDE_KEY}"]`) ?? document.querySelector(".players");
      import("./corresp-view.js").then(() => top()?.scrollIntoView());
      return;
    }
    $("setup").classList.remove("collapsed");
    $("settings-toggle").setAttribute("aria-expanded", "true");
    $("human-colour").focus();
  }

  /**
   * The clocks follow the game to `snap`; the first game with a time
   * control loads them.
   * @param {Snapshot} snap
   */
  syncClocks(snap) {
    if (this.clocks) return this.clocks.sync(snap);
    if (this.flow.settings.clock === "none" || this.clocksLoading) return;
    this.clocksLoading = import("./clock-view.js").then(({ Clocks }) => {
      this.clocks = new Clocks(this, this.savedClock);
      this.refresh();
    });
  }

  /** Whether the computer plays a side: its clock never stops for a hidden page. */
  computerPlays() {
    return hasComputer(this.flow);
  }

  /**
   * The clocks start again for a new game, or as `saved` with a game brought back.
   * @param {unknown} [saved]
   */
  restartClocks(saved = null) {
    this.savedClock = saved;
    this.clocks?.load(saved);
  }

  // Saves the page's state; a failed save is said at once (main.js), and
  // the next change tries again.
  /** @param {Snapshot} [snap] */
  persist(snap = this.game.snapshot()) {
    const record = this.archiver.beforeSave(this.current(snap));
    this.deps.unsaved(!save(this.deps.storage, record), () => this.gameLink());
    if (snap.status === "gameOver") this.archiver.ended(record);
  }

  /**
   * Everything a reload needs, as saved.
   * @param {Snapshot} [snap]
   * @returns {SavedRecord}
   */
  current(snap = this.game.snapshot()) {
    const { settings, match, phase } = this.flow;
    const review = phase === "setup" ? null : this.reviewer.current();
    const game = phase === "setup" ? { ...this.record(snap), map: this.draftMap, moves: "" } : this.record(snap);
    const clock = this.clocks ? this.clocks.saved() : this.savedClock;
    // Moves loaded over a game by link may leave fewer moves than were sent.
    const shared = settings.mode === "corresp" ? Math.min(this.shared, snap.moves.length) : 0;
    const named = this.named[this.gameId];
    return { settings, game, match, phase, review, ...(clock ? { clock } : {}), ...(shared ? { shared } : {}), ...(named ? { named } : {}), id: this.gameId };
  }

  /** @param {string} text */
  announce(text) {
    const live = $("announcer");
    live.textContent = "";
    requestAnimationFrame(() => {
      live.textContent = text;
    });
  }

  // --- playing

  /**
   * Plays `move` (notation, or PASS) for the side to move.
   * @param {string} move
   */
  play(move) {
    $("refusal").textContent = "";
    this.showLegalUntil = 0;
    const before = this.game.snapshot();
    this.game.play(move);
    this.computer.moved();
    this.movedOn();
    this.hints = [];
    const after = this.game.snapshot();
    // The game took the move, so it was under way, with a side to move.
    const colour = /** @type {Colour} */ (before.toMove);
    const k = SIDES.indexOf(colour);
    this.passNotice = passNoticeAfter(this.flow, this.passNotice, colour, move);
    let news = move === PASS ? this.passNotice : moveText(colour, move, after.flipped.length, after.taken[k] > before.taken[k]);
    if (after.status === "gameOver") news += ` Game over. ${resultLine(this.flow, after)}`;
    this.flow = afterMove(this.flow, after);
    this.refresh(move === PASS ? null : move, after);
    this.announce(news);
    this.proceed(after);
  }

  /**
   * A notice that lasts some moves (main.js's notify) goes once they are
   * played: one by one, or `count` at once from a pasted transcript.
   * @param {number} [count]
   */
  movedOn(count = 1) {
    for (const box of allInside(document, "#notices [data-moves]")) {
      const left = Number(box.dataset.moves) - count;
      if (left > 0) box.dataset.moves = String(left);
      else box.remove();
    }
  }

  // A click where no move can be made: say why (the rules' own words), and
  // show where moves can go.
  /** @param {string} square */
  refuseMove(square) {
    if (this.analysis?.isOpen()) return this.analysis.refuse(square);
    // The board refuses only squares where no move can be made (board.js), which the rules refuse too.
    const { message } = /** @type {{ message: string }} */ (this.game.refusal(square));
    this.refuseShowingMoves(message);
  }

  // A click on the ring around the board: what is there, and where moves go.
  /**
   * @param {number} x
   * @param {number} y
   */
  refuseRing(x, y) {
    const said = this.game.ringRefusal(x, y);
    if (said) this.refuseShowingMoves(said.message);
  }

  /**
   * Says the rules' `message` for a click that plays nothing, with where
   * moves can go, and shows them for a while.
   * @param {string} message
   */
  refuseShowingMoves(message) {
    const { variant, toMove } = this.game.snapshot();
    const where = variant === "troll" ? marksHelp(toMove) : "The dots show where you can play.";
    this.showLegalUntil = performance.now() + REFUSAL_MS;
    this.refuse(`${message} ${where}`);
  }

  // A click on the board while the computer or a friend by link is to
  // move: whose move it is, so that the board never seems to be frozen.
  idleClick() {
    const snap = this.game.snapshot();
    if (this.flow.phase !== "play" || snap.status !== "toMove" || this.reviewer.isOpen() || this.analysis?.isOpen()) return;
    const controller = controllerOf(this.flow, snap.toMove);
    if (controller === "friend") this.refuse("It is your friend's move: send them the link, then open the one they send back.");
    else if (watched(this.flow)) this.refuse("The computer plays both sides here: choose another mode in the settings to play.");
    else if (controller === "computer") this.refuse("The computer is thinking; your turn comes after its move.");
  }

  /**
   * Says `text` under the board and to screen readers, for a while.
   * @param {string} text
   */
  refuse(text) {
    sayFloating($("refusal"), text);
    this.announce(text);
    clearTimeout(this.refusalTimer);
    this.refusalTimer = setTimeout(() => {
      $("refusal").textContent = "";
      this.refresh();
    }, REFUSAL_MS);
    this.refresh();
  }

  /**
   * Takes the refusal away before its time (a move tried in the analysis,
   * which opens or closes); the legal moves it showed stay until its time
   * is up.
   */
  dismissRefusal() {
    $("refusal").textContent = "";
  }

  /** @param {string} square */
  humanMove(square) {
    if (this.analysis?.isOpen()) return this.analysis.play(square);
    if (this.refusedPaused()) return;
    if (humanToMove(this.flow, this.game.snapshot())) this.play(square);
  }

  /** True, and said, when the clocks are paused: nobody moves until Resume. */
  refusedPaused() {
    if (this.paused) this.refuse("The game is paused: press Resume to play on.");
    return this.paused;
  }

  /**
   * What happens next without the user: a pass forced on a side when a
   * computer plays, the computer's move, or hints for the human; `snap`
   * is the game's snapshot when the caller has it.
   * @param {Snapshot} [snap]
   */
  proceed(snap = this.game.snapshot()) {
    if (this.reviewer.isOpen()) return;
    const action = nextAction(this.flow, snap, { paused: this.paused, hints: $("hints", HTMLInputElement).checked });
    if (action === "pass") this.play(PASS);
    else if (action === "think") this.computer.think();
    else if (action === "hints") this.computer.hints();
  }

  /**
   * The computer's values of the legal moves arrived.
   * @param {import("./state.js").BoardState["hints"]} hints
   */
  showHints(hints) {
    this.hints = hints;
    this.refresh();
  }

  /** Stops the computer (and hints) and forgets any answer on its way. */
  stopComputer() {
    this.computer.stop();
    this.hints = [];
  }

  // --- controls

  /**
   * Undo or redo (`step`); a watched game pauses there, to be looked at.
   * @param {"undo" | "redo"} step
   */
  stepGame(step) {
    if (step === "undo" && this.sent(this.game.snapshot())) return;
    this.stopComputer();
    // What was said of the position left behind ("the computer is thinking") is not this one's.
    this.dismissRefusal();
    this.passNotice = "";
    if (watched(this.flow)) this.paused = true;
    if (!stepHistory(this.flow, this.game, step)) return this.refresh();
    this.refresh();
    this.announce(`${STEP_SAID[step]} ${$("status").textContent}`);
    this.proceed();
  }

  /** Pauses or resumes a watched game, or the clocks of people's game (flow.js pausable). */
  togglePause() {
    this.paused = !this.paused;
    this.dismissRefusal();
    if (this.paused) this.stopComputer();
    this.refresh();
    this.announce(this.paused ? "Paused." : "Resumed.");
    this.proceed();
  }

  /**
   * Ends the game under way: `loser` resigned (from the Resign button,
   * once confirmed) or ran out of time. The rules score it; a match
   * records it as lost for that side.
   * @param {"resigned" | "time"} cause
   * @param {Colour} loser
   */
  forfeit(cause, loser) {
    if (this.flow.phase !== "play" || this.game.snapshot().status === "gameOver") return;
    this.stopComputer();
    this.game.forfeit(cause, loser);
    const after = this.game.snapshot();
    this.flow = afterMove(this.flow, after);
    this.refresh(null, after);
    this.announce(`Game over. ${resultLine(this.flow, after)}`);
  }

  /** The Resign button: asks whoever may resign now to confirm. */
  askResign() {
    const side = resigner(this.flow, this.game.snapshot());
    if (!side) return;
    const question = `Resign this game as ${colourName(side).toLowerCase()}? ${whoPlays(this.flow, otherSide(side))} wins it.`;
    $("resign-question").textContent = question;
    this.resigning = side;
    this.refresh();
    $("resign-no").focus();
    this.announce(question);
  }

  /**
   * The answer to the question: resign (`yes`), or play on.
   * @param {boolean} yes
   */
  answerResign(yes) {
    const side = this.resigning;
    this.resigning = null;
    if (side && yes && side === resigner(this.flow, this.game.snapshot())) {
      this.forfeit("resigned", side);
      $("next-game").focus();
      return;
    }
    this.refresh();
    $("resign").focus();
  }

  /** The pass button: the person to move passes. */
  pass() {
    if (this.refusedPaused()) return;
    const { status, toMove } = this.game.snapshot();
    if (this.flow.phase === "play" && status === "mustPass" && controllerOf(this.flow, toMove) === "human") this.play(PASS);
  }

  /**
   * Hints were switched on or off.
   * @param {boolean} on
   */
  hintsToggled(on) {
    if (!on) this.stopComputer();
    this.refresh();
    this.proceed();
  }

  // What was said of the game before (a paste refused, moves copied), and
  // a transcript pasted for it, are not a new one's.
  clearWords() {
    $("paste", HTMLTextAreaElement).value = "";
    $("paste-error").textContent = "";
    $("copied").textContent = "";
  }

  /** @param {string} [map] */
  startGame(map = this.game.mapCode()) {
    this.stopComputer();
    // A new game leaves nothing to analyse.
    this.analysis?.hide();
    this.passNotice = "";
    this.resigning = null;
    this.restartClocks();
    this.shared = 0;
    this.gameId = newId();
    this.replaceGame(new this.Game({ variant: this.game.snapshot().variant, map }));
    this.draftMap = map;
    this.deps.clearNotice("computer");
    this.clearWords();
    this.refresh();
    // A match's next game is announced with the score so far, as its panel shows it.
    const said = this.flow.match?.games.length ? `${$("match-title").textContent}. ${$("match-leader").textContent}` : "New game.";
    this.announce(`${said} ${$("status").textContent}`);
    this.proceed();
  }

  /** A new game in the current mode; a new match for series and free play. */
  newGame() {
    this.stopComputer();
    this.deps.closeEditor();
    this.paused = false;
    this.flow = newFlow(this.flow.settings);
    this.startPhase();
  }

  /** The next game of the match, or a new game. */
  nextGame() {
    if (!this.flow.match) return this.newGame();
    this.flow = nextFlow(this.flow);
    this.startPhase();
  }

  // Starts what the flow's new phase asks for: a map to make, or a game.
  startPhase() {
    this.gameId = newId();
    if (this.flow.phase === "setup") this.beginSetup();
    else this.startGame();
  }

  beginSetup() {
    this.stopComputer();
    this.draftMap = this.game.mapCode();
    this.refresh();
    this.showEditor(`${setupNames(this.flow).maker}: set up the map, then press “Play this map”.`, (code) => {
      this.draftMap = code;
      this.flow = mapMade(this.flow);
      // The board shows the map being chosen on.
      this.replaceGame(new this.Game({ variant: this.game.snapshot().variant, map: code }));
      this.deps.closeEditor();
      this.refresh();
      this.announce($("choose-text").textContent);
      inside($("choose"), "button").focus();
    });
  }

  /**
   * Free play: the chooser takes `colour`.
   * @param {Colour} colour
   */
  choose(colour) {
    const chosen = sideChosen(this.flow, colour);
    if (chosen === this.flow) return;
    this.flow = chosen;
    this.startGame(this.draftMap);
  }

  /**
   * On a phone the settings fold away (wider screens always show them),
   * so what starts next is at the top of the screen.
   */
  foldSettings() {
    $("setup").classList.add("collapsed");
    $("settings-toggle").setAttribute("aria-expanded", "false");
  }

  /**
   * @param {string} title
   * @param {(code: string) => void} onPlay
   */
  showEditor(title, onPlay) {
    this.foldSettings();
    const setup = this.flow.phase === "setup";
    this.deps.openEditor({
      title,
      initialCode: setup ? this.draftMap : this.game.mapCode(),
      onChange: (code) => {
        if (this.flow.phase === "setup") {
          this.draftMap = code;
          this.refresh();
        }
      },
      onPlay,
      onClose: setup ? null : () => this.deps.closeEditor(),
    });
  }

  /** "Edit map": free play's turn at making the map, or a new game on an edited one. */
  editMap() {
    if (this.flow.phase === "setup") return this.beginSetup();
    this.showEditor("Edit the map, then press “Play this map” to start a game on it.", (code) => this.playMap(code));
  }

  /**
   * A new game on the map of share code `code` (edited, or chosen in the
   * settings), the game it replaces a click away; a series starts over.
   * @param {string} code
   */
  playMap(code) {
    this.replacing(() => {
      this.deps.closeEditor();
      this.flow = mapEdited(this.flow);
      this.startGame(code);
    });
  }

  /** Replays the transcript pasted in the box; a bad one is refused and the game kept. */
  loadMoves() {
    const text = $("paste", HTMLTextAreaElement).value.trim();
    const error = $("paste-error");
    if (!text) {
      error.textContent = "Paste some moves first: the box is empty, so the game is unchanged.";
      return;
    }
    if (openPastedAddress(text, $("paste", HTMLTextAreaElement), error)) return;
    this.stopComputer();
    const before = this.toBringBack();
    try {
      if (this.flow.phase !== "play") throw new Error("finish setting up the game first");
      this.game.loadMoves(text);
      // Moves that do not continue the game make another game.
      if (!this.continues(before)) this.gameId = newId();
      this.restartClocks();
      error.textContent = "";
      this.passNotice = "";
      this.refresh();
      this.announce(`Moves loaded. ${$("status").textContent}`);
      const snap = this.game.snapshot();
      const loaded = afterMove(this.flow, snap);
      if (loaded !== this.flow) {
        this.flow = loaded;
        this.refresh();
      }
      // The moves pasted count as played for the notices that last some moves.
      const kept = this.continues(before) ? before.names.length : 0;
      this.movedOn(snap.moves.length - kept);
      // The box is far below the board on a phone: the game loaded comes
      // into view, and then the notice of a game put aside, above it.
      showBoard();
      this.offerReturn(before, "The moves were loaded; the game you were playing was put aside.");
    } catch (err) {
      error.textContent = `Those moves could not be loaded: ${/** @type {Error} */ (err).message}. The game is unchanged.`;
      this.refresh();
    }
    this.proceed();
  }

  /**
   * Copies `text` (`what` names it), saying so in `out`.
   * @param {string} text
   * @param {string} what
   * @param {HTMLElement} [out]
   */
  async copy(text, what, out = $("copied")) {
    const done = await copyText(text);
    out.textContent = done ? `${what} copied: ${text}` : `Copy this ${what.toLowerCase()}: ${text}`;
    out.dataset.value = text;
  }

  /**
   * A setting changed: a new game, unless the setting keeps the game (flow.js).
   * @param {keyof Settings} name
   * @param {Settings[keyof Settings]} value
   */
  changeSetting(name, value) {
    const before = this.toBringBack();
    this.flow = { ...this.flow, settings: { ...this.flow.settings, [name]: value } };
    if (!changesGame(name)) {
      this.refresh();
      // The analysis board draws the settings it shares with the game's (move numbers).
      this.analysis?.redraw();
      if (name.startsWith("level")) this.computer.levelChanged();
      if (name === "showEval") this.computer.redraw();
      return;
    }
    this.newGame();
    this.offerReturn(before);
  }

  /**
   * Another game, or the same on another board size: a new game (a new
   * match in a series) on the game's starting map for that size.
   * @param {string} id
   * @param {number} wanted
   */
  changeGame(id, wanted) {
    // The chooser offers the catalogue's games (app.js).
    const chosen = /** @type {import("./games.js").GameEntry} */ (gameById(id));
    // A game with a page of its own takes over; back from it, the game
    // left on the board is still there.
    if (chosen.view) return this.deps.showView(chosen.view);
    // Any other is a game of the board's: one the wasm Game plays.
    const variant = /** @type {Variant} */ (id);
    const old = this.game.snapshot();
    if (this.deps.showView(null) && variant === old.variant) return showSettings({ flow: this.flow, snap: old, setUp: this.game.startCode() !== "", map: this.game.mapCode(), presets: presetsOf(old.size) });
    const before = this.toBringBack();
    // A game played on fewer sizes (Troll: 8 x 8 alone) starts on its own;
    // either is one of the catalogue's sizes, which the wasm Game plays.
    const size = /** @type {6 | 8 | 10} */ (chosen.sizes.includes(wanted) ? wanted : this.defaultSize(variant));
    const playable = settingsForGame(this.flow.settings, variant);
    const leftFreePlay = playable !== this.flow.settings;
    this.flow = { ...this.flow, settings: playable };
    // A game without maps starts on the empty board of its size.
    /** @type {import("../mapello.d.ts").GameOptions} */
    let start = { variant, size };
    if (chosen.maps && old.variant === variant && old.size === size) start = { variant, map: this.game.mapCode() };
    else if (chosen.maps) start = { variant, map: defaultMap(size) };
    this.replaceGame(new this.Game(start));
    this.newGame();
    this.offerReturn(before);
    if (leftFreePlay) {
      this.deps.notify(`Free play takes turns at making maps, which ${chosen.name} has none of: this is a series between two players instead.`, {
        key: "freeplay",
      });
    }
  }

  // The board size a game of `variant` starts on when none is asked for:
  // that of a Game made without one, as the rules have it.
  /** @param {Variant} variant */
  defaultSize(variant) {
    const blank = new this.Game({ variant });
    const { size } = blank.snapshot();
    blank.free();
    return size;
  }

  /**
   * A new game from the position before move `index` of this one, the
   * side to move played by the person at the screen against the computer,
   * or by two people; the game it came from can be brought back.
   * @param {number} index
   * @param {string} opponent
   */
  playFrom(index, opponent) {
    const before = this.toBringBack();
    const moves = this.game.snapshot().moves.slice(0, index).join(" ");
    this.stopComputer();
    this.game.loadMoves(moves);
    this.gameId = newId();
    this.restartClocks();
    const side = this.game.snapshot().toMove ?? SIDES[0];
    const mode = opponent === "computer" ? "computer" : "hotseat";
    this.flow = newFlow({ ...this.flow.settings, mode, humanColour: side });
    this.passNotice = "";
    this.refresh();
    this.announce(`Playing on from move ${index + 1}. ${$("status").textContent}`);
    this.offerReturn(before);
    this.proceed();
  }

  /**
   * A new game from a position set up in the position mode
   * (position-view.js): `mode` "computer" or "corresp" (the person at the
   * screen has the side to move), "hotseat", or "analyse" (two people, with hints).
   * @param {import("./storage.js").GameRecord} game
   * @param {string} mode
   */
  playPosition(game, mode) {
    const probe = this.newGameOf(game);
    const side = probe.snapshot().toMove ?? SIDES[0];
    probe.free();
    const settings = { ...this.flow.settings, mode: mode === "analyse" ? "hotseat" : mode, humanColour: side };
    $("hints", HTMLInputElement).checked = mode === "analyse" || ($("hints", HTMLInputElement).checked && mode !== "computer");
    this.replacing(() => this.open({ ...newFlow(/** @type {Settings} */ (settings)), game, review: null }));
    this.announce(`Playing the position you set up. ${$("status").textContent}`);
  }

  /**
   * A share link to the game, opening in review mode at `review` (a review level) when given.
   * @param {number} [review]
   */
  gameLink(review) {
    const players = playersOf(controllers(this.flow));
    return linkFor(location.href, { ...this.record(), players, review });
  }

  // --- going back to what a change replaced

  // Everything a new game replaces, to bring back.
  /** @returns {PutAside} */
  toBringBack() {
    const snap = this.game.snapshot();
    return { ...this.current(snap), settings: { ...this.flow.settings }, names: snap.moves, over: snap.status === "gameOver" };
  }

  // Whether the game and match now on the page still hold all that
  // `before` held: the same game and map, played on from where it was.
  /** @param {PutAside} before */
  continues(before) {
    const now = this.game.snapshot();
    const sameGame = before.game.variant === now.variant && before.game.map === this.game.mapCode() && (before.game.start ?? "") === this.game.startCode();
    const sameMatch = (before.match?.games.length ?? 0) === 0 || before.match === this.flow.match;
    return sameGame && sameMatch && before.names.every((move, i) => now.moves[i] === move);
  }

  // Whether `before` is a finished game of the match still on the page:
  // the match's score keeps it, and Saved games has it since it ended.
  /** @param {PutAside} before */
  recorded(before) {
    return before.over && !!before.match && before.match === this.flow.match;
  }

  /**
   * After a change replaced a game in progress (or a match under way), a
   * notice offers to bring it back; nothing is lost by a stray click.
   * @param {PutAside} before
   * @param {string | null} [said]
   */
  offerReturn(before, said = null) {
    // A position set up and not played yet has no place in Saved games, but its way back.
    const setUp = !before.names.length && before.game.start;
    const played = before.names.length > 0 || (before.match?.games.length ?? 0) > 0 || setUp;
    if (!played || this.continues(before) || this.recorded(before)) return;
    this.archiver.aside(before);
    this.offered = before;
    // A match with games played goes aside whole: its standing comes back
    // by this notice alone, its games are in Saved games.
    const match = (before.match?.games.length ?? 0) > 0 ? (before.match?.kind === "series" ? "series" : "match") : null;
    const aside = match ? `the ${match} you were playing was put aside with its standing` : before.over ? "the finished one was put aside" : "the one you were playing was put aside";
    const kept = setUp ? "" : match ? " Its games are in Saved games too." : ` ${IN_SAVED_GAMES}`;
    this.deps.notify(`${said ?? `A new game started; ${aside}.`}${kept}`, {
      key: ASIDE_KEY,
      // A set-up position is not in Saved games: its notice is the one way back.
      moves: setUp ? 0 : ASIDE_MOVES,
      action: {
        label: `Back to that ${match ?? "game"}`,
        run: () => {
          this.deps.clearNotice(ASIDE_KEY);
          this.restore(before);
        },
      },
    });
  }

  /**
   * Takes away the notice "Back to that game" once its game is on the
   * board again by another way (opened from Saved games), where its button
   * would do nothing.
   */
  dropStaleOffer() {
    if (!this.offered || !this.continues(this.offered)) return;
    this.deps.clearNotice(ASIDE_KEY);
    this.offered = null;
  }

  /**
   * Runs `change`, which replaces the game, keeping a way back to it.
   * @param {() => void} change
   */
  replacing(change) {
    const before = this.toBringBack();
    change();
    this.offerReturn(before);
  }

  /**
   * Brings back a game put aside; the one it replaces is put aside in its
   * turn, so going back never loses the other game.
   * @param {SavedRecord} saved
   */
  restore(saved) {
    const replaced = this.toBringBack();
    this.open(saved);
    this.offerReturn(replaced, "Your game is back; the one it replaced was put aside.");
    this.announce(`Back to your game. ${$("status").textContent}`);
  }

  /**
   * Replaces the whole state by `next`, checked as `start` is: a link
   * opened in this tab, or a game put back.
   * @param {SavedRecord} next
   */
  open(next) {
    const opened = this.newGameOf(next.game);
    // A game of the board comes back to the board, from Blocs's page too.
    this.deps.showView(null);
    this.reviewer.hide();
    this.analysis?.hide();
    this.stopComputer();
    this.deps.closeEditor();
    this.deps.clearNotice("computer");
    this.clearWords();
    this.paused = false;
    this.passNotice = "";
    this.resigning = null;
    this.flow = { settings: { ...next.settings }, match: next.match, phase: next.phase };
    this.restartClocks(next.clock);
    this.shared = next.shared ?? 0;
    // A game brought back or opened from the saved games keeps its id; any other is a new game.
    this.gameId = next.id ?? newId();
    if (next.named) this.named[this.gameId] = next.named;
    this.replaceGame(opened);
    this.draftMap = next.game.map;
    this.reviewer.load(next.review);
    this.begin(next.review);
  }

  /**
   * Starts on the state; `review` is the one saved or linked with it, open
   * again when it was being looked at.
   * @param {SavedReview | null} [review]
   */
  begin(review = null) {
    this.refresh();
    if (this.flow.phase === "setup") this.beginSetup();
    else if (review?.shown && reviewable(this.game.snapshot().variant)) this.reviewer.open(review.level);
    else this.proceed();
  }
}
