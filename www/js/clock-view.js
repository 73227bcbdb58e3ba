// @ts-check
// The game clocks on the play page (clock.js is their model): loaded with
// the first game that has a time control. Each change of the game syncs
// them (`sync`, from play-ctrl.js's refresh); a timer redraws the running
// clock, says a side's last minute and last ten seconds aloud, and ends
// the game when a flag falls. Between two people, the clocks stop while
// the game is paused, and, if the players choose, while the page is hidden.
// It imports none of the first screen's modules (what it needs of them it
// asks the controller), so loading it on demand leaves the first load's
// chunks as they are.
import { advance, clockProblem, clockText, clockWords, flagged, moveTime, newClock, presetOf, remaining, warningPassed } from "./clock.js";

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/** @typedef {import("../mapello.d.ts").Snapshot} Snapshot */
/** @typedef {import("./clock.js").ClockState} ClockState */
/** @typedef {import("./play-ctrl.js").PlayCtrl} PlayCtrl */

// How often the running clock is redrawn and looked at.
const TICK_MS = 100;
/** @type {Colour[]} */
const SIDES = ["X", "O"];
const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const colourOf = (/** @type {Colour} */ side) => (side === "X" ? "Black" : "White");

/** The clocks of the game on the board of `ctrl`. */
export class Clocks {
  /**
   * @param {PlayCtrl} ctrl
   * @param {unknown} saved the clocks as saved with the game, or null
   */
  constructor(ctrl, saved) {
    this.ctrl = ctrl;
    /** @type {ClockState | null} */
    this.state = null;
    this.load(saved);
    this.timer = setInterval(() => this.tick(), TICK_MS);
    document.addEventListener("visibilitychange", () => {
      this.sync(ctrl.game.snapshot());
      ctrl.persist();
    });
  }

  /**
   * Starts from `saved` (a game brought back or reloaded), or afresh for a
   * new game (null); a damaged saved clock starts afresh too, and says so.
   * @param {unknown} saved
   */
  load(saved) {
    const preset = this.preset();
    this.state = null;
    if (!preset || saved == null) return;
    const problem = clockProblem(saved, preset);
    if (problem) this.ctrl.deps.notify(`The saved clocks were left out (${problem}): they start again at full time.`, { key: "clock" });
    else this.state = /** @type {ClockState} */ (saved);
  }

  /** The clocks as saved with the game; null without a time control. */
  saved() {
    return this.state;
  }

  // The time control in force: none in a watched game, nor in a game by
  // link, where each player moves at their own screen and pace.
  preset() {
    const { mode, clock } = this.ctrl.flow.settings;
    return mode === "watch" || mode === "corresp" ? null : presetOf(clock);
  }

  /**
   * The game now stands at `snap`: the clock of the side to move runs,
   * when the game is under way and shown.
   * @param {Snapshot} snap
   */
  sync(snap) {
    const preset = this.preset();
    if (!preset) {
      this.state = null;
      return this.draw();
    }
    if (this.state?.preset !== preset.id) this.state = newClock(preset);
    const { flow, reviewer } = this.ctrl;
    const under = flow.phase === "play" && snap.status !== "gameOver";
    const hiddenStops = document.hidden && flow.settings.clockPause && !this.ctrl.computerPlays();
    const running = under && !reviewer.isOpen() && !hiddenStops && !this.ctrl.paused;
    this.state = advance(this.state, { moves: snap.moves.length, side: under ? (snap.toMove ?? null) : null, running }, preset, Date.now());
    this.draw();
  }

  // Redraws the clocks, says a warning passed, and ends the game on a flag fall.
  tick() {
    const { state } = this;
    if (!state || state.since === null) return;
    const now = Date.now();
    const side = flagged(state, now);
    if (side) return this.ctrl.forfeit("time", side);
    // A running clock has a side (clock.js, advance).
    const running = /** @type {Colour} */ (state.side);
    const warning = warningPassed(this.shown?.[running] ?? Infinity, remaining(state, running, now));
    if (warning) this.ctrl.announce(`${colourOf(running)}: ${clockWords(warning)} left.`);
    this.draw(now);
  }

  /**
   * Shows each side's time beside its name, the running one marked.
   * @param {number} [now]
   */
  draw(now = Date.now()) {
    const { state } = this;
    /** @type {Record<Colour, number>} */
    this.shown = { X: 0, O: 0 };
    for (const side of SIDES) {
      const out = byId(`clock-${side}`);
      out.hidden = !state;
      if (!state) continue;
      const ms = remaining(state, side, now);
      this.shown[side] = ms;
      const text = clockText(ms);
      if (out.textContent !== text) out.textContent = text;
      out.setAttribute("aria-label", `${colourOf(side)}'s clock: ${clockWords(ms)}`);
      out.classList.toggle("running", state.side === side && state.since !== null);
      out.classList.toggle("low", ms < 10_000);
    }
  }

  /**
   * The time the computer playing `side` may think on its move, from its
   * clock; undefined without one (the level's own time then holds).
   * @param {Colour} side
   */
  moveBudget(side) {
    const preset = this.preset();
    if (!preset || !this.state) return undefined;
    return moveTime(remaining(this.state, side, Date.now()), preset.incrementMs);
  }
}
