// @ts-check
// The review panel's parts, each drawn from the reviewer's state (review-view.js):
// the progress line, the graph of the value for black, the move list with
// the losses marked, each player's summary and the selected move.
import { colourName, signed } from "./announce.js";
import { byId as $ } from "./dom.js";
import { movesAhead } from "./levels.js";
import { describe, discNumber, graph, isChain, lossText, numbered, progress, reviewLevels, step, summary, unitOf, valueText } from "./review.js";

/** @typedef {import("./review.js").Review} Review */
/** @typedef {import("./review.js").ReviewItem} ReviewItem */

/**
 * What the panel draws: the reviewer's state (review-view.js) once it has a review.
 * @typedef {{ review: Review, selected: number | null, running: boolean, problem: string }} ShownReview
 */

const SVG = "http://www.w3.org/2000/svg";
const GRAPH_HEIGHT = 140;

/** @type {Record<string, string>} */
const PLURALS = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

// What the graph and the values mean, in the unit of the review's game.
const READING = {
  points:
    "The graph is the final margin for black after each move (above the line, black is ahead). A move's value and the points it lost are for the player who made it.",
  chain:
    "The graph is the race for black after each move, in chain steps: the discs white still needs to join its edges less those black needs (above the line, black is ahead; a proven result on the edge). A move's value is for the player who made it: its lead in chain steps, or won or lost where the search proved the result.",
};

/**
 * What review level `level` looks at, in words, from the catalogue's
 * depths (src/ai/review.rs).
 * @param {number} level
 */
function levelWords(level) {
  // A review's level is one of the catalogue's (review.js, reviewProblem).
  const { depth, exact } = /** @type {{ depth: number, exact: number }} */ (reviewLevels().find((l) => l.level === level));
  return `${movesAhead(depth)}, and to the end from ${exact} empty squares`;
}

/**
 * The graph's box in `svg`: its width as laid out, a fixed height.
 * @param {SVGSVGElement} svg
 */
export function graphBox(svg) {
  return { width: svg.clientWidth || 320, height: GRAPH_HEIGHT, pad: 10 };
}

/**
 * Draws every part of `panel` from `state` (`{ review, selected, running,
 * problem }`); `select(index)` hears a move picked in a list.
 * @param {HTMLElement} panel
 * @param {ShownReview} state
 * @param {(index: number) => void} select
 */
export function drawReview(panel, state, select) {
  drawProgress(panel, state);
  drawGraph(state);
  drawList(state, select);
  drawSummary(state, select);
  drawSelected(state);
}

/**
 * @param {HTMLElement} panel
 * @param {ShownReview} state
 */
function drawProgress(panel, { review, running, problem }) {
  const { done, total } = progress(review);
  const bar = $("review-bar", HTMLProgressElement);
  bar.max = total;
  bar.value = done;
  const finished = done === total;
  $("review-progress").hidden = finished && !problem;
  $("review-count").textContent = running
    ? `Analysing move ${done + 1} of ${total}…`
    : finished
      ? ""
      : `Stopped after ${done} of ${total} moves.`;
  $("review-cancel").hidden = !running;
  $("review-resume").hidden = running || finished;
  $("review-error").textContent = problem;
  const from = review.game.start ? "This game started from a set-up position. " : "";
  $("review-reading").textContent = from + READING[isChain(review) ? "chain" : "points"];
  // Its own depth, whatever level the game was played at.
  $("review-note").textContent = `The review's analysis, at the review's own level ${review.level} (not the computer's): each move looked ${levelWords(review.level)}.`;
  panel.dataset.state = running ? "running" : finished ? "done" : "stopped";
}

/**
 * Draws the graph of `review` with the `selected` move marked.
 * @param {{ review: Review, selected: number | null }} state
 */
export function drawGraph({ review, selected }) {
  const svg = $("review-graph", SVGSVGElement);
  const box = graphBox(svg);
  const g = graph(review, box);
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  svg.setAttribute("height", String(box.height));
  const parts = [];
  /** @type {(x1: number, y1: number, x2: number, y2: number, cls: string) => SVGLineElement} */
  const line = (x1, y1, x2, y2, cls) => {
    const el = document.createElementNS(SVG, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) el.setAttribute(k, String(v));
    el.setAttribute("class", cls);
    return el;
  };
  /** @type {(x: number, y: number, words: string, anchor: string) => SVGTextElement} */
  const text = (x, y, words, anchor) => {
    const el = document.createElementNS(SVG, "text");
    el.setAttribute("x", String(x));
    el.setAttribute("y", String(y));
    el.setAttribute("text-anchor", anchor);
    el.setAttribute("class", "graph-label");
    el.textContent = words;
    return el;
  };
  parts.push(line(0, g.zero, box.width, g.zero, "graph-zero"));
  if (selected !== null && g.points[selected]) {
    const x = g.points[selected].x;
    parts.push(line(x, g.top, x, g.bottom, "graph-selected"));
  }
  if (g.points.length) {
    const path = document.createElementNS(SVG, "polyline");
    path.setAttribute("points", g.points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
    path.setAttribute("class", "graph-line");
    parts.push(path);
  }
  // Over the lines, each in a halo of the panel's colour: the first move's
  // marker runs through them.
  const edge = isChain(review) ? "ahead" : `+${g.scale}`;
  parts.push(text(4, g.top + 10, `Black ${edge}`, "start"), text(4, g.bottom - 2, `White ${edge}`, "start"));
  for (const p of g.points) {
    if (!p.cls && p.index !== selected) continue;
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", String(p.x));
    dot.setAttribute("cy", String(p.y));
    dot.setAttribute("r", p.cls === "blunder" ? "5" : "4");
    dot.setAttribute("class", `graph-dot ${p.cls ?? "plain"}${p.index === selected ? " selected" : ""}`);
    dot.dataset.index = String(p.index);
    parts.push(dot);
  }
  svg.replaceChildren(...parts);
  const marked = review.items.filter((r) => r.class).length;
  svg.setAttribute(
    "aria-label",
    `Value for black after each of ${review.items.length} moves; ${marked} move${marked === 1 ? "" : "s"} marked as losing ${unitOf(review)[1]}. The left and right arrow keys step through the game; Home and End go to its first and last move.`,
  );
}

/**
 * @param {Review} review
 * @param {ReviewItem} item
 * @param {string} words
 * @param {(index: number) => void} select
 */
function moveButton(review, item, words, select) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "review-move-button";
  button.textContent = words;
  button.setAttribute("aria-label", describe(item, discNumber(review.names, item.index)));
  button.addEventListener("click", () => select(item.index));
  return button;
}

