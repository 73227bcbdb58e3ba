// @ts-check
// Flip animation timing. Pure: the board asks for the phase at a time.

/**
 * A move's animation: outer-grid indices, times in ms.
 * @typedef {{ placed: number, flipped: number[], start: number, duration: number }} MoveAnimation
 */

/**
 * How long a move's flips take, in ms; 0 when the user prefers reduced motion.
 * @param {boolean} reducedMotion
 */
export function flipDuration(reducedMotion) {
  return reducedMotion ? 0 : 320;
}

/**
 * The animation of a move: its placed disc and flipped discs (outer-grid
 * indices), starting at `start` ms; null when there is nothing to animate.
 * @param {number} placed
 * @param {number[]} flipped
 * @param {number} start
 * @param {number} duration
 * @returns {MoveAnimation | null}
 */
export function moveAnimation(placed, flipped, start, duration) {
  if (duration <= 0 || placed < 0) return null;
  return { placed, flipped, start, duration };
}

/**
 * Progress of `anim` at time `now`, from 0 to 1 (1 once it is over or absent).
 * @param {MoveAnimation | null | undefined} anim
 * @param {number} now
 */
export function progress(anim, now) {
  if (!anim) return 1;
  return Math.min(1, Math.max(0, (now - anim.start) / anim.duration));
}

/**
 * How a flipping disc looks at progress `p`: its horizontal scale (a disc
 * turning on its vertical axis) and whether it still shows its old colour.
 * @param {number} p
 */
export function flipLook(p) {
  return { scaleX: Math.max(0.06, Math.abs(Math.cos(Math.PI * p))), old: p < 0.5 };
}
