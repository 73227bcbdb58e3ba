// @ts-check
// The computer player of the play page: its moves and the hints, searched
// in the worker (ai-client.js), with the page's pace around them and its
// panel ("… is thinking", the search's progress, "Move now"'s countdown).
// It reads the game and the flow from the controller (play-ctrl.js) and
// answers through it: `ctrl.play(move)`, `ctrl.showHints(hints)`.
import { Cancelled, createAiClient } from "./ai-client.js";
import { flipDuration } from "./anim.js";
import { colourName, lineText } from "./announce.js";
import { byId, inside } from "./dom.js";
import { controllerOf, levelOf, nameOf, SIDES, watched } from "./flow.js";
import { squareIndex } from "./geometry.js";
import { formatNodes, isExpert, movesAhead, progressLine, timeLeft } from "./levels.js";
import { showProgress, showThinking } from "./play-view.js";
import { trollOutlook } from "./troll.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("./play-ctrl.js").PlayCtrl} PlayCtrl */
/** @typedef {import("./worker-client.js").Reply} Reply */

/**
 * A search's report, as ai-client.js hands it on once checked: the wasm
 * `Analysis`, the milliseconds the search has taken, and on how many cores
 * when the worker split it (`parts`) or its solves shared them (`threads`).
 * @typedef {Reply & import("../mapello.d.ts").Analysis & { ms: number, parts?: number, threads?: number }} Progress
 */
/** The answer to a move request, `early` when "Move now" cut its search short. @typedef {Progress & { early?: boolean }} MoveAnswer */
/** The answer to a hints request: every legal move's value. @typedef {Reply & { hints: { move: string, score: number }[] }} HintsAnswer */
/** A search for the computer's move: its token, the side it moves, and who that is. @typedef {{ mine: number, toMove: Colour, troll: boolean, who: string }} Search */
/**
 * What the computer's panel tells of a search: its last report, then its
 * answer, `played` once the move is on the board.
 * @typedef {{ search: Search, report?: Progress, answer?: MoveAnswer, played?: boolean }} Told
 */

// In computer-vs-computer games, moves come at most this often, to be
// watched; "fast" does not wait at all.
/** @type {Record<import("./storage.js").WatchSpeed, number>} */
const WATCH_PACE_MS = { slow: 1500, normal: 600, fast: 0 };
// Against a person, the computer's move waits until the person's own move
// has finished turning its discs, then this long more, so both are seen.
const REPLY_PAUSE_MS = 350;
// Hints search at this level at most, so they come quickly.
const HINT_LEVEL = 6;

const $ = byId;

/** The computer player of `ctrl`'s game; `notify` and `clearNotice` show and clear notices. */
export class Computer {
  /**
   * @param {PlayCtrl} ctrl
   * @param {Pick<import("./play-ctrl.js").PlayDeps, "notify" | "clearNotice">} deps
   */
  constructor(ctrl, { notify, clearNotice }) {
    this.ctrl = ctrl;
    this.notify = notify;
    this.clearNotice = clearNotice;
    this.ai = createAiClient(new URL("./ai-worker.js", import.meta.url));
    // Bumped whenever an answer in flight stops being wanted.
    this.token = 0;
    this.paceTimer = 0;
    // The search has reported (its worker is loaded and running).
    this.searching = false;
    // The level changed before that: the answer is dropped and it thinks again.
    this.rethink = false;
    // The timer of a timed search's countdown ("Move now" and its bar), or 0.
    this.countdown = 0;
    this.lastMoveAt = 0;
    /** What the panel tells, drawn again when the evaluation is switched on or off. @type {Told | null} */
    this.told = null;
  }

  /** A move was just played: the next reply keeps its pace from now. */
  moved() {
    this.lastMoveAt = performance.now();
  }

  /** Plays the best move found so far of a timed search ("Move now"). */
  moveNow() {
    this.ai.moveNow();
  }

  /** The computer's move in the game on the board. */
  think() {
    // Hints still searching would hold up the computer's move behind them.
    this.ai.cancel();
    const mine = ++this.token;
    const snap = this.ctrl.game.snapshot();
    const { legal, variant } = snap;
    // The computer thinks only in a game under way (flow.js, nextAction).
    const toMove = /** @type {Colour} */ (snap.toMove);
    /** @type {Search} */
    const search = { mine, toMove, troll: variant === "troll", who: nameOf(this.ctrl.flow, toMove) };
    this.tell({ search });
    const panel = $("thinking");
    // When the search ran, in the page's clock: the long-task test reads it.
    panel.dataset.started = String(performance.now());
    delete panel.dataset.finished;
    this.searching = false;
    this.rethink = false;
    this.stopCountdown();
    // The client hands on only the reports and answers it has checked (ai-client.js).
    const onProgress = (/** @type {Reply} */ p) => this.progressed(search, /** @type {Progress} */ (p));
    const level = levelOf(this.ctrl.flow, toMove);
    const clockMs = this.ctrl.clocks?.moveBudget(toMove);
    this.ai.request("move", this.ctrl.record(), level, { legal, onProgress, timed: true, clockMs }).then(
      (result) => this.answered(search, /** @type {MoveAnswer} */ (result)),
      (err) => this.failed(mine, err),
    );
  }

