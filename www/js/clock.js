// @ts-check
// The game clocks' model: a clock per side, none ticking before the
// game's first move (as online servers start them), then only the mover's,
// with a time control's increment added after each move made on the clock. Plain data
// and pure functions over `now` (milliseconds since the epoch, Date.now()),
// so a reload reads the same clock: the time since the turn started counts
// for the mover, page closed or not, unless the clock was stopped. The page
// part is clock-view.js, loaded with the first game that has a clock.

/** @typedef {import("../mapello.d.ts").Colour} Colour */
/**
 * A time control: minutes for the game and seconds added after each move.
 * @typedef {{ id: string, baseMs: number, incrementMs: number }} Preset
 */
/**
 * The clocks of a game: the time control's id, each side's time left
 * (black, white) as of `since`, the moves counted so far, the side whose
 * clock it is (null before the first move is played, or at the end) and
 * since when it runs (null when stopped).
 * @typedef {{ preset: string, left: [number, number], moves: number, side: Colour | null, since: number | null }} ClockState
 */

const MINUTE = 60_000;
const SECOND = 1000;

/**
 * The time controls the settings offer (index.html's clock menu, "none"
 * aside), by id.
 * @type {Record<string, Preset>}
 */
export const PRESETS = Object.fromEntries(
  /** @type {[string, number, number][]} */ ([
    ["1", 1, 0],
    ["3+2", 3, 2],
    ["5", 5, 0],
    ["10+5", 10, 5],
  ]).map(([id, minutes, seconds]) => [id, { id, baseMs: minutes * MINUTE, incrementMs: seconds * SECOND }]),
);

// The computer spends about this share of its time left on a move, plus
// most of its increment: a game lasts some thirty moves a side, and the
// share shrinks as its time does, so it never runs out by thinking.
const MOVES_TO_PLAN = 20;
const INCREMENT_SPENT = 0.8;
// It never spends more than this share of what is left on one move, nor
// less than a whisker: a search needs a few milliseconds to find any move.
const MOST_OF_LEFT = 0.25;
const LEAST_MS = 20;

// The moments the time left of a side is said aloud, in ms.
const WARNINGS = [MINUTE, 10 * SECOND];

/**
 * The time control `id` names, or null for none (or one this page no longer has).
 * @param {unknown} id
 */
export function presetOf(id) {
  return typeof id === "string" && Object.hasOwn(PRESETS, id) ? PRESETS[id] : null;
}

/**
 * The clocks of a new game under time control `preset`: full time each, stopped.
 * @param {Preset} preset
 * @returns {ClockState}
 */
export function newClock(preset) {
  return { preset: preset.id, left: [preset.baseMs, preset.baseMs], moves: 0, side: null, since: null };
}

/**
 * What is wrong with a saved clock of time control `preset`, or null when it holds.
 * @param {any} v
 * @param {Preset} preset
 */
export function clockProblem(v, preset) {
  const isTime = (/** @type {unknown} */ t) => typeof t === "number" && Number.isFinite(t) && t >= 0;
  if (typeof v !== "object" || v === null) return "it is not a clock";
  if (v.preset !== preset.id) return "it is of another time control";
  if (!Array.isArray(v.left) || v.left.length !== 2 || !v.left.every(isTime)) return "its times are damaged";
  if (!Number.isInteger(v.moves) || v.moves < 0) return "its move count is damaged";
  if (v.side !== null && v.side !== "X" && v.side !== "O") return "its side is damaged";
  if (v.since !== null && !isTime(v.since)) return "its start is damaged";
  return null;
}

const index = (/** @type {Colour} */ side) => (side === "X" ? 0 : 1);

/**
 * The time `side` has left at `now`.
 * @param {ClockState} clock
 * @param {Colour} side
 * @param {number} now
 */
export function remaining(clock, side, now) {
  const left = clock.left[index(side)];
  const running = clock.side === side && clock.since !== null;
  // A clock set back (the system's time changed) takes nothing back.
  return running ? Math.max(0, left - Math.max(0, now - /** @type {number} */ (clock.since))) : left;
}

/**
 * The clocks at `now` with the running side's time taken off and still
 * running from `now`.
 * @param {ClockState} clock
 * @param {number} now
 * @returns {ClockState}
 */
export function settle(clock, now) {
  if (clock.side === null || clock.since === null) return clock;
  const left = /** @type {[number, number]} */ ([...clock.left]);
  left[index(clock.side)] = remaining(clock, clock.side, now);
  return { ...clock, left, since: now };
}

/**
 * The clocks once the game stands at `turn` at `now`: `moves` moves played
 * (passes included) and `side` to move (null when nobody's clock should
 * run: the game over, or waiting). No clock runs before the first move:
 * the first player reads the board on no clock. A new move adds the
 * increment to the side whose clock ran; a move taken back gives no time
 * back. `running` false stops the clocks (a hidden page, when the players
 * chose so).
 * @param {ClockState} clock
 * @param {{ moves: number, side: Colour | null, running: boolean }} turn
 * @param {Preset} preset
 * @param {number} now
 * @returns {ClockState}
 */
export function advance(clock, { moves, side, running }, preset, now) {
  const settled = settle(clock, now);
  const left = /** @type {[number, number]} */ ([...settled.left]);
  const due = moves > 0 ? side : null;
  if (moves > settled.moves && settled.side !== null && settled.side !== due) left[index(settled.side)] += preset.incrementMs;
  return { ...settled, left, moves, side: due, since: running && due !== null ? now : null };
}

/**
 * The side whose time has run out at `now`, or null.
 * @param {ClockState} clock
 * @param {number} now
 * @returns {Colour | null}
 */
export function flagged(clock, now) {
  return clock.side !== null && clock.since !== null && remaining(clock, clock.side, now) <= 0 ? clock.side : null;
}

/**
 * The time the computer may think on a move, given its time left and the
 * increment: never more than a quarter of what is left.
 * @param {number} left
 * @param {number} incrementMs
 */
export function moveTime(left, incrementMs) {
  const share = left / MOVES_TO_PLAN + incrementMs * INCREMENT_SPENT;
  return Math.max(LEAST_MS, Math.min(share, left * MOST_OF_LEFT));
}

/**
 * A clock as shown: "4:59", and tenths under ten seconds ("0:09.3").
 * @param {number} ms
 */
export function clockText(ms) {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const seconds = Math.floor(tenths / 10);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return ms < 10 * SECOND ? `${text}.${tenths % 10}` : text;
}

/**
 * A time in words, as a screen reader says it: "4 minutes 59 seconds".
 * @param {number} ms
 */
export function clockWords(ms) {
  const seconds = Math.max(0, Math.floor(ms / SECOND));
  const [m, s] = [Math.floor(seconds / 60), seconds % 60];
  const part = (/** @type {number} */ n, /** @type {string} */ unit) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (m === 0) return part(s, "second");
  return s === 0 ? part(m, "minute") : `${part(m, "minute")} ${part(s, "second")}`;
}

/**
 * The warning a side's clock passed between `before` and `after` ms left
 * (one minute, ten seconds), as its ms, or null: said once as it passes.
 * @param {number} before
 * @param {number} after
 */
export function warningPassed(before, after) {
  return WARNINGS.find((w) => before > w && after <= w && after > 0) ?? null;
}