/**
 * @param {ShownReview} state
 * @param {(index: number) => void} select
 */
function drawList({ review, selected }, select) {
  const rows = review.items.map((item) => {
    const li = document.createElement("li");
    li.className = `review-row move-${item.mover}`;
    if (item.class) li.dataset.class = item.class;
    // The best move only where it was better: an equal one is no advice.
    const better = item.loss > 0 ? ` (best ${item.best} ${valueText(item, "best")})` : "";
    const words = `${numbered(review, item)} ${valueText(item, "played")}${better}${item.class ? ` ${item.class}` : ""}`;
    const button = moveButton(review, item, words, select);
    if (item.index === selected) button.setAttribute("aria-current", "true");
    li.append(button);
    return li;
  });
  const list = $("review-list");
  list.replaceChildren(...rows);
  revealInList(list, list.querySelector("[aria-current]"));
}

/**
 * @param {ShownReview} state
 * @param {(index: number) => void} select
 */
function drawSummary({ review }, select) {
  const s = summary(review);
  const blocks = /** @type {import("../mapello.d.ts").Colour[]} */ (["X", "O"]).map((colour) => {
    const { worst } = s[colour];
    const div = document.createElement("div");
    div.className = `review-player review-player-${colour}`;
    const head = document.createElement("p");
    head.textContent = `${colourName(colour)}: ${summaryWords(s[colour], unitOf(review))}`;
    div.append(head);
    const list = document.createElement("ul");
    list.className = "review-worst";
    for (const item of worst) {
      const li = document.createElement("li");
      if (item.class) li.dataset.class = item.class;
      // What the move cost, in words: the list below gives its value.
      li.append(moveButton(review, item, `${numbered(review, item)}: ${lossText(item)}${item.class ? `, ${item.class}` : ""}`, select));
      list.append(li);
    }
    if (worst.length) div.append(list);
    return div;
  });
  $("review-summary").replaceChildren(...blocks);
}

/** @param {ShownReview} state */
function drawSelected({ review, selected }) {
  const item = selected === null ? null : review.items[selected];
  $("review-selected").hidden = !item;
  $("review-step").hidden = !item;
  if (!item) return;
  // At either end of the analysed moves, the step that way does nothing.
  $("review-prev", HTMLButtonElement).disabled = step(review, selected, -1) === selected;
  $("review-next", HTMLButtonElement).disabled = step(review, selected, 1) === selected;
  $("review-move").textContent = describe(item, discNumber(review.names, item.index));
  $("review-move").dataset.class = item.class ?? "";
}

/**
 * One player's summary in words: "14 points lost (1 blunder)", "no points
 * lost", or in Troll "a proven win thrown away, 3 chain steps lost
 * (1 inaccuracy, 1 blunder)": a proven result is no number of steps to add.
 * @param {import("./review.js").PlayerSummary} player
 * @param {[string, string]} unit
 */
function summaryWords({ lost, counts, thrown, walked }, [one, many]) {
  const parts = [];
  if (thrown) parts.push(thrown === 1 ? "a proven win thrown away" : `${thrown} proven wins thrown away`);
  if (walked) parts.push(walked === 1 ? "a proven loss walked into" : `${walked} proven losses walked into`);
  if (lost || !parts.length) parts.push(`${lost || "no"} ${lost === 1 ? one : many} lost`);
  const tally = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${n === 1 ? name : PLURALS[name]}`)
    .join(", ");
  return `${parts.join(", ")}${tally ? ` (${tally})` : ""}`;
}

/**
 * Scrolls the list itself, never the page, to show `item`: the analysis
 * redraws the list as it goes, and the page must stay where the player
 * keeps it (at the graph's top when the review opens).
 * @param {HTMLElement} list
 * @param {Element | null} item
 */
function revealInList(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < box.top) list.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
}