  /**
   * @param {Search} search
   * @param {Progress} p
   */
  progressed(search, p) {
    if (search.mine !== this.token) return;
    this.searching = true;
    this.tell({ search, report: p });
    const { timeMs } = p;
    if (timeMs !== undefined && Number.isFinite(timeMs) && !this.countdown) this.startCountdown(p.ms, timeMs);
  }

  /**
   * @param {Search} search
   * @param {MoveAnswer} result
   */
  answered(search, result) {
    const { mine } = search;
    if (mine !== this.token) return;
    this.stopCountdown();
    if (this.rethink) {
      this.rethink = false;
      this.ctrl.proceed();
      return;
    }
    const panel = $("thinking");
    panel.dataset.finished = String(performance.now());
    panel.dataset.ms = String(Math.round(result.ms));
    const wait = Math.max(0, this.lastMoveAt + this.replyDelay() - performance.now());
    const report = this.told?.report;
    // A move held back for the pace is not on the board yet.
    this.tell({ search, report, answer: result, played: wait <= 0 });
    const go = () => {
      if (mine !== this.token) return;
      this.tell({ search, answer: result, played: true });
      this.ctrl.play(result.move);
    };
    if (wait > 0) this.paceTimer = setTimeout(go, wait);
    else go();
  }

  // How long after the last move the computer's reply may come: watched
  // games keep a pace; a person's move first finishes turning its discs.
  replyDelay() {
    const { flow } = this.ctrl;
    if (watched(flow)) return WATCH_PACE_MS[flow.settings.watchSpeed];
    return flipDuration(matchMedia("(prefers-reduced-motion: reduce)").matches) + REPLY_PAUSE_MS;
  }

  /** The value of each legal move, for the person to move. */
  hints() {
    const mine = ++this.token;
    this.ai.cancel();
    const { flow, game } = this.ctrl;
    this.ai.request("hints", this.ctrl.record(), Math.min(flow.settings.level, HINT_LEVEL), { legal: game.snapshot().legal }).then(
      (reply) => {
        if (mine !== this.token) return;
        const size = this.ctrl.game.snapshot().size;
        // Checked by the client: every hint is of a legal move (ai-client.js).
        const result = /** @type {HintsAnswer} */ (reply);
        this.ctrl.showHints(result.hints.map((h) => ({ index: squareIndex(size, h.move), score: h.score })));
      },
      (err) => this.failed(mine, err),
    );
  }

  /**
   * @param {number} mine
   * @param {Error} err
   */
  failed(mine, err) {
    if (err instanceof Cancelled || mine !== this.token) return;
    this.stopCountdown();
    this.tell(null);
    this.notify(`The computer player stopped: ${err.message}. Your game is kept as it is.`, {
      key: "computer",
      action: {
        label: "Try again",
        run: () => {
          this.clearNotice("computer");
          this.ctrl.proceed();
        },
      },
    });
  }

  /**
   * The analysis board's values of a position's moves, from a worker of
   * their own, so the game's moves are never kept waiting.
   */
  analyst() {
    /** @type {ReturnType<typeof createAiClient> | null} */
    let ai = null;
    return {
      /**
       * @param {import("./analysis-view.js").GameRecord} record
       * @param {string[]} legal
       */
      ask: async (record, legal) => {
        ai ??= createAiClient(new URL("./ai-worker.js", import.meta.url));
        // Checked by the client: every hint is of a legal move (ai-client.js).
        return /** @type {HintsAnswer} */ (await ai.request("hints", record, HINT_LEVEL, { legal })).hints;
      },
      cancel: () => ai?.cancel(),
    };
  }

  /** Stops the computer (and hints) and forgets any answer on its way. */
  stop() {
    this.token += 1;
    clearTimeout(this.paceTimer);
    this.ai.cancel();
    this.stopCountdown();
    this.tell(null);
  }

  /**
   * The panel tells `told` (nothing when null): the search's progress
   * always, the computer's evaluation of the game (who wins, by how much,
   * its expected line) only while the player's setting shows it.
   * @param {Told | null} told
   */
  tell(told) {
    this.told = told;
    this.redraw();
  }

  /** Draws the panel again, as the evaluation setting now says. */
  redraw() {
    if (!this.told) {
      showThinking("", "");
      showProgress("");
      return;
    }
    const { search, report, answer, played } = this.told;
    const { toMove, troll, who } = search;
    const evaluation = this.ctrl.flow.settings.showEval;
    // Without the evaluation the panel says less, and keeps less room (style.css).
    $("thinking").classList.toggle("without-eval", !evaluation);
    const progress = report ? progressLine(report, colourName(toMove), { troll, evaluation }) : "Thinking…";
    if (!answer) {
      showThinking(`${who} is thinking…`, evaluation && report?.pv.length ? `Expected line so far ${lineText(report.pv, toMove)}.` : "");
      showProgress(progress);
      return;
    }
    const foresee = evaluation ? ` ${(troll ? trollOutlook : outlook)(answer)}` : "";
    showThinking(`${who} ${played ? "played" : "chose"} ${answer.move}.${foresee}`, searchDetails(answer, toMove, evaluation));
    showProgress(played ? "" : progress);
  }

  /**
   * A level changed while the computer thinks: it starts again at the
   * level now shown, at once when its search is running, or when it
   * answers if its worker is still loading (stopping that would only load
   * it again).
   */
  levelChanged() {
    const panel = $("thinking");
    if (!panel.dataset.started || panel.dataset.finished) return;
    if (!this.searching) {
      this.rethink = true;
      return;
    }
    this.ai.cancel();
    clearTimeout(this.paceTimer);
    ++this.token;
    this.ctrl.proceed();
  }

  /** Whether an expert level plays: "Move now" keeps its room while one does. */
  expertPlays() {
    const { flow } = this.ctrl;
    return SIDES.some((side) => controllerOf(flow, side) === "computer" && isExpert(levelOf(flow, side)));
  }

  // Counts down a timed search's `timeMs` on "Move now"'s bar, from the
  // time the worker says it has spent (`ms`), so a slow start is not lost.
  /**
   * @param {number} ms
   * @param {number} timeMs
   */
  startCountdown(ms, timeMs) {
    const button = $("move-now", HTMLButtonElement);
    const bar = inside(button, ".move-now-bar");
    const start = performance.now() - ms;
    const tick = () => {
      const elapsed = performance.now() - start;
      bar.style.transform = `scaleX(${Math.min(1, elapsed / timeMs).toFixed(3)})`;
      button.title = `Play the best move found so far (${timeLeft(elapsed, timeMs)})`;
    };
    tick();
    button.disabled = false;
    this.countdown = setInterval(tick, 100);
  }

  stopCountdown() {
    clearInterval(this.countdown);
    this.countdown = 0;
    const button = $("move-now", HTMLButtonElement);
    button.disabled = true;
    inside(button, ".move-now-bar").style.transform = "scaleX(0)";
  }
}

// What the computer expects of the game after its move, in words: its score
// is the final margin it foresees for itself.
/** @param {{ score: number, exact: boolean }} result */
function outlook({ score, exact }) {
  const points = Math.round(Math.abs(score));
  const margin = `${points} point${points === 1 ? "" : "s"}`;
  if (exact) {
    if (points === 0) return "It has worked out the rest of the game: a draw with best play.";
    return `It has worked out the rest of the game: it ${score > 0 ? "wins" : "loses"} by ${margin} with best play.`;
  }
  if (points <= 1) return "It expects a close game.";
  return `It expects to ${score > 0 ? "win" : "lose"} by about ${margin}.`;
}

// The search's numbers, for those who want them; what it expects is
// the outlook's. The line starts with a move of `colour`, and is shown
// with the rest of the `evaluation`.
/**
 * @param {MoveAnswer} result
 * @param {Colour} colour
 * @param {boolean} evaluation
 */
function searchDetails(result, colour, evaluation) {
  if (result.book) return "Played from the opening book, without a search.";
  const line = evaluation && result.pv?.length ? ` Expected line ${lineText(result.pv, colour)}.` : "";
  const seconds = (result.ms / 1000).toFixed(2);
  // A move split between workers (ai-worker.js), or whose solves shared
  // them, searched on that many cores.
  const count = Math.max(result.parts ?? 1, result.threads ?? 1);
  const cores = count > 1 ? ` on ${count} cores` : "";
  const reach = result.exact ? "to the end of the game" : movesAhead(result.depth);
  // A move played by "Move now" comes from the last search reported.
  const stopped = result.early ? ", then was asked to move" : "";
  return `Searched ${formatNodes(result.nodes)}${cores} in ${seconds} s, ${reach}${stopped}.${line}`;
}
